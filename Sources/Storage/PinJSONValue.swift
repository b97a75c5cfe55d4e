/// Any JSON value, decoded without a schema so that the pins reader can say exactly what is wrong.
/// Booleans stay booleans (`true` is not the number 1).
enum PinJSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([PinJSONValue])
    case object([String: PinJSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([PinJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: PinJSONValue].self))
        }
    }

    /// The member `key` of an object; nil for a missing member or a value that is not an object.
    subscript(key: String) -> PinJSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The number, or nil for any other kind of value.
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The string, or nil for any other kind of value.
    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, or nil for any other kind of value.
    var array: [PinJSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
