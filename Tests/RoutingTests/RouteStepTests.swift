import GeoCore
import TestSupport
import Testing

@testable import Routing

@Suite("Route steps and plans")
struct RouteStepTests {
    let here = LatLon(lat: 37.79, lon: -122.40)

    func step(_ type: String, _ modifier: String = "", _ street: String = "Market Street", exit: Int = 0) -> RouteStep {
        RouteStep(
            type: type, modifier: modifier, street: street, distanceMeters: 100, durationSeconds: 10, location: here,
            bearingAfter: 315, exit: exit)
    }

    @Test func saysEachManoeuvre() {
        #expect(step("depart").instruction == "Head NW on Market Street")
        #expect(step("turn", "right").instruction == "Turn right onto Market Street")
        #expect(step("turn", "sharp left", "").instruction == "Turn sharp left")
        #expect(step("end of road", "left").instruction == "Turn left at the end of the road onto Market Street")
        #expect(step("new name", "straight").instruction == "Continue straight onto Market Street")
        #expect(
            step("roundabout", "right", exit: 2).instruction == "Enter the roundabout, take exit 2 onto Market Street")
        #expect(step("fork", "slight left").instruction == "Keep slight left at the fork onto Market Street")
        #expect(step("arrive", "right", "").instruction == "Arrive, on the right")
        #expect(step("continue", "uturn").instruction == "Make a U-turn onto Market Street")
        #expect(step("something new", "left").instruction == "Go left onto Market Street")
    }

    @Test func cleansTextAndClampsNumbersFromOutside() {
        let hostile = RouteStep(
            type: "turn\u{1b}]0;x\u{7}", modifier: "left\u{9b}2J",
            street: "Evil\u{1b}[2J Street" + String(repeating: "x", count: 500),
            distanceMeters: -5, durationSeconds: .nan, location: here, bearingAfter: .infinity, exit: 1_000_000)
        #expect(!hostile.instruction.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(hostile.street.count <= 120)
        #expect(hostile.distanceMeters == 0)
        #expect(hostile.durationSeconds == 0)
        #expect(hostile.bearingAfter == 0)
        #expect(hostile.exit == 99)
    }

    /// The distance from a point to a path, against a brute-force scan of points along the path.
    @Test func metersOffMatchesAScanAlongThePath() throws {
        let path = [
            LatLon(lat: 37.7890, lon: -122.4010), LatLon(lat: 37.7903, lon: -122.4001),
            LatLon(lat: 37.7910, lon: -122.4030), LatLon(lat: 37.7955, lon: -122.4040),
        ]
        let plan = RoutePlan(profile: .car, path: path, distanceMeters: 1000, durationSeconds: 100, steps: [])
        var random = SeededGenerator(seed: 3)
        for _ in 0..<20 {
            let p = LatLon(
                lat: Double.random(in: 37.785...37.800, using: &random),
                lon: Double.random(in: -122.410...(-122.395), using: &random))
            var scanned = Double.infinity
            for (a, b) in zip(path, path.dropFirst()) {
                for i in 0...1000 {
                    let t = Double(i) / 1000
                    let q = LatLon(lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t)
                    scanned = min(scanned, Geodesy.distance(p, q) * 1000)
                }
            }
            #expect(abs(plan.metersOff(p) - scanned) < 0.5, "at \(p)")
        }
    }

    @Test func profilesHaveNamesAndCycle() {
        #expect(RouteProfile(name: "walking") == .foot)
        #expect(RouteProfile(name: "BIKE") == .bike)
        #expect(RouteProfile(name: "boat") == nil)
        #expect(RouteProfile.car.next == .bike && RouteProfile.foot.next == .car)
        #expect(RouteProfile.bike.osrmName == "cycling")
    }

    @Test func problemsSayThemselvesCleanly() {
        let problem = RouteProblem.refused("NoSegment\u{1b}[31m red")
        #expect(problem.message == "route server refused: NoSegment red")
        #expect(problem.serverAnswered)
        #expect(!RouteProblem.unreachable("timeout").serverAnswered)
    }
}
