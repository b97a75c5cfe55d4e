import Foundation
import GeoCore
import Storage
import Testing

/// The tile cache on a real SQLite file, with an injected clock: max-age, empty tiles, eviction of the
/// least recently used, and two caches (two maps) sharing one file.
@Suite struct TileCacheTests {
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 1_000_000.0
        var now: Double { lock.withLock { seconds } }
        func advance(_ by: Double) { lock.withLock { seconds += by } }
    }

    static func path() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tilecache-\(UUID().uuidString).mbtiles").path
    }

    @Test func aTilePastItsMaxAgeIsStaleButStillThere() throws {
        let clock = Clock()
        let cache = try TileCache(path: Self.path(), limitBytes: 1 << 20, clock: { clock.now })
        let tile = TileID(z: 5, x: 3, y: 9)
        try cache.store(tile, bytes: [1, 2, 3], maxAge: 60)
        #expect(cache.entry(tile) == TileCache.Entry(bytes: [1, 2, 3], isStale: false))
        clock.advance(61)
        #expect(cache.entry(tile) == TileCache.Entry(bytes: [1, 2, 3], isStale: true))
        try cache.store(TileID(z: 5, x: 4, y: 9), bytes: nil, maxAge: 60)
        #expect(cache.entry(TileID(z: 5, x: 4, y: 9))?.bytes == nil)
        #expect(cache.contains(TileID(z: 5, x: 4, y: 9)) && !cache.contains(TileID(z: 5, x: 5, y: 9)))
    }

    @Test func aTileLargerThanTheLimitIsNotStoredAndEvictsNothing() throws {
        let clock = Clock()
        let limit = 3 * (1000 + TileCache.rowOverhead)
        let cache = try TileCache(path: Self.path(), limitBytes: limit, clock: { clock.now })
        let small = (0..<2).map { TileID(z: 8, x: $0, y: 1) }
        for tile in small { try cache.store(tile, bytes: [UInt8](repeating: 7, count: 1000), maxAge: 3600) }
        let big = TileID(z: 8, x: 9, y: 1)
        try cache.store(big, bytes: [UInt8](repeating: 8, count: limit), maxAge: 3600)
        #expect(cache.entry(big) == nil, "a tile above the limit is not kept")
        #expect(small.allSatisfy { cache.entry($0)?.bytes?.count == 1000 }, "nor does it evict the others")
        #expect(cache.totalBytes == 2 * (1000 + TileCache.rowOverhead))
    }

    @Test func theLeastRecentlyUsedGoFirst() throws {
        let clock = Clock()
        let limit = 20 * (1000 + TileCache.rowOverhead)
        let cache = try TileCache(path: Self.path(), limitBytes: limit, clock: { clock.now })
        let tiles = (0..<20).map { TileID(z: 8, x: $0, y: 1) }
        for tile in tiles {
            try cache.store(tile, bytes: [UInt8](repeating: 7, count: 1000), maxAge: 3600)
            clock.advance(TileCache.touchInterval)
        }
        _ = cache.entry(tiles[0])  // used again: the newest now
        try cache.store(TileID(z: 8, x: 99, y: 1), bytes: [UInt8](repeating: 1, count: 1000), maxAge: 3600)
        #expect(cache.totalBytes <= limit)
        #expect(cache.contains(tiles[0]), "the tile used last stays")
        #expect(!cache.contains(tiles[1]), "the tile used longest ago goes")
        #expect(cache.contains(TileID(z: 8, x: 99, y: 1)))
    }

    @Test func twoCachesShareOneFile() throws {
        let path = Self.path()
        let a = try TileCache(path: path, limitBytes: 1 << 20)
        let b = try TileCache(path: path, limitBytes: 1 << 20)
        try a.store(TileID(z: 1, x: 0, y: 0), bytes: [9], maxAge: 60)
        try b.store(TileID(z: 1, x: 1, y: 0), bytes: [8], maxAge: 60)
        #expect(b.entry(TileID(z: 1, x: 0, y: 0))?.bytes == [9])
        #expect(a.entry(TileID(z: 1, x: 1, y: 0))?.bytes == [8])
    }
}
