import Foundation
import Testing
import TileSources

@testable import mapterm

/// The settings file as commands read it: unknown keys are one warning naming them and the file; a
/// broken file stops the commands that need it but not those that only inform.
struct UserConfigFilesTests {
    func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-config-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func unknownKeysAreOneNoteNamingThemAndTheFile() throws {
        let url = try file(#"{"tiles": [], "colour": "red"}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let config = try UserConfig.load(from: url, warn: false)
        #expect(config.tiles == [])
        #expect(
            config.unknownKeysNote(file: url) == "the settings file \(url.path) has an unknown key \"colour\" (ignored)"
        )
        #expect(UserConfig().unknownKeysNote(file: url) == nil)
    }

    @Test func aBrokenFileGivesTheDefaultsToCommandsThatOnlyInform() throws {
        let url = try file(#"{"tiles": "#)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: UsageError.self) { try UserConfig.load(from: url) }
        #expect(UserConfig.loadOrDefaults(from: url) == UserConfig())
    }
}
