/// What a location source tells the map, in order: the adapter that reads gpsd posts these.
public enum GPSEvent: Equatable, Sendable {
    /// The daemon answered (its VERSION line arrived); `source` names it for the status bar
    /// ("gpsd localhost:2947").
    case connected(source: String)
    /// A report arrived.
    case report(GPSReport)
    /// The connection failed or closed; the adapter tries again by itself. `reason` is one sanitised line.
    case lost(reason: String)
    /// A line was dropped (longer than the limit, not JSON, not an object): one sanitised line for the
    /// status bar. Reading goes on.
    case problem(String)
}
