/// An array kept in chunks of 4 096 elements, each its own copy-on-write buffer: changing one element
/// of a copy copies only its chunk (and the list of chunks), not the whole array. A layer a stream
/// keeps growing is changed 30 times a second while the map still holds the state before each change.
public struct ChunkedArray<Element>: RandomAccessCollection, Sendable where Element: Sendable {
    static var shift: Int { 12 }
    static var chunkSize: Int { 1 << shift }

    private var chunks: [[Element]] = []
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public init(repeating value: Element, count: Int) {
        self.init()
        append(repeating: value, count: count)
    }

    public subscript(index: Int) -> Element {
        @inline(__always) get { chunks[index >> Self.shift][index & (Self.chunkSize - 1)] }
        @inline(__always) set { chunks[index >> Self.shift][index & (Self.chunkSize - 1)] = newValue }
    }

    /// The elements in their chunks, in order: a loop over these runs at the speed of plain arrays in
    /// any module (the subscript is generic across modules).
    public var chunkArrays: [[Element]] { chunks }

    public mutating func append(_ value: Element) {
        if count & (Self.chunkSize - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(value)
        count += 1
    }

    public mutating func append(repeating value: Element, count n: Int) {
        for _ in 0..<n { append(value) }
    }
}

extension ChunkedArray: Equatable where Element: Equatable {
    /// Equal when they hold the same elements; chunks still shared by two copies compare at once.
    public static func == (lhs: ChunkedArray, rhs: ChunkedArray) -> Bool {
        lhs.count == rhs.count && lhs.chunks == rhs.chunks
    }
}
