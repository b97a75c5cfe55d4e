import GeoCore
import Places

/// The places part of the map state: the markers shown, what is being fetched, and what is shown.
public struct PlacesState: Equatable, Sendable {
    /// Markers of the cached tiles around the view at the view's zoom level (some lie just outside it).
    public var markers: [PlaceMarker] = []
    public var cache = MarkerCache()
    /// Increases on every change of the visible region.
    public var generation = 0
    /// The fetch under way, if any.
    public var pending: MarkerRequest?
    /// Which places the map shows.
    public var filter = PlaceFilter.standard
    /// Advances while a fetch runs, to animate the spinner.
    public var spinnerPhase = 0
    /// Set when the source's last answer was cut at this many places (a server's cap).
    public var cappedAt: Int?
    /// The view moved to where the cache has nothing: the markers shown are the old ones until the
    /// settle delay passes and the fetch answers.
    public var awaitingSettle = false
    /// Failures of the source in a row, and the wait before it is asked again.
    public var backoff = PlaceBackoff()
    /// The first failure of a run is an alert (the live API alone, where nothing else is on the map);
    /// false for a source whose failures are a note in the status bar only (a PostGIS database whose
    /// connection broke: the map stays as it was and the next request reconnects).
    public var alertsOnFailure = true
    /// What `r` says when there is nothing online to ask again: the source holds stored places only (the
    /// places database without its live part, a file), named here ("the places database"); nil for a
    /// source that answers anew (the live API, a PostGIS database another process fills).
    public var storedOnly: String?
    /// The live part of the source (the default source's Refuge Restrooms), nil when it has none.
    public var live: LivePlacesState?
    /// The wall-clock time (seconds since 1970, UTC) at which the selected place's details arrived: the
    /// pane ages the place's fetch time against it.
    public var detailsAt: Double?

    public init() {}

    /// True while the markers shown are not yet those of the view (a fetch runs or is about to).
    public var isLoading: Bool { pending != nil || awaitingSettle }
}
