import Foundation
import Layers
import Positioning

/// The folder of recorded tracks, `$XDG_DATA_HOME/mapterm/tracks/`, and reading its files.
public enum TrackFolder {
    /// A track file of the folder, as `mapterm track list` shows it.
    public struct Entry: Sendable {
        /// The file's name, as found on disk (unsanitised).
        public var name: String
        public var url: URL
        /// Bytes.
        public var size: Int
        /// What it holds; nil when it cannot be read, with `problem` saying why.
        public var stats: TrackStats?
        /// Why the file could not be read, or what was left out of it (unsanitised, one line).
        public var problem: String?
    }

    /// Largest track file read, bytes (256 MiB: some 2.3 million points as mapterm writes them).
    public static let maximumFileSize = 256 << 20

    /// `$XDG_DATA_HOME/mapterm/tracks`, or `$HOME/.local/share/mapterm/tracks` when XDG_DATA_HOME is
    /// unset or relative (the folder of the places database and the pins).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        PlaceDatabase.defaultDirectory(environment: environment).appendingPathComponent("tracks", isDirectory: true)
    }

    /// The timed points of the GPX file at `path` (`GPXTrackReader`: a file cut off mid-write gives the
    /// points before the cut). - Throws: `LayerFileError` when it is missing, not a regular file, larger
    /// than `maximumFileSize`, unreadable or not GPX.
    public static func read(path: String) throws(LayerFileError) -> GPXTrackReader.Track {
        var info = stat()
        guard stat(path, &info) == 0 else { throw LayerFileError(file: path, reason: "no such file") }
        if let kind = RegularFile.Kind(mode: info.st_mode).name {
            throw LayerFileError(file: path, reason: "is \(kind), not a track file")
        }
        guard Int(info.st_size) <= maximumFileSize else {
            throw LayerFileError(
                file: path, reason: "is larger than the \(maximumFileSize >> 20) MB a track file may be")
        }
        let bytes = try LayerFile.contents(of: path)
        guard bytes.count <= maximumFileSize else {
            throw LayerFileError(
                file: path, reason: "is larger than the \(maximumFileSize >> 20) MB a track file may be")
        }
        return try GPXTrackReader.read(bytes: bytes, name: path)
    }

    /// The `.gpx` files of `directory`, oldest name first (names are start times), each read for its
    /// figures; an empty list when the folder does not exist. - Throws: `LayerFileError` when the folder
    /// exists but cannot be listed.
    public static func list(directory: URL) throws(LayerFileError) -> [Entry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return [] }
            throw LayerFileError(
                file: directory.path,
                reason: isDirectory.boolValue ? "cannot be listed (permission denied?)" : "is not a folder")
        }
        return names.filter { $0.hasSuffix(".gpx") && !$0.hasPrefix(".") }.sorted().map { name in
            let url = directory.appendingPathComponent(name)
            var info = stat()
            let size = stat(url.path, &info) == 0 ? Int(info.st_size) : 0
            do throws(LayerFileError) {
                let track = try read(path: url.path)
                return Entry(
                    name: name, url: url, size: size, stats: TrackStats(points: track.points),
                    problem: omissions(track))
            } catch {
                return Entry(name: name, url: url, size: size, stats: nil, problem: error.reason)
            }
        }
    }

    /// What reading left out of `track`, one line, or nil when nothing: "3 points without a time left
    /// out; line 40: the file ends inside <trkpt>".
    public static func omissions(_ track: GPXTrackReader.Track) -> String? {
        var parts: [String] = []
        func count(_ n: Int, _ what: String) {
            if n > 0 { parts.append("\(n) point\(n == 1 ? "" : "s") \(what) left out") }
        }
        count(track.untimed, "without a time")
        count(track.rejected, "with a bad position")
        count(track.beyondLimit, "beyond the first \(GPXTrackReader.maximumPoints)")
        if let stop = track.stop { parts.append(stop) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
