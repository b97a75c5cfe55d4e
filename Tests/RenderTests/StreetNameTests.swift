import Foundation
import GeoCore
import TestSupport
import Testing
import VectorTiles

@testable import Render

/// Street names drawn along their streets, in a one-tile world seen at z0 on 128 × 64 cells (one
/// tile unit is 1/16 dot): a level street split into two ways (one stored backwards), a steep one,
/// a wide road.
@Suite struct StreetNameTests {
    static let style = try! MapStyle.decode(
        from: Data(
            """
            {"name": "test", "background": 0, "abbreviations": {"Street": "St", "Avenue": "Ave"},
             "layers": [
              {"id": "building", "source-layer": "building", "type": "fill", "color": 8},
              {"id": "road", "source-layer": "transportation", "type": "line", "color": 7, "filter": {"class": ["minor"]}},
              {"id": "road-wide", "source-layer": "transportation", "type": "line", "color": 9, "width": 2, "filter": {"class": ["primary"]}},
              {"id": "name", "source-layer": "transportation_name", "type": "label", "color": 15, "placement": "line", "abbreviate": true}
             ]}
            """.utf8))

    /// Long Street: (2048, 2048) → (2816, 2048) and, stored backwards, (3584, 2048) → (2816, 2048):
    /// dots 128…224 on row 32. Tall Avenue: x 1024 (dot 64, column 32), y 512…3584 (rows 8…56).
    /// Broad Road, primary: (512, 3840) → (1536, 3840), dots 32…96 on row 60. A building covers
    /// cells 84…86 of rows 31…33, under the first two letters of Long Street's name.
    static func tile() -> [UInt8] {
        let ways: [(name: Int, roadClass: Int, line: [(Int32, Int32)])] = [
            (0, 0, [(2048, 2048), (2816, 2048)]),
            (0, 0, [(3584, 2048), (2816, 2048)]),
            (1, 0, [(1024, 512), (1024, 3584)]),
            (2, 1, [(512, 3840), (1536, 3840)]),
        ]
        let classes: [PropertyValue] = [.string("minor"), .string("primary")]
        let names: [PropertyValue] = [.string("Long Street"), .string("Tall Avenue"), .string("Broad Road")]
        return MVTEncoder.tile([
            MVTEncoder.Layer(
                name: "building",
                features: [
                    MVTEncoder.Feature(
                        type: .polygon,
                        geometry: MVTGeometry.rings([[(2688, 1984), (2784, 1984), (2784, 2176), (2688, 2176)]]))
                ]),
            MVTEncoder.Layer(
                name: "transportation", keys: ["class"], values: classes,
                features: ways.map {
                    MVTEncoder.Feature(
                        type: .lineString, tags: [0, UInt32($0.roadClass)], geometry: MVTGeometry.lines([$0.line]))
                }),
            MVTEncoder.Layer(
                name: "transportation_name", keys: ["class", "name"], values: classes + names,
                features: ways.map {
                    MVTEncoder.Feature(
                        type: .lineString, tags: [0, UInt32($0.roadClass), 1, UInt32(2 + $0.name)],
                        geometry: MVTGeometry.lines([$0.line]))
                }),
        ])
    }

    func frame() -> CellGrid {
        let store = MVTMemoryTileStore(tiles: [TileID(z: 0, x: 0, y: 0): Self.tile()], minZoom: 0, maxZoom: 0)
        let renderer = SnapshotMap(sources: [TileLoader(store: store)], style: Self.style)
        return renderer.render(
            camera: Camera(center: LatLon(lat: 0, lon: 0), zoom: 0), viewport: Viewport(cols: 128, rows: 64))
    }

    @Test func aLevelStreetHasItsShortNameOnItOnce() {
        let grid = frame()
        // On the street's own row, its dots on both sides of the name.
        #expect(grid.line(32).contains("⠉Long St⠉"), "\(grid.line(32))")
        #expect(grid.text.components(separatedBy: "Long St").count == 2, "the name must be written once")
        #expect(!grid.text.contains("Street"))
        // The name is on the background most of it lies on, not boxed in the building's colour.
        #expect(grid[84, 32].style.bg == TermColor(8))
        #expect((85..<92).allSatisfy { grid[$0, 32].style.bg == TermColor(0) })
    }

    @Test func aSteepStreetHasItsNameBesideIt() {
        let grid = frame()
        // Column 32 is the street; one free cell, then the name.
        #expect(grid.line(32).contains("⡇ Tall Ave"), "\(grid.line(32))")
    }

