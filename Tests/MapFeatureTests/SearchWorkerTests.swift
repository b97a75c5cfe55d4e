import Foundation
import GeoCore
import MapFeature
import Places
import TestSupport
import Testing

/// The runtime's search: answers come back as actions, a burst of queries costs at most two searches
/// (the one running and the newest), and a search that throws says why.
@Suite struct SearchWorkerTests {
    final class Recorder: @unchecked Sendable {
        let lock = NSLock()
        var asked: [String] = []
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
    }

    func request(_ generation: Int, _ text: String) -> SearchRequest {
        SearchRequest(generation: generation, text: text, center: LatLon(lat: 0, lon: 0), limit: 5)
    }

    @Test func aBurstOfQueriesRunsTheFirstAndTheNewestOnly() {
        let recorder = Recorder()
        let runtime = MapRuntime(
            source: PlacesStubSource(),
            search: { request in
                recorder.lock.withLock { recorder.asked.append(request.text) }
                if request.generation == 1 {  // the first one is slow
                    recorder.started.signal()
                    recorder.gate.wait()
                }
                return PlaceSearch.Answer(problem: "answer to \(request.text)")
            }, clock: ManualClock())
        _ = runtime.perform([.search(request(1, "p"))])
        recorder.started.wait()
        for (i, text) in ["pa", "par", "pari", "paris"].enumerated() {
            _ = runtime.perform([.search(request(i + 2, text))])
        }
        recorder.gate.signal()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await runtime.waitForAll()
            done.signal()
        }
        done.wait()
        #expect(recorder.asked == ["p", "paris"])
        let answered = runtime.takeActions().compactMap { action -> Int? in
            if case .searchAnswered(let generation, _) = action { return generation } else { return nil }
        }
        #expect(answered == [1, 5])
    }

    @Test func aFailingSearchAnswersWithItsReason() async {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
        let runtime = MapRuntime(source: PlacesStubSource(), search: { _ in throw Broken() }, clock: ManualClock())
        _ = runtime.perform([.search(request(3, "x"))])
        await runtime.waitForAll()
        guard case .searchAnswered(3, let answer) = runtime.takeActions().first else {
            Issue.record("no answer")
            return
        }
        #expect(answer.problem == "search failed: disk I/O error")
    }

    @Test func withoutASearchTheAnswerSaysSo() {
        let runtime = MapRuntime(source: PlacesStubSource(), clock: ManualClock())
        _ = runtime.perform([.search(request(1, "x"))])
        guard case .searchAnswered(1, let answer) = runtime.takeActions().first else {
            Issue.record("no answer")
            return
        }
        #expect(answer.problem == "search is not available")
    }
}
