/// Cuts bytes into lines (LF or CRLF), each at most `limit` bytes kept; the rest of a longer line is
/// dropped as it arrives and the line is reported as nil. Lines are numbered from 1. What `--layer -`
/// reads from stdin goes through one of these.
public struct LineSplitter: Sendable {
    public let limit: Int
    private var pending: [UInt8] = []
    private var overlong = false
    private var number = 0

    public init(limit: Int) { self.limit = limit }

    public mutating func feed(_ bytes: ArraySlice<UInt8>, _ line: (ArraySlice<UInt8>?, Int) -> Void) {
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            append(bytes[start..<newline])
            emit(line)
            start = newline + 1
        }
        append(bytes[start...])
    }

    /// The last line, when the bytes did not end with a newline.
    public mutating func finish(_ line: (ArraySlice<UInt8>?, Int) -> Void) {
        if !pending.isEmpty || overlong { emit(line) }
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        guard !overlong else { return }
        if pending.count + bytes.count > limit {
            overlong = true
            pending.removeAll()
        } else {
            pending += bytes
        }
    }

    private mutating func emit(_ line: (ArraySlice<UInt8>?, Int) -> Void) {
        number += 1
        if overlong {
            line(nil, number)
        } else {
            if pending.last == 0x0D { pending.removeLast() }
            line(pending[...], number)
        }
        pending.removeAll(keepingCapacity: true)
        overlong = false
    }
}
