import GeoCore
import TextSafety

/// One manoeuvre of a route: what to do where, and how far the way goes after it.
public struct RouteStep: Equatable, Sendable {
    /// What happens (OSRM's maneuver type: "depart", "turn", "new name", "arrive", …), sanitised.
    public var type: String
    /// Which way ("left", "slight right", "straight", "uturn", …), sanitised; "" when none.
    public var modifier: String
    /// The street the step follows, sanitised; "" when it has no name.
    public var street: String
    /// Metres from this manoeuvre to the next.
    public var distanceMeters: Double
    /// Seconds from this manoeuvre to the next.
    public var durationSeconds: Double
    /// Where the manoeuvre is.
    public var location: LatLon
    /// Degrees clockwise from north the way heads after the manoeuvre.
    public var bearingAfter: Double
    /// The exit to take at a roundabout (1 is the first), 0 otherwise.
    public var exit: Int

    /// Cleans every text and clamps the numbers: a step from outside can be shown as it is.
    public init(
        type: String, modifier: String = "", street: String, distanceMeters: Double, durationSeconds: Double,
        location: LatLon, bearingAfter: Double = 0, exit: Int = 0
    ) {
        self.type = TextSanitizer.clean(type, maxLength: 40)
        self.modifier = TextSanitizer.clean(modifier, maxLength: 40)
        self.street = TextSanitizer.clean(street, maxLength: 120)
        self.distanceMeters = distanceMeters.isFinite ? max(0, distanceMeters) : 0
        self.durationSeconds = durationSeconds.isFinite ? max(0, durationSeconds) : 0
        self.location = location
        self.bearingAfter = bearingAfter.isFinite ? bearingAfter : 0
        self.exit = min(max(exit, 0), 99)
    }

    /// What to do, said as a person would: "Turn right onto Market Street".
    public var instruction: String { StepInstruction.text(for: self) }
}
