import Foundation
import GeoCore
import Network
import Positioning
import TestSupport
import Testing

/// `GPSDClient` against stand-ins of a hostile gpsd on loopback (garbage, huge lines, floods, silence,
/// nothing listening): no crash, bounded memory, one line for the status bar, prompt stops.
@Suite(.serialized) struct GPSDClientTests {
    static func isTerminalSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
    }

    @Test func garbageAndAHugeLineAreProblemsThenReadingGoesOn() throws {
        let server = try GPSDFakeServer { fd in
            GPSDFakeServer.send(fd, GPSDFakeServer.version)
            GPSDFakeServer.send(fd, "\u{1B}]0;owned\u{07}\u{1B}[2J not json \u{9B}31m\n")
            // 32 MiB in one line, in 1 MiB writes: dropped as it arrives, never held.
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<32 { GPSDFakeServer.send(fd, chunk) }
            GPSDFakeServer.send(fd, "\n")
            GPSDFakeServer.send(fd, GPSDFakeServer.tpv(lat: 51.5, lon: -0.12))
        }
        defer { server.stop() }
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: server.endpoint)
        let before = residentBytes()
        client.start(deliver: log.deliver)
        defer { client.stop() }
        #expect(log.wait(20) { $0.contains { $0.fix != nil } })
        let grown = residentBytes() - before
        #expect(grown < 12 << 20, "resident memory grew by \(grown) bytes while 32 MiB came in one line")
        // The two dropped lines came within a second: one problem now, the second a second later.
        #expect(log.wait(3) { $0.compactMap(\.problem).count == 2 })
        let events = log.all
        #expect(events.first == .connected(source: "gpsd 127.0.0.1:\(server.port)"))
        #expect(events.compactMap(\.fix).first?.position == LatLon(lat: 51.5, lon: -0.12))
        #expect(!events.contains { $0.isLost })
        let problems = events.compactMap(\.problem)
        #expect(problems.contains("gpsd sent a line longer than 64 KiB (dropped)"))
        for text in events.flatMap(\.texts) { #expect(Self.isTerminalSafe(text), "\(text.debugDescription)") }
    }

    @Test func aFloodIsHandedOnAtMostThirtyTimesASecondEndingOnTheNewest() throws {
        let server = try GPSDFakeServer { fd in
            GPSDFakeServer.send(fd, GPSDFakeServer.version)
            var lines = ""
            for index in 0..<20_000 { lines += GPSDFakeServer.tpv(lat: Double(index % 80), lon: 1) }
            for _ in 0..<2_000 { lines += "garbage\n" }
            GPSDFakeServer.send(fd, lines)
            usleep(300_000)
            GPSDFakeServer.send(fd, GPSDFakeServer.tpv(lat: 10, lon: 20))
            GPSDFakeServer.send(fd, #"{"class":"TPV","mode":1}"# + "\n")
        }
        defer { server.stop() }
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: server.endpoint)
        client.start(deliver: log.deliver)
        defer { client.stop() }
        #expect(log.wait(10) { $0.last == .report(.noFix) })
        usleep(1_200_000)
        let timed = log.timed.filter { $0.event.isReport }
        let span = try #require(timed.last).at - (try #require(timed.first)).at
        #expect(Double(timed.count) <= span * GPSDClient.maximumRate + 2, "\(timed.count) reports in \(span) s")
        // The fix before the change to no fix was not lost, nor the change itself; nothing came after.
        let reports = timed.map(\.event)
        #expect(
            reports.suffix(2) == [
                .report(.fix(GPSFix(position: LatLon(lat: 10, lon: 20), mode: .threeD, horizontalError: 5))),
                .report(.noFix),
            ])
        #expect(log.all.compactMap(\.problem).count <= 2)
    }

    @Test func aServerThatNeverAnswersIsLostAfterFiveSecondsAndStopIsPrompt() throws {
        let server = try GPSDFakeServer { _ in }
        defer { server.stop() }
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: server.endpoint)
        let started = GPSDEventLog.now()
        client.start(deliver: log.deliver)
        #expect(log.wait(8) { $0.contains { $0.isLost } })
        let waited = try #require(log.timed.first).at - started
        #expect((4.5...7).contains(waited), "lost after \(waited) s")
        #expect(log.all == [.lost(reason: "gpsd 127.0.0.1:\(server.port): no answer within 5 s")])
        let stopping = GPSDEventLog.now()
        client.stop()
        #expect(GPSDEventLog.now() - stopping < 0.5)
        #expect(!client.isRunning)
    }

    @Test func stopWhileReadingReturnsAtOnceAndNothingComesAfter() throws {
        let server = try GPSDFakeServer { fd in
            GPSDFakeServer.send(fd, GPSDFakeServer.version)
            for _ in 0..<200 {
                guard GPSDFakeServer.send(fd, Array(GPSDFakeServer.tpv(lat: 1, lon: 2).utf8)) else { break }
                usleep(10_000)
            }
        }
        defer { server.stop() }
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: server.endpoint)
        client.start(deliver: log.deliver)
        #expect(log.wait(5) { $0.contains { $0.fix != nil } })
        let stopping = GPSDEventLog.now()
        client.stop()
        #expect(GPSDEventLog.now() - stopping < 0.1)
        #expect(!client.isRunning)
        let count = log.all.count
        usleep(200_000)
        #expect(log.all.count == count)
        #expect(!log.all.contains { $0.isLost })
    }

    @Test func nothingListeningIsLostOnceAcrossRetriesAndStopEndsTheBackoff() throws {
        let port = Int(try HTTPTestServer.unusedPort())
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: port))
        client.start(deliver: log.deliver)
        #expect(log.wait(2) { $0.contains { $0.isLost } })
        usleep(2_000_000)  // retries at 0.5 and 1.5 s
        #expect(log.all == [.lost(reason: "gpsd 127.0.0.1:\(port): connection refused")])
        let stopping = GPSDEventLog.now()
        client.stop()
        #expect(GPSDEventLog.now() - stopping < 0.1)
        #expect(!client.isRunning)
    }

    @Test func optionalWithNothingListeningSaysNothingAndEnds() throws {
        let port = Int(try HTTPTestServer.unusedPort())
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: port))
        client.start(optional: true, deliver: log.deliver)
        let ended = log.wait(2) { _ in !client.isRunning }
        #expect(ended)
        usleep(700_000)
        #expect(log.all.isEmpty)
    }

    @Test func optionalWithADaemonBehavesAsAskedFor() throws {
        let server = try GPSDFakeServer { fd in
            GPSDFakeServer.send(fd, GPSDFakeServer.version + GPSDFakeServer.tpv(lat: 3, lon: 4))
        }
        defer { server.stop() }
        let log = GPSDEventLog()
        let client = GPSDClient(endpoint: server.endpoint)
        client.start(optional: true, deliver: log.deliver)
        defer { client.stop() }
        #expect(log.wait(5) { $0.contains { $0.fix?.position == LatLon(lat: 3, lon: 4) } })
        #expect(log.all.first?.isConnected == true)
    }

    @Test func firstFixSaysWhyThereIsNone() throws {
        let port = Int(try HTTPTestServer.unusedPort())
        let refused = GPSDClient.firstFix(GPSDEndpoint(host: "127.0.0.1", port: port), timeout: 2)
        #expect(
            refused
                == .failure(.unreachable(endpoint: "gpsd 127.0.0.1:\(port)", reason: "connection refused")))
        #expect(
            try #require(refused.failure?.description)
                == "cannot reach gpsd 127.0.0.1:\(port): connection refused (is gpsd running?)")

        let silent = try GPSDFakeServer { _ in }
        defer { silent.stop() }
        let started = GPSDEventLog.now()
        #expect(
            GPSDClient.firstFix(silent.endpoint, timeout: 0.5)
                == .failure(.noAnswer(endpoint: "gpsd 127.0.0.1:\(silent.port)", seconds: 0.5)))
        #expect(GPSDEventLog.now() - started < 1.5)

        let noFix = try GPSDFakeServer { fd in
            GPSDFakeServer.send(fd, GPSDFakeServer.version + #"{"class":"TPV","mode":1}"# + "\n")
        }
        defer { noFix.stop() }
        let none = GPSDClient.firstFix(noFix.endpoint, timeout: 0.5)
        #expect(none == .failure(.noFix(endpoint: "gpsd 127.0.0.1:\(noFix.port)", seconds: 0.5, last: "no fix yet")))
        #expect(none.failure?.description == "no fix from gpsd 127.0.0.1:\(noFix.port) within 0.5 s (last: no fix yet)")

        let hostile = try GPSDFakeServer { fd in
            GPSDFakeServer.send(fd, #"{"class":"TPV","mode":3,"lat":"\u001b]0;x\u0007","lon":1}"# + "\n")
            GPSDFakeServer.send(fd, GPSDFakeServer.tpv(lat: -45, lon: 170))
        }
        defer { hostile.stop() }
        #expect(try GPSDClient.firstFix(hostile.endpoint, timeout: 5).get().position == LatLon(lat: -45, lon: 170))

        let closing = try GPSDFakeServer { fd in _ = shutdown(fd, Int32(SHUT_RDWR)) }
        defer { closing.stop() }
        #expect(
            GPSDClient.firstFix(closing.endpoint, timeout: 2)
                == .failure(.closed(endpoint: "gpsd 127.0.0.1:\(closing.port)")))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
