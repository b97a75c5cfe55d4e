/// A parsed JSON value (the one JSON value type of the program: layers, and pins in Storage). Numbers
/// keep where they were written so that properties can show them as written; objects keep their line
/// for messages.
package enum JSONValue {
    case null
    case bool(Bool)
    /// The value and the byte range of its text in the parsed buffer.
    case number(Double, Range<Int>)
    case string(String)
    case array([JSONValue])
    /// Nested arrays of numbers read flat (GeoJSON `coordinates`).
    case numbers(JSONNumberArray)
    case object(JSONObject)

    /// The name of the value's JSON type, for messages: "a string", "an array", ….
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array, .numbers: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object: its members in order (later duplicates win on lookup) and the line of its `{`.
package struct JSONObject {
    package var members: [JSONMember]
    package var line: Int

    package subscript(key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }
}

/// One member of a JSON object.
package struct JSONMember {
    package var key: String
    package var value: JSONValue
}

extension JSONValue {
    /// Compact JSON text of the value, numbers as written in `source` (nesting is bounded by
    /// `JSONParser.maximumDepth`, so the recursion is too).
    func text(source: UnsafeBufferPointer<UInt8>) -> String {
        var output = ""
        write(to: &output, source: source)
        return output
    }

    private func write(to output: inout String, source: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(_, let range):
            output += String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        case .string(let value): JSONValue.quote(value, to: &output)
        case .numbers(let numbers): output += numbers.text(source: source)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output, source: source)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.quote(member.key, to: &output)
                output += ":"
                member.value.write(to: &output, source: source)
            }
            output += "}"
        }
    }

    private static func quote(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            default:
                if scalar.value < 0x20 {
                    output +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSONValue {
    /// The value that is the whole of `bytes` (a UTF-8 byte order mark first is skipped), read as
    /// strictly as `JSONDecoder` reads: nil unless only white space follows the value, every string is
    /// valid UTF-8 and every number finite (`1e400` and `NaN` are not JSON). Arrays of numbers stay
    /// arrays. For files and responses read whole (pins, restroom records).
    package static func strict(_ bytes: [UInt8]) -> JSONValue? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, start: ByteText.bodyStart(buffer), flatCoordinates: false)
            guard let value = try? parser.parseValue(), parser.atEnd(), parser.invalidUTF8Lines.isEmpty,
                value.numbersAreFinite
            else { return nil }
            return value
        }
    }

    /// The member `key` of an object; nil for a missing member or a value that is not an object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The number, or nil for any other kind of value.
    package var number: Double? {
        if case .number(let value, _) = self { return value }
        return nil
    }

    /// The string, or nil for any other kind of value.
    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, or nil for any other kind of value.
    package var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// True for JSON `null`.
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// False when a number in the value is not finite (nesting is bounded by `JSONParser.maximumDepth`).
    private var numbersAreFinite: Bool {
        switch self {
        case .number(let value, _): return value.isFinite
        case .array(let elements): return elements.allSatisfy(\.numbersAreFinite)
        case .object(let object): return object.members.allSatisfy(\.value.numbersAreFinite)
        case .null, .bool, .string, .numbers: return true
        }
    }
}
