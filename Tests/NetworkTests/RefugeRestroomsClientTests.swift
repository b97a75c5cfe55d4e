import Foundation
import GeoCore
import Network
import Places
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Serialized: one test changes `http_proxy`, which is process-wide.
@Suite(.serialized) struct RefugeRestroomsClientTests {
    static let center = LatLon(lat: 37.7749, lon: -122.4194)
    static let region = GeoBounds(south: 37.70, west: -122.52, north: 37.85, east: -122.32)

    /// `count` restrooms "rr:1"… spiralling out from `center`, 50 m apart in radius.
    static func spiral(_ count: Int, around center: LatLon = center) -> [Place] {
        (1...count).map { i in
            let r = Double(i) * 0.0005
            let a = Double(i) * 0.7
            return Place(
                id: "rr:\(i)", kind: .restroom, name: "Loo \(i)",
                coordinate: LatLon(lat: center.lat + r * sin(a), lon: center.lon + r * cos(a)),
                details: .restroom(RestroomDetails(street: "\(i) Market St", city: "San Francisco", state: "CA")))
        }
    }

    func client(_ server: HTTPTestServer, perPage: Int = 100, maxPages: Int = 5, timeout: TimeInterval = 5)
        -> RefugeRestroomsClient
    {
        RefugeRestroomsClient(
            configuration: .init(baseURL: server.baseURL, timeout: timeout, perPage: perPage, maxPages: maxPages))
    }

    func query(_ target: String) -> [String: String] {
        let items = URLComponents(string: target)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    func expectError(
        _ expected: PlaceSourceError, _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            try await body()
            Issue.record("expected \(expected), got no error", sourceLocation: sourceLocation)
        } catch let error as PlaceSourceError {
            #expect(error == expected, sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(expected), got \(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Success and paging

    @Test func followsPagesUntilAShortPage() async throws {
        let places = Self.spiral(250)
        let server = try HTTPTestServer(handler: HTTPRefugeFake.handler(serving: places))
        defer { server.stop() }
        let big = GeoBounds(south: 37.0, west: -123.2, north: 38.5, east: -121.6)
        let result = try await client(server).places(in: big, kinds: [.restroom], limit: 1000)
        #expect(result.count == 250)
        #expect(Set(result.map(\.id)) == Set(places.map(\.id)))
        let center = PlaceRanking.center(of: big)
        let sent = server.requests.map(query)
        #expect(server.requests.allSatisfy { $0.hasPrefix("/api/v1/restrooms/by_location?") })
        #expect(sent.map { $0["page"] } == ["1", "2", "3"])
        #expect(sent.allSatisfy { $0["per_page"] == "100" })
        #expect(
            sent.allSatisfy {
                $0["lat"] == String(format: "%.6f", center.lat) && $0["lng"] == String(format: "%.6f", center.lon)
            })
        #expect(sent.allSatisfy { $0["ada"] == nil && $0["unisex"] == nil })
        #expect(result.first?.restroom?.address == "\(result.first!.id.dropFirst(3)) Market St, San Francisco CA")
    }

    @Test func stopsWhenThePageLiesOutsideTheRegion() async throws {
        // 10 places in a tight cluster at the centre, 200 more 50+ km away.
        let near = Self.spiral(10).map { place -> Place in
            var p = place
            p.coordinate = LatLon(
                lat: Self.center.lat + (p.coordinate.lat - Self.center.lat) / 10,
                lon: Self.center.lon + (p.coordinate.lon - Self.center.lon) / 10)
            return p
        }
        let far = Self.spiral(200, around: LatLon(lat: 38.5, lon: -122.4)).map { place -> Place in
            var p = place
            p.id = "rr:\(1000 + Int(place.id.dropFirst(3))!)"
            return p
        }
        let server = try HTTPTestServer(handler: HTTPRefugeFake.handler(serving: near + far))
        defer { server.stop() }
        let small = GeoBounds(south: 37.76, west: -122.44, north: 37.79, east: -122.40)
        let result = try await client(server, perPage: 10).places(in: small, kinds: PlaceKind.all, limit: 50)
        #expect(Set(result.map(\.id)) == Set(near.map(\.id)))
        #expect(server.requests.map { query($0)["page"] } == ["1", "2"], "page 2 is all outside: covered")
    }

    @Test func stopsAtThePageCapAndAtTheLimit() async throws {
        let server = try HTTPTestServer(handler: HTTPRefugeFake.handler(serving: Self.spiral(300)))
        defer { server.stop() }
        let capped = try await client(server, perPage: 10, maxPages: 3).places(
            in: Self.region, kinds: [.restroom], limit: 500)
        #expect(capped.count == 30)
        #expect(server.requests.count == 3)
        let limited = try await client(server, perPage: 10).places(in: Self.region, kinds: [.restroom], limit: 5)
        #expect(
            limited.map(\.id)
                == PlacesContract.expected(
                    Self.spiral(300), in: Self.region, filter: PlaceFilter(kinds: [.restroom]), limit: 5
                ).map(\.id))
        #expect(server.requests.count == 4, "one more request")
    }

