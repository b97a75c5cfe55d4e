import Foundation
import GeoCore
import MapFeature
import Places
import Positioning
import Render
import Routing
import TestSupport
import Testing

/// The live position: reports move the marker (checked against the projected cell), the first fix
/// centres a map nobody moved, `F` follows until a pan, age timers grey the marker, a lost daemon and
/// no fix are said, `T` records the positions, and a route the user leaves is asked again at most every
/// few seconds.
@Suite struct LocationReducerTests {
    static let monaco = LatLon(lat: 43.7384, lon: 7.4246)
    static let screen = Viewport(cols: 140, rows: 30)

    static func gpsState(centre: LatLon = LatLon(lat: 43.70, lon: 7.30), zoom: Double = 15) -> MapState {
        var state = MapState(camera: Camera(center: centre, zoom: zoom), screen: screen)
        state.location = LocationState(source: .gpsd("gpsd localhost:2947"), centresOnFirstFix: true)
        return state
    }

    static func fix(_ at: LatLon, error: Double? = 3, speed: Double? = nil, heading: Double? = nil) -> GPSEvent {
        .report(.fix(GPSFix(position: at, mode: .threeD, horizontalError: error, speed: speed, heading: heading)))
    }

    static func frame(_ state: MapState) -> CellGrid {
        FrameComposer().compose(
            state, map: RenderedMap(grid: CellGrid(cols: state.screen.cols, rows: state.screen.rows - 1), labels: []))
    }

    static func statusLine(_ state: MapState) -> String {
        let grid = frame(state)
        return String(
            String.UnicodeScalarView((0..<grid.cols).compactMap { Unicode.Scalar(grid[$0, grid.rows - 1].scalar) }))
    }

    /// True when two positions are the same to a micrometre (the camera keeps its centre in world units).
    static func near(_ a: LatLon, _ b: LatLon) -> Bool { abs(a.lat - b.lat) < 1e-11 && abs(a.lon - b.lon) < 1e-11 }

    /// The cell where `point` projects in `state`'s view, computed here from the transform.
    static func projectedCell(_ point: LatLon, _ state: MapState) -> (col: Int, row: Int) {
        let dots = state.transform.dots(point)
        return (Int(dots.x / 2), Int(dots.y / 4))
    }

