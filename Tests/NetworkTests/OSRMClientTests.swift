import Foundation
import GeoCore
import Network
import Routing
import TestSupport
import Testing

/// `OSRMClient` against a loopback stand-in: each kind of answer becomes a plan or the right problem.
@Suite struct OSRMClientTests {
    static let query = RouteQuery(from: OSRMFake.from, to: OSRMFake.to, profile: .car)

    /// A client of `server` with a gate of its own (no waiting between tests).
    func client(_ server: HTTPTestServer, timeout: TimeInterval = 5, maxBytes: Int = 4 << 20) -> OSRMClient {
        OSRMClient(
            configuration: .init(
                endpoints: RouterEndpoints(all: server.baseURL), timeout: timeout, maxResponseBytes: maxBytes),
            gate: RouterGate(interval: 0))
    }

    /// The problem `client` throws for `query`.
    func problem(_ client: OSRMClient, _ query: RouteQuery = query) async throws -> RouteProblem {
        do {
            let plan = try await client.route(query)
            Issue.record("expected a problem, got a route of \(plan.distanceMeters) m")
            throw CancellationError()
        } catch let problem as RouteProblem {
            return problem
        }
    }

    @Test func okBecomesAPlan() async throws {
        let server = try HTTPTestServer { _ in .json(OSRMFake.ok()) }
        defer { server.stop() }
        let plan = try await client(server).route(Self.query)
        #expect(plan.profile == .car)
        #expect(plan.distanceMeters == 1072.4)
        #expect(plan.durationSeconds == 127.8)
        #expect(plan.path == OSRMFake.path)
        #expect(plan.steps.map(\.street) == ["2nd Street", "Market Street", "Washington Street"])
        #expect(plan.steps.map(\.type) == ["depart", "turn", "arrive"])
        #expect(plan.steps[1].instruction == "Turn right onto Market Street")
        #expect(plan.steps[0].location == LatLon(lat: 37.788983, lon: -122.401022))
        #expect(abs(plan.startSnapMeters - 2.704977) < 1e-9)
        #expect(abs(plan.endSnapMeters - 6.071421) < 1e-9)
        let target = try #require(server.requests.first)
        #expect(
            target
                == "/route/v1/driving/-122.401000,37.789000;-122.404000,37.795500?overview=full&geometries=polyline6&steps=true"
        )
        #expect(server.requestHeaders.first?["user-agent"] == MaptermRelease.userAgent)
    }

    @Test func theBasePathAndTheProfileMakeTheURL() throws {
        let base = try #require(URL(string: "https://routing.openstreetmap.de/routed-foot/"))
        let url = try #require(
            OSRMClient.url(base: base, query: RouteQuery(from: OSRMFake.from, to: OSRMFake.to, profile: .foot)))
        #expect(
            url.absoluteString
                == "https://routing.openstreetmap.de/routed-foot/route/v1/walking/-122.401000,37.789000;-122.404000,37.795500?overview=full&geometries=polyline6&steps=true"
        )
    }

    @Test func noRouteAndRefusalsKeepTheServersWords() async throws {
        let server = try HTTPTestServer { target in
            if target.contains("/driving/") {
                return .json(#"{"code":"NoRoute","message":"Impossible route between points"}"#, status: 400)
            }
            if target.contains("/walking/") {
                return .json(#"{"code":"NoSegment","message":"Could not find a matching segment"}"#, status: 400)
            }
            return .json(#"{"code":"TooBig","message":"Too many table coordinates"}"#, status: 200)
        }
        defer { server.stop() }
        let client = client(server)
        #expect(try await problem(client) == .noRoute("Impossible route between points"))
        var foot = Self.query
        foot.profile = .foot
        #expect(try await problem(client, foot) == .refused("NoSegment: Could not find a matching segment"))
        var bike = Self.query
        bike.profile = .bike
        #expect(try await problem(client, bike) == .refused("TooBig: Too many table coordinates"))
    }

    @Test func httpErrorsWithoutAnAnswerAreUnreachable() async throws {
        let server = try HTTPTestServer { _ in .text("<html>oops</html>", status: 500) }
        defer { server.stop() }
        let problem = try await problem(client(server))
        #expect(problem == .unreachable("127.0.0.1:\(server.port) answered HTTP 500"))
        #expect(!problem.serverAnswered)
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let port = try HTTPTestServer.unusedPort()
        let client = OSRMClient(
            configuration: .init(endpoints: RouterEndpoints(all: URL(string: "http://127.0.0.1:\(port)")!), timeout: 5),
            gate: RouterGate(interval: 0))
        let problem = try await problem(client)
        #expect(problem == .unreachable("could not connect to 127.0.0.1:\(port)"))
    }

    @Test func aRouterThatIsNotHTTPAsksNothing() async throws {
        let client = OSRMClient(
            configuration: .init(endpoints: RouterEndpoints(all: URL(fileURLWithPath: "/etc/passwd"))),
            gate: RouterGate(interval: 0))
        #expect(try await problem(client) == .noServer("the router of car is not an http(s) URL"))
    }

    @Test func aProfileWithoutARouterAsksNothing() async throws {
        let server = try HTTPTestServer { _ in .json(OSRMFake.ok()) }
        defer { server.stop() }
        let client = OSRMClient(
            configuration: .init(endpoints: RouterEndpoints(bases: [.car: server.baseURL])),
            gate: RouterGate(interval: 0))
        var foot = Self.query
        foot.profile = .foot
        #expect(try await problem(client, foot) == .noServer("no router for foot"))
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [
        ("not json", "garbage <html>"),
        ("wrong type of code", #"{"code":12}"#),
        ("wrong type of distance", OSRMFake.ok(distance: #""far""#)),
        ("negative distance", OSRMFake.ok(distance: "-1")),
        ("distance beyond the Earth", OSRMFake.ok(distance: "1e12")),
        ("step distance not a number", OSRMFake.ok(stepDistance: "null")),
        ("location off the Earth", OSRMFake.ok(location: "[-122.4,97.5]")),
        ("location of one number", OSRMFake.ok(location: "[-122.4]")),
        ("bad polyline", OSRMFake.ok(geometry: "\u{7F}\u{7F}")),
        ("polyline cut short", OSRMFake.ok(geometry: "_")),
        ("polyline of one point", OSRMFake.ok(geometry: PolylineEncoder.encode([OSRMFake.from]))),
        ("no routes", #"{"code":"Ok","routes":[],"waypoints":[]}"#),
        ("number too large for JSON", OSRMFake.ok(distance: "1e400")),
    ])
    func badAnswersAreBadAnswers(_ kind: String, _ body: String) async throws {
        let server = try HTTPTestServer { _ in .json(body) }
        defer { server.stop() }
        let problem = try await problem(client(server))
        #expect(problem.message.hasPrefix("route server answered badly: "), "\(kind): \(problem)")
    }

    @Test func tooManyStepsIsABadAnswer() async throws {
        let streets = (0..<5_001).map { "Street \($0)" }
        let server = try HTTPTestServer { _ in .json(OSRMFake.ok(streets: streets)) }
        defer { server.stop() }
        #expect(try await problem(client(server)) == .badAnswer("more than 5000 steps"))
    }

    @Test func aBodyOverTheCapIsABadAnswer() async throws {
        let huge = OSRMFake.ok(streets: (0..<2_000).map { "Street \($0)" })
        let server = try HTTPTestServer { _ in .unframed(status: 200, body: Data(huge.utf8)) }
        defer { server.stop() }
        #expect(
            try await problem(client(server, maxBytes: 64 << 10)) == .badAnswer("the answer is larger than 0.0625 MiB"))
    }

    @Test func aSlowServerTimesOut() async throws {
        let server = try HTTPTestServer { _ in
            .stall(status: 200, partialBody: Data("{\"code\"".utf8), declaredLength: 4096)
        }
        defer { server.stop() }
        let started = Date()
        let problem = try await problem(client(server, timeout: 0.5))
        #expect(problem == .unreachable("no answer from 127.0.0.1:\(server.port) within 0.5 s"))
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func escapeSequencesInNamesNeverSurvive() async throws {
        let hostile = [
            "\u{1B}[31mRed\u{1B}[0m Street", "Bell\u{07}\u{1B}]0;pwned\u{07} Road", "\u{9B}2J Clear Avenue",
            "Line\nBreak\r\nLane", "\u{202E}Reversed Way",
        ]
        let server = try HTTPTestServer { _ in
            .json(OSRMFake.ok(streets: hostile).replacingOccurrences(of: #""right""#, with: #""\u001b[2Jright""#))
        }
        defer { server.stop() }
        let plan = try await client(server).route(Self.query)
        for step in plan.steps {
            for text in [step.street, step.type, step.modifier, step.instruction] {
                #expect(
                    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text)")
                #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
            }
        }
        #expect(
            plan.steps.map(\.street) == ["Red Street", "Bell Road", "Clear Avenue", "Line Break Lane", "Reversed Way"])
    }

    @Test func errorMessagesAreCleaned() async throws {
        let server = try HTTPTestServer { _ in
            .json(#"{"code":"Bad\u001b[31mCode","message":"evil\u001b]0;title\u0007 text\nmore"}"#, status: 400)
        }
        defer { server.stop() }
        let problem = try await problem(client(server))
        #expect(problem == .refused("BadCode: evil text more"))
    }

    @Test func a429PausesTheHostAndFailsAtOnce() async throws {
        let server = try HTTPTestServer { _ in
            .sendWithHeaders(status: 429, headers: ["Retry-After": "30"], body: Data())
        }
        defer { server.stop() }
        let clock = ManualClock()
        let gate = RouterGate(interval: 1, clock: { clock.now() }, sleep: { clock.advance(by: $0) })
        let client = OSRMClient(
            configuration: .init(endpoints: RouterEndpoints(all: server.baseURL), timeout: 5), gate: gate)
        let host = "127.0.0.1:\(server.port)"
        #expect(try await problem(client) == .unreachable("busy, \(host) asks to wait 30 s (HTTP 429)"))
        clock.advance(by: 10)
        #expect(try await problem(client) == .unreachable("busy, \(host) asked to wait 20 s more"))
        #expect(server.requests.count == 1)
        clock.advance(by: 21)
        _ = try await problem(client)
        #expect(server.requests.count == 2)
    }

    @Test func aRetryAfterIsCapped() async throws {
        let server = try HTTPTestServer { _ in
            .sendWithHeaders(status: 429, headers: ["Retry-After": "86400"], body: Data())
        }
        defer { server.stop() }
        let clock = ManualClock()
        let gate = RouterGate(interval: 1, clock: { clock.now() }, sleep: { clock.advance(by: $0) })
        let client = OSRMClient(configuration: .init(endpoints: RouterEndpoints(all: server.baseURL)), gate: gate)
        #expect(
            try await problem(client) == .unreachable("busy, 127.0.0.1:\(server.port) asks to wait 300 s (HTTP 429)"))
        clock.advance(by: 301)
        _ = try await problem(client)
        #expect(server.requests.count == 2)
    }
}
