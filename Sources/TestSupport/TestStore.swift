import MapFeature
import Testing

/// Sends actions to `MapReducer` and checks the whole state after each one: the test states what
/// the action changes (`store.send(.key(.tab)) { $0.selection = .pin(1) }`), and everything else must
/// be as it was. A failure names the fields of `MapState` that differ.
public struct TestStore {
    /// The state after the last action sent.
    public private(set) var state: MapState

    public init(_ state: MapState) { self.state = state }

    /// Sends `action`. The state after it must equal the state before with `change` applied; when
    /// `effects` is given, the effects must equal it. Returns the effects.
    @discardableResult
    public mutating func send(
        _ action: MapAction, effects: [MapEffect]? = nil, sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout MapState) -> Void = { _ in }
    ) -> [MapEffect] {
        var expected = state
        change(&expected)
        let actual = MapReducer.reduce(&state, action)
        if state != expected {
            let fields = Self.differences(state, expected)
            let differences = fields.isEmpty ? "a field that prints the same" : fields.joined(separator: ", ")
            Issue.record("after \(action) the state differs in: \(differences)", sourceLocation: sourceLocation)
        }
        if let effects { #expect(actual == effects, "effects of \(action)", sourceLocation: sourceLocation) }
        return actual
    }

    /// Sends `action` like `send(_:effects:_:)`, with the effects it must return made from the state
    /// after it (effects that name the new view: `.loadTiles(.view(of: $0))`).
    @discardableResult
    public mutating func send(
        _ action: MapAction, effectsAfter effects: (MapState) -> [MapEffect],
        sourceLocation: SourceLocation = #_sourceLocation, _ change: (inout MapState) -> Void = { _ in }
    ) -> [MapEffect] {
        let actual = send(action, effects: nil, sourceLocation: sourceLocation, change)
        #expect(actual == effects(state), "effects of \(action)", sourceLocation: sourceLocation)
        return actual
    }

    /// Sets the state outright, between actions (a fixture the reducer cannot reach by itself).
    public mutating func set(_ change: (inout MapState) -> Void) { change(&state) }

    /// The top-level fields of `MapState` whose values differ, each with both values.
    static func differences(_ actual: MapState, _ expected: MapState) -> [String] {
        let a = Mirror(reflecting: actual).children, e = Mirror(reflecting: expected).children
        return zip(a, e).compactMap { pair in
            let (left, right) = (String(describing: pair.0.value), String(describing: pair.1.value))
            guard left != right else { return nil }
            return "\(pair.0.label ?? "?") (is \(left), expected \(right))"
        }
    }
}
