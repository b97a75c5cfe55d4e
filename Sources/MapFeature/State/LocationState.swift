import GeoCore
import Layers
import Positioning

/// Where the user is and how the map knows it: nothing, a fixed `--location`, or a live GPS position read
/// from gpsd with its fix, its age, whether the map follows it and the track being recorded.
public struct LocationState: Equatable, Sendable {
    /// Where positions come from.
    public enum Source: Equatable, Sendable {
        /// No location at all.
        case none
        /// A fixed `--location LAT,LON`.
        case fixed
        /// gpsd, named for the status bar ("gpsd localhost:2947").
        case gpsd(String)
    }

    /// The state of the link to gpsd.
    public enum Link: Equatable, Sendable {
        /// Not answered yet.
        case connecting
        /// The daemon answers.
        case connected
        /// The connection failed or closed (one sanitised line); the source tries again by itself.
        case lost(String)
    }

    public var source: Source
    public var link = Link.connecting
    /// The newest fix (kept, greyed, when the fix is lost, the daemon is lost or reports stop).
    public var fix: GPSFix?
    /// False when the newest report said there is no fix.
    public var hasFix = false
    /// Reports taken so far (fix or not): the age timers carry it, so an older timer does nothing.
    public var reports = 0
    /// Seconds since the newest report, in the steps of `LocationReducer.ageSteps`; 0 while fresh.
    public var age = 0
    /// The map keeps the position at its centre (`F`); a pan ends it.
    public var following = false
    /// The first fix centres the map: true at start unless the user named a centre; a key or the mouse
    /// that moves the map, or the first fix, ends it.
    public var centresOnFirstFix: Bool
    /// The track being recorded (`T`), if any.
    public var recording: TrackRecordingState?
    /// When the way there was last asked again because the user left it, on the map's clock (seconds).
    public var rerouteAt = -Double.infinity

    public init(source: Source, centresOnFirstFix: Bool = false) {
        self.source = source
        self.centresOnFirstFix = centresOnFirstFix
    }

    /// True when the position shown is live: a fix from a connected daemon, reported within the last
    /// `LocationReducer.staleSeconds`.
    public var isFresh: Bool { hasFix && age == 0 && link == .connected && fix != nil }

    /// True for a GPS source.
    public var isLive: Bool {
        if case .gpsd = source { return true }
        return false
    }
}

/// A track being recorded: its file's name once the file exists, and the positions recorded, for drawing.
public struct TrackRecordingState: Equatable, Sendable {
    /// The file's name; nil until the file is made.
    public var name: String?
    /// Every position recorded so far, oldest first; in chunks, so that a point added while the run loop
    /// keeps the state before it copies one chunk, not a day of points.
    public var points = ChunkedArray<LatLon>()

    public init(name: String? = nil) { self.name = name }
}
