import GeoCore
import Render
import Routing
import TextSafety

/// The whole state of the map screen as a plain value; `MapReducer.reduce` is its only writer.
public struct MapState: Equatable, Sendable {
    /// What the map looks at.
    public var camera: Camera
    /// The terminal size in cells (the status bar takes the last row).
    public var screen: Viewport
    /// Draw lines with ASCII strokes instead of braille.
    public var ascii: Bool
    /// Who takes the keys (under the alert) and which overlay shows it.
    public var focus = Focus.map
    /// A message box above any focus; the next key closes it (and, unless it is q, Esc, Enter or
    /// Space, still goes to the focus).
    public var alert: Alert?
    /// The mouse position where a drag started or last moved, in screen cells.
    public var dragAnchor: MouseAnchor?
    /// True once the mouse moved with the button down (a press and release without it is a click).
    public var dragged = false
    /// Places in view and fetching.
    public var places = PlacesState()
    /// Dropped pins and their centres.
    public var pins = PinsState()
    /// What is selected, if anything.
    public var selection: Selection?
    /// The detail pane of the selection is open.
    public var detailOpen = false
    /// Where the user is, when known (a fixed `--location`, or the newest GPS fix).
    public var userLocation: LatLon?
    /// How the user's position is known: its source, the GPS fix and link, following, the track recorded.
    public var location = LocationState(source: .none)
    /// The way to the selection, when shown (`g`).
    public var route: RouteState?
    /// How the next route is travelled (`m` switches).
    public var routeProfile = RouteProfile.car
    /// The number of the newest route question asked.
    public var routeGeneration = 0
    /// Where the places shown come from, one credit a line ("Restrooms: Refuge Restrooms
    /// (refugerestrooms.org)"), for `i`; set by the composition root.
    public var placesCredit: [String] = []
    /// Who finds the routes, for the pane's credit line ("routes: OSRM at …"); empty when none.
    public var routerCredit = ""
    /// Lines of the detail pane scrolled past (`PgDn`); 0 shows its top.
    public var paneScroll = 0
    /// A short message in the status bar ("nothing to select here"), gone at the next key.
    public var notice: String?
    /// The tile sources' health and what is loading.
    public var tiles = TileStatus()
    /// The newest tiles of the view, prepared: what the frame draws the map from.
    public var tileSnapshot = TileSnapshot.empty
    /// The results of the last search taken, for `n` and `N`.
    public var lastSearch: SearchHistory?
    /// The user's layers (`--layer`) and their panel.
    public var layers = LayersState()

    public init(camera: Camera, screen: Viewport, ascii: Bool = false) {
        self.camera = camera
        self.screen = screen
        self.ascii = ascii
    }

    /// The search line, while it has the focus.
    public var search: SearchState? {
        if case .search(let search) = focus { return search }
        return nil
    }

    /// The yes/no question in the status bar, while it has the focus.
    public var prompt: Prompt? {
        if case .prompt(let prompt) = focus { return prompt }
        return nil
    }

    /// The map area: the screen minus the status bar.
    public var mapViewport: Viewport { Viewport(cols: screen.cols, rows: max(screen.rows - 1, 0)) }

    /// The transform of the current camera over the map area.
    public var transform: ViewTransform { ViewTransform(camera: camera, viewport: mapViewport) }

    /// The cell of the crosshair (the view centre).
    public var crosshair: (col: Int, row: Int) { (mapViewport.cols / 2, mapViewport.rows / 2) }

    /// The markers drawn for this state (before they move aside from names), most important first.
    public var drawnMarkers: [DrawnMarker] { MarkerLayout.layout(self) }

    /// Everything Tab selects in turn, nearest the centre first.
    public var selectionOrder: [Selection] { SelectionReducer.cycleOrder(self) }
}

/// A cell where the mouse was last seen during a drag.
public struct MouseAnchor: Equatable, Sendable {
    public var col: Int
    public var row: Int
}

/// A message box with an optional second line giving the reason, and optional further lines (a
/// list). All are sanitised here, the one way text reaches a box: reasons quote errors, and errors
/// quote values from outside. The box wraps them to its width.
public struct Alert: Equatable, Sendable {
    public var title: String
    public var detail: String?
    /// Lines after the detail, each its own paragraph ("" for a blank line).
    public var lines: [String]

    public init(_ title: String, detail: String? = nil, lines: [String] = []) {
        self.title = TextSanitizer.clean(title)
        self.detail = detail.map(TextSanitizer.clean)
        self.lines = lines.map(TextSanitizer.clean)
    }
}
