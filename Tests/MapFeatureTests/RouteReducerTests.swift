import Foundation
import GeoCore
import MapFeature
import Places
import Render
import Routing
import TestSupport
import Testing

/// The way there: `g` asks the router, answers draw the route (or the labelled straight line), `m`
/// switches the profile, the pane scrolls through the steps, Esc clears it, a location that leaves
/// the route asks again.
@Suite struct RouteReducerTests {
    static let market = LatLon(lat: 37.7890, lon: -122.4010)
    static let washington = LatLon(lat: 37.7955, lon: -122.4040)
    static let place = Place(id: "rr:1", kind: .restroom, name: "Washington St restroom", coordinate: washington)
    let start = MapState(camera: Camera(center: market, zoom: 15), screen: Viewport(cols: 120, rows: 40))

    /// A route along three corners, with ten steps so that the pane has to scroll on a small screen.
    static let plan = RoutePlan(
        profile: .car,
        path: [market, LatLon(lat: 37.7903, lon: -122.4001), LatLon(lat: 37.7910, lon: -122.4030), washington],
        distanceMeters: 2_912, durationSeconds: 270, steps: (0..<10).map(step), startSnapMeters: 3, endSnapMeters: 140)

    static func step(_ i: Int) -> RouteStep {
        let type: String = i == 0 ? "depart" : (i == 9 ? "arrive" : "turn")
        let modifier: String = i % 2 == 0 ? "left" : "right"
        return RouteStep(
            type: type, modifier: modifier, street: "Street \(i)", distanceMeters: Double(100 + i),
            durationSeconds: 10, location: market, bearingAfter: 315)
    }

    /// The map with the restroom selected; `send` applies actions and returns their effects.
    struct Driver {
        var state: MapState

        @discardableResult
        mutating func send(_ action: MapAction) -> [MapEffect] { MapReducer.reduce(&state, action) }

        mutating func set(_ change: (inout MapState) -> Void) { change(&state) }
    }

    func selected(_ state: MapState = RouteReducerTests().start) -> Driver {
        var driver = Driver(state: state)
        driver.set { $0.selection = .place(Self.place) }
        return driver
    }

    @Test func withoutALocationTheWayStartsAtTheMapCentreAndSaysSo() throws {
        var store = selected()
        let effects = store.send(.key(.character("g")))
        let route = try #require(store.state.route)
        #expect(route.from == start.camera.center && !route.fromUser)
        #expect(route.originText.contains("map centre"))
        #expect(effects.contains(.findRoute(route.request)))
        #expect(route.request.query == RouteQuery(from: Self.market, to: Self.washington, profile: .car))
        #expect(store.state.detailOpen)
        let text = Self.frame(store.state).text
        #expect(text.contains("finding the way by car…"))
        #expect(Self.pane(store.state).contains("Finding the way by car from the map centre (no location known)…"))
    }

    @Test func aRouteFoundIsDrawnFittedAndDescribed() throws {
        var store = selected()
        store.set { $0.userLocation = Self.market }
        store.send(.key(.character("g")))
        let request = try #require(store.state.route?.request)
        store.send(.routeAnswered(request, .success(Self.plan)))
        let state = store.state
        #expect(state.route?.plan == Self.plan)
        let ends = [Self.market, Self.washington]
        // Fitted left of the side pane: the route's bounds fill the free part, with the margin.
        let free = Viewport(cols: state.mapViewport.cols - 44, rows: state.mapViewport.rows)
        let fitted = try #require(CameraFit.camera(showing: Self.plan.path + ends, in: free))
        #expect(abs(state.camera.zoom - fitted.zoom) < 1e-9)
        let transform = state.transform
        for point in Self.plan.path + ends {
            let dot = transform.dots(Mercator.project(point))
            #expect(dot.x >= 3.99 && dot.x <= Double(free.dotsWide) - 3.99, "\(point) is left of the pane")
            #expect(dot.y >= 7.99 && dot.y <= Double(free.dotsHigh) - 7.99)
        }
        let text = Self.frame(state).text
        #expect(text.contains("by car 2.9 km (1.8 mi) · 4 min 30 s"))
        #expect(text.contains("By car: 2.9 km (1.8 mi), 4 min 30 s"))
        #expect(text.contains("from you"))
        #expect(text.contains("1. Head NW on Street 0 (100 m)"))
        #expect(text.contains("2. Turn right onto Street 1 (101 m)"))
        #expect(text.contains("The end is 140 m from the nearest road."))
        #expect(!text.contains("The start is"), "a snap of 3 m goes unsaid")
        // The route's colour is drawn along the path and nowhere else.
        let grid = Self.frame(state)
        let routeCells = Self.cells(of: grid, color: 129)
        #expect(routeCells.count > 10)

        for cell in routeCells {
            let near = Self.plan.path.indices.dropLast().contains { i in
                Self.cellDistance(cell, Self.plan.path[i], Self.plan.path[i + 1], transform) <= 1.5
            }
            #expect(near, "route cell \(cell) lies off the path")
        }
    }

