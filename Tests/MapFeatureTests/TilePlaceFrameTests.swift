import Foundation
import GeoCore
import Places
import Render
import Storage
import TestSupport
import Testing
import TileSources
import VectorTiles

@testable import MapFeature

/// The points of interest of the Monaco Shortbread fixture as the map draws them: their glyphs at their
/// cells, their pane, a toilet next to a stored restroom as that restroom, the Show panel and legend.
@Suite struct TilePlaceFrameTests {
    /// The café of the Palais de la Méditerranée (the tiles' position).
    static let palaceCafe = LatLon(lat: 43.73920, lon: 7.42475)

    /// The fixture's places, read as the tile worker reads them.
    static let tilePlaces: [Place] = {
        // The fixture ships with the tests; failing to open it is a real defect.
        let loader = TileLoader(
            store: try! MBTilesFile(
                path: RepositoryPaths.root.appendingPathComponent("Tests/Fixtures/schemas/monaco-shortbread.mbtiles")
                    .path))
        var places: [Place] = []
        for tile in GeoBounds(south: 43.72, west: 7.40, north: 43.755, east: 7.44).tiles(atZoom: 14) {
            guard case .tile(let vectorTile, let read) = loader.load(tile) else { continue }
            places += TilePlaceExtractor.places(in: vectorTile, id: read, schema: .shortbread)
        }
        return places
    }()

    /// A stored Refuge restroom 10 m from the fixture's first toilet.
    static func storedTwin() throws -> (stored: Place, toilet: Place) {
        let toilet = try #require(tilePlaces.first { $0.kind == .restroom })
        let point = LatLon(lat: toilet.coordinate.lat + 0.00009, lon: toilet.coordinate.lon)
        let stored = Place(
            id: "rr:77", kind: .restroom, name: "Refuge Restroom", coordinate: point,
            details: .restroom(RestroomDetails(street: "Quai Albert 1er", city: "Monaco", unisex: true)))
        return (stored, toilet)
    }

    static func source() async throws -> TilePlaceSource {
        let source = TilePlaceSource(base: FixtureSource(places: [try storedTwin().stored]))
        await source.add(tilePlaces, in: GeoBounds(south: 43.72, west: 7.40, north: 43.755, east: 7.44))
        return source
    }

    /// The map at `center`, z17, with the markers `source` gives for the view.
    static func state(_ source: TilePlaceSource, center: LatLon, filter: PlaceFilter = .standard) async throws
        -> MapState
    {
        var state = MapState(camera: Camera(center: center, zoom: 17), screen: Viewport(cols: 120, rows: 40))
        state.places.filter = filter
        let keys = MarkerRequest.keys(for: state.transform)
        let region = MarkerRequest.bounds(of: keys, view: state.transform.bounds)
        state.places.markers = try await source.markers(in: region, zoom: 17, filter: filter).markers
        return state
    }

    /// The cell of a position in a state's view.
    static func cell(_ point: LatLon, _ state: MapState) -> (col: Int, row: Int) {
        let (x, y) = state.transform.dots(point)
        return (Int(x / 2), Int(y / 4))
    }

    @Test func glyphsAreAtTheirPlacesCells() async throws {
        let source = try await Self.source()
        // The café off the view's centre, where the crosshair is.
        let center = LatLon(lat: Self.palaceCafe.lat + 0.0006, lon: Self.palaceCafe.lon - 0.0006)
        let state = try await Self.state(source, center: center)
        let grid = WorldMap.frame(state, renderer: try WorldMap.renderer())
        let (col, row) = Self.cell(Self.palaceCafe, state)
        #expect(grid[col, row].scalar == Unicode.Scalar("⊔").value, "\(grid.text)")
        #expect(grid[col, row].style.fg == TermColor(180))
        var drawn = 0
        for marker in state.places.markers where marker.place != nil {
            let place = try #require(marker.place)
            let (c, r) = Self.cell(place.coordinate, state)
            guard grid.contains(col: c, row: r), r < state.mapViewport.rows else { continue }
            let glyph = place.kind == .restroom ? "⌂" : String(Self.symbol(place.kind))
            // Markers that would touch give way to each other by a cell at most.
            let near = (-1...1).flatMap { dy in (-1...1).map { dx in (c + dx, r + dy) } }
                .filter { grid.contains(col: $0.0, row: $0.1) }
                .contains { grid[$0.0, $0.1].scalar == Unicode.Scalar(glyph)!.value }
            #expect(near, "\(place.name) (\(place.kind)) not near \(c),\(r)")
            drawn += 1
        }
        #expect(drawn >= 5)
        for kind in [PlaceKind.cafe, .restaurant] {
            #expect(grid.text.contains(String(Self.symbol(kind))), "\(kind) not drawn")
        }
    }

