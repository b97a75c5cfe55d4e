/// A JSON syntax error: where and what.
package struct JSONSyntaxError: Error {
    /// The 1-based line of the offending byte.
    package var line: Int
    package var message: String
}

/// A byte-level JSON parser that never recurses: nesting lives on an explicit stack, limited to
/// `maximumDepth` levels, so a 100 000-deep file is an error message rather than a stack overflow.
///
/// Lenient where that helps people see their data: `NaN`, `Infinity` and `-Infinity` parse as
/// numbers (the readers then refuse them as not finite), raw control characters inside strings are
/// kept, invalid UTF-8 in strings becomes U+FFFD (the lines are listed in `invalidUTF8Lines`).
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    var index: Int
    /// The line of `index`, 1-based.
    var line: Int
    /// Whether `coordinates` values are read as `JSONNumberArray`s when they are nested number arrays.
    let flatCoordinates: Bool
    /// Lines whose strings held invalid UTF-8, in order, each once.
    package private(set) var invalidUTF8Lines: [Int] = []

    package init(bytes: UnsafeBufferPointer<UInt8>, start: Int = 0, line: Int = 1, flatCoordinates: Bool = true) {
        self.bytes = bytes
        self.index = start
        self.line = line
        self.flatCoordinates = flatCoordinates
    }

    /// One open array or object.
    private struct Frame {
        var isObject: Bool
        var line: Int
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        var key = ""
    }

    // MARK: Values

    /// Parses one value starting at `index` (white space first is skipped) and leaves `index` after it.
    ///
    /// When `streamFeatures` is given, the elements of the array under the root object's `features`
    /// key are passed to it as they complete (with their index in the array) instead of being kept: a
    /// large FeatureCollection is never held whole, and the features before a syntax error are not lost.
    /// A feature nested too deeply is skipped to its end and passed as the failure.
    package mutating func parseValue(
        streamFeatures: ((Result<JSONValue, JSONSyntaxError>, Int) -> Void)? = nil
    ) throws(JSONSyntaxError) -> JSONValue {
        var stack: [Frame] = []
        var streamed = 0
        var skipped: JSONSyntaxError?
        while true {
            var value: JSONValue
            skipSpace()
            guard index < bytes.count else { throw error("the file ends where a value should be") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count >= Self.maximumDepth {
                    let tooDeep = error("nesting deeper than \(Self.maximumDepth) levels")
                    guard streamFeatures != nil, stack.count > 2, Self.holdsFeatures(stack) else { throw tooDeep }
                    try skipContainers(open: stack.count - 2)
                    stack.removeLast(stack.count - 2)
                    skipped = tooDeep
                    value = .null
                    break
                }
                if flatCoordinates, let top = stack.last, top.isObject, top.key == "coordinates",
                    bytes[index] == UInt8(ascii: "["), stack.count + Self.maximumFlatDepth <= Self.maximumDepth,
                    let numbers = numberArray()
                {
                    value = .numbers(numbers)
                    break
                }
                let isObject = bytes[index] == UInt8(ascii: "{")
                stack.append(Frame(isObject: isObject, line: line))
                index += 1
                skipSpace()
                if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    value = close(stack.removeLast())
                } else {
                    if isObject { stack[stack.count - 1].key = try memberKey() }
                    continue
                }
            case UInt8(ascii: "\""):
                value = .string(try string())
            default:
                value = try scalar()
            }
            // Attach the finished value to its container, closing containers that end here.
            while true {
                guard !stack.isEmpty else { return value }
                let top = stack.count - 1
                if let streamFeatures, top == 1, Self.holdsFeatures(stack) {
                    streamFeatures(skipped.map { .failure($0) } ?? .success(value), streamed)
                    skipped = nil
                    streamed += 1
                } else if stack[top].isObject {
                    if stack[top].members.isEmpty { stack[top].members.reserveCapacity(4) }
                    stack[top].members.append(JSONMember(key: stack[top].key, value: value))
                } else {
                    if stack[top].elements.isEmpty { stack[top].elements.reserveCapacity(4) }
                    stack[top].elements.append(value)
                }
                skipSpace()
                guard index < bytes.count else {
                    throw error("the file ends inside \(stack[top].isObject ? "an object" : "an array")")
                }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: ",") {
                    if stack[top].isObject { stack[top].key = try memberKey() }
                    break
                }
                guard byte == (stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    index -= 1
                    throw error(
                        "expected ',' or '\(stack[top].isObject ? "}" : "]")' but found \(describeByte())")
                }
                value = close(stack.removeLast())
            }
        }
    }

    /// True when the bottom of `stack` is the root object's `features` array.
    private static func holdsFeatures(_ stack: [Frame]) -> Bool {
        stack[0].isObject && !stack[1].isObject && stack[0].key == "features"
    }

    /// Skips from an opening bracket past the end of the `open` containers around it.
    private mutating func skipContainers(open: Int) throws(JSONSyntaxError) {
        var open = open
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                _ = try string()
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): open += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                open -= 1
                if open == 0 {
                    index += 1
                    return
                }
            case 0x0A: line += 1
            default: break
            }
            index += 1
        }
        throw error("the file ends inside a value nested deeper than \(Self.maximumDepth) levels")
    }

    private func close(_ frame: Frame) -> JSONValue {
        frame.isObject ? .object(JSONObject(members: frame.members, line: frame.line)) : .array(frame.elements)
    }

    /// Reads `"key" :` and returns the key.
    private mutating func memberKey() throws(JSONSyntaxError) -> String {
        skipSpace()
        guard index < bytes.count else { throw error("the file ends inside an object") }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a member name in quotes but found \(describeByte())")
        }
        let key = try string()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after the member name \"\(key.prefix(40))\"")
        }
        index += 1
        return key
    }

    /// true, false, null, or a number.
    private mutating func scalar() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        while index < bytes.count, Self.isScalarByte(bytes[index]) { index += 1 }
        let range = start..<index
        guard !range.isEmpty else { throw error("expected a value but found \(describeByte())") }
        switch range.count {
        case 4 where matches(range, "true"): return .bool(true)
        case 5 where matches(range, "false"): return .bool(false)
        case 4 where matches(range, "null"): return .null
        default:
            guard let number = DecimalNumber.parse(bytes, range) else {
                index = start
                throw error("expected a value but found \(describeWord(range))")
            }
            return .number(number, range)
        }
    }

    /// A number at `index` (moving past it), or nil (with `index` somewhere in it) for anything else.
    mutating func flatNumber() -> Double? {
        let start = index
        while index < bytes.count, Self.isScalarByte(bytes[index]) { index += 1 }
        return DecimalNumber.parse(bytes, start..<index)
    }

    @inline(__always)
    static func isScalarByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[range])) }
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let startLine = line
        index += 1
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            } else if byte == 0x0A {
                line += 1
            }
            index += 1
        }
        guard index < bytes.count else {
            throw JSONSyntaxError(line: startLine, message: "a string that starts here is never closed")
        }
        let end = index
        index += 1
        var invalid = false
        let text =
            escaped
            ? try unescape(start..<end, invalid: &invalid) : ByteText.string(bytes, start..<end, invalid: &invalid)
        if invalid, invalidUTF8Lines.last != startLine { invalidUTF8Lines.append(startLine) }
        return text
    }

    /// The text of a string with backslash escapes.
    private func unescape(_ range: Range<Int>, invalid: inout Bool) throws(JSONSyntaxError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let byte = bytes[position]
            position += 1
            guard byte == UInt8(ascii: "\\"), position < range.upperBound else {
                output.append(byte)
                continue
            }
            let code = bytes[position]
            position += 1
            switch code {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "u"):
                guard var unit = hex4(at: position, end: range.upperBound) else {
                    throw error("a \\u escape needs four hex digits")
                }
                position += 4
                if (0xD800..<0xDC00).contains(unit), position + 6 <= range.upperBound,
                    bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                    let low = hex4(at: position + 2, end: range.upperBound), (0xDC00..<0xE000).contains(low)
                {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    position += 6
                }
                output.append(contentsOf: String(Unicode.Scalar(unit).map(Character.init) ?? "\u{FFFD}").utf8)
            default: output.append(code)  // \" \\ \/ and, leniently, any other character
            }
        }
        return output.withUnsafeBufferPointer { ByteText.string($0, 0..<$0.count, invalid: &invalid) }
    }

    private func hex4(at position: Int, end: Int) -> UInt32? {
        guard position + 4 <= end else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[position + offset])).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: White space and messages

    /// Skips white space, counting lines.
    mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
            } else if byte != 0x20 && byte != 0x0D && byte != 0x09 {
                return
            }
            index += 1
        }
    }

    /// True when only white space is left.
    package mutating func atEnd() -> Bool {
        skipSpace()
        return index >= bytes.count
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, message: message)
    }

    /// "'x'", "byte 0x89", "the end of the file".
    func describeByte() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        guard byte < 0x21 || byte >= 0x7F else { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" : "") + hex
    }

    private func describeWord(_ range: Range<Int>) -> String {
        "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[range.prefix(20)]), as: UTF8.self) + "'"
    }
}
