import Foundation
import Layers
import MapFeature

/// Reads a layer from a file descriptor (stdin for `--layer -`) on a thread of its own while the map
/// runs: lines of `lat,lon[,label]` or GeoJSON features, parsed by `LayerStreamLine` as they come. The
/// run loop takes what arrived (up to `maximumBatch` features) at most `maximumRate` times a second
/// (`take`), one action per frame. A line longer than `LayerStreamLine.maximumLength` is skipped
/// without being held in memory. When the
/// writer closes, the stream ends and the map keeps what it sent. In a stream, a feature without an id
/// is known by its label: a tracker that sends `lat,lon,bus 12` again moves bus 12.
final class LayerStream: @unchecked Sendable {
    /// Most deliveries a second (each becomes one redraw).
    static let maximumRate = 30.0
    /// Features queued before the reader waits for the map to take them.
    static let queueLimit = 50_000
    /// Most features one delivery hands over, so that reducing it stays well inside a frame (a flood
    /// is drawn at this pace, and the reader waits for the map).
    static let maximumBatch = 10_000

    let layer: Int
    private let fd: Int32
    private let lock = NSLock()
    // Guarded by `lock`.
    private var features: [LayerFeature] = []
    private var problems: [LayerProblem] = []
    private var ended = false
    private var endReason: String?
    private var endDelivered = false
    private var lastDelivery = -Double.infinity

    init(fd: Int32 = STDIN_FILENO, layer: Int) {
        self.fd = fd
        self.layer = layer
    }

    /// Reads the whole stream on this thread (for `render`); `take` then gives all of it.
    func readToEnd() { readAll() }

    /// Starts the reading thread.
    func start() {
        let thread = Thread { [self] in readAll() }
        thread.name = "layer stream"
        thread.start()
    }

    /// True until the end of the stream has been taken.
    var isOpen: Bool { lock.withLock { !endDelivered } }

    /// What arrived since the last call, if anything and if the last delivery is at least
    /// 1/`maximumRate` s ago (`now` in seconds, monotonic); then the end, once.
    func take(now: Double) -> LayerAction? {
        lock.withLock {
            guard now - lastDelivery >= 1 / Self.maximumRate else { return nil }
            if !features.isEmpty || !problems.isEmpty {
                let batch: [LayerFeature]
                if features.count <= Self.maximumBatch {
                    batch = features
                    features = []
                } else {
                    batch = Array(features.prefix(Self.maximumBatch))
                    features.removeFirst(batch.count)
                }
                let taken = problems
                problems = []
                lastDelivery = now
                return .streamed(layer: layer, features: batch, problems: taken)
            }
            guard ended, !endDelivered else { return nil }
            endDelivered = true
            return .streamEnded(layer: layer, reason: endReason)
        }
    }

    // MARK: Reading (the stream's thread)

    private func readAll() {
        var reader = LineSplitter(limit: LayerStreamLine.maximumLength)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var reason: String?
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { reason = "reading stopped: " + String(cString: strerror(errno)) }
            guard n > 0 else { break }
            reader.feed(buffer[0..<n]) { line, number in deliver(line, number) }
        }
        reader.finish { line, number in deliver(line, number) }
        lock.withLock {
            ended = true
            endReason = reason
        }
    }

    /// Parses one line (nil bytes: it was too long) and queues the result, waiting while the queue is full.
    private func deliver(_ line: ArraySlice<UInt8>?, _ number: Int) {
        let result: Result<LayerFeature, LayerProblem>?
        if let line {
            result = LayerStreamLine.parse(Array(line), lineNumber: number)
        } else {
            result = .failure(LayerStreamLine.overlongProblem(lineNumber: number))
        }
        guard let result else { return }
        while lock.withLock({ features.count >= Self.queueLimit }) { usleep(2_000) }
        lock.withLock {
            switch result {
            case .success(let feature):
                features.append(feature)
            case .failure(let problem):
                problems.append(problem)
            }
        }
    }
}

extension LayerStream {
    /// The stream of `--layer -` into layer `layer`; stdin must carry data, not be the terminal.
    static func forStdin(layer: Int) throws -> LayerStream {
        guard isatty(STDIN_FILENO) == 0 else {
            throw UsageError("--layer - reads features from stdin: pipe them in (… | mapterm --layer -)")
        }
        return LayerStream(layer: layer)
    }
}

extension LayerStream {
    /// Reads stdin to its end into the stream layer `id` of `state` (for `render --layer -`); the end
    /// itself is not news in a single frame.
    static func readAll(into id: Int, _ state: inout MapState) {
        let stream = LayerStream(layer: id)
        stream.readToEnd()
        // A clock that always lets the next delivery through.
        var now = 0.0
        while let action = stream.take(now: now) {
            now += 1
            if case .streamEnded = action { continue }
            _ = MapReducer.reduce(&state, .layers(action))
        }
    }
}