    static func symbol(_ kind: PlaceKind) -> Character {
        switch kind {
        case .cafe: return "⊔"
        case .restaurant: return "⍦"
        case .pharmacy: return "⚚"
        case .drinkingWater: return "▾"
        case .station: return "⊝"
        case .atm: return "$"
        case .hospital: return "⊞"
        case .restroom: return "⌂"
        case .airport: return "➤"
        case .heliport: return "⊛"
        case .seaplaneBase: return "≋"
        case .balloonport: return "⌾"
        }
    }

    @Test func theCafesPaneSaysWhatTheTileSays() async throws {
        let source = try await Self.source()
        var state = try await Self.state(source, center: Self.palaceCafe)
        let cafe = try #require(state.places.markers.compactMap(\.place).first { $0.name == "Le Palace Café" })
        _ = MapReducer.reduce(&state, .select(.place(cafe)))
        #expect(MapReducer.reduce(&state, .openPane).isEmpty)  // nothing to load: the tile said it all
        let text = WorldMap.frame(state, renderer: try WorldMap.renderer()).text
        for line in [
            "Le Palace Café", "Café, from OpenStreetMap", "(the map's Shortbread tiles)", "The tile says:",
            "amenity: cafe", "43.73920, 7.42475",
        ] {
            #expect(text.contains(line), "\(line) missing:\n\(text)")
        }
    }

    @Test func aTilesToiletSaysItsAmenitiesAreUnknown() async throws {
        let toilet = try #require(Self.tilePlaces.dropFirst().first { $0.kind == .restroom })
        let lines = DetailPane.lines(for: toilet, ascii: false)
        #expect(lines.contains("Accessible: unknown") && lines.contains("Unisex: unknown"))
        #expect(lines.contains("Changing table: unknown"))
        #expect(!lines.contains { $0.contains("no accessible") })
    }

    @Test func aToiletNextToAStoredRestroomIsOnePlaceWithBothSources() async throws {
        let (stored, toilet) = try Self.storedTwin()
        let source = try await Self.source()
        var state = try await Self.state(source, center: stored.coordinate)
        let ids = state.places.markers.flatMap { $0.place.map { [$0.id] } ?? [] }
        #expect(ids.contains("rr:77"))
        #expect(!ids.contains(toilet.id))
        let place = try #require(state.places.markers.compactMap(\.place).first { $0.id == "rr:77" })
        _ = MapReducer.reduce(&state, .select(.place(place)))
        _ = MapReducer.reduce(&state, .openPane)
        let text = WorldMap.frame(state, renderer: try WorldMap.renderer()).text
        #expect(text.contains("Refuge Restroom"))
        #expect(text.contains("Quai Albert 1er"))
        #expect(text.contains("Sources: Refuge Restrooms and"), "\(text)")
        #expect(text.contains("OpenStreetMap (the map's Shortbread"), "\(text)")
        #expect(text.contains("amenity: toilets"))
    }

    @Test func theShowPanelHidesTheNewKinds() async throws {
        let source = try await Self.source()
        var state = try await Self.state(source, center: Self.palaceCafe)
        state.focus = .filters
        _ = MapReducer.reduce(&state, .key(.character("f")))
        _ = MapReducer.reduce(&state, .key(.character("e")))
        #expect(!state.places.filter.kinds.contains(.cafe) && !state.places.filter.kinds.contains(.restaurant))
        let filtered = try await Self.state(source, center: Self.palaceCafe, filter: state.places.filter)
        #expect(filtered.places.markers.allSatisfy { $0.kindCounts[.cafe] == 0 && $0.kindCounts[.restaurant] == 0 })
        let text = WorldMap.frame(filtered, renderer: try WorldMap.renderer()).text
        #expect(!text.contains("⊔") && !text.contains("⍦"))
        #expect(text.contains("no cafés, restaurants"))
    }

    @Test func theLegendShowsEveryKindWithAGlyphOfItsOwn() throws {
        var state = MapState(camera: Camera(center: Self.palaceCafe, zoom: 17), screen: Viewport(cols: 120, rows: 48))
        _ = MapReducer.reduce(&state, .key(.character("?")))
        let text = WorldMap.frame(state, renderer: try WorldMap.renderer()).text
        for kind in PlaceKind.tileKinds {
            #expect(
                text.contains("\(Self.symbol(kind)) \(kind == .cafe ? "café" : kind.noun(plural: false))"), "\(kind)")
        }
        for ascii in [false, true] {
            let symbols = PlaceKind.allCases.map { PlaceGlyphs.glyph($0).scalar(ascii: ascii) }
            #expect(Set(symbols).count == symbols.count, "glyphs repeat (ascii: \(ascii))")
            #expect(symbols.allSatisfy { TextWidth.of(String($0)) == 1 })
        }
    }
}
