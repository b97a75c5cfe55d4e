import Foundation
import Layers

/// Reads a layer from a file descriptor (stdin for `--layer -`): lines of `lat,lon[,label]` or GeoJSON
/// features, parsed by `LayerStreamLine` as they come. A line longer than `LayerStreamLine.maximumLength`
/// is skipped without being held in memory. In a stream, a feature without an id is known by its label:
/// a tracker that sends `lat,lon,bus 12` again moves bus 12.
///
/// While the map runs (`start`), a thread of its own reads and hands what arrived to `deliver`, at most
/// `maximumBatch` features and problems at a time and at most once per `pace` seconds; it reads no more
/// until then, so a writer faster than the map waits on the pipe. When the writer closes, the last
/// delivery is `.ended`. `render` reads it to the end on the calling thread instead (`readAll`).
public final class LayerStream: Sendable {
    /// What the reader hands over.
    public enum Delivery: Sendable {
        /// Features and problems of lines read since the last delivery.
        case lines(features: [LayerFeature], problems: [LayerProblem])
        /// The writer closed (reason nil) or reading failed (the reason, for the user).
        case ended(reason: String?)
    }

    /// Most deliveries a second (each becomes one redraw).
    public static let maximumRate = 30.0
    /// Most features and problems one delivery hands over, so that reducing it stays well inside a frame
    /// (a flood is drawn at this pace, and the writer waits).
    public static let maximumBatch = 10_000

    private let fd: Int32

    public init(fd: Int32) {
        self.fd = fd
    }

    /// Starts the reading thread; `deliver` is called on it. `pace`: seconds between two deliveries.
    public func start(pace: Double = 1 / maximumRate, deliver: @escaping @Sendable (Delivery) -> Void) {
        let fd = self.fd
        // A blocking read for as long as the writer lives: a thread of its own, not a task of the pool.
        let thread = Thread {
            var paced = Pacer(interval: pace)
            let reason = Self.read(fd, batches: true) { features, problems in
                paced.wait()
                deliver(.lines(features: features, problems: problems))
            }
            deliver(.ended(reason: reason))
        }
        thread.name = "layer stream"
        thread.start()
    }

    /// Reads `fd` to its end on the calling thread (for `render --layer -`), handing `each` the lines'
    /// features and problems `maximumBatch` at a time, so memory stays within what the caller keeps.
    /// Returns why reading stopped early (nil at the end of the data).
    @discardableResult
    public static func readAll(fd: Int32, _ each: ([LayerFeature], [LayerProblem]) -> Void) -> String? {
        read(fd, batches: false, each)
    }

    /// Reads `fd` to its end, handing `each` batches of at most `maximumBatch` features and problems:
    /// full ones, and, when `batches` is true, also what was read whenever no more data is waiting.
    /// Returns why reading stopped early (nil at the end of the data).
    static func read(_ fd: Int32, batches: Bool, _ each: ([LayerFeature], [LayerProblem]) -> Void) -> String? {
        var reader = LineSplitter(limit: LayerStreamLine.maximumLength)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var features: [LayerFeature] = []
        var problems: [LayerProblem] = []
        var reason: String?
        func flush() {
            guard !features.isEmpty || !problems.isEmpty else { return }
            each(features, problems)
            features.removeAll(keepingCapacity: true)
            problems.removeAll(keepingCapacity: true)
        }
        func parse(_ line: ArraySlice<UInt8>?, _ number: Int) {
            if let line {
                switch LayerStreamLine.parse(Array(line), lineNumber: number) {
                case .success(let feature)?: features.append(feature)
                case .failure(let problem)?: problems.append(problem)
                case nil: break
                }
            } else {
                problems.append(LayerStreamLine.overlongProblem(lineNumber: number))
            }
            if features.count + problems.count >= maximumBatch { flush() }
        }
        while true {
            if batches, !isReadable(fd) { flush() }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { reason = "reading stopped: " + String(cString: strerror(errno)) }
            guard n > 0 else { break }
            reader.feed(buffer[0..<n], parse)
        }
        reader.finish(parse)
        flush()
        return reason
    }

    /// True when a read of `fd` would not wait.
    private static func isReadable(_ fd: Int32) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    /// Keeps deliveries at least `interval` seconds apart (monotonic clock).
    struct Pacer {
        var interval: Double
        var last = -Double.infinity

        /// Sleeps until `interval` seconds have passed since the previous call returned.
        mutating func wait() {
            let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
            let left = last + interval - now
            if left > 0 { usleep(useconds_t(min(left, 1) * 1e6)) }  // checked: 0 < left ≤ 1 s
            last = max(now, last + interval)
        }
    }
}