    @Test func sendsFiltersAndClampsPerPage() async throws {
        let server = try HTTPTestServer { _ in .json("[]") }
        defer { server.stop() }
        let client = RefugeRestroomsClient(
            configuration: .init(baseURL: server.baseURL, perPage: 500, accessibleOnly: true, unisexOnly: true))
        #expect(client.configuration.perPage == 100)
        let result = try await client.places(in: Self.region, kinds: PlaceKind.all, limit: 10)
        #expect(result.isEmpty)
        let sent = try #require(server.requests.first.map(query))
        #expect(sent["ada"] == "true" && sent["unisex"] == "true" && sent["per_page"] == "100")
    }

    @Test func asksNothingForOtherKindsOrNoLimit() async throws {
        let server = try HTTPTestServer { _ in .json("[]") }
        defer { server.stop() }
        #expect(try await client(server).places(in: Self.region, kinds: [.airport], limit: 10).isEmpty)
        #expect(try await client(server).places(in: Self.region, kinds: [.restroom], limit: 0).isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test func stripsControlCharactersAndSkipsBadRecords() async throws {
        let body =
            #"[{"id":1,"name":"Evil\u001b[2J\u001b]0;title\u0007 Loo\u202e","latitude":"37.775","longitude":-122.419,"#
            + #""comment":"line\r\nbreak\u0085","bearing":"12.5","surprise":{"x":1}},"#
            + #"{"id":2,"name":"Bad","latitude":123,"longitude":-122.4},{"no_id":true},"#
            + #"{"id":3,"name":"Null Island","latitude":0,"longitude":0}]"#
        let server = try HTTPTestServer { _ in .json(body) }
        defer { server.stop() }
        let result = try await client(server).places(in: Self.region, kinds: [.restroom], limit: 10)
        #expect(result.map(\.id) == ["rr:1"])
        #expect(result.first?.name == "Evil Loo")
        #expect(result.first?.restroom?.comment == "line break")
    }

    // MARK: Failures

    @Test func notFound() async throws {
        let server = try HTTPTestServer { _ in .text("no such page", status: 404) }
        defer { server.stop() }
        await expectError(.httpStatus(404)) { _ = try await client(server).places(in: Self.region, limit: 10) }
    }

