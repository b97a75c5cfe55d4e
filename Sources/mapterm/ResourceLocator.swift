import Foundation
import Storage
import TextSafety
import TileSources

/// Finds the data files the program ships (the tile files, the style, the places and the gazetteer).
/// Looked for, in order: `$MAPTERM_RESOURCES` when set (the user's explicit choice, looked at alone); a `Resources`
/// folder beside the executable or up to `cloneLevels` folders above it (a SwiftPM build inside its
/// clone); `bin/../share/mapterm` beside it (installed by `make install` or the package). The executable
/// is the real path of the running program (`/proc/self/exe`), so a symbolic link on the `PATH` finds
/// the files of the program it points to.
struct ResourceLocator {
    let directory: URL

    /// The environment variable naming the folder explicitly.
    static let variable = "MAPTERM_RESOURCES"
    /// The folder, below the installation prefix, that `make install` fills.
    static let installedPath = "share/mapterm"
    /// How many folders above the executable's own a clone's `Resources` is looked for
    /// (`.build/x86_64-unknown-linux-gnu/release/mapterm` is 3 below the clone).
    static let cloneLevels = 8
    /// The gazetteer's folder inside it (the reverse geocoder's and the search index's files).
    static let gazetteerFolder = "gazetteer"
    /// The file whose presence marks a folder as the program's data (the world basemap).
    static let marker = "world.mbtiles"
    /// Every file and folder the program reads from it; a folder with the marker but not all of these is
    /// reported as incomplete rather than half used.
    static let required =
        [
            ShippedMap.styleFile, EmbeddedPlaceData.folderName + "/", gazetteerFolder + "/",
        ] + ShippedMap.files

    /// The folder for this process: its environment and its executable.
    static func locate() throws -> ResourceLocator {
        let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let executable =
            real.map(URL.init(fileURLWithPath:))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return try locate(explicit: ProcessInfo.processInfo.environment[variable], executable: executable)
    }

    /// The folder for the value of `MAPTERM_RESOURCES` (nil or empty: unset; set, the only place looked
    /// at) and the executable's real path; throws `ResourceLocatorError` naming every place looked at
    /// when none holds the data, or the first that holds it incompletely.
    static func locate(explicit: String?, executable: URL) throws -> ResourceLocator {
        if let explicit, !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit)
            if let found = try check(url) { return found }
            throw ResourceLocatorError.notFound(looked: ["\(url.path) (\(variable))"])
        }
        var looked: [String] = []
        let binFolder = executable.deletingLastPathComponent()
        var folder = binFolder
        for _ in 0...cloneLevels {
            if let found = try check(folder.appendingPathComponent("Resources")) { return found }
            folder = folder.deletingLastPathComponent()
        }
        looked.append("a Resources folder in \(binFolder.path) or up to \(cloneLevels) folders above it")
        let installed = binFolder.deletingLastPathComponent().appendingPathComponent(installedPath)
            .standardizedFileURL
        if let found = try check(installed) { return found }
        looked.append(installed.path)
        throw ResourceLocatorError.notFound(looked: looked)
    }

    /// The folder at `url` when it holds the marker and everything else; nil without the marker.
    private static func check(_ url: URL) throws -> ResourceLocator? {
        guard exists(url.appendingPathComponent(marker).path) else { return nil }
        let missing = required.filter { !exists(url.appendingPathComponent($0).path) }
        guard missing.isEmpty else { throw ResourceLocatorError.incomplete(folder: url.path, missing: missing) }
        return ResourceLocator(directory: url)
    }

    private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// The gazetteer's folder.
    var gazetteer: URL { file(Self.gazetteerFolder) }
}

/// Why the data files cannot be used; the paths (from the environment and the file system) are
/// sanitised in the description.
enum ResourceLocatorError: Error, CustomStringConvertible, Equatable {
    /// No folder looked at holds the marker file.
    case notFound(looked: [String])
    /// A folder holds the marker but lacks these entries (a folder name ends with "/").
    case incomplete(folder: String, missing: [String])

    var description: String {
        switch self {
        case .notFound(let looked):
            let places = looked.map { TextSanitizer.clean($0) }.joined(separator: "; ")
            return "cannot find mapterm's data files (\(ResourceLocator.marker) and the rest); looked in: \(places). "
                + "Install them (make install) or set \(ResourceLocator.variable) to the folder holding them"
        case .incomplete(let folder, let missing):
            return "mapterm's data folder \(TextSanitizer.clean(folder)) is incomplete, missing: "
                + "\(missing.map { TextSanitizer.clean($0) }.joined(separator: ", ")) (reinstall: make install)"
        }
    }
}
