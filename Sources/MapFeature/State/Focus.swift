/// Who takes the keys, and so which overlay is drawn over the map: one value, so two overlays can
/// never both claim a key. `MapReducer` hands a key to the focus and `FrameComposer` draws the
/// focus's overlay from this same value. An alert (`MapState.alert`) sits above any focus and takes
/// the next key first.
public enum Focus: Equatable, Sendable {
    /// The map's own keys.
    case map
    /// The help overlay (`?`), showing its lines from `top` (0 is the first).
    case help(top: Int)
    /// The "Show" panel (`v`): kinds of place and restroom amenities.
    case filters
    /// The layer list (`L`).
    case layers
    /// The search line (`/`), with what is typed and found.
    case search(SearchState)
    /// A question in the status bar: yes or no, or a pin's name.
    case prompt(Prompt)

    /// The section of `KeyTable` that lists this focus's keys.
    public var keySection: KeyTable.Section {
        switch self {
        case .map: return .map
        case .help: return .help
        case .filters: return .filters
        case .layers: return .layers
        case .search: return .search
        case .prompt(let prompt): return prompt.typedName == nil ? .prompt : .naming
        }
    }
}