    @Test func serverError() async throws {
        let server = try HTTPTestServer { _ in .json(#"{"error":"boom"}"#, status: 500) }
        defer { server.stop() }
        await expectError(.httpStatus(500)) { _ = try await client(server).places(in: Self.region, limit: 10) }
    }

    @Test func malformedJSON() async throws {
        let server = try HTTPTestServer { _ in .json(#"[{"id":1,"name":"trunc"#) }
        defer { server.stop() }
        await expectError(.undecodable("the response is not valid JSON")) {
            _ = try await client(server).places(in: Self.region, limit: 10)
        }
        let objectServer = try HTTPTestServer { _ in .json(#"{"restrooms":[]}"#) }
        defer { objectServer.stop() }
        await expectError(.undecodable("expected a JSON array of restrooms")) {
            _ = try await client(objectServer).places(in: Self.region, limit: 10)
        }
    }

    @Test func bodyThatNeverFinishesTimesOut() async throws {
        let server = try HTTPTestServer { _ in
            .stall(status: 200, partialBody: Data(#"[{"id":1,"#.utf8), declaredLength: 5000)
        }
        defer { server.stop() }
        let start = Date()
        await expectError(.timeout) { _ = try await client(server, timeout: 0.5).places(in: Self.region, limit: 10) }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.4 && elapsed < 4, "took \(elapsed) s")
    }

    @Test func connectionClosedWithoutAnswer() async throws {
        let server = try HTTPTestServer { _ in .close }
        defer { server.stop() }
        do {
            _ = try await client(server).places(in: Self.region, limit: 10)
            Issue.record("expected an error")
        } catch let error as PlaceSourceError {
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
        }
    }

    @Test func connectionRefused() async throws {
        let port = try HTTPTestServer.unusedPort()
        let client = RefugeRestroomsClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: 5)
        await expectError(.transport("could not connect to 127.0.0.1:\(port)")) {
            _ = try await client.places(in: Self.region, limit: 10)
        }
    }

    @Test func refusesOversizedBodies() async throws {
        let body = Data(HTTPRefugeFake.json(for: Self.spiral(100)).utf8)
        #expect(body.count > 2000)
        let framed = try HTTPTestServer { _ in .send(status: 200, body: body, contentType: "application/json") }
        defer { framed.stop() }
        let unframed = try HTTPTestServer { _ in .unframed(status: 200, body: body) }
        defer { unframed.stop() }
        // Content-Length says too much: refused before the body is read.
        let small = RefugeRestroomsClient(configuration: .init(baseURL: framed.baseURL, maxResponseBytes: 2000))
        await expectError(.tooLarge) { _ = try await small.places(in: Self.region, limit: 10) }
        // No Content-Length: refused while the body streams in.
        let smallUnframed = RefugeRestroomsClient(
            configuration: .init(baseURL: unframed.baseURL, maxResponseBytes: 2000))
        await expectError(.tooLarge) { _ = try await smallUnframed.places(in: Self.region, limit: 10) }
        // The same unframed body within the limit is read completely.
        let roomy = RefugeRestroomsClient(configuration: .init(baseURL: unframed.baseURL, maxPages: 1))
        #expect(try await roomy.places(in: Self.region, limit: 1000).count == 100)
    }

    @Test func cancellationStopsARequest() async throws {
        let server = try HTTPTestServer { _ in .stall(status: 200, partialBody: Data("[".utf8), declaredLength: 100) }
        defer { server.stop() }
        let slow = client(server, timeout: 30)
        let task = Task { try await slow.places(in: Self.region, limit: 10) }
        while server.requests.isEmpty { try await Task.sleep(nanoseconds: 5_000_000) }
        let start = Date()
        task.cancel()
        let result = await task.result
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(throws: CancellationError.self) { try result.get() }
    }

    // MARK: Contract, proxy, server lifecycle

    @Test func passesTheContract() async throws {
        var servers: [HTTPTestServer] = []
        defer { for server in servers { server.stop() } }
        try await checkPlaceSourceContract(kinds: [.restroom]) { places in
            let server = try HTTPTestServer(handler: HTTPRefugeFake.handler(serving: places))
            servers.append(server)
            return RefugeRestroomsClient(baseURL: server.baseURL)
        }
    }

    @Test func loopbackBypassesAConfiguredProxy() async throws {
        let server = try HTTPTestServer(handler: HTTPRefugeFake.handler(serving: Self.spiral(3)))
        defer { server.stop() }
        let deadProxy = try HTTPTestServer.unusedPort()
        let saved = ["http_proxy", "no_proxy", "NO_PROXY"].map { ($0, ProcessInfo.processInfo.environment[$0]) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        setenv("http_proxy", "http://127.0.0.1:\(deadProxy)", 1)
        unsetenv("no_proxy")
        unsetenv("NO_PROXY")
        let result = try await client(server).places(in: Self.region, kinds: [.restroom], limit: 10)
        #expect(result.count == 3)
        #expect(ProcessInfo.processInfo.environment["no_proxy"] == nil, "the environment is left alone")
        // The proxy is really used for other hosts: a name that only the (dead) proxy could resolve fails on it.
        let remote = RefugeRestroomsClient(baseURL: URL(string: "http://places.invalid")!, timeout: 5)
        await expectError(.transport("could not connect to places.invalid")) {
            _ = try await remote.places(in: Self.region, limit: 10)
        }
    }

    // MARK: Redirects

    @Test func followsRedirectsToTheSameHostAtMostThree() async throws {
        let places = Self.spiral(4)
        let fake = HTTPRefugeFake.handler(serving: places)
        let server = try HTTPTestServer { target in
            // /hop/N/... redirects to /hop/N-1/..., /hop/0/... serves the API.
            guard target.hasPrefix("/hop/") else { return fake(target) }
            let rest = target.dropFirst(5)
            let hops = Int(rest.prefix { $0.isNumber }) ?? 0
            let tail = rest.drop { $0.isNumber }
            return hops == 0
                ? fake(String(tail)) : .redirect(status: hops % 2 == 0 ? 302 : 307, location: "/hop/\(hops - 1)\(tail)")
        }
        defer { server.stop() }
        func via(_ hops: Int) -> RefugeRestroomsClient {
            RefugeRestroomsClient(baseURL: server.baseURL.appendingPathComponent("hop/\(hops)"), timeout: 5)
        }
        #expect(try await via(3).places(in: Self.region, limit: 10).count == 4)
        let before = server.requests.count
        await expectError(.transport("127.0.0.1:\(server.port) redirected more than 3 times")) {
            _ = try await via(4).places(in: Self.region, limit: 10)
        }
        #expect(server.requests.count - before == 4, "the fourth redirect is not followed")
    }

    @Test func refusesRedirectsToAnotherHostOrScheme() async throws {
        let target = try HTTPTestServer(handler: HTTPRefugeFake.handler(serving: Self.spiral(2)))
        defer { target.stop() }
        let locations = [
            "http://localhost:\(target.port)/api/v1/restrooms/by_location",
            "https://127.0.0.1:\(target.port)/api/v1/restrooms/by_location",
            "http://\u{1b}]0;PWNED\u{07}/x",
        ]
        for location in locations {
            let server = try HTTPTestServer { _ in .redirect(status: 301, location: location) }
            defer { server.stop() }
            do {
                _ = try await client(server).places(in: Self.region, limit: 10)
                Issue.record("followed \(location)")
            } catch let error as PlaceSourceError {
                #expect("\(error)".hasPrefix("Network error: 127.0.0.1:\(server.port) redirected"), "\(error)")
                #expect(!"\(error)".contains("\u{1b}"))
            }
        }
        #expect(target.requests.isEmpty)
    }

    @Test func serverStopsCleanly() async throws {
        let server = try HTTPTestServer { _ in .stall(status: 200, partialBody: Data(), declaredLength: 10) }
        #expect(server.isRunning)
        #expect(server.openDescriptorCount == 3)
        _ = try? await client(server, timeout: 0.3).places(in: Self.region, limit: 10)
        #expect(server.openDescriptorCount == 4, "listener, wake pipe and the stalled connection")
        server.stop()
        server.stop()
        #expect(!server.isRunning)
        #expect(server.openDescriptorCount == 0)
        await expectError(.transport("could not connect to 127.0.0.1:\(server.port)")) {
            _ = try await client(server).places(in: Self.region, limit: 10)
        }
    }
}
