import Places
import Positioning
import Routing

/// Work the reducer asks the runtime to do; the reducer itself never performs I/O.
public enum MapEffect: Equatable, Sendable {
    /// Leave the program, restoring the terminal.
    case quit
    /// Send `.settled(generation)` after the settle delay (seconds), unless a newer region came.
    case settle(generation: Int, afterSeconds: Double)
    /// Ask the place source for markers; cancel any older fetch first.
    case fetchMarkers(MarkerRequest)
    /// Send `.retryDue(attempt)` after this many seconds: the wait after a failed fetch.
    case retryPlaces(attempt: Int, afterSeconds: Double)
    /// Load the full details of a place for its detail pane.
    case loadDetails(Place)
    /// Load the most important places of a cluster for its pane.
    case loadLeaders(LeadersRequest)
    /// Describe where a pin is (country, region, nearest city).
    case describePin(Pin)
    /// Answer a search as `.searchAnswered`; an older search still waiting is dropped.
    case search(SearchRequest)
    /// Apply a change to the saved pins (as another map may have left them) without waiting for a
    /// lock: `.pinsSaved`, `.pinsBusy` or `.pinsSaveFailed` comes back.
    case changePins(PinChange)
    /// Send `.pinsRetryDue` after this many seconds: the wait after the pins' lock was busy.
    case retryPins(afterSeconds: Double)
    /// Load the tiles of a view: `.tilesLoaded` comes back (again as more tiles arrive).
    case loadTiles(TileRequest)
    /// Ask the live source about a region and keep what it answers: `.liveAnswered` comes back. One
    /// question at a time: a newer one waits for the one under way (replacing any older one waiting).
    case refreshLive(LiveRequest)
    /// Send `.liveRetryDue(attempt)` after this many seconds: the wait after the live source failed.
    case retryLive(attempt: Int, afterSeconds: Double)
    /// Ask the router for the way: `.routeAnswered` comes back. A newer question replaces one under way.
    case findRoute(RouteRequest)
    /// Send `.locationAged(report, seconds)` after `afterSeconds` seconds.
    case ageLocation(report: Int, seconds: Int, afterSeconds: Double)
    /// Make a new track file: `.trackStarted` or `.trackFailed` comes back.
    case startTrack
    /// Append a point to the track file (in order, after `.startTrack`); `.trackFailed` comes back if it fails.
    case appendTrack(TrackPoint)
    /// Close the track file (it stays complete).
    case finishTrack
    /// Send `.tick` after this many seconds (the loading spinner's next step), in place of any tick
    /// still waiting.
    case tick(afterSeconds: Double)
}
