import Foundation
import GeoCore
import Routing
import Testing

@testable import mapterm

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What `mapterm route` prints: text, JSON, GeoJSON and GPX of one route.
@Suite struct RouteOutputTests {
    static let plan = RoutePlan(
        profile: .car,
        path: [LatLon(lat: 37.788983, lon: -122.401022), LatLon(lat: 37.795446, lon: -122.403989)],
        distanceMeters: 2_904.6, durationSeconds: 270.2,
        steps: [
            RouteStep(
                type: "depart", street: "Market <Street> & \"Sons\"", distanceMeters: 2_104.2, durationSeconds: 200,
                location: LatLon(lat: 37.788983, lon: -122.401022), bearingAfter: 315),
            RouteStep(
                type: "turn", modifier: "left", street: "Washington Street", distanceMeters: 800.4,
                durationSeconds: 70.2, location: LatLon(lat: 37.79, lon: -122.402)),
            RouteStep(
                type: "arrive", modifier: "right", street: "Washington Street", distanceMeters: 0, durationSeconds: 0,
                location: LatLon(lat: 37.795446, lon: -122.403989)),
        ], startSnapMeters: 240.4, endSnapMeters: 6)
    static let credit = "routes: OSRM at 127.0.0.1:5055, © OpenStreetMap contributors"

    @Test func textSaysTheTotalsTheSnapAndTheSteps() {
        let text = RouteOutput.text(Self.plan, credit: Self.credit).string
        #expect(
            text == """
                By car: 2.9 km (1.8 mi), 4 min 30 s (routes: OSRM at 127.0.0.1:5055, © OpenStreetMap contributors)
                the start is 240 m from the nearest road
                  1. Head NW on Market <Street> & "Sons" (2.1 km)
                  2. Turn left onto Washington Street (800 m)
                  3. Arrive, on the right

                """)
    }

    @Test func jsonHoldsTheFiguresTheStepsAndThePath() throws {
        let text = try RouteOutput.json(Self.plan, credit: Self.credit).string
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["profile"] as? String == "car")
        #expect(object["distance_m"] as? Double == 2_904.6)
        #expect(object["duration_s"] as? Double == 270.2)
        let snap = try #require(object["snap"] as? [String: Double])
        #expect(snap == ["start_m": 240.4, "end_m": 6])
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(
            steps.map { $0["street"] as? String } == [
                "Market <Street> & \"Sons\"", "Washington Street", "Washington Street",
            ])
        #expect(steps[1]["instruction"] as? String == "Turn left onto Washington Street")
        #expect(steps[1]["modifier"] as? String == "left")
        #expect(steps[1]["lat"] as? Double == 37.79)
        let path = try #require(object["path"] as? [[Double]])
        #expect(path == [[-122.401022, 37.788983], [-122.403989, 37.795446]])
    }

    @Test func geojsonIsTheLineAndAPointPerStep() throws {
        let text = try RouteOutput.geojson(Self.plan, credit: Self.credit).string
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 4)
        let line = try #require(features.first?["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "LineString")
        let properties = try #require(features.first?["properties"] as? [String: Any])
        #expect(properties["distance_m"] as? Double == 2_904.6)
        #expect(properties["profile"] as? String == "car")
        let point = try #require(features[2]["geometry"] as? [String: Any])
        #expect(point["type"] as? String == "Point")
        #expect(point["coordinates"] as? [Double] == [-122.402, 37.79])
    }

    @Test func gpxIsWellFormedWithTheTextsEscaped() throws {
        let text = RouteOutput.gpx(Self.plan, credit: Self.credit).string
        #expect(text.contains("Market &lt;Street&gt; &amp; &quot;Sons&quot;"))
        #expect(text.contains(#"<trkpt lat="37.795446" lon="-122.403989"/>"#))
        let parser = XMLParser(data: Data(text.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }

    @Test func exitStatusesFollowTheProblem() {
        #expect(RouteCommand.exitStatus(.noRoute("island")) == 1)
        #expect(RouteCommand.exitStatus(.refused("NoSegment")) == 2)
        #expect(RouteCommand.exitStatus(.unreachable("down")) == 2)
        #expect(RouteCommand.exitStatus(.noServer("--offline")) == 2)
    }

    @Test func fromAndToReadPointsAndRefuseJunk() throws {
        #expect(try RouteCommand.point("37.789,-122.401", label: "FROM") == LatLon(lat: 37.789, lon: -122.401))
        #expect(try RouteCommand.point("37°47'N 122°24'W", label: "TO").lat > 37.78)
        #expect(throws: UsageError.self) { try RouteCommand.point("95,0", label: "FROM") }
        #expect(throws: UsageError.self) { try RouteCommand.point("12 34 56 78 90", label: "FROM") }
        #expect(throws: UsageError.self) { try RouteCommand.point("Evil\u{1B}[2JName", label: "TO") }
    }
}
