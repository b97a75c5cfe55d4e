import GeoCore
import Storage
import TestSupport
import Testing
import VectorTiles

/// Mutated real and synthetic tiles must decode or throw `VectorTileError`, never trap.
@Suite struct VectorTileFuzzTests {
    /// Decodes everything; returns true when it succeeded.
    private func survive(_ bytes: [UInt8]) -> Bool {
        do {
            let tile = try VectorTile(bytes: bytes)
            _ = try tile.decodeAllLayers()
            return true
        } catch {
            return false
        }
    }

    private func mutate(_ input: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        guard !bytes.isEmpty else { return [UInt8.random(in: 0...255, using: &rng)] }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1:  // flip a few bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
        case 2:  // truncate
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &rng)...)
        case 3:  // insert random bytes
            let at = Int.random(in: 0...bytes.count, using: &rng)
            var extra: [UInt8] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) { extra.append(UInt8.random(in: 0...255, using: &rng)) }
            bytes.insert(contentsOf: extra, at: at)
        case 4:  // set a byte to a varint-continuation or max value
            bytes[Int.random(in: 0..<bytes.count, using: &rng)] = [0x80, 0xFF, 0x00, 0x7F].randomElement(using: &rng)!
        default:  // delete a span
            let start = Int.random(in: 0..<bytes.count, using: &rng)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...16, using: &rng)))
        }
        return bytes
    }

    @Test func mutatedTilesNeverCrash() throws {
        let file = try MBTilesFile(path: TestFiles.monaco)
        // Small real tiles (plain, decompressed) plus a synthetic one with every geometry kind.
        var plainTiles: [[UInt8]] = []
        var gzipTiles: [[UInt8]] = []
        for id in [TileID(z: 14, x: 8529, y: 5975), TileID(z: 14, x: 8530, y: 5974), TileID(z: 12, x: 2132, y: 1493)] {
            let stored = try #require(try file.tileData(id))
            gzipTiles.append(stored)
            plainTiles.append(try Gzip.decompressIfNeeded(stored))
        }
        plainTiles.append(
            MVTEncoder.tile([
                MVTEncoder.Layer(
                    name: "mix", keys: ["a", "b"], values: [.string("x"), .double(1), .uint(3), .bool(false)],
                    features: [
                        .init(
                            id: 1, type: .point, tags: [0, 0, 1, 2], geometry: MVTGeometry.points([(1, 1), (9, 9)])),
                        .init(
                            type: .lineString, tags: [1, 1],
                            geometry: MVTGeometry.lines([[(0, 0), (5, 5)], [(7, 7), (8, 1)]])),
                        .init(
                            type: .polygon, tags: [1, 3],
                            geometry: MVTGeometry.rings([[(0, 0), (9, 0), (9, 9)], [(2, 2), (2, 3), (3, 3)]])),
                    ])
            ]))
        for tile in plainTiles { #expect(survive(tile)) }

        var rng = SeededGenerator(seed: 0x6D61_7074_6572_6D)
        var decoded = 0
        var rejected = 0
        for i in 0..<2_000 {
            let input: [UInt8]
            if i % 10 == 9 {
                input = mutate(gzipTiles[i % gzipTiles.count], using: &rng)
            } else {
                var bytes = plainTiles[Int.random(in: 0..<plainTiles.count, using: &rng)]
                for _ in 0..<Int.random(in: 1...3, using: &rng) { bytes = mutate(bytes, using: &rng) }
                input = bytes
            }
            if survive(input) { decoded += 1 } else { rejected += 1 }
        }
        #expect(decoded + rejected == 2_000)
        #expect(decoded > 0 && rejected > 0)
    }

    @Test func randomBytesNeverCrash() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0..<64, using: &rng)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Often start like a tile, a layer or a gzip stream to get past the first check.
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: bytes.insert(0x1A, at: 0)
            case 1: bytes.insert(contentsOf: [0x1F, 0x8B, 0x08, 0x00], at: 0)
            default: break
            }
            _ = survive(bytes)
        }
    }
}