    /// A route across the Peninsula is drawn under the names: every name of the same view without the
    /// route is whole with it ("San Mateo" was cut to "San Ma" by a line drawn over it).
    @Test(arguments: [9.0, 10.0, 11.0])
    func aRouteLeavesEveryNameWhole(zoom: Double) throws {
        let sanMateo = LatLon(lat: 37.563, lon: -122.325)
        var state = MapState(camera: Camera(center: sanMateo, zoom: zoom), screen: Viewport(cols: 80, rows: 24))
        let path = [
            LatLon(lat: 37.77, lon: -122.42), LatLon(lat: 37.66, lon: -122.40), sanMateo,
            LatLon(lat: 37.48, lon: -122.23), LatLon(lat: 37.34, lon: -121.89),
        ]
        let renderer = try WorldMap.renderer()
        let without = WorldMap.frame(state, renderer: renderer).text
        #expect(without.contains("San Mateo"), "the view names San Mateo")
        var route = RouteState(from: path[0], fromUser: false, to: path[4], profile: .car, generation: 1)
        route.phase = .found(
            RoutePlan(
                profile: .car, path: path, distanceMeters: 70_000, durationSeconds: 3_600, steps: [],
                startSnapMeters: 0, endSnapMeters: 0))
        state.route = route
        let grid = WorldMap.frame(state, renderer: renderer)
        #expect(Self.cells(of: grid, color: 129).count > 20, "the route is drawn")
        let names = renderer.renderLayers(camera: state.camera, viewport: state.mapViewport, ascii: false).labels
            .map(\.text).filter { without.contains($0) }
        #expect(!names.isEmpty)
        for name in names { #expect(grid.text.contains(name), "\(name) is cut by the route at z\(zoom)") }
    }

    @Test func anOlderAnswerIsDropped() throws {
        var store = selected()
        store.send(.key(.character("g")))
        let first = try #require(store.state.route?.request)
        store.send(.key(.character("m")))
        #expect(store.state.route?.profile == .bike)
        var exact = TestStore(store.state)
        exact.send(.routeAnswered(first, .success(Self.plan)), effects: [])
    }

    @Test func withoutARouteTheStraightLineIsLabelled() throws {
        var store = selected()
        store.send(.key(.character("g")))
        let request = try #require(store.state.route?.request)
        var exact = TestStore(store.state)
        exact.send(.routeAnswered(request, .failure(.unreachable("could not connect"))), effects: []) {
            $0.route?.phase = .straight(.unreachable("could not connect"))
        }
        store.state = exact.state
        var text = Self.frame(store.state).text
        #expect(text.contains("straight line: no route server · 768 m"))
        #expect(Self.pane(store.state).contains("No route by car: route server unreachable: could not connect"))
        #expect(!Self.cells(of: Self.frame(store.state), color: 129).isEmpty, "the straight line is drawn")
        store.send(.key(.character("g")))
        let again = try #require(store.state.route?.request)
        store.send(.routeAnswered(again, .failure(.noRoute("NoRoute: Impossible route"))))
        text = Self.frame(store.state).text
        #expect(text.contains("straight line: no way along roads"))
    }

    @Test func mSwitchesTheProfileAndAsksAgain() throws {
        var store = selected()
        var exact = TestStore(store.state)
        exact.send(.key(.character("m")), effects: []) {
            $0.routeProfile = .bike
            $0.notice = "routes by bike (g shows the way)"
        }
        store.state = exact.state
        store.send(.key(.character("g")))
        let bike = try #require(store.state.route)
        #expect(bike.profile == .bike)
        let effects = store.send(.key(.character("m")))
        let foot = try #require(store.state.route)
        #expect(foot.profile == .foot && foot.generation == bike.generation + 1)
        #expect(effects == [.findRoute(foot.request)])
    }

    @Test func escClosesThePaneThenTheRouteThenTheSelection() throws {
        var store = selected()
        store.send(.key(.character("g")))
        var exact = TestStore(store.state)
        exact.send(.key(.escape), effects: []) { $0.detailOpen = false }
        exact.send(.key(.escape), effects: []) { $0.route = nil }
        exact.send(.key(.escape), effects: []) { $0.selection = nil }
    }

    @Test func theRouteStaysDrawnWhileTheMapPansAndZooms() throws {
        var store = selected()
        store.send(.key(.character("g")))
        let request = try #require(store.state.route?.request)
        store.send(.routeAnswered(request, .success(Self.plan)))
        store.send(.key(.escape))
        for key in [Key.left, .character("+"), .character("-"), .down] {
            store.send(.key(key))
            #expect(store.state.route?.plan == Self.plan, "after \(key)")
        }
        #expect(!Self.cells(of: Self.frame(store.state), color: 129).isEmpty)
    }

    @Test func pageDownScrollsThePaneThroughTheStepsAndStops() throws {
        var store = selected(MapState(camera: start.camera, screen: Viewport(cols: 80, rows: 24)))
        store.set { $0.userLocation = Self.market }
        store.send(.key(.character("g")))
        let request = try #require(store.state.route?.request)
        store.send(.routeAnswered(request, .success(Self.plan)))
        var text = Self.frame(store.state).text
        #expect(text.contains("1. Head NW") && !text.contains("10. Arrive"))
        #expect(text.contains("PgDn: more"))
        var seen = Set((1...10).filter { text.contains("\($0). ") })
        for _ in 0..<10 {
            store.send(.key(.pageDown))
            text = Self.frame(store.state).text
            for i in 1...10 where text.contains("\(i). ") { seen.insert(i) }
        }
        #expect(seen == Set(1...10), "every step shows on some page")
        #expect(text.contains("PgUp: above") && text.contains("10. Arrive, on the right"))
        let bottom = store.state.paneScroll
        store.send(.key(.pageDown))
        #expect(store.state.paneScroll == bottom, "PgDn stops at the end")
        for _ in 0..<10 { store.send(.key(.pageUp)) }
        #expect(store.state.paneScroll == 0)
        store.send(.key(.tab))
        #expect(store.state.paneScroll == 0)
    }

    @Test func aLocationThatLeavesTheRouteAsksAgainFromThere() throws {
        var store = selected()
        store.set { $0.userLocation = Self.market }
        store.send(.key(.character("g")))
        let request = try #require(store.state.route?.request)
        store.send(.routeAnswered(request, .success(Self.plan)))
        // 20 m along the first segment: still on the route.
        let onRoute = LatLon(lat: 37.78915, lon: -122.40090)
        var exact = TestStore(store.state)
        exact.send(.locationChanged(onRoute), effects: []) { $0.userLocation = onRoute }
        store.state = exact.state
        let away = LatLon(lat: 37.7800, lon: -122.4100)
        let effects = store.send(.locationChanged(away))
        let again = try #require(store.state.route)
        #expect(again.from == away && again.fromUser && again.to == Self.washington)
        #expect(effects == [.findRoute(again.request)])
    }

    /// On the straight line (no route), a new location asks again only once the user is more than 50 m
    /// from where the way was asked: a server that refuses is not asked at every fix.
    @Test func withoutARouteALocationAsksAgainOnlyFarFromTheStart() throws {
        var store = selected()
        store.set { $0.userLocation = Self.market }
        store.send(.key(.character("g")))
        let request = try #require(store.state.route?.request)
        store.send(.routeAnswered(request, .failure(.refused("NoSegment: Could not find a matching segment"))))
        #expect(Self.frame(store.state).text.contains("straight line: route server refused"))
        let near = LatLon(lat: 37.78915, lon: -122.40090)
        #expect(store.send(.locationChanged(near)).isEmpty)
        let far = LatLon(lat: 37.7880, lon: -122.4030)
        let effects = store.send(.locationChanged(far))
        let again = try #require(store.state.route)
        #expect(again.from == far && effects == [.findRoute(again.request)])
    }

    /// An answer that comes after Esc closed the pane fits the route into the whole map.
    @Test func anAnswerAfterThePaneClosedFitsTheWholeMap() throws {
        var store = selected()
        store.send(.key(.character("g")))
        let request = try #require(store.state.route?.request)
        store.send(.key(.escape))
        #expect(!store.state.detailOpen)
        store.send(.routeAnswered(request, .success(Self.plan)))
        let points = Self.plan.path + [request.query.from, Self.washington]
        let fitted = try #require(CameraFit.camera(showing: points, in: store.state.mapViewport))
        #expect(store.state.camera == fitted)
    }

    @Test func theSelectionWhereTheWayStartsIsAlreadyThere() {
        let here = Place(id: "rr:2", kind: .restroom, name: "Here", coordinate: start.camera.center)
        var exact = TestStore(start)
        exact.set { $0.selection = .place(here) }
        exact.send(.key(.character("g")), effects: []) { $0.notice = "the selection is at the map centre" }
        exact.set { $0.userLocation = here.coordinate }
        exact.send(.key(.character("g")), effects: []) { $0.notice = "you are there" }
    }

    // MARK: Helpers

    static func frame(_ state: MapState) -> CellGrid {
        FrameComposer().compose(
            state, map: RenderedMap(grid: CellGrid(cols: state.screen.cols, rows: state.screen.rows - 1), labels: []))
    }

    /// The text inside the side pane's box, its lines joined by spaces (so that wrapped phrases are whole).
    static func pane(_ state: MapState) -> String {
        let grid = frame(state)
        var lines: [String] = []
        for row in 1..<grid.rows - 2 {
            var line = ""
            for col in grid.cols - 42..<grid.cols - 2 {
                line.unicodeScalars.append(Unicode.Scalar(grid[col, row].scalar) ?? " ")
            }
            lines.append(line.trimmingCharacters(in: .whitespaces))
        }
        return lines.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func cells(of grid: CellGrid, color: Int) -> [(col: Int, row: Int)] {
        var found: [(col: Int, row: Int)] = []
        for row in 0..<grid.rows - 1 {
            for col in 0..<grid.cols where grid[col, row].style.fg == TermColor(color) {
                found.append((col, row))
            }
        }
        return found
    }

    /// Cells between the centre of `cell` and the segment a–b on screen.
    static func cellDistance(_ cell: (col: Int, row: Int), _ a: LatLon, _ b: LatLon, _ t: ViewTransform) -> Double {
        let p = t.dots(Mercator.project(a)), q = t.dots(Mercator.project(b))
        let (x, y) = ((Double(cell.col) + 0.5) * 2, (Double(cell.row) + 0.5) * 4)
        let (dx, dy) = (q.x - p.x, q.y - p.y)
        let f = max(0, min(1, ((x - p.x) * dx + (y - p.y) * dy) / max(dx * dx + dy * dy, 1e-9)))
        let (ex, ey) = ((p.x + f * dx - x) / 2, (p.y + f * dy - y) / 4)
        return (ex * ex + ey * ey).squareRoot()
    }
}
