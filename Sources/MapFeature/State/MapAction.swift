import GeoCore
import Places
import Positioning
import Render
import Routing

/// A key the map understands, independent of the terminal library that read it.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter, escape, tab, backTab, backspace, delete
    case pageUp, pageDown, home, end
    case character(Character)
}

/// A mouse event at a terminal cell (0-based column and row of the whole screen).
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, drag, release, click, wheelUp, wheelDown }
    public var col: Int
    public var row: Int
    public var kind: Kind

    public init(col: Int, row: Int, kind: Kind) {
        self.col = col
        self.row = row
        self.kind = kind
    }
}

/// Everything that can happen to the map: input from the user and results of effects.
public enum MapAction: Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has this many columns and rows.
    case resize(cols: Int, rows: Int)
    /// The map is on screen for the first time: fetch the places of the view now.
    case appeared
    /// The region of `generation` has not changed for the settle delay.
    case settled(generation: Int)
    /// A fetch of markers returned.
    case markersLoaded(MarkerRequest, MarkerBatch)
    /// A fetch of markers failed, with a reason for the user.
    case markersFailed(MarkerRequest, reason: String)
    /// The wait after the `attempt`-th failure in a row is over: the source may be asked again.
    case retryDue(attempt: Int)
    /// The most important places of the selected cluster (by its marker key) arrived.
    case leadersLoaded(key: String, [Place])
    /// A pin's reverse-geocoded description arrived.
    case pinDescribed(number: Int, label: String)
    /// Saving the first unsaved pin change failed, with a reason for the user: the change is dropped.
    case pinsSaveFailed(reason: String)
    /// The first unsaved pin change was saved; the pins as saved after it.
    case pinsSaved([Pin])
    /// Another process held the pins' lock: the first unsaved change was not tried (nothing waited).
    case pinsBusy
    /// The wait after a busy pins lock is over: the first unsaved change may be tried again.
    case pinsRetryDue
    /// The saved pins as they are now, because another map changed them (or after a failed save).
    case pinsReloaded([Pin])
    /// The full details of a place arrived, at wall-clock time `at` (seconds since 1970, UTC).
    case detailsLoaded(Place, at: Double)
    /// The live source answered a question (`.refreshLive`).
    case liveAnswered(LiveRequest, LiveOutcome)
    /// The wait after the `attempt`-th failure of the live source in a row is over.
    case liveRetryDue(attempt: Int)
    /// Select something directly (nil clears the selection), as `render --select` does.
    case select(Selection?)
    /// Open the pane of the selection (a cluster's too, without zooming in).
    case openPane
    /// Time passes while something animates (the loading spinner).
    case tick
    /// Tiles of a view, prepared for drawing, and how the sources are doing: the answer to `.loadTiles`,
    /// again whenever tiles arrive or a source fails or recovers.
    case tilesLoaded(TileSnapshot, TileStatus)
    /// The search of query number `generation` (`SearchRequest`) answered.
    case searchAnswered(generation: Int, PlaceSearch.Answer)
    /// A layer stream sent features or ended.
    case layers(LayerAction)
    /// The router answered a route question (`.findRoute`): the route, or why there is none.
    case routeAnswered(RouteRequest, Result<RoutePlan, RouteProblem>)
    /// The user's location is now this (a location source moved it).
    case locationChanged(LatLon)
    /// The GPS source said this, arriving at `at` seconds on the map's clock (`MapClock`).
    case gps(GPSEvent, at: Double)
    /// No report has come since report number `report`, for `seconds` seconds.
    case locationAged(report: Int, seconds: Int)
    /// The track file asked for (`.startTrack`) exists: its name.
    case trackStarted(name: String)
    /// Recording stopped because the track file could not be made or written (one line for the user).
    case trackFailed(reason: String)
    /// The places source has places it did not have (the points of interest of tiles just read): the
    /// markers kept are stale, and the view's are asked for again.
    case tilePlacesArrived
}

extension MapAction {
    /// True for what the user typed or clicked (a key or the mouse).
    var isInput: Bool {
        switch self {
        case .key, .mouse: return true
        default: return false
        }
    }
}
