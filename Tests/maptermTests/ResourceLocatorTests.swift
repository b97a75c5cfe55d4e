import Foundation
import Testing

@testable import mapterm

/// Where the data files are found, on real folders: `MAPTERM_RESOURCES` alone when set, else a clone's
/// `Resources` above the executable, else `bin/../share/mapterm`; what the error names when none is there.
struct ResourceLocatorTests {
    /// A temporary root folder, removed by `remove()`.
    struct Root {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-resources-\(UUID())")

        /// Makes `relative` a complete data folder (every required entry, empty), or one without `leaving`.
        @discardableResult
        func data(_ relative: String, leaving: Set<String> = []) throws -> URL {
            let folder = url.appendingPathComponent(relative)
            for entry in [ResourceLocator.marker] + ResourceLocator.required where !leaving.contains(entry) {
                let path = folder.appendingPathComponent(entry)
                if entry.hasSuffix("/") {
                    try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
                } else {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try Data().write(to: path)
                }
            }
            return folder
        }

        /// An executable's path (the file need not exist: the locator only reads folders).
        func executable(_ relative: String) -> URL { url.appendingPathComponent(relative) }

        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    @Test func aClonesResourcesAreFoundAboveItsBuildFolder() throws {
        let root = Root()
        defer { root.remove() }
        let resources = try root.data("clone/Resources")
        let found = try ResourceLocator.locate(
            explicit: nil, executable: root.executable("clone/.build/x86_64-unknown-linux-gnu/release/mapterm"))
        #expect(found.directory.path == resources.path)
    }

    @Test func anInstalledCopyFindsShareMapterm() throws {
        let root = Root()
        defer { root.remove() }
        let share = try root.data("usr/share/mapterm")
        let found = try ResourceLocator.locate(explicit: "", executable: root.executable("usr/bin/mapterm"))
        #expect(found.directory.path == share.path)
    }

    @Test func theClonesResourcesComeBeforeShareMapterm() throws {
        let root = Root()
        defer { root.remove() }
        try root.data("usr/share/mapterm")
        let clone = try root.data("usr/Resources")
        let found = try ResourceLocator.locate(explicit: nil, executable: root.executable("usr/bin/mapterm"))
        #expect(found.directory.path == clone.path)
    }

    @Test func theVariableComesFirstAndIsTheOnlyPlaceLookedAtWhenSet() throws {
        let root = Root()
        defer { root.remove() }
        try root.data("usr/share/mapterm")
        try root.data("usr/Resources")
        let chosen = try root.data("elsewhere")
        let executable = root.executable("usr/bin/mapterm")
        #expect(try ResourceLocator.locate(explicit: chosen.path, executable: executable).directory.path == chosen.path)
        let wrong = root.url.appendingPathComponent("nothing here")
        #expect(throws: ResourceLocatorError.notFound(looked: ["\(wrong.path) (MAPTERM_RESOURCES)"])) {
            try ResourceLocator.locate(explicit: wrong.path, executable: executable)
        }
    }

    @Test func noDataNamesEveryPlaceLookedAtSanitised() throws {
        let root = Root()
        defer { root.remove() }
        let bin = root.url.appendingPathComponent("opt/\u{1B}[31mred/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let error = #expect(throws: ResourceLocatorError.self) {
            try ResourceLocator.locate(explicit: nil, executable: bin.appendingPathComponent("mapterm"))
        }
        let looked: [String] = [
            "a Resources folder in \(bin.path) or up to 8 folders above it",
            root.url.appendingPathComponent("opt/\u{1B}[31mred/share/mapterm").path,
        ]
        #expect(error == .notFound(looked: looked))
        let text = try #require(error).description
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("red/share/mapterm"))
        #expect(text.contains("MAPTERM_RESOURCES"))
    }

    @Test func aFolderMissingPartsAfterAPartialUninstallSaysWhichParts() throws {
        let root = Root()
        defer { root.remove() }
        let share = try root.data("usr/share/mapterm", leaving: ["places/", "style-dark.json"])
        let error = #expect(throws: ResourceLocatorError.self) {
            try ResourceLocator.locate(explicit: nil, executable: root.executable("usr/bin/mapterm"))
        }
        #expect(error == .incomplete(folder: share.path, missing: ["style-dark.json", "places/"]))
        #expect(
            try #require(error).description
                == "mapterm's data folder \(share.path) is incomplete, missing: style-dark.json, places/ "
                + "(reinstall: make install)")
    }

    @Test func theShippedResourcesAreComplete() throws {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Resources").standardizedFileURL
        let found = try ResourceLocator.locate(explicit: resources.path, executable: URL(fileURLWithPath: "/x/mapterm"))
        #expect(found.directory.path == resources.path)
    }
}
