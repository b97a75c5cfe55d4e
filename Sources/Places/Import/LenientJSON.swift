import Foundation
import Layers

/// Text read without caring about its form: APIs, CSV exports and hand-edited files send numbers as
/// strings, booleans as 0/1 or "t".
enum LenientText {
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

    /// True for "true", "t", "yes", "y", "1" and false for "false", "f", "no", "n", "0", "" (any case,
    /// spaces around ignored); nil for anything else.
    static func bool(from text: String) -> Bool? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "t", "yes", "y", "1": return true
        case "false", "f", "no", "n", "0", "": return false
        default: return nil
        }
    }
}

/// A JSON scalar read without caring about its type (restroom records): numbers may come as strings,
/// booleans as 0/1 or "t", and null (or an array or object) where a value was expected.
extension JSONValue {
    /// Text as written: strings as they are, numbers in their shortest form, booleans as true/false.
    var lenientText: String? {
        switch self {
        case .string(let value): return value
        case .number(let value, _):
            // checked: a whole number below 1e15
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null, .array, .numbers, .object: return nil
        }
    }

    /// A finite number: JSON numbers, or strings that `LenientText.number(from:)` accepts.
    var lenientNumber: Double? {
        switch self {
        case .number(let value, _): return value.isFinite ? value : nil
        case .string(let value): return LenientText.number(from: value)
        case .bool, .null, .array, .numbers, .object: return nil
        }
    }

    /// An integer: whole numbers, or strings of digits with an optional sign.
    var lenientInteger: Int? {
        switch self {
        case .number(let value, _):
            // checked: a whole number below 9e15
            return value == value.rounded() && abs(value) < 9e15 ? Int(value) : nil
        case .string(let value): return Int(value.trimmingCharacters(in: .whitespaces))
        case .bool, .null, .array, .numbers, .object: return nil
        }
    }

    /// A boolean: true/false, 1/0, and the strings `LenientText.bool(from:)` accepts.
    var lenientBool: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value, _): return value == 1 ? true : value == 0 ? false : nil
        case .string(let value): return LenientText.bool(from: value)
        case .null, .array, .numbers, .object: return nil
        }
    }
}
