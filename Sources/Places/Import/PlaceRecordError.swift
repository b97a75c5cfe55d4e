import TextSafety

/// Why one record (an API object, a CSV row) could not become a `Place`. The description is the part
/// after "line 17: " in import reports, for example "latitude 123.4 out of range".
public enum PlaceRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A required field is missing or empty ("latitude", "id").
    case missing(field: String)
    /// A field that must be a number is something else; `text` is what was there.
    case notANumber(field: String, text: String)
    /// A latitude outside -90...90 or a longitude outside -180...180.
    case outOfRange(field: String, value: Double)
    /// Both coordinates are exactly 0: the record was never geocoded (Safe2Pee data has such rows).
    case notGeocoded
    /// A JSON record that is not an object.
    case notAnObject

    public var description: String {
        switch self {
        case .missing(let field): return "\(field) is missing"
        case .notANumber(let field, let text):
            return "\(field) \"\(TextSanitizer.clean(text, maxLength: 40))\" is not a number"
        case .outOfRange(let field, let value): return "\(field) \(Self.format(value)) out of range"
        case .notGeocoded: return "coordinates 0, 0 (not geocoded)"
        case .notAnObject: return "not a restroom object"
        }
    }

    /// "123.4", "-200" (no ".0" on whole numbers).
    private static func format(_ value: Double) -> String {
        // checked: a whole number below 1e15
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
