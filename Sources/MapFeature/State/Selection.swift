import GeoCore
import Places

/// What the user has selected: a place, a cluster, a pin (by number), one of the two centre markers, or
/// a feature (or cluster of points) of a user layer.
public enum Selection: Equatable, Sendable {
    case place(Place)
    case cluster(ClusterSelection)
    case pin(Int)
    case midpoint
    case meetingPoint
    /// A search result that is not a place of the places database (a city, a country, a coordinate).
    case found(SearchResult)
    case layerFeature(LayerPick)

    /// Where the selected thing is, given the pins.
    func coordinate(_ state: MapState) -> LatLon? {
        switch self {
        case .place(let place): return place.coordinate
        case .cluster(let cluster): return cluster.marker.coordinate
        case .pin(let number): return state.pins.pins.first { $0.number == number }?.coordinate
        case .midpoint: return state.pins.midpoint
        case .meetingPoint: return state.pins.meetingPoint
        case .found(let result): return result.coordinate
        case .layerFeature(let pick): return LayerSelection.coordinate(pick, state)
        }
    }

    /// True when the selected thing exists in this state (a centre marker needs two pins).
    public func isAvailable(in state: MapState) -> Bool { coordinate(state) != nil }

    /// The selected place, when a place is selected.
    public var place: Place? {
        if case .place(let place) = self { return place }
        return nil
    }

    /// The key of the marker that shows the selection, for a place or a cluster.
    var markerKey: String? {
        switch self {
        case .place(let place): return "p:" + place.id
        case .cluster(let cluster): return cluster.marker.key
        case .layerFeature(let pick): return pick.key
        case .pin, .midpoint, .meetingPoint, .found: return nil
        }
    }
}

/// A selected cluster: the marker as drawn when it was selected, and its most important places once
/// they have been loaded.
public struct ClusterSelection: Equatable, Sendable {
    public var marker: DrawnMarker
    /// Up to five places, most important first; nil while loading.
    public var leaders: [Place]?

    public init(marker: DrawnMarker, leaders: [Place]? = nil) {
        self.marker = marker
        self.leaders = leaders
    }
}

/// Selecting with Tab, Shift-Tab and the mouse over everything selectable on screen.
enum SelectionReducer {
    static let nothingToSelect = "nothing to select here: zoom out or pan"

    /// Everything selectable on screen, nearest to the view centre first (ties by a stable key).
    static func cycleOrder(_ state: MapState) -> [Selection] {
        let view = state.mapViewport
        let center = (Double(view.cols) / 2, Double(view.rows) / 2)
        var items: [(selection: Selection, col: Int, row: Int, key: String)] = MarkerLayout.layout(state).map {
            (selection(for: $0), $0.col, $0.row, "p:" + $0.key)
        }
        for (number, cell) in FixedMarks(state).pins { items.append((.pin(number), cell.col, cell.row, "a:\(number)")) }
        let marks = FixedMarks(state)
        if let cell = marks.midpoint { items.append((.midpoint, cell.col, cell.row, "b:mid")) }
        if let cell = marks.meetingPoint { items.append((.meetingPoint, cell.col, cell.row, "b:meet")) }
        items += LayerSelection.items(state).map { (.layerFeature($0.pick), $0.col, $0.row, $0.pick.key) }
        let distance = { (col: Int, row: Int) -> Double in
            let dx = Double(col) + 0.5 - center.0, dy = (Double(row) + 0.5 - center.1) * 2
            return dx * dx + dy * dy
        }
        return items.filter { $0.col >= 0 && $0.row >= 0 && $0.col < view.cols && $0.row < view.rows }
            .sorted { (distance($0.col, $0.row), $0.key) < (distance($1.col, $1.row), $1.key) }.map(\.selection)
    }

    /// What selecting a drawn marker selects: its place when it stands for one place, else the cluster.
    static func selection(for marker: DrawnMarker) -> Selection {
        if marker.count == 1, marker.parts.count == 1, let place = marker.parts[0].place { return .place(place) }
        return .cluster(ClusterSelection(marker: marker))
    }

