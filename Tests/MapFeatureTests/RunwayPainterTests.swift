import Foundation
import GeoCore
import Places
import Render
import Testing

@testable import MapFeature

/// San Francisco International's runways at airport zoom: lines of their true length and heading in
/// the airport colour, from their threshold coordinates (OurAirports runways.csv); checked against
/// cells worked out here from the coordinates alone, with a Web Mercator of the test's own.
struct RunwayPainterTests {
    /// KSFO's runways: (low end, high end, closed), thresholds in degrees.
    static let runways: [(LatLon, LatLon, Bool)] = [
        (LatLon(lat: 37.628742, lon: -122.39341), LatLon(lat: 37.613538, lon: -122.35716), false),  // 10L/28R
        (LatLon(lat: 37.626298, lon: -122.393124), LatLon(lat: 37.61172, lon: -122.358367), false),  // 10R/28L
        (LatLon(lat: 37.607898, lon: -122.38295), LatLon(lat: 37.626476, lon: -122.37063), false),  // 1L/19R
        (LatLon(lat: 37.606333, lon: -122.381061), LatLon(lat: 37.627346, lon: -122.367124), false),  // 1R/19L
    ]
    static let center = LatLon(lat: 37.6189, lon: -122.375)
    static let screen = (cols: 160, rows: 60)

    static func sfo(closedLast: Bool = false) -> Place {
        let runways = Self.runways.enumerated().map { index, ends in
            Runway(
                lengthFt: 10_000, closed: closedLast && index == Self.runways.count - 1, lowEnd: ends.0,
                highEnd: ends.1)
        }
        return Place(
            id: "ap:KSFO", kind: .airport, name: "San Francisco International Airport",
            coordinate: LatLon(lat: 37.61899948120117, lon: -122.375),
            details: .airport(AirportDetails(ident: "KSFO", type: "large_airport", runways: runways)))
    }

    static func frame(zoom: Double, place: Place = sfo()) async throws -> CellGrid {
        var state = MapState(
            camera: Camera(center: center, zoom: zoom), screen: Viewport(cols: screen.cols, rows: screen.rows))
        let source = FixtureSource(places: [place])
        state.places.markers = try await source.markers(
            in: GeoBounds(south: 37, west: -123, north: 38, east: -122), zoom: Int(zoom), filter: .standard
        ).markers
        let marked = try #require(state.places.markers.first?.place)
        #expect(marked.airport?.runways.count == 4)
        return FrameComposer().compose(
            state, map: RenderedMap(grid: CellGrid(cols: screen.cols, rows: screen.rows - 1), labels: []))
    }

    /// Dot position of a point at `zoom` in the test's own Web Mercator: 256 × 2^zoom dots round the world.
    static func dot(_ p: LatLon, zoom: Double) -> (x: Double, y: Double) {
        let world = 256 * pow(2, zoom)
        func x(_ lon: Double) -> Double { (lon + 180) / 360 * world }
        func y(_ lat: Double) -> Double {
            let phi = lat * .pi / 180
            return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2 * world
        }
        let left = x(center.lon) - Double(screen.cols * 2) / 2
        let top = y(center.lat) - Double((screen.rows - 1) * 4) / 2
        return (x(p.lon) - left, y(p.lat) - top)
    }

    static func isRunway(_ cell: Cell) -> Bool {
        (0x2801...0x28FF).contains(cell.scalar) && cell.style.fg == RunwayPainter.color
    }

    @Test func runwaysLieAlongTheirTrueHeadingsAtZoom13() async throws {
        let zoom = 13.0
        let grid = try await Self.frame(zoom: zoom)
        var expected: [(col: Int, row: Int)] = []
        for (low, high, _) in Self.runways {
            let a = Self.dot(low, zoom: zoom), b = Self.dot(high, zoom: zoom)
            // Every sample along the line has a runway cell at or next to its own cell.
            for step in 0...40 {
                let t = Double(step) / 40
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                let col = Int((x / 2).rounded(.down)), row = Int((y / 4).rounded(.down))
                guard grid.contains(col: col, row: row) else { continue }
                expected.append((col, row))
                let near = (-1...1).flatMap { dc in (-1...1).map { dr in (col + dc, row + dr) } }
                #expect(
                    near.contains { grid.contains(col: $0.0, row: $0.1) && Self.isRunway(grid[$0.0, $0.1]) },
                    "runway sample at cell \(col),\(row)")
            }
        }
        #expect(expected.count > 60, "the runways cross the view")
        // And no runway cell lies away from every line.
        for row in 0..<grid.rows - 1 {
            for col in 0..<grid.cols where Self.isRunway(grid[col, row]) {
                #expect(
                    expected.contains { abs($0.col - col) <= 2 && abs($0.row - row) <= 2 },
                    "stray runway cell at \(col),\(row)")
            }
        }
    }

    @Test func theThresholdsGiveTheRunwaysTrueHeadings() {
        // 10L/28R and 1L/19R: OurAirports' le_heading_degT 118 and 28.
        func bearing(_ a: LatLon, _ b: LatLon) -> Double {
            let phi1 = a.lat * .pi / 180, phi2 = b.lat * .pi / 180, dl = (b.lon - a.lon) * .pi / 180
            let theta = atan2(sin(dl) * cos(phi2), cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dl))
            return (theta * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        }
        #expect(abs(bearing(Self.runways[0].0, Self.runways[0].1) - 118) < 1)
        #expect(abs(bearing(Self.runways[2].0, Self.runways[2].1) - 28) < 1)
    }

    @Test func belowZoom11NoRunwayIsDrawn() async throws {
        let grid = try await Self.frame(zoom: 10)
        let cells = (0..<grid.rows).flatMap { row in (0..<grid.cols).map { (col: $0, row: row) } }
        #expect(!cells.contains { Self.isRunway(grid[$0.col, $0.row]) })
    }

    @Test func aClosedRunwayIsDashed() async throws {
        let open = try await Self.frame(zoom: 14)
        let closed = try await Self.frame(zoom: 14, place: Self.sfo(closedLast: true))
        func dots(_ grid: CellGrid) -> Int {
            (0..<grid.rows).reduce(0) { sum, row in
                sum
                    + (0..<grid.cols).reduce(0) { inner, col in
                        Self.isRunway(grid[col, row]) ? inner + (grid[col, row].scalar - 0x2800).nonzeroBitCount : inner
                    }
            }
        }
        #expect(dots(closed) < dots(open), "fewer dots: the closed runway has gaps")
        #expect(dots(closed) > dots(open) / 2, "but it is still drawn")
    }
}
