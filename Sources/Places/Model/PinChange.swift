import GeoCore

/// One change to the saved pins, applied to them as they are at that moment.
public enum PinChange: Sendable, Hashable {
    /// A new pin here, with the smallest free number, this id (a new unique one when nil; nothing
    /// happens when a pin with the id is saved already, so a change tried twice adds one pin) and this
    /// name ("" for none).
    case add(LatLon, id: String? = nil, name: String = "")
    /// The pin with this id goes (nothing happens when it is gone already).
    case remove(id: String)
    /// The pin with this id is called `name` from now on ("" takes its name away; nothing happens when
    /// it is gone).
    case rename(id: String, name: String)
}
