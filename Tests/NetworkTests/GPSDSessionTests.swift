import GeoCore
import Positioning
import Testing

@testable import Network

/// The gpsd client's coalescing and rate limits on a manual clock (seconds).
@Suite struct GPSDSessionTests {
    static func fix(_ lat: Double) -> GPSReport { .fix(GPSFix(position: LatLon(lat: lat, lon: 0), mode: .twoD)) }

    @Test func theNewestFixWinsWhileTheRateHoldsThemBack() {
        var session = GPSDSession()
        session.take(.success(Self.fix(1)))
        #expect(session.due(now: 0) == [.report(Self.fix(1))])
        for lat in 2...50 { session.take(.success(Self.fix(Double(lat)))) }
        #expect(session.due(now: 0.01).isEmpty)
        #expect(session.secondsUntilDue(now: 0.01).map { abs($0 - (1 / 30 - 0.01)) < 1e-9 } == true)
        #expect(session.due(now: 1 / 30) == [.report(Self.fix(50))])
        #expect(session.secondsUntilDue(now: 1) == nil)
    }

    @Test func aChangeToNoFixIsNeverCoalescedAway() {
        var session = GPSDSession()
        session.take(.success(Self.fix(1)))
        _ = session.due(now: 0)
        session.take(.success(Self.fix(2)))
        session.take(.success(.noFix))
        session.take(.success(.noFix))
        #expect(session.pending == [Self.fix(2), .noFix])
        session.take(.success(Self.fix(3)))
        #expect(session.pending == [.noFix, Self.fix(3)])
        #expect(session.due(now: 0.04) == [.report(.noFix)])
        #expect(session.due(now: 0.08) == [.report(Self.fix(3))])
    }

    @Test func problemsAndRejectionsComeAtMostOnceASecondTheNewestKept() {
        var session = GPSDSession()
        session.take(.failure(.tooLong))
        #expect(session.due(now: 10) == [.problem(GPSLineProblem.tooLong.description)])
        session.take(.failure(.notObject))
        session.take(.success(.rejected("position out of range: 91.0, 0.0")))
        session.take(.success(.other))
        #expect(session.due(now: 10.5).isEmpty)
        #expect(session.due(now: 11) == [.report(.rejected("position out of range: 91.0, 0.0"))])
    }

    @Test func drainingHandsOnEverythingWaiting() {
        var session = GPSDSession()
        session.take(.success(Self.fix(1)))
        session.take(.success(.noFix))
        session.take(.failure(.noClass))
        #expect(
            session.drain() == [.report(Self.fix(1)), .report(.noFix), .problem(GPSLineProblem.noClass.description)])
        #expect(session.drain().isEmpty)
    }
}
