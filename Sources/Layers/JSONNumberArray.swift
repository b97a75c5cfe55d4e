/// Nested JSON arrays of numbers (GeoJSON `coordinates`) checked once and kept as their text's place
/// and the length of every inner array (4 bytes an array): a line of two million positions costs no
/// parsed value per number and no allocation per position; its numbers are read from the text again
/// as the decoder walks it. Every leaf lies at the same depth and no array is empty (the parser reads
/// anything else as ordinary values).
package struct JSONNumberArray {
    /// For each nesting level below the outermost (index 0 is level 1), the element counts of its
    /// arrays in the order written.
    var counts: [ContiguousArray<Int32>]
    /// How many numbers the arrays hold.
    var numberCount: Int
    /// Where the text of the outermost array lies in the parsed buffer.
    var range: Range<Int>
    /// The line of the opening bracket, 1-based.
    var line: Int

    /// Levels of arrays: 1 for `[1, 2]`, 2 for `[[1, 2], [3, 4]]`.
    var depth: Int { counts.count + 1 }

    /// Compact JSON text of the array as written in `source` (white space left out).
    func text(source: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: source[range].lazy.filter { !ByteText.isSpace($0) }, as: UTF8.self)
    }

    /// Reads the arrays in order, level by level, the numbers from the text in `source`.
    struct Cursor {
        let numbers: JSONNumberArray
        let source: UnsafeBufferPointer<UInt8>
        private var offset: Int
        private var nextCount: [Int]

        init(_ numbers: JSONNumberArray, source: UnsafeBufferPointer<UInt8>) {
            self.numbers = numbers
            self.source = source
            offset = numbers.range.lowerBound
            nextCount = Array(repeating: 0, count: numbers.counts.count)
        }

        /// The element count of the next array at `level` (0 is the outermost, read once).
        mutating func count(level: Int) -> Int {
            guard level > 0 else { return numbers.depth == 1 ? numbers.numberCount : numbers.counts[0].count }
            defer { nextCount[level - 1] += 1 }
            return Int(numbers.counts[level - 1][nextCount[level - 1]])
        }

        /// The next innermost array: how many numbers it holds and its first two (NaN when missing).
        mutating func leaf() -> (count: Int, first: Double, second: Double) {
            let count = count(level: numbers.depth - 1)
            var first = Double.nan, second = Double.nan
            for i in 0..<count {
                let value = nextNumber()
                if i == 0 { first = value } else if i == 1 { second = value }
            }
            return (count, first, second)
        }

        /// The next number of the text (checked when parsed, so never missing).
        private mutating func nextNumber() -> Double {
            while offset < numbers.range.upperBound, !JSONParser.isScalarByte(source[offset]) { offset += 1 }
            let start = offset
            while offset < numbers.range.upperBound, JSONParser.isScalarByte(source[offset]) { offset += 1 }
            return DecimalNumber.parse(source, start..<offset) ?? .nan
        }
    }
}

extension JSONParser {
    /// The deepest number arrays read flat (a MultiPolygon's coordinates).
    static let maximumFlatDepth = 4

    /// Reads the nested number arrays starting at the `[` at `index`; nil (with `index` and `line`
    /// where they were) when the value is anything else: a string, an empty array, leaves at
    /// different depths, more than `maximumFlatDepth` levels, a syntax error.
    mutating func numberArray() -> JSONNumberArray? {
        let start = index, startLine = line
        var numberCount = 0
        var counts: [ContiguousArray<Int32>] = []
        var open: [Int32] = []
        var leafDepth: Int?
        func fail() -> JSONNumberArray? {
            index = start
            line = startLine
            return nil
        }
        while true {
            skipSpace()
            guard index < bytes.count else { return fail() }
            if bytes[index] == UInt8(ascii: "[") {
                open.append(0)
                if open.count > Self.maximumFlatDepth || open.count > (leafDepth ?? .max) { return fail() }
                if open.count > counts.count + 1 { counts.append([]) }
                index += 1
                continue
            }
            guard open.count == (leafDepth ?? open.count), flatNumber() != nil else { return fail() }
            leafDepth = open.count
            numberCount += 1
            // After an element: a comma, or brackets closing arrays (each an element of the one around).
            while true {
                open[open.count - 1] += 1
                skipSpace()
                guard index < bytes.count else { return fail() }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    break
                }
                guard bytes[index] == UInt8(ascii: "]") else { return fail() }
                index += 1
                let count = open.removeLast()
                guard !open.isEmpty else {
                    return JSONNumberArray(
                        counts: counts, numberCount: numberCount, range: start..<index, line: startLine)
                }
                counts[open.count - 1].append(count)
            }
        }
    }
}
