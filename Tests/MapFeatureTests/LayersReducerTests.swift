import GeoCore
import Layers
import MapFeature
import Render
import TestSupport
import Testing

/// The layers through the reducer: the panel's keys, fitting, a live stream (moves, trail), selection
/// and the feature pane.
@Suite struct LayersReducerTests {
    static let sf = LatLon(lat: 37.78, lon: -122.42)

    static func point(_ lat: Double, _ lon: Double, id: String? = nil, name: String? = nil) -> LayerFeature {
        LayerFeature(id: id, name: name, geometries: [.point(LatLon(lat: lat, lon: lon))])
    }

    static func state(_ features: [LayerFeature], zoom: Double = 14) -> MapState {
        var state = MapState(camera: Camera(center: sf, zoom: zoom), screen: Viewport(cols: 120, rows: 40))
        state.layers.add(name: "trips.geojson", content: LayerContent(features: features, identity: 1))
        state.layers.add(name: "stdin", content: LayerContent(streamIdentity: 2, trail: 3), isStream: true)
        return state
    }

    @Test func layersTakeThePaletteInTurnOrTheirOwnColour() {
        var state = Self.state([])
        state.layers.add(name: "x", content: LayerContent(features: [], identity: 3), color: LayerColor.named["red"])
        #expect(
            state.layers.layers.map(\.color) == [
                LayerColor.palette[0], LayerColor.palette[1], LayerColor.named["red"]!,
            ])
    }

    @Test func lOpensThePanelWhoseKeysToggleAndFit() {
        var state = Self.state([Self.point(48.85, 2.35), Self.point(51.5, -0.12)])
        _ = MapReducer.reduce(&state, .key(.character("L")))
        #expect(state.focus == .layers)
        _ = MapReducer.reduce(&state, .key(.character("1")))
        #expect(!state.layers.layers[0].visible)
        _ = MapReducer.reduce(&state, .key(.character(" ")))
        #expect(state.layers.layers[0].visible)
        _ = MapReducer.reduce(&state, .key(.character("1")))
        _ = MapReducer.reduce(&state, .key(.enter))
        #expect(state.focus == .map && state.layers.layers[0].visible)
        let view = state.transform
        for p in [LatLon(lat: 48.85, lon: 2.35), LatLon(lat: 51.5, lon: -0.12)] {
            let (x, y) = view.dots(p)
            #expect(x >= 0 && y >= 0 && x < Double(view.viewport.dotsWide) && y < Double(view.viewport.dotsHigh))
        }
        _ = MapReducer.reduce(&state, .key(.character("L")))
        _ = MapReducer.reduce(&state, .key(.escape))
        #expect(state.focus == .map)
    }

    @Test func aStreamedFeatureWithTheSameIDMovesAndLeavesATrail() {
        var state = Self.state([])
        let stream = 2
        _ = MapReducer.reduce(
            &state, .layers(.streamed(layer: stream, features: [Self.point(37.78, -122.42, id: "bus")], problems: [])))
        _ = MapReducer.reduce(
            &state,
            .layers(
                .streamed(
                    layer: stream,
                    features: [
                        Self.point(37.781, -122.421, id: "bus"), Self.point(37.782, -122.422, id: "bus"),
                        Self.point(37.783, -122.423, id: "bus"),
                    ], problems: [])))
        let content = state.layers.layers[1].content
        #expect(content.count == 1 && content.points.count == 1)
        let feature = content.features.compactMap { $0 }[0]
        #expect(LayerContent.firstPoint(feature) == LatLon(lat: 37.783, lon: -122.423))
        #expect(
            Self.trail(feature) == [
                LatLon(lat: 37.781, lon: -122.421), LatLon(lat: 37.782, lon: -122.422),
                LatLon(lat: 37.783, lon: -122.423),
            ])
        #expect(content.paths.count == 1)
    }

    @Test func streamProblemsAreCountedAndShownAndTheEndIsSaid() {
        var store = TestStore(Self.state([]))
        let problem = LayerProblem(line: 7, message: "bad \u{1B}[31mvalue")
        store.send(.layers(.streamed(layer: 2, features: [], problems: [problem])), effects: []) {
            $0.layers.layers[1].problemCount = 1
            $0.notice = "stdin line 7: bad value"
        }
        store.send(.layers(.streamEnded(layer: 2, reason: nil)), effects: []) {
            $0.layers.layers[1].streamEnded = true
            $0.notice = "stdin ended"
        }
        store.send(.layers(.streamEnded(layer: 9, reason: "no such layer")), effects: [])
    }

    @Test func aFullStreamDropsItsOldestFeature() {
        var content = LayerContent(streamIdentity: 1, trail: 0)
        content.capacity = 3
        content.add((0..<5).map { Self.point(10, Double($0)) })
        #expect(content.count == 3 && content.points.count == 3)
        let lons = content.features.compactMap { $0 }.compactMap(LayerContent.firstPoint).map(\.lon).sorted()
        #expect(lons == [2, 3, 4])
    }

    @Test func tabSelectsAPointWhosePaneListsItsPropertiesSanitised() throws {
        var feature = Self.point(37.78, -122.42, name: "Ferry \u{1B}[31mBuilding")
        feature.properties = [LayerProperty(key: "note", value: "long \u{1B}]0;title\u{07}text")]
        var state = Self.state([feature])
        state.userLocation = LatLon(lat: 37.79, lon: -122.42)
        _ = MapReducer.reduce(&state, .key(.tab))
        let pick = try #require(state.selection?.layerPick, "nothing selected")
        #expect(pick.slot == 0 && pick.layer == 1)
        _ = MapReducer.reduce(&state, .key(.enter))
        #expect(state.detailOpen)
        let grid = FrameComposer().compose(
            state, map: RenderedMap(grid: CellGrid(cols: 120, rows: 39), labels: []))
        let text = grid.text
        #expect(text.contains("Ferry Building"))
        #expect(text.contains("note: long text"))
        #expect(text.contains("From you: 1.11 km"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func aClickOnALineSelectsItAndItsPaneGivesItsLength() {
        let line = LayerFeature(
            name: "walk", geometries: [.line([LatLon(lat: 37.78, lon: -122.43), LatLon(lat: 37.78, lon: -122.41)])])
        var state = Self.state([line])
        let (x, y) = state.transform.dots(LatLon(lat: 37.78, lon: -122.425))
        _ = MapReducer.reduce(&state, .mouse(MouseEvent(col: Int(x / 2), row: Int(y / 4), kind: .click)))
        #expect(state.selection?.layerPick?.slot == 0)
        _ = MapReducer.reduce(&state, .openPane)
        let grid = FrameComposer().compose(state, map: RenderedMap(grid: CellGrid(cols: 120, rows: 39), labels: []))
        #expect(grid.text.contains("Length: 1.76 km"))
    }

    @Test func enterOnAClusterZoomsIn() {
        let features = (0..<50).map { Self.point(37.78 + Double($0) * 1e-4, -122.42) }
        var state = Self.state(features, zoom: 9)
        _ = MapReducer.reduce(&state, .key(.tab))
        #expect(state.selection?.layerPick?.count == 50)
        _ = MapReducer.reduce(&state, .key(.enter))
        #expect(state.camera.zoom == 11 && state.selection == nil)
    }

    @Test func hidingALayerDropsItsSelection() throws {
        var state = Self.state([Self.point(37.78, -122.42)])
        _ = MapReducer.reduce(&state, .key(.tab))
        #expect(state.selection?.layerPick?.layer == 1)
        var store = TestStore(state)
        store.send(.key(.character("L")), effects: []) { $0.focus = .layers }
        store.send(.key(.character("1")), effects: []) {
            $0.layers.layers[0].visible = false
            $0.selection = nil
        }
    }
}

