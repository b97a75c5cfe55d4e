import GeoCore
import Places

/// The places part of the map state: what is shown, what is being fetched.
public struct PlacesState: Equatable, Sendable {
    /// Places of the cached tiles around the view (some may lie just outside it).
    public var visible: [Place] = []
    public var cache = PlaceCache()
    /// Increases on every change of the visible region.
    public var generation = 0
    /// The fetch under way, if any.
    public var pending: PlaceRequest?
    /// Which kinds of place the map asks for.
    public var kinds: Set<PlaceKind> = PlaceKind.all
    /// Most places one fetch asks for.
    public var limit = 2000
    /// Advances while a fetch runs, to animate the spinner.
    public var spinnerPhase = 0

    public init() {}

    /// True while a fetch runs.
    public var isLoading: Bool { pending != nil }
}
