import Foundation
import GeoCore
import TestSupport
import Testing
import VectorTiles

@Suite struct TileLoaderTests {
    private let plainTile = MVTEncoder.tile([
        MVTEncoder.Layer(
            name: "water",
            features: [
                .init(type: .polygon, geometry: MVTGeometry.rings([[(0, 0), (4096, 0), (4096, 4096)]]))
            ])
    ])

    private func source(_ load: TileLoad) -> TileID? {
        if case .tile(_, let source) = load { return source }
        return nil
    }

    @Test func loadsWrapsAndOverzooms() {
        let id = TileID(z: 3, x: 4, y: 2)
        let store = MVTMemoryTileStore(tiles: [id: MVTGzip.stored(plainTile)], minZoom: 0, maxZoom: 3)
        let loader = TileLoader(store: store)
        #expect(source(loader.load(id)) == id)
        #expect(source(loader.load(TileID(z: 3, x: 4 + 8, y: 2))) == id, "x wraps east")
        #expect(source(loader.load(TileID(z: 3, x: 4 - 16, y: 2))) == id, "x wraps west")
        // Overzoom: every descendant at z5 reads the z3 ancestor.
        for dx in 0..<4 {
            for dy in 0..<4 {
                #expect(source(loader.load(TileID(z: 5, x: 16 + dx, y: 8 + dy))) == id)
            }
        }
        #expect(source(loader.load(TileID(z: 20, x: (4 << 17) + 5, y: (2 << 17) + 9))) == id)
        // One read for all of them: the decode is shared through the cache.
        #expect(store.readLog == [id])
        if case .tile(let tile, _) = loader.load(TileID(z: 4, x: 9, y: 5)) {
            #expect(tile.layerNames == ["water"])
        } else {
            Issue.record("expected a tile")
        }
    }

    @Test func missingBelowMinZoomAndOutsideTheWorld() {
        let store = MVTMemoryTileStore(tiles: [TileID(z: 1, x: 0, y: 0): plainTile], minZoom: 2, maxZoom: 4)
        let loader = TileLoader(store: store)
        guard case .missing = loader.load(TileID(z: 1, x: 0, y: 0)) else {
            Issue.record("below min zoom")
            return
        }
        guard case .missing = loader.load(TileID(z: 3, x: 0, y: -1)) else {
            Issue.record("row -1")
            return
        }
        guard case .missing = loader.load(TileID(z: 3, x: 0, y: 8)) else {
            Issue.record("row 8")
            return
        }
        guard case .missing = loader.load(TileID(z: -1, x: 0, y: 0)) else {
            Issue.record("negative zoom")
            return
        }
        guard case .missing = loader.load(TileID(z: 3, x: 1, y: 1)) else {
            Issue.record("absent")
            return
        }
        guard case .missing = loader.load(TileID(z: 3, x: 1, y: 1)) else {
            Issue.record("absent")
            return
        }
        #expect(store.readLog == [TileID(z: 3, x: 1, y: 1)], "missing tiles are cached too")
        #expect(loader.sourceTile(for: TileID(z: 9, x: -1, y: 3)) == TileID(z: 4, x: 15, y: 0))
    }

    @Test func damagedTilesAreCountedOnceAndNeverCrash() {
        let bad1 = TileID(z: 2, x: 0, y: 0)
        let bad2 = TileID(z: 2, x: 1, y: 0)
        let bad3 = TileID(z: 2, x: 2, y: 0)
        let failing = TileID(z: 2, x: 3, y: 0)
        let store = MVTMemoryTileStore(
            tiles: [
                bad1: [0x1F, 0x8B, 0x08, 0x00, 0xDE, 0xAD],  // truncated gzip
                bad2: [0x1A, 0xFF, 0xFF],  // layer length past the end
                bad3: Array(MVTGzip.stored(plainTile).dropLast(3)),
                TileID(z: 2, x: 0, y: 1): plainTile,
            ], minZoom: 0, maxZoom: 2, failingTiles: [failing])
        let loader = TileLoader(store: store)
        for id in [bad1, bad2, bad3, failing, bad1, TileID(z: 3, x: 0, y: 0)] {
            guard case .damaged = loader.load(id) else {
                Issue.record("\(id) should be damaged")
                continue
            }
        }
        #expect(loader.damagedTileCount == 4)
        #expect(source(loader.load(TileID(z: 2, x: 0, y: 1))) == TileID(z: 2, x: 0, y: 1))
        // Store errors are retried (not cached); decode failures are cached.
        _ = loader.load(failing)
        #expect(store.readLog.filter { $0 == failing }.count == 2)
        #expect(store.readLog.filter { $0 == bad1 }.count == 1)
        // A layer that fails later is reported by the caller, once per tile.
        loader.markDamaged(TileID(z: 2, x: 0, y: 1))
        loader.markDamaged(TileID(z: 2, x: 0, y: 1))
        #expect(loader.damagedTileCount == 5)
    }

    @Test func cacheCapacityBoundsReads() {
        var tiles: [TileID: [UInt8]] = [:]
        for x in 0..<4 { tiles[TileID(z: 2, x: x, y: 0)] = plainTile }
        let store = MVTMemoryTileStore(tiles: tiles, minZoom: 0, maxZoom: 2)
        let loader = TileLoader(store: store, cacheCapacity: 2)
        for x in [0, 1, 0, 2, 1] { _ = loader.load(TileID(z: 2, x: x, y: 0)) }
        // 0 miss, 1 miss, 0 hit, 2 miss (evicts 1), 1 miss.
        #expect(store.readLog.map(\.x) == [0, 1, 2, 1])
        loader.removeAllCachedTiles()
        _ = loader.load(TileID(z: 2, x: 0, y: 0))
        #expect(store.readLog.count == 5)
    }

    @Test func concurrentLoads() {
        var tiles: [TileID: [UInt8]] = [:]
        for x in 0..<16 { tiles[TileID(z: 4, x: x, y: 3)] = MVTGzip.stored(plainTile) }
        tiles[TileID(z: 4, x: 0, y: 4)] = [0x1F, 0x8B]
        let loader = TileLoader(store: MVTMemoryTileStore(tiles: tiles, minZoom: 0, maxZoom: 4), cacheCapacity: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for i in 0..<200 {
                _ = loader.load(TileID(z: 4 + worker % 3, x: (i * 7 + worker) % 64, y: 3 << (worker % 3)))
                _ = loader.load(TileID(z: 4, x: 0, y: 4))
            }
        }
        #expect(loader.damagedTileCount == 1)
    }
}