extension LayersReducerTests {
    @Test func aTrailOverTheAntimeridianGoesOnPast180() {
        var state = Self.state([])
        let moves = [Self.point(0, 179.9, id: "ship"), Self.point(0, -179.9, id: "ship")]
        _ = MapReducer.reduce(&state, .layers(.streamed(layer: 2, features: moves, problems: [])))
        let feature = state.layers.layers[1].content.features.compactMap { $0 }[0]
        #expect(Self.trail(feature)?.map(\.lon) == [179.9, 180.1])
    }

    /// The positions of a feature's trail: its first geometry, when that is a line.
    static func trail(_ feature: LayerFeature) -> [LatLon]? {
        if case .line(let trail)? = feature.geometries.first { trail } else { nil }
    }
}

extension LayersReducerTests {
    @Test func theHelpLegendNamesEachLayerInItsColour() {
        var state = Self.state([Self.point(37.78, -122.42)])
        state.screen = Viewport(cols: 160, rows: 48)
        state.focus = .help(top: 0)
        let grid = FrameComposer().compose(
            state, map: RenderedMap(grid: CellGrid(cols: 160, rows: 47), labels: []))
        for layer in state.layers.layers {
            let row = (0..<grid.rows).first { grid.line($0).contains("❖ \(layer.name) (layer \(layer.id), L)") }
            guard let row else {
                Issue.record("no legend line for \(layer.name)")
                continue
            }
            let col = grid.line(row).distance(of: "❖")
            #expect(grid[col, row].style.fg == layer.color.stroke)
        }
    }
}

extension String {
    /// The column of the first `text` in a line of one-column characters.
    fileprivate func distance(of text: String) -> Int {
        distance(from: startIndex, to: range(of: text)!.lowerBound)
    }
}
