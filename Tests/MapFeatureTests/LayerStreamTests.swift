import Foundation
import GeoCore
import Layers
import MapFeature
import Storage
import Synchronization
import TestSupport
import Testing

/// `--layer -` through a real pipe: `render` reading it to the end and the map taking it while it
/// runs, at the stream's batch size, one past it and far beyond, each under a deadline so that a
/// deadlock fails instead of hanging the suite.
@Suite struct LayerStreamTests {
    /// The read end of a pipe a thread of its own fills with `count` lines `lat,lon,p<i>` (i from 1;
    /// unlabelled `lat,lon` when `labelled` is false; every `problemEvery`th line is not a feature)
    /// and then closes.
    static func filledPipe(lines count: Int, labelled: Bool = true, problemEvery: Int = 0) -> Int32 {
        // A writer whose reader is gone (a test that failed) gets EPIPE, not a signal ending the suite.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        _ = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        let writeEnd = ends[1]
        let thread = Thread {
            var chunk: [UInt8] = []
            for i in 1...count {
                let bad = problemEvery > 0 && i % problemEvery == 0
                let lat = 37 + Double(i % 1000) / 1000, lon = -122 + Double(i) / Double(count)
                let line = bad ? "not a point \(i)\n" : labelled ? "\(lat),\(lon),p\(i)\n" : "\(lat),\(lon)\n"
                chunk += line.utf8
                if chunk.count >= 1 << 16 || i == count {
                    Self.writeAll(chunk, to: writeEnd)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            close(writeEnd)
        }
        thread.start()
        return ends[0]
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            done += n
        }
    }

    /// A map with the stream layer 1 of at most `capacity` features.
    static func state(capacity: Int = 1_000_000) -> MapState {
        var state = MapState(
            camera: Camera(center: LatLon(lat: 37.5, lon: -121.5), zoom: 8), screen: Viewport(cols: 80, rows: 24))
        var content = LayerContent(streamIdentity: 1, trail: 0)
        content.capacity = capacity
        state.layers.add(name: "stdin", content: content, isStream: true)
        return state
    }

    /// `render`'s reading of `lines` lines into a layer of `capacity`: the state after it, or nil when
    /// it had not finished after `seconds`.
    static func render(lines: Int, capacity: Int = 1_000_000, problemEvery: Int = 0, seconds: Double = 60)
        -> MapState?
    {
        let fd = filledPipe(lines: lines, problemEvery: problemEvery)
        let state = Deadline.run(seconds: seconds) {
            var state = Self.state(capacity: capacity)
            LayerStream.readAll(fd: fd) { features, problems in
                _ = MapReducer.reduce(&state, .layers(.streamed(layer: 1, features: features, problems: problems)))
            }
            return state
        }
        // A reader still stuck keeps its descriptor, so that no later pipe gets its number.
        if state != nil { close(fd) }
        return state
    }

    /// The labels the layer shows, as the numbers of their lines, sorted.
    static func lineNumbers(_ state: MapState) -> [Int] {
        state.layers.layers[0].content.features.compactMap { $0?.name.flatMap { Int($0.dropFirst()) } }.sorted()
    }

    @Test(arguments: [LayerStream.maximumBatch, LayerStream.maximumBatch + 1, LayerStream.maximumBatch * 5 + 10_000])
    func renderReadsEveryLinePastTheQueueLimit(lines: Int) throws {
        let state = try #require(Self.render(lines: lines), "render's reading of \(lines) lines did not end")
        #expect(state.layers.layers[0].content.count == lines)
        #expect(Self.lineNumbers(state) == Array(1...lines))
    }

    @Test func renderKeepsTheNewestFeaturesOfFarMoreLinesThanItsCapAndCountsTheBadOnes() throws {
        // Ten times the cap, twenty batches (the e2e suite reads 1.2 million lines).
        let lines = 200_000, capacity = 20_000
        let state = try #require(
            Self.render(lines: lines, capacity: capacity, problemEvery: 1000, seconds: 120),
            "render's reading of 200 000 lines did not end")
        let layer = state.layers.layers[0]
        #expect(layer.problemCount == lines / 1000)
        #expect(layer.content.count == capacity && layer.content.points.count == capacity)
        // The last `capacity` good lines of the million.
        let kept = Array((1...lines).filter { $0 % 1000 != 0 }.suffix(capacity))
        #expect(Self.lineNumbers(state) == kept)
    }

    /// What the map took of `lines` lines while they were read on the stream's thread (no pause
    /// between deliveries), or nil when the end had not come after `seconds`.
    static func live(lines: Int, problemEvery: Int = 0, seconds: Double = 120)
        -> (features: Int, problems: Int, largest: Int, ends: Int)?
    {
        let fd = filledPipe(lines: lines, labelled: false, problemEvery: problemEvery)
        let taken = Mutex((features: 0, problems: 0, largest: 0, ends: 0))
        let ended = DispatchSemaphore(value: 0)
        LayerStream(fd: fd).start(pace: 0) { delivery in
            switch delivery {
            case .lines(let features, let problems):
                taken.withLock {
                    $0.features += features.count
                    $0.problems += problems.count
                    $0.largest = max($0.largest, features.count + problems.count)
                }
            case .ended:
                taken.withLock { $0.ends += 1 }
                ended.signal()
            }
        }
        guard ended.wait(timeout: .now() + seconds) == .success else { return nil }
        close(fd)
        return taken.withLock { $0 }
    }

    @Test(arguments: [LayerStream.maximumBatch, LayerStream.maximumBatch + 1, 1_000_000])
    func theMapTakesEveryLineInBoundedBatches(lines: Int) throws {
        let taken = try #require(Self.live(lines: lines), "the stream of \(lines) lines did not end")
        #expect(taken.features == lines && taken.ends == 1)
        #expect(taken.largest <= LayerStream.maximumBatch)
    }

    @Test func aStreamOfBadLinesIsTakenInBoundedBatchesToo() throws {
        let lines = LayerStream.maximumBatch * 15
        let taken = try #require(Self.live(lines: lines, problemEvery: 1), "the stream of bad lines did not end")
        #expect(taken.features == 0 && taken.problems == lines && taken.ends == 1)
        #expect(taken.largest <= LayerStream.maximumBatch)
    }
}
