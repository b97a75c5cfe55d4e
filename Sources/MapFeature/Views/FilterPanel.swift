import Places
import Render

/// The "Show" panel (`v`): which kinds of place the map shows, and which amenities a restroom must
/// have. Each line's key toggles it while the panel is open; Esc, Enter or `v` close it.
struct FilterPanel {
    let theme: FrameComposer.Theme

    /// A line of the panel: its key, what it toggles, and how to read and flip it on a filter.
    struct Toggle: Sendable {
        var key: Character
        var label: String
        var isOn: @Sendable (PlaceFilter) -> Bool
        var flip: @Sendable (inout PlaceFilter) -> Void
    }

    static let toggles: [Toggle] = [
        kindToggle("r", .restroom),
        kindToggle("a", .airport),
        kindToggle("h", .heliport),
        kindToggle("s", .seaplaneBase),
        kindToggle("b", .balloonport),
        kindToggle("f", .cafe),
        kindToggle("e", .restaurant),
        kindToggle("p", .pharmacy),
        kindToggle("g", .drinkingWater),
        kindToggle("n", .station),
        kindToggle("m", .atm),
        kindToggle("x", .hospital),
        Toggle(key: "c", label: "closed airports too", isOn: { $0.includeClosed }, flip: { $0.includeClosed.toggle() }),
        amenityToggle("w", "wheelchair-accessible restrooms only", .accessible),
        amenityToggle("u", "unisex restrooms only", .unisex),
        amenityToggle("t", "restrooms with a changing table only", .changingTable),
    ]

    static func kindToggle(_ key: Character, _ kind: PlaceKind) -> Toggle {
        Toggle(
            key: key, label: kind.noun(plural: true), isOn: { $0.kinds.contains(kind) },
            flip: { filter in
                if filter.kinds.contains(kind) { filter.kinds.remove(kind) } else { filter.kinds.insert(kind) }
            })
    }

    static func amenityToggle(_ key: Character, _ label: String, _ amenity: RestroomAmenities) -> Toggle {
        Toggle(
            key: key, label: label, isOn: { $0.amenities.contains(amenity) },
            flip: { filter in
                if filter.amenities.contains(amenity) {
                    filter.amenities.remove(amenity)
                } else {
                    filter.amenities.insert(amenity)
                }
            })
    }

    /// Handles a key while the panel is open.
    static func handle(_ key: Key, _ state: inout MapState) -> [MapEffect] {
        if key == .escape || key == .enter || key == .character("v") || key == .character("q") {
            state.focus = .map
            return []
        }
        guard case .character(let c) = key, let toggle = toggles.first(where: { $0.key == c }) else { return [] }
        var filter = state.places.filter
        toggle.flip(&filter)
        return PlacesReducer.setFilter(filter, &state)
    }

    func draw(_ state: MapState, into grid: inout CellGrid) {
        let filter = state.places.filter
        let lines = Self.toggles.map { toggle in
            "\(toggle.key)  [\(toggle.isOn(filter) ? (state.ascii ? "x" : "✓") : " ")] \(toggle.label)"
        }
        PaneBox(theme: theme, ascii: state.ascii).drawCentered(
            title: "Show", lines: lines + ["", "a key toggles its line; Esc closes"], into: &grid)
    }
}
