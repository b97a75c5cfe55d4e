import Foundation
import Layers

/// Reads a layer from a file descriptor (stdin for `--layer -`): lines of `lat,lon[,label]` or GeoJSON
/// features, parsed by `LayerStreamLine` as they come. A line longer than `LayerStreamLine.maximumLength`
/// is skipped without being held in memory. In a stream, a feature without an id is known by its label:
/// a tracker that sends `lat,lon,bus 12` again moves bus 12.
///
/// While the map runs (`start`), a thread of its own reads into a queue of at most `queueLimit` features
/// and problems, waiting while it is full; the run loop takes what arrived (up to `maximumBatch`) at
/// most `maximumRate` times a second (`take`), one action per frame. When the writer closes, the
/// stream ends and the map keeps what it sent. `render` reads it to the end on its own thread instead
/// (`readAll`), with no queue in between.
public final class LayerStream: @unchecked Sendable {
    /// Most deliveries a second (each becomes one redraw).
    public static let maximumRate = 30.0
    /// Features and problems queued before the reader waits for the map to take them.
    public static let queueLimit = 50_000
    /// Most features and problems one delivery hands over, so that reducing it stays well inside a frame
    /// (a flood is drawn at this pace, and the reader waits for the map).
    public static let maximumBatch = 10_000

    public let layer: Int
    private let fd: Int32
    /// Guards the queue; the reader waits on it while the queue is full, `take` wakes it.
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var features: [LayerFeature] = []
    private var problems: [LayerProblem] = []
    private var ended = false
    private var endReason: String?
    private var endDelivered = false
    private var lastDelivery = -Double.infinity

    public init(fd: Int32, layer: Int) {
        self.fd = fd
        self.layer = layer
    }

    /// Starts the reading thread.
    public func start() {
        let thread = Thread { [self] in
            let reason = Self.read(fd) { enqueue($0) }
            condition.withLock {
                ended = true
                endReason = reason
            }
        }
        thread.name = "layer stream"
        thread.start()
    }

    /// True until the end of the stream has been taken.
    public var isOpen: Bool { condition.withLock { !endDelivered } }

    /// What arrived since the last call (at most `maximumBatch` features and problems), if anything and
    /// if the last delivery is at least 1/`maximumRate` s ago (`now` in seconds, monotonic); then the
    /// end, once.
    public func take(now: Double) -> LayerAction? {
        condition.withLock {
            guard now - lastDelivery >= 1 / Self.maximumRate else { return nil }
            if !features.isEmpty || !problems.isEmpty {
                let taken = Self.batch(from: &features, &problems)
                lastDelivery = now
                condition.broadcast()
                return .streamed(layer: layer, features: taken.features, problems: taken.problems)
            }
            guard ended, !endDelivered else { return nil }
            endDelivered = true
            return .streamEnded(layer: layer, reason: endReason)
        }
    }

    /// Queues one line's feature or problem, waiting while the queue is full (the reading thread).
    private func enqueue(_ result: Result<LayerFeature, LayerProblem>) {
        condition.withLock {
            while features.count + problems.count >= Self.queueLimit { condition.wait() }
            switch result {
            case .success(let feature): features.append(feature)
            case .failure(let problem): problems.append(problem)
            }
        }
    }

    /// Takes the first `maximumBatch` of the queued features and problems (the problems first), all of
    /// them when there are no more.
    private static func batch(from features: inout [LayerFeature], _ problems: inout [LayerProblem])
        -> (features: [LayerFeature], problems: [LayerProblem])
    {
        let takenProblems = Array(problems.prefix(maximumBatch))
        problems.removeFirst(takenProblems.count)
        let room = maximumBatch - takenProblems.count
        guard features.count > room else {
            defer { features = [] }
            return (features, takenProblems)
        }
        let takenFeatures = Array(features.prefix(room))
        features.removeFirst(room)
        return (takenFeatures, takenProblems)
    }
}

extension LayerStream {
    /// Reads `fd` to its end on the calling thread into the stream layer `id` of `state` (for `render
    /// --layer -`), reducing every `maximumBatch` lines as they are read: memory stays within the layer's
    /// capacity (past it the oldest features go; a feature sent again moves). The end itself is not
    /// news in a single frame.
    public static func readAll(fd: Int32, into id: Int, _ state: inout MapState) {
        var features: [LayerFeature] = []
        var problems: [LayerProblem] = []
        func deliver() {
            _ = MapReducer.reduce(&state, .layers(.streamed(layer: id, features: features, problems: problems)))
            features.removeAll(keepingCapacity: true)
            problems.removeAll(keepingCapacity: true)
        }
        _ = read(fd) { result in
            switch result {
            case .success(let feature): features.append(feature)
            case .failure(let problem): problems.append(problem)
            }
            if features.count + problems.count >= maximumBatch { deliver() }
        }
        if !features.isEmpty || !problems.isEmpty { deliver() }
    }

    /// Reads `fd` to its end, handing `each` the feature or the problem of every line that is not
    /// blank; returns why reading stopped early (nil at the end of the data).
    static func read(_ fd: Int32, _ each: (Result<LayerFeature, LayerProblem>) -> Void) -> String? {
        var reader = LineSplitter(limit: LayerStreamLine.maximumLength)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var reason: String?
        func parse(_ line: ArraySlice<UInt8>?, _ number: Int) {
            guard let line else { return each(.failure(LayerStreamLine.overlongProblem(lineNumber: number))) }
            if let result = LayerStreamLine.parse(Array(line), lineNumber: number) { each(result) }
        }
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { reason = "reading stopped: " + String(cString: strerror(errno)) }
            guard n > 0 else { break }
            reader.feed(buffer[0..<n], parse)
        }
        reader.finish(parse)
        return reason
    }
}