    @Test func aWideRoadIsTwoDotsThickAndNamed() {
        let grid = frame()
        // y 240 is the first dot row of row 60: a 2-dot line fills the first two dot rows (⠛).
        let cells = (16..<48).map { grid[$0, 60] }
        #expect(cells.filter { $0.scalar == 0x281B }.count > 20, "\(grid.line(60))")
        #expect(cells.allSatisfy { $0.scalar == 0x281B || $0.scalar < 0x2800 || $0.scalar > 0x28FF })
        #expect(grid.line(60).contains("Broad Rd") || grid.line(60).contains("Broad Road"))
    }

    /// Ways of one name that meet end to end become one line (either way round), once each; a way
    /// elsewhere stays a line of its own; ten thousand ways in a row join in one.
    @Test func waysOfOneNameJoinIntoLines() {
        let a: [SIMD2<Float>] = [SIMD2(0, 0), SIMD2(1, 0)]
        let b: [SIMD2<Float>] = [SIMD2(2, 0), SIMD2(1, 0)]
        let c: [SIMD2<Float>] = [SIMD2(2, 0), SIMD2(3, 0)]
        let d: [SIMD2<Float>] = [SIMD2(10, 10), SIMD2(11, 11)]
        let joined = Self.join([b, d, a, c])
        #expect(joined.count == 2)
        let long = joined.first { $0.count == 4 }
        #expect(long.map { Set($0.map(\.x)) } == [0, 1, 2, 3])
        #expect(long.map { Set([$0.first!, $0.last!]) } == [SIMD2(0, 0), SIMD2(3, 0)])
        #expect(joined.contains(d) || joined.contains(Array(d.reversed())))

        let many = (0..<10_000).map { i -> [SIMD2<Float>] in
            let line = [SIMD2(Float(i), 0), SIMD2(Float(i + 1), 0)]
            return i % 2 == 0 ? line : line.reversed()
        }
        let one = Self.join(many.shuffled())
        #expect(one.count == 1 && one.first?.count == 10_001)
    }

    /// On seeded random ways over a small grid of points (branches, loops, ways that end where they
    /// start), the joiner makes the same lines in the same order as a plain search through every way.
    @Test func joinedLinesMatchAPlainSearch() {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let lines = (0..<(1 + generator.next() % 9)).map { _ in
                (0..<(2 + generator.next() % 3)).map { _ in
                    SIMD2(Float(generator.next() % 4), Float(generator.next() % 3))
                }
            }
            #expect(Self.join(lines) == Self.plainJoin(lines), "\(lines)")
        }
    }

    /// Joining by looking through every way for one that continues the line (quadratic).
    static func plainJoin(_ lines: [[SIMD2<Float>]]) -> [[SIMD2<Float>]] {
        guard lines.count > 1 else { return lines }
        var used = [Bool](repeating: false, count: lines.count)
        func next(at point: SIMD2<Float>) -> [SIMD2<Float>]? {
            for (i, line) in lines.enumerated() where !used[i] && (line.first == point || line.last == point) {
                used[i] = true
                return line[0] == point ? line : line.reversed()
            }
            return nil
        }
        var joined: [[SIMD2<Float>]] = []
        for i in lines.indices where !used[i] {
            used[i] = true
            var line = lines[i]
            while let more = next(at: line[line.count - 1]) { line += more.dropFirst() }
            line.reverse()
            while let more = next(at: line[line.count - 1]) { line += more.dropFirst() }
            joined.append(line)
        }
        return joined
    }

    /// The lines `LineJoiner` makes of `lines`.
    static func join(_ lines: [[SIMD2<Float>]]) -> [[SIMD2<Float>]] {
        var points: [SIMD2<Float>] = []
        var ranges: [Range<Int>] = []
        for line in lines {
            ranges.append(points.count..<points.count + line.count)
            points += line
        }
        var joiner = LineJoiner()
        var joined: [[SIMD2<Float>]] = []
        joiner.join(ranges[...], in: points) { joined.append($0) }
        return joined
    }

    /// Preparing the tile leaves one name per joined street (Long Street's two ways are one line).
    @Test func preparedTileHasOneNamePerStreet() throws {
        let tile = try VectorTile(bytes: Self.tile())
        var prepared = PreparedTile(tile: TileID(z: 0, x: 0, y: 0), layerCount: Self.style.layers.count)
        prepared.prepare(Array(Self.style.layers.indices), from: tile, styles: Self.style.layers) {}
        let names = try #require(prepared.layers[3]).labels
        #expect(names.map(\.text).sorted() == ["Broad Road", "Long St", "Tall Ave"])
        #expect(names.allSatisfy { $0.path != nil })
    }
}
