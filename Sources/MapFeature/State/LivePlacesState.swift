import GeoCore
import Places

/// The live part of the default place source (the Refuge Restrooms API), as the map knows it: what it
/// asked last and how the live source has been failing. The places it brings are kept in the place
/// source the map draws from, so they show through the usual markers.
public struct LivePlacesState: Equatable, Sendable {
    /// The live source's name for the status bar ("Refuge Restrooms").
    public var name: String
    /// The newest region asked for and not answered yet.
    public var asking: LiveRequest?
    /// Failures in a row and the wait before the next question (1, 2, 4 … 60 s). Failures are a note in
    /// the status bar, never an alert: the stored places stay on the map.
    public var backoff = PlaceBackoff()

    /// The lowest zoom at which the live source is asked (a city in view): it answers the places
    /// nearest a point, so a wider view would bring a handful around its centre.
    public static let lowestZoom = 10.0

    public init(name: String) { self.name = name }
}

/// One question to the live source: its places inside `region` that pass `filter`.
public struct LiveRequest: Equatable, Sendable {
    /// The box asked about, in degrees (the marker tiles around the view).
    public var region: GeoBounds
    public var filter: PlaceFilter
    /// The region generation it was asked for.
    public var generation: Int
    /// Asked even when the region was answered recently (the user asked to refresh).
    public var again: Bool

    public init(region: GeoBounds, filter: PlaceFilter, generation: Int, again: Bool = false) {
        self.region = region
        self.filter = filter
        self.generation = generation
        self.again = again
    }
}

/// How a question to the live source ended.
public enum LiveOutcome: Equatable, Sendable {
    /// It answered; `changed` places were new or changed in the store (0: the markers shown stay right).
    case refreshed(changed: Int)
    /// It failed, with a reason for the user.
    case failed(reason: String)
}
