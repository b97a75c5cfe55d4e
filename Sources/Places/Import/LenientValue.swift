import Foundation

/// A JSON scalar decoded without caring about its type: APIs and hand-edited files send numbers as
/// strings, booleans as 0/1 or "t", and null where a value was expected.
enum LenientValue: Decodable, Sendable, Hashable {
    case bool(Bool)
    case number(Double)
    case text(String)
    case null
    /// An array or object where a scalar was expected.
    case other

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Double.self) {
            self = .number(value)
        } else if let value = try? c.decode(String.self) {
            self = .text(value)
        } else {
            self = .other
        }
    }

    /// Text as written: strings as they are, numbers in their shortest form, booleans as true/false.
    var text: String? {
        switch self {
        case .text(let value): return value
        case .number(let value):
            // checked: a whole number below 1e15
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null, .other: return nil
        }
    }

    /// A finite number: JSON numbers, or strings that `LenientValue.number(from:)` accepts.
    var number: Double? {
        switch self {
        case .number(let value): return value.isFinite ? value : nil
        case .text(let value): return LenientValue.number(from: value)
        case .bool, .null, .other: return nil
        }
    }

    /// An integer: whole numbers, or strings of digits with an optional sign.
    var integer: Int? {
        switch self {
        case .number(let value):
            // checked: a whole number below 9e15
            return value == value.rounded() && abs(value) < 9e15 ? Int(value) : nil
        case .text(let value): return Int(value.trimmingCharacters(in: .whitespaces))
        case .bool, .null, .other: return nil
        }
    }

    /// A boolean: true/false, 1/0, and the strings "true", "t", "yes", "y", "1" (any case) for true and
    /// "false", "f", "no", "n", "0", "" for false; nil for anything else.
    var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value == 1 ? true : value == 0 ? false : nil
        case .text(let value): return LenientValue.bool(from: value)
        case .null, .other: return nil
        }
    }

    /// Parses a plain decimal number ("30.26", "-97.7", "1e-3", " 4 "), rejecting what `Double(_:)` would
    /// also accept but is not data: "nan", "inf", hexadecimal floats. Nil for non-finite or empty text.
    static func number(from text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty,
            trimmed.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }),
            let value = Double(trimmed), value.isFinite
        else { return nil }
        return value
    }

    /// See `bool`.
    static func bool(from text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "t", "yes", "y", "1": return true
        case "false", "f", "no", "n", "0", "": return false
        default: return nil
        }
    }
}

extension KeyedDecodingContainer {
    /// The value under `key`, `.null` when the key is missing.
    func lenient(_ key: Key) -> LenientValue {
        (try? decodeIfPresent(LenientValue.self, forKey: key)) ?? .null
    }
}
