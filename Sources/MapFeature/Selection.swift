import GeoCore
import Places

/// What the user has selected: a place, a pin (by number), or one of the two centre markers.
public enum Selection: Equatable, Sendable {
    case place(Place)
    case pin(Int)
    case midpoint
    case meetingPoint

    /// Where the selected thing is, given the pins.
    func coordinate(_ state: MapState) -> LatLon? {
        switch self {
        case .place(let place): return place.coordinate
        case .pin(let number): return state.pins.pins.first { $0.number == number }?.coordinate
        case .midpoint: return state.pins.midpoint
        case .meetingPoint: return state.pins.meetingPoint
        }
    }

    /// True when the selected thing exists in this state (a centre marker needs two pins).
    public func isAvailable(in state: MapState) -> Bool { coordinate(state) != nil }

    /// The selected place, when a place is selected.
    public var place: Place? {
        if case .place(let place) = self { return place }
        return nil
    }
}

/// Selecting with Tab, Shift-Tab and the mouse over everything selectable on screen.
enum SelectionReducer {
    /// Everything selectable on screen, nearest to the view centre first (ties by a stable key).
    static func cycleOrder(_ state: MapState) -> [Selection] {
        let transform = state.transform
        let view = state.mapViewport
        let center = (Double(view.dotsWide) / 2, Double(view.dotsHigh) / 2)
        var items: [(Selection, LatLon, String)] = state.places.visible.map {
            (.place($0), $0.coordinate, "p:" + $0.id)
        }
        items += state.pins.pins.map { (.pin($0.number), $0.coordinate, String(format: "a:%02d", $0.number)) }
        if let mid = state.pins.midpoint { items.append((.midpoint, mid, "b:mid")) }
        if let meeting = state.pins.meetingPoint { items.append((.meetingPoint, meeting, "b:meet")) }
        let onScreen = items.compactMap { item -> (Selection, Double, String)? in
            let (x, y) = transform.dots(item.1)
            guard x >= 0, y >= 0, x < Double(view.dotsWide), y < Double(view.dotsHigh) else { return nil }
            return (item.0, (x - center.0) * (x - center.0) + (y - center.1) * (y - center.1), item.2)
        }
        return onScreen.sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
    }

    /// Selects the next (or previous) item in cycle order.
    static func cycle(_ state: inout MapState, forward: Bool) {
        let order = cycleOrder(state)
        guard !order.isEmpty else { return }
        let current = state.selection.flatMap { selected in order.firstIndex { same($0, selected) } }
        let next: Int
        if let current {
            next = (current + (forward ? 1 : order.count - 1)) % order.count
        } else {
            next = forward ? 0 : order.count - 1
        }
        state.selection = order[next]
    }

    /// Selects what is drawn in a screen cell (the nearest to the view centre when several share it).
    static func select(col: Int, row: Int, _ state: inout MapState) {
        let transform = state.transform
        let hit = cycleOrder(state).first { item in
            guard let point = item.coordinate(state) else { return false }
            let (x, y) = transform.dots(point)
            return Int((x / 2).rounded(.down)) == col && Int((y / 4).rounded(.down)) == row
        }
        state.selection = hit
        if hit == nil { state.detailOpen = false }
    }

    /// Opens the pane of the selection, asking for a place's details when the source left them out.
    static func openDetail(_ state: inout MapState) -> [MapEffect] {
        guard let selection = state.selection else { return [] }
        state.detailOpen = true
        if let place = selection.place, case .none = place.details { return [.loadDetails(place)] }
        if case .pin(let number) = selection, state.pins.labels[number] == nil,
            let pin = state.pins.pins.first(where: { $0.number == number })
        {
            return [.describePin(pin)]
        }
        return []
    }

    /// Two selections name the same thing (a place by id, whatever its details).
    static func same(_ a: Selection, _ b: Selection) -> Bool {
        if let p = a.place, let q = b.place { return p.id == q.id }
        return a == b
    }
}
