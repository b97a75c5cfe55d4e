import Synchronization
import VectorTiles

/// A `ByteRangeReader` over bytes in memory for tests: logs every read, can hide its size (as an
/// HTTP source does before its first answer), and can be made to fail. Thread-safe.
public final class MemoryRangeReader: ByteRangeReader, Sendable {
    /// Thrown by `read` while `isFailing` is set.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String { "injected read failure" }
    }

    public let bytes: [UInt8]
    public let size: Int?
    private let state = Mutex<(reads: [Range<Int>], failing: Bool)>(([], false))

    /// A reader of `bytes` that reports their count as its size unless `hidesSize`.
    public init(_ bytes: [UInt8], hidesSize: Bool = false) {
        self.bytes = bytes
        self.size = hidesSize ? nil : bytes.count
    }

    public func read(offset: Int, length: Int) throws -> [UInt8] {
        let failing = state.withLock { state in
            state.reads.append(offset..<(offset + length))
            return state.failing
        }
        if failing { throw Failure() }
        guard offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + length)])
    }

    /// Every range asked for, in call order.
    public var readLog: [Range<Int>] { state.withLock { $0.reads } }

    /// While true, every read throws `Failure`.
    public var isFailing: Bool {
        get { state.withLock { $0.failing } }
        set { state.withLock { $0.failing = newValue } }
    }
}
