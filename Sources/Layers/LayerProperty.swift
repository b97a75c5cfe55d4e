/// One property of a feature as the file gave it: a key and its value as text (numbers and booleans
/// as written, nested objects and arrays as compact JSON). Not yet sanitised: whoever draws it must.
public struct LayerProperty: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
