import Foundation
import TestSupport
import Testing
import TileSources

@testable import mapterm

/// Which tile sources the map opens: the default when none is named, none for `"tiles": []`; offline,
/// the default is its cache only and no request is made (nothing here may reach the internet).
struct MapCompositionTests {
    static let resources = ResourceLocator(
        directory: RepositoryPaths.resource("world.mbtiles").deletingLastPathComponent())

    static func composition(tiles: [String] = [], config: UserConfig, offline: Bool) throws -> MapComposition {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-comp-\(UUID().uuidString)")
        return try MapComposition(
            resources: resources, tiles: tiles, config: config, cacheDirectory: cache, offline: offline)
    }

    @Test func withoutASourceTheDefaultIsUsedOfflineFromItsCache() throws {
        let made = try Self.composition(config: UserConfig(), offline: true)
        #expect(made.usesDefaultTiles)
        #expect(made.userSources.ids == [TileSourceID(DefaultTiles.source)])
        #expect(made.userSources.remote.isEmpty, "offline, nothing is fetched")
        #expect(made.services.last == TileServiceTerms.forHost("tiles.openfreemap.org")?.credit)
        #expect(made.ids.count == ShippedMap.files.count + 1)
    }

    @Test func anEmptyListInTheSettingsUsesNoneAndGivenSourcesReplaceTheDefault() throws {
        let none = try Self.composition(config: UserConfig(tiles: []), offline: false)
        #expect(none.userSources.ids.isEmpty && !none.usesDefaultTiles)
        let given = try Self.composition(
            tiles: [RepositoryPaths.resource("monaco.mbtiles").path], config: UserConfig(), offline: false)
        #expect(!given.usesDefaultTiles)
        #expect(given.userSources.remote.isEmpty && given.userSources.ids.count == 1)
    }
}
