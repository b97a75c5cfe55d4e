import Foundation
import GeoCore

/// A coordinate typed into the search line, in the forms people copy from elsewhere:
///
/// - decimal degrees, latitude first, separated by a comma or spaces: `37.77,-122.42`, `37.77 -122.42`;
/// - a `geo:` URI (RFC 5870): `geo:37.77,-122.42` (an altitude and `;` parameters are ignored);
/// - degrees, minutes and seconds with hemispheres after or before: `37°46'N 122°25'W`,
///   `37°46'30"N 122°25'10"W`, `N 37 46.2 W 122 25.2`, `37.5N 122.4W`.
///
/// Latitude must lie in -90...90 and longitude in -180...180 (both ends included: the poles and the
/// antimeridian are valid); minutes and seconds in 0..<60.
public enum CoordinateQuery: Hashable, Sendable {
    /// A valid coordinate.
    case coordinate(LatLon)
    /// Looked like a coordinate but is not one on Earth: one sentence saying why.
    case outOfRange(String)

    /// The coordinate `text` spells, or nil when the text is not in any of the coordinate forms.
    public static func parse(_ text: String) -> CoordinateQuery? {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.lowercased().hasPrefix("geo:") {
            body = body.dropFirst(4)
            if let semicolon = body.firstIndex(of: ";") { body = body[..<semicolon] }
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3 else { return nil }
            body = parts[0] + "," + parts[1]
        }
        guard let tokens = tokenize(body) else { return nil }
        guard let (lat, lon) = groups(tokens) else { return nil }
        return check(lat: lat, lon: lon)
    }

    // MARK: Tokens

    private enum Token: Equatable {
        case number(Double)
        case hemisphere(Character)
        case comma
    }

    /// Numbers, hemisphere letters and commas; nil when anything else is in the text.
    private static func tokenize(_ text: Substring) -> [Token]? {
        var tokens: [Token] = []
        var number = ""
        func endNumber() -> Bool {
            defer { number = "" }
            guard !number.isEmpty else { return true }
            guard let value = Double(number), value.isFinite else { return false }
            tokens.append(.number(value))
            return true
        }
        for character in text {
            if character.isASCII,
                character.isNumber || character == "." || (character == "-" && number.isEmpty)
                    || (character == "+" && number.isEmpty)
            {
                number.append(character)
                continue
            }
            guard endNumber() else { return nil }
            switch character.uppercased() {
            case "N", "S", "E", "W": tokens.append(.hemisphere(Character(character.uppercased())))
            case ",": tokens.append(.comma)
            case " ", "\t", "°", "'", "\"", "′", "″", "’", "”", "º": continue
            default: return nil
            }
        }
        guard endNumber() else { return nil }
        return tokens
    }

    // MARK: Groups

    /// Latitude and longitude (signed degrees) from the tokens, or nil when they are not two groups.
    private static func groups(_ tokens: [Token]) -> (lat: Double, lon: Double)? {
        let letters = tokens.compactMap { token -> Character? in
            if case .hemisphere(let h) = token { return h }
            return nil
        }
        if letters.isEmpty { return unlettered(tokens) }
        guard letters.count == 2 else { return nil }
        let parts = lettered(tokens.filter { $0 != .comma })
        guard parts.count == 2, let first = parts.first, let second = parts.last else { return nil }
        let latFirst = "NS".contains(first.hemisphere)
        guard latFirst != "NS".contains(second.hemisphere) else { return nil }
        let (lat, lon) = latFirst ? (first, second) : (second, first)
        guard let latValue = degrees(lat.numbers), let lonValue = degrees(lon.numbers) else { return nil }
        guard latValue >= 0, lonValue >= 0 else { return nil }
        return (lat.hemisphere == "S" ? -latValue : latValue, lon.hemisphere == "W" ? -lonValue : lonValue)
    }

    /// The groups of a text with hemisphere letters, each with its numbers: letters before their numbers
    /// (`N 37 46.2 W 122 25.2`) when the text starts with one, else after them (`37°46'N 122°25'W`).
    private static func lettered(_ tokens: [Token]) -> [(hemisphere: Character, numbers: [Double])] {
        var parts: [(hemisphere: Character, numbers: [Double])] = []
        var numbers: [Double] = []
        let prefix = tokens.first.map { if case .hemisphere = $0 { true } else { false } } ?? false
        var pending: Character?
        for token in tokens {
            switch token {
            case .number(let value): numbers.append(value)
            case .hemisphere(let h):
                if prefix {
                    if let pending { parts.append((pending, numbers)) }
                    pending = h
                } else {
                    parts.append((h, numbers))
                }
                numbers = []
            case .comma: break
            }
        }
        if prefix, let pending {
            parts.append((pending, numbers))
        } else if !numbers.isEmpty {
            return []
        }
        return parts
    }

    /// Signed decimal (or d m s) degrees without letters: two numbers, or two comma-separated groups.
    private static func unlettered(_ tokens: [Token]) -> (lat: Double, lon: Double)? {
        let groups = tokens.split(separator: .comma, omittingEmptySubsequences: false).map { group in
            group.compactMap { token -> Double? in
                if case .number(let value) = token { return value }
                return nil
            }
        }
        if groups.count == 1, groups[0].count == 2 { return (groups[0][0], groups[0][1]) }
        guard groups.count == 2, let lat = signedDegrees(groups[0]), let lon = signedDegrees(groups[1]) else {
            return nil
        }
        return (lat, lon)
    }

    /// Degrees of 1–3 numbers (d, m, s) whose first carries the sign.
    private static func signedDegrees(_ numbers: [Double]) -> Double? {
        guard let first = numbers.first else { return nil }
        let magnitude = degrees([abs(first)] + numbers.dropFirst())
        return magnitude.map { first.sign == .minus ? -$0 : $0 }
    }

    /// d + m/60 + s/3600 of 1–3 numbers; nil when there are none, more than 3, or m or s are outside
    /// 0..<60 or negative.
    private static func degrees(_ numbers: [Double]) -> Double? {
        guard (1...3).contains(numbers.count) else { return nil }
        let rest = numbers.dropFirst()
        guard rest.allSatisfy({ (0..<60).contains($0) }) else { return nil }
        var value = abs(numbers[0])
        for (index, part) in rest.enumerated() { value += part / (index == 0 ? 60 : 3600) }
        return numbers[0].sign == .minus ? -value : value
    }

    private static func check(lat: Double, lon: Double) -> CoordinateQuery {
        guard (-90...90).contains(lat) else {
            return .outOfRange("latitude \(format(lat)) is out of range: it must lie in -90...90")
        }
        guard (-180...180).contains(lon) else {
            return .outOfRange("longitude \(format(lon)) is out of range: it must lie in -180...180")
        }
        return .coordinate(LatLon(lat: lat, lon: lon))
    }

    private static func format(_ value: Double) -> String {
        // checked: a whole number below 1e9
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
