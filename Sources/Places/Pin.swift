import GeoCore

/// A pin the user dropped: its number (1...10, shown as its glyph and used for its colour) and where.
public struct Pin: Hashable, Sendable {
    /// Most pins a user can have at once.
    public static let maximumCount = 10

    /// 1...10; unique among the pins.
    public var number: Int
    public var coordinate: LatLon

    public init(number: Int, coordinate: LatLon) {
        self.number = number
        self.coordinate = coordinate
    }
}

/// Where pins are kept between runs. Implementations write atomically.
public protocol PinStore: Sendable {
    /// The saved pins; an empty list when nothing was saved yet. Throws `PinStoreError.corrupt`
    /// after moving an unreadable file aside (the app then starts with no pins and says so).
    func load() throws -> [Pin]
    /// Replaces the saved pins.
    func save(_ pins: [Pin]) throws
}

/// Why pins could not be loaded or saved, for the user.
public enum PinStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read as pins; it was renamed to `keptAs`.
    case corrupt(reason: String, keptAs: String)
    /// Writing failed.
    case writeFailed(String)

    public var description: String {
        switch self {
        case .corrupt(let reason, let keptAs): return "the pins file was unreadable (\(reason)); it was kept as \(keptAs)"
        case .writeFailed(let why): return "could not save the pins: \(why)"
        }
    }
}
