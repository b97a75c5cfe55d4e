import Foundation
import GeoCore
import Storage
import TestSupport
import Testing
import VectorTiles

@testable import Render

/// Mutated real and synthetic tiles must decode or throw `VectorTileError`, never trap; generated tiles
/// with extreme values must also go through the renderer's preparation and draw only safe text.
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
        var refused = 0
        for _ in 0..<2_000 {
            let count = Int.random(in: 0..<64, using: &rng)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            // Often start like a tile, a layer or a gzip stream to get past the first check.
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: bytes.insert(0x1A, at: 0)
            case 1: bytes.insert(contentsOf: [0x1F, 0x8B, 0x08, 0x00], at: 0)
            default: break
            }
            if !survive(bytes) { refused += 1 }
        }
        #expect(refused > 0 && refused < 2_000, "random bytes are mostly refused, a few read: \(refused)")
    }

    // MARK: Structure-aware

    static let style = try! MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
    static let world = TileID(z: 0, x: 0, y: 0)

    @Test func generatedTilesDecodePrepareAndDrawSafely() throws {
        var decoded = 0
        var rejected = 0
        let figures = try FuzzMeter.run("MVT", cases: FuzzBudget.cases(2_000), seed: FuzzBudget.seed(0x6D76_74)) {
            index, rng in
            var bytes = MVTEncoder.tile((0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.layer(using: &rng) })
            if Int.random(in: 0..<4, using: &rng) == 0 { bytes = mutate(bytes, using: &rng) }
            guard let tile = try? VectorTile(bytes: bytes), let layers = try? tile.decodeAllLayers() else {
                rejected += 1
                return
            }
            decoded += 1
            #expect(Self.heldBytes(layers) <= 8 * bytes.count + 4096)
            var prepared = PreparedTile(tile: Self.world, layerCount: Self.style.layers.count)
            prepared.prepare(Array(Self.style.layers.indices), from: tile, styles: Self.style.layers, damaged: {})
            if index % 20 == 0 {
                let text = try #require(Self.draw(bytes), "a tile that decodes is ready to draw").text
                #expect(FuzzText.isTerminalSafe(text.replacingOccurrences(of: "\n", with: "")))
            }
        }
        FuzzMeter.expectBounded(figures)
        #expect(decoded > figures.cases / 10 && rejected > 0, "\(decoded) decoded, \(rejected) rejected")
    }

    @Test func aHostileNameIsDrawnSafelyBesideGiantStrings() throws {
        let giant = FuzzText.giant(1 << 20)
        let name = "\u{1B}]0;X\u{07}Paris\u{202E}\u{9B}2J\u{1B}]52;c;SGVsbG8=\u{07}"
        let bytes = MVTEncoder.tile([
            MVTEncoder.Layer(
                name: "place", keys: ["class", "name", giant],
                values: [.string("country"), .string(name), .string(giant)],
                features: [
                    .init(type: .point, tags: [0, 0, 1, 1, 2, 2], geometry: MVTGeometry.points([(2048, 2048)]))
                ])
        ])
        let grid = try #require(Self.draw(bytes))
        #expect(FuzzText.isTerminalSafe(grid.text.replacingOccurrences(of: "\n", with: "")))
        #expect(grid.text.contains("Paris"), "the name is drawn")
    }

    /// The frame of the world at zoom 0 drawn from `bytes` as the only tile; nil when the tile is not ready.
    static func draw(_ bytes: [UInt8]) -> CellGrid? {
        let store = MVTMemoryTileStore(tiles: [world: bytes], minZoom: 0, maxZoom: 0)
        let renderer = SnapshotMap(sources: [TileLoader(store: store)], style: style)
        guard case .ready = renderer.builder.prepared(source: 0, tile: world, layers: Array(style.layers.indices))
        else {
            return nil
        }
        return renderer.render(
            camera: Camera(center: LatLon(lat: 0, lon: 0), zoom: 0), viewport: Viewport(cols: 64, rows: 16))
    }

    /// Bytes the decoded layers hold: points, tags and strings.
    static func heldBytes(_ layers: [TileLayer]) -> Int {
        layers.reduce(0) { sum, layer in
            let strings =
                layer.keys.reduce(layer.name.utf8.count) { $0 + $1.utf8.count }
                + layer.values.reduce(0) { $0 + ($1.string?.utf8.count ?? 8) }
            return layer.features.reduce(sum + strings) { $0 + 8 * $1.geometry.points.count + 4 * $1.tags.count }
        }
    }

    static let layerNames = [
        "place", "transportation_name", "water_name", "poi", "transportation", "water", "building",
    ]
    static let keys = ["class", "name", "name:en", "name:latin", "capital", "rank", "subclass", "ref"]
    static let classes = ["country", "city", "town", "ocean", "primary", "motorway", "river", "lake"]

    static func layer(using rng: inout SeededGenerator) -> MVTEncoder.Layer {
        var keys = Self.keys.shuffled(using: &rng)
        if Bool.random(using: &rng) { keys.append(FuzzText.random(using: &rng)) }
        var values: [PropertyValue] = classes.map { .string($0) }
        for _ in 0..<Int.random(in: 1...6, using: &rng) { values.append(value(using: &rng)) }
        let extent = [4096, 0, 1, 256, UInt32.max, 1 << 31, UInt32.random(in: 0...UInt32.max, using: &rng)]
        return MVTEncoder.Layer(
            name: Int.random(in: 0..<10, using: &rng) == 0
                ? FuzzText.random(using: &rng) : layerNames.randomElement(using: &rng)!,
            extent: Int.random(in: 0..<3, using: &rng) == 0 ? extent.randomElement(using: &rng)! : 4096,
            version: [2, 2, 2, 1, 3, nil, UInt32.max].randomElement(using: &rng)!, keys: keys, values: values,
            features: (0..<Int.random(in: 0...12, using: &rng)).map { _ in
                feature(keys: keys.count, values: values.count, using: &rng)
            })
    }

    static func value(using rng: inout SeededGenerator) -> PropertyValue {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0, 1: return .string(FuzzText.random(using: &rng))
        case 2:
            return .double(
                [.nan, .infinity, -.infinity, 1e308, -0.0, .leastNonzeroMagnitude, 1.5].randomElement(using: &rng)!)
        case 3: return .int([Int64.min, Int64.max, -1, 0, 7].randomElement(using: &rng)!)
        default: return Bool.random(using: &rng) ? .uint(UInt64.max) : .bool(Bool.random(using: &rng))
        }
    }

    static func feature(keys: Int, values: Int, using rng: inout SeededGenerator) -> MVTEncoder.Feature {
        var tags: [UInt32] = []
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            tags += [
                UInt32.random(in: 0..<UInt32(keys), using: &rng), UInt32.random(in: 0..<UInt32(values), using: &rng),
            ]
        }
        switch Int.random(in: 0..<40, using: &rng) {
        case 0: tags += [UInt32(keys), UInt32.max]  // out of range
        case 1: tags.append(0)  // odd count
        case 2: tags += Array(repeating: [0, 1], count: 5_000).flatMap { $0 }  // deep repeated tags
        default: break
        }
        let type = [GeometryType.point, .lineString, .polygon].randomElement(using: &rng)!
        let raw: UInt64 =
            Int.random(in: 0..<12, using: &rng) == 0
            ? [0, 4, 7, UInt64.max].randomElement(using: &rng)! : UInt64(type.rawValue)
        return MVTEncoder.Feature(
            id: Bool.random(using: &rng) ? UInt64.random(in: 0...UInt64.max, using: &rng) : nil, rawType: raw,
            tags: tags, geometry: geometry(type, using: &rng))
    }

    static func geometry(_ type: GeometryType, using rng: inout SeededGenerator) -> [UInt32] {
        func point() -> (Int32, Int32) {
            Int.random(in: 0..<10, using: &rng) == 0
                ? (
                    [Int32.min, Int32.max, 0].randomElement(using: &rng)!,
                    [Int32.min, Int32.max].randomElement(using: &rng)!
                )
                : (Int32.random(in: -512...4608, using: &rng), Int32.random(in: -512...4608, using: &rng))
        }
        func part(_ count: Int) -> [(Int32, Int32)] { (0..<count).map { _ in point() } }
        switch Int.random(in: 0..<60, using: &rng) {
        case 0: return [MVTGeometry.command(1, count: UInt32.max >> 3), 2, 2]  // huge count, few parameters
        case 1: return [MVTGeometry.command(2, count: 1 << 28), 4, 4, MVTGeometry.command(7, count: 1 << 20)]
        case 2:
            return (0..<Int.random(in: 0...8, using: &rng)).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
        case 3:  // deltas that overflow Int32 when added up (zigzag of ±2³¹)
            return [MVTGeometry.command(1, count: 2), UInt32.max, UInt32.max, UInt32.max - 1, UInt32.max - 1]
        default:
            switch type {
            case .point: return MVTGeometry.points(part(Int.random(in: 1...5, using: &rng)))
            case .lineString:
                return MVTGeometry.lines(
                    (0..<Int.random(in: 1...3, using: &rng)).map { _ in part(Int.random(in: 1...6, using: &rng)) })
            default:
                return MVTGeometry.rings(
                    (0..<Int.random(in: 1...3, using: &rng)).map { _ in part(Int.random(in: 1...6, using: &rng)) })
            }
        }
    }
}
