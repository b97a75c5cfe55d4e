import Foundation
import GeoCore
import MapFeature
import Places
import TestSupport
import Testing

/// The runtime's producer/consumer pairs at their limit, one past it and far beyond, each under a
/// deadline so that a deadlock fails instead of hanging the suite: the search worker (one search
/// running, at most one waiting: newer ones replace it) and the inbox that finished work posts to.
@Suite struct RuntimeQueueTests {
    static let center = LatLon(lat: 37.78, lon: -122.41)

    /// The generations answered when `count` searches are submitted, the second and later ones while
    /// the first is being answered, or nil when the last was not answered within the deadline.
    static func answered(afterSubmitting count: Int) -> [Int]? {
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let runtime = MapRuntime(
            source: PlacesStubSource(),
            search: { request in
                if request.generation == 1 {
                    started.signal()
                    gate.wait()
                }
                return PlaceSearch.Answer()
            })
        let submit: @Sendable (Int) -> Void = { generation in
            _ = runtime.perform([.search(SearchRequest(generation: generation, text: "x", center: center, limit: 5))])
        }
        return Deadline.run(seconds: 60) {
            submit(1)
            started.wait()
            for generation in stride(from: 2, through: count, by: 1) { submit(generation) }
            gate.signal()
            var answered: [Int] = []
            while answered.last != count {
                for case .searchAnswered(let generation, _) in runtime.takeActions() { answered.append(generation) }
                usleep(1_000)
            }
            return answered
        }
    }

    @Test func oneSearchIsAnswered() throws {
        #expect(try #require(Self.answered(afterSubmitting: 1)) == [1])
    }

    @Test func aSearchSubmittedWhileOneRunsWaitsAndIsAnswered() throws {
        #expect(try #require(Self.answered(afterSubmitting: 2)) == [1, 2])
    }

    @Test func aMillionSearchesWhileOneRunsCostOnlyTheNewest() throws {
        let answered = try #require(Self.answered(afterSubmitting: 1_000_000), "a million searches did not end")
        #expect(answered == [1, 1_000_000])
    }

    @Test func aMillionPostsFromFourThreadsAreTakenOnceEachInOrder() throws {
        let runtime = MapRuntime(source: PlacesStubSource())
        let perThread = 250_000
        let taken = try #require(
            Deadline.run(seconds: 120) {
                for producer in 0..<4 {
                    Thread {
                        for i in 0..<perThread {
                            runtime.inbox.post(.pinDescribed(number: producer * perThread + i, label: ""))
                        }
                    }.start()
                }
                var taken: [[Int]] = [[], [], [], []]
                while taken.map(\.count).reduce(0, +) < 4 * perThread {
                    for case .pinDescribed(let number, _) in runtime.takeActions() {
                        taken[number / perThread].append(number % perThread)
                    }
                }
                return taken
            }, "a million posts were not all taken")
        for producer in 0..<4 { #expect(taken[producer] == Array(0..<perThread)) }
        #expect(runtime.takeActions().isEmpty)
    }
}
