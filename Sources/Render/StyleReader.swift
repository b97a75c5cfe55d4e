import Layers

/// Reads the members of one object of a style file, each checked for its kind, with messages that name
/// where it is ("layer 'roads': 'width' must be a whole number"). The style is read with the program's
/// own JSON parser: `JSONDecoder` spent 4 ms of every start instantiating generic metadata for it.
struct StyleReader {
    let object: JSONObject
    /// Where the object is, for messages: "the style", "layer 'roads'".
    let place: String

    /// `number` as an Int when it is a whole number within ±1 000 000 (every whole number a style holds).
    /// Not `checkedInt`: its generic conversion cost a start-up more than the rest of the style.
    static func whole(_ number: Double) -> Int? {
        guard number.rounded() == number, abs(number) <= 1_000_000 else { return nil }
        return Int(number)  // checked: a whole number within ±1 000 000 (NaN fails the comparison)
    }

    init(_ value: JSONValue?, place: String) throws(StyleError) {
        guard case .object(let object)? = value else { throw .invalid("\(place) must be an object") }
        self.object = object
        self.place = place
    }

    func fail(_ key: String, _ rule: String) -> StyleError { .invalid("\(place): '\(key)' must be \(rule)") }

    func has(_ key: String) -> Bool { object[key] != nil }

    func string(_ key: String) throws(StyleError) -> String {
        guard let value = try optionalString(key) else { throw .invalid("\(place): '\(key)' is missing") }
        return value
    }

    func optionalString(_ key: String) throws(StyleError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else { throw fail(key, "a string") }
        return text
    }

    func number(_ key: String) throws(StyleError) -> Double? {
        guard let value = object[key] else { return nil }
        guard case .number(let number, _) = value, number.isFinite else { throw fail(key, "a number") }
        return number
    }

    func wholeNumber(_ key: String) throws(StyleError) -> Int? {
        guard let number = try number(key) else { return nil }
        guard let whole = Self.whole(number) else { throw fail(key, "a whole number") }
        return whole
    }

    func bool(_ key: String) throws(StyleError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value else { throw fail(key, "true or false") }
        return flag
    }

    /// A palette index (-1 for the terminal's own colour, else 0...255).
    func color(_ key: String) throws(StyleError) -> TermColor? {
        guard let index = try wholeNumber(key) else { return nil }
        guard (-1...255).contains(index) else { throw fail(key, "a colour number, -1...255") }
        return TermColor(index)
    }

    func strings(_ key: String) throws(StyleError) -> [String]? {
        guard let value = object[key] else { return nil }
        guard case .array(let elements) = value else { throw fail(key, "a list of strings") }
        var texts: [String] = []
        for element in elements {
            guard case .string(let text) = element else { throw fail(key, "a list of strings") }
            texts.append(text)
        }
        return texts
    }

    /// A list of exactly two whole numbers.
    func pair(_ key: String) throws(StyleError) -> (Int, Int)? {
        guard let value = object[key] else { return nil }
        guard case .array(let elements) = value, elements.count == 2,
            case .number(let a, _) = elements[0], case .number(let b, _) = elements[1],
            let first = Self.whole(a), let second = Self.whole(b)
        else { throw fail(key, "two whole numbers") }
        return (first, second)
    }

    /// Property names to allowed values: strings, numbers, `true`/`false` or `null`.
    func filter(_ key: String) throws(StyleError) -> [String: [FilterValue]]? {
        guard let value = object[key] else { return nil }
        guard case .object(let members) = value else { throw fail(key, "an object of lists") }
        var filter: [String: [FilterValue]] = [:]
        for member in members.members {
            guard case .array(let elements) = member.value else { throw fail(key, "an object of lists") }
            var allowed: [FilterValue] = []
            for element in elements {
                switch element {
                case .null: allowed.append(.missing)
                case .string(let text): allowed.append(.string(text))
                case .number(let number, _): allowed.append(.number(number))
                case .bool(let flag): allowed.append(.bool(flag))
                case .array, .numbers, .object: throw fail(key, "lists of strings, numbers, true, false or null")
                }
            }
            filter[member.key] = allowed
        }
        return filter
    }

    /// Each member of the object `key`, in order.
    func members(_ key: String) throws(StyleError) -> [JSONMember] {
        guard let value = object[key] else { return [] }
        guard case .object(let members) = value else { throw fail(key, "an object") }
        return members.members
    }

    /// Each element of the list `key`.
    func elements(_ key: String) throws(StyleError) -> [JSONValue] {
        guard case .array(let elements)? = object[key] else { throw fail(key, "a list") }
        return elements
    }
}