    /// Selects the next (or previous) item in cycle order; with the pane open, the new selection's
    /// pane shows (and loads) its full details. Says so when there is nothing to select.
    static func cycle(_ state: inout MapState, forward: Bool) -> [MapEffect] {
        let order = cycleOrder(state)
        guard !order.isEmpty else {
            state.notice = nothingToSelect
            return []
        }
        let current = state.selection.flatMap { selected in order.firstIndex { same($0, selected) } }
        let next: Int
        if let current {
            next = (current + (forward ? 1 : order.count - 1)) % order.count
        } else {
            next = forward ? 0 : order.count - 1
        }
        state.selection = order[next]
        state.route = nil
        return state.detailOpen ? paneEffects(&state) : []
    }

    /// Selects what is drawn in a screen cell or next to it (a count's text, a marker moved one cell aside).
    static func select(col: Int, row: Int, _ state: inout MapState) -> [MapEffect] {
        let layout = MarkerLayout.layout(state)
        let marks = FixedMarks(state)
        var hit: Selection?
        if let pin = marks.pins.first(where: { $0.cell.col == col && $0.cell.row == row }) {
            hit = .pin(pin.number)
        } else if marks.midpoint.map({ $0.col == col && $0.row == row }) == true {
            hit = .midpoint
        } else if marks.meetingPoint.map({ $0.col == col && $0.row == row }) == true {
            hit = .meetingPoint
        } else if let marker = layout.first(where: {
            row == $0.row && col >= $0.startCol && col < $0.startCol + $0.width
        })
            ?? layout.first(where: { abs(row - $0.row) <= 1 && col >= $0.startCol - 1 && col <= $0.startCol + $0.width }
            )
        {
            hit = selection(for: marker)
        } else if let pick = LayerSelection.hit(col: col, row: row, state) {
            hit = .layerFeature(pick)
        }
        state.selection = hit
        state.route = nil
        if hit == nil {
            state.detailOpen = false
            return []
        }
        return state.detailOpen ? paneEffects(&state) : []
    }

    /// Opens the pane of the selection (asking for what it needs); on a cluster that splits further in,
    /// zooms there instead, centred on it.
    static func openDetail(_ state: inout MapState) -> [MapEffect] {
        guard let selection = state.selection else {
            state.notice = "select something first: Tab selects the nearest"
            return []
        }
        if case .cluster(let cluster) = selection, cluster.marker.expansionZoom > MarkerRequest.level(state.camera) {
            state.camera = Camera(center: cluster.marker.coordinate, zoom: Double(cluster.marker.expansionZoom))
            state.selection = nil
            state.detailOpen = false
            return []
        }
        if case .layerFeature(let pick) = selection, LayerSelection.zoomIn(on: pick, &state) { return [] }
        state.detailOpen = true
        return paneEffects(&state)
    }

    /// What the pane of the selection needs loaded.
    static func paneEffects(_ state: inout MapState) -> [MapEffect] {
        switch state.selection {
        case .place(let place):
            if case .none = place.details { return [.loadDetails(place)] }
        case .cluster(let cluster) where cluster.leaders == nil:
            return [.loadLeaders(LeadersRequest(marker: cluster.marker, filter: state.places.filter))]
        case .pin(let number):
            if state.pins.labels[number] == nil, let pin = state.pins.pins.first(where: { $0.number == number }) {
                return [.describePin(pin)]
            }
        case .cluster, .midpoint, .meetingPoint, .found, .layerFeature, nil:
            break
        }
        return []
    }

    /// Two selections name the same thing (a place by id, a cluster by key, whatever else they carry).
    static func same(_ a: Selection, _ b: Selection) -> Bool {
        if let p = a.markerKey, let q = b.markerKey { return p == q }
        return a == b
    }
}

/// What a cluster's pane asks the source for: the most important places of each of its parts.
public struct LeadersRequest: Equatable, Sendable {
    /// The key of the selected marker, so a late answer for another selection is dropped.
    public var key: String
    /// The clusters it holds.
    public var clusters: [ClusterRef]
    /// The single places it holds, with their ranks.
    public var places: [Place]
    public var ranks: [UInt8]
    public var filter: PlaceFilter
    /// How many to list.
    public var limit = 5

    public init(marker: DrawnMarker, filter: PlaceFilter) {
        key = marker.key
        clusters = marker.parts.compactMap(\.cluster)
        places = marker.parts.compactMap(\.place)
        ranks = marker.parts.filter { $0.place != nil }.map(\.rank)
        self.filter = filter
    }
}