    @Test func theFirstFixCentresTheMapAndTheMarkerFollowsTheReports() throws {
        var state = Self.gpsState(zoom: 9)
        _ = MapReducer.reduce(&state, .gps(.connected(source: "gpsd"), at: 0))
        let effects = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 1))
        #expect(Self.near(state.camera.center, Self.monaco))
        #expect(state.camera.zoom == 15, "a far zoom comes close for the first fix")
        #expect(effects.contains(.ageLocation(report: 1, seconds: 10, afterSeconds: 10)))
        let moved = LatLon(lat: 43.7390, lon: 7.4260)
        _ = MapReducer.reduce(&state, .gps(Self.fix(moved), at: 2))
        #expect(Self.near(state.camera.center, Self.monaco), "later fixes do not move the map unless it follows")
        #expect(state.userLocation == moved)
        let cell = Self.projectedCell(moved, state)
        let grid = Self.frame(state)
        #expect(grid[cell.col, cell.row].scalar == 0x25C9, "◉ at the projected cell")
        #expect(grid[cell.col, cell.row].style.fg == TermColor(196))
    }

    @Test func aMapTheUserMovedOrCentredIsNotTakenAwayByTheFirstFix() {
        var state = Self.gpsState()
        let start = state.camera.center
        _ = MapReducer.reduce(&state, .key(.right))
        let panned = state.camera.center
        #expect(panned != start)
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 1))
        #expect(Self.near(state.camera.center, panned))
        var named = Self.gpsState()
        named.location.centresOnFirstFix = false
        _ = MapReducer.reduce(&named, .gps(Self.fix(Self.monaco), at: 1))
        #expect(Self.near(named.camera.center, start))
    }

    @Test func followingKeepsThePositionCentredUntilAPan() throws {
        var state = Self.gpsState()
        _ = MapReducer.reduce(&state, .key(.left))
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 1))
        _ = MapReducer.reduce(&state, .key(.character("F")))
        #expect(state.location.following && Self.near(state.camera.center, Self.monaco))
        let next = LatLon(lat: 43.7400, lon: 7.4300)
        _ = MapReducer.reduce(&state, .gps(Self.fix(next), at: 2))
        #expect(Self.near(state.camera.center, next))
        _ = MapReducer.reduce(&state, .key(.character("+")))
        #expect(state.location.following, "zooming keeps following")
        #expect(Self.statusLine(state).contains("following"))
        _ = MapReducer.reduce(&state, .key(.up))
        #expect(!state.location.following)
        #expect(state.notice == "stopped following you: F follows again")
        let panned = state.camera.center
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 3))
        #expect(Self.near(state.camera.center, panned))
    }

    @Test func followWithoutAnyLocationSaysHowToGiveOne() {
        var state = MapState(camera: Camera(center: Self.monaco, zoom: 12), screen: Self.screen)
        _ = MapReducer.reduce(&state, .key(.character("F")))
        #expect(!state.location.following)
        #expect(state.alert?.title == "Your location is unknown.")
    }

    @Test func theMarkerGreysWithAgeAndTheStatusBarSaysIt() throws {
        var state = Self.gpsState()
        _ = MapReducer.reduce(&state, .gps(.connected(source: "gpsd"), at: 0))
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco, error: 4), at: 1))
        #expect(Self.statusLine(state).contains("GPS 3D ±4 m"))
        let next = MapReducer.reduce(&state, .locationAged(report: 1, seconds: 10))
        #expect(next == [.ageLocation(report: 1, seconds: 30, afterSeconds: 20)])
        #expect(Self.statusLine(state).contains("GPS 3D ±4 m, 10 s old"))
        let cell = Self.projectedCell(Self.monaco, state)
        #expect(Self.frame(state)[cell.col, cell.row].style.fg == TermColor(247))
        _ = MapReducer.reduce(&state, .locationAged(report: 1, seconds: 60))
        #expect(Self.frame(state)[cell.col, cell.row].style.fg == TermColor(241))
        // A timer of an older report does nothing once a newer report came.
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 70))
        #expect(MapReducer.reduce(&state, .locationAged(report: 1, seconds: 10)).isEmpty)
        #expect(state.location.age == 0)
    }

    @Test func aLostDaemonAndNoFixAreSaidAndTheMarkerKeepsItsLastPlaceInGrey() throws {
        var state = Self.gpsState()
        _ = MapReducer.reduce(&state, .gps(.connected(source: "gpsd"), at: 0))
        #expect(Self.statusLine(state).contains("GPS: connecting") == false)
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 1))
        _ = MapReducer.reduce(&state, .gps(.lost(reason: "connection refused"), at: 2))
        #expect(Self.statusLine(state).contains("GPS lost: connection refused, retrying"))
        let cell = Self.projectedCell(Self.monaco, state)
        #expect(Self.frame(state)[cell.col, cell.row].style.fg == TermColor(241))
        _ = MapReducer.reduce(&state, .gps(.connected(source: "gpsd"), at: 3))
        _ = MapReducer.reduce(&state, .gps(.report(.noFix), at: 4))
        #expect(Self.statusLine(state).contains("GPS: no fix"))
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 5))
        #expect(Self.frame(state)[cell.col, cell.row].style.fg == TermColor(196))
    }

    @Test func aRejectedPositionOrABadLineIsOneNoticeAndMovesNothing() {
        var state = Self.gpsState()
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 1))
        let effects = MapReducer.reduce(&state, .gps(.report(.rejected("position out of range: 91, 7")), at: 2))
        #expect(effects.isEmpty && state.alert == nil)
        #expect(state.notice == "GPS: position out of range: 91, 7 (ignored)")
        #expect(state.userLocation == Self.monaco)
        _ = MapReducer.reduce(&state, .gps(.problem("a line longer than 64 KiB was dropped"), at: 3))
        #expect(state.notice == "GPS: a line longer than 64 KiB was dropped" && state.alert == nil)
    }

    @Test func movingShowsAHeadingArrowAndAWideErrorARing() throws {
        var state = Self.gpsState(centre: Self.monaco, zoom: 17)
        state.location.centresOnFirstFix = false
        _ = MapReducer.reduce(&state, .gps(.connected(source: "gpsd"), at: 0))
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco, error: 40, speed: 5, heading: 92), at: 1))
        let cell = Self.projectedCell(Self.monaco, state)
        let grid = Self.frame(state)
        #expect(grid[cell.col + 1, cell.row].scalar == 0x2192, "→ east of the marker")
        // The ring: braille dots in its colour about 40 m from the marker, none at the marker's row far away.
        let radiusCells = 40 / state.transform.metersPerDot / 2
        let ringCol = cell.col + Int(radiusCells.rounded())
        let near = (ringCol - 1...ringCol + 1).contains { grid[$0, cell.row].style.fg == TermColor(203) }
        #expect(near, "ring dots about 40 m east of the marker")
        #expect(Self.statusLine(state).contains("GPS 3D ±40 m 18 km/h"))
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco, error: 1, speed: 0.1, heading: 92), at: 2))
        let still = Self.frame(state)
        #expect(still[cell.col + 1, cell.row].scalar != 0x2192, "no arrow when standing still")
        #expect(!(0..<still.cols).contains { still[$0, cell.row].style.fg == TermColor(203) }, "no ring under a cell")
    }

    @Test func recordingATrackAppendsEveryFixAndDrawsIt() throws {
        var state = Self.gpsState(centre: Self.monaco, zoom: 16)
        state.location.centresOnFirstFix = false
        #expect(MapReducer.reduce(&state, .key(.character("T"))) == [.startTrack])
        _ = MapReducer.reduce(&state, .trackStarted(name: "2026-12-02T17-30-05Z.gpx"))
        let points = [Self.monaco, LatLon(lat: 43.7387, lon: 7.4251), LatLon(lat: 43.7390, lon: 7.4256)]
        for (i, point) in points.enumerated() {
            let effects = MapReducer.reduce(&state, .gps(Self.fix(point), at: Double(i)))
            #expect(effects.contains(.appendTrack(TrackPoint(position: point, time: Double(i)))))
        }
        #expect(state.location.recording.map { Array($0.points) } == points)
        #expect(Self.statusLine(state).contains("● rec 3"))
        let grid = Self.frame(state)
        let a = Self.projectedCell(points[0], state), b = Self.projectedCell(points[2], state)
        let mid = ((a.col + b.col) / 2, (a.row + b.row) / 2)
        #expect(grid[mid.0, mid.1].style.fg == TermColor(208), "the track's dots between its ends")
        #expect(MapReducer.reduce(&state, .key(.character("T"))) == [.finishTrack])
        #expect(state.notice == "track saved: 2026-12-02T17-30-05Z.gpx, 3 points")
        #expect(state.location.recording == nil)
    }

    @Test func aTrackThatCannotBeWrittenStopsAndSaysWhy() {
        var state = Self.gpsState()
        _ = MapReducer.reduce(&state, .key(.character("T")))
        let effects = MapReducer.reduce(&state, .trackFailed(reason: "No space left on device"))
        #expect(effects == [.finishTrack])
        #expect(state.location.recording == nil)
        #expect(state.alert?.detail == "No space left on device")
        var fixed = MapState(camera: Camera(center: Self.monaco, zoom: 12), screen: Self.screen)
        fixed.location = LocationState(source: .fixed)
        #expect(MapReducer.reduce(&fixed, .key(.character("T"))).isEmpty)
        #expect(fixed.notice == "no GPS: start with --location gpsd (or gpsd://HOST:PORT)")
    }

    @Test func aRouteTheUserLeavesIsAskedAgainAtMostEveryFewSeconds() throws {
        var state = Self.gpsState(centre: Self.monaco, zoom: 15)
        _ = MapReducer.reduce(&state, .gps(Self.fix(Self.monaco), at: 0))
        let target = LatLon(lat: 43.7450, lon: 7.4300)
        state.selection = .found(
            SearchResult(
                candidate: SearchCandidate(name: "Larvotto", kind: .city, coordinate: target, importance: 1),
                match: .exact, distanceKm: 1, whereText: "Monaco"))
        _ = MapReducer.reduce(&state, .key(.character("g")))
        let request = try #require(state.route?.request)
        let plan = RoutePlan(
            profile: .car, path: [Self.monaco, target], distanceMeters: 900, durationSeconds: 90, steps: [],
            startSnapMeters: 0, endSnapMeters: 0)
        _ = MapReducer.reduce(&state, .routeAnswered(request, .success(plan)))
        let away = LatLon(lat: 43.7350, lon: 7.4100)
        let first = MapReducer.reduce(&state, .gps(Self.fix(away), at: 10))
        #expect(first.contains { if case .findRoute = $0 { true } else { false } })
        let answer = try #require(state.route?.request)
        _ = MapReducer.reduce(&state, .routeAnswered(answer, .success(plan)))
        let soon = MapReducer.reduce(&state, .gps(Self.fix(LatLon(lat: 43.7340, lon: 7.4090)), at: 12))
        #expect(!soon.contains { if case .findRoute = $0 { true } else { false } }, "not again within 5 s")
        let later = MapReducer.reduce(&state, .gps(Self.fix(LatLon(lat: 43.7330, lon: 7.4080)), at: 16))
        #expect(later.contains { if case .findRoute = $0 { true } else { false } })
    }
}
