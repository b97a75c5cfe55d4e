import GeoCore

/// A pin the user dropped: its number (1...10, shown as its glyph and used for its colour) and where.
public struct Pin: Hashable, Sendable {
    /// Most pins a user can have at once.
    public static let maximumCount = 10

    /// The colour of pin 1...10: an xterm-256 palette index and the same colour as "#rrggbb".
    /// Chosen to stand apart from each other, the crosshair (226) and the dark water (17, 18).
    public static let palette: [(xterm: Int, hex: String)] = [
        (196, "#ff0000"), (208, "#ff8700"), (220, "#ffd700"), (118, "#87ff00"), (51, "#00ffff"),
        (69, "#5f87ff"), (135, "#af5fff"), (201, "#ff00ff"), (218, "#ffafd7"), (231, "#ffffff"),
    ]

    /// This pin's colour (numbers outside 1...10 wrap around the palette).
    public var color: (xterm: Int, hex: String) {
        let count = Pin.palette.count
        return Pin.palette[((number - 1) % count + count) % count]
    }

    /// The one-cell label of the pin: its number, with 10 shown as "0".
    public var symbol: Character { Character(String(number % 10)) }

    /// 1...10; unique among the pins.
    public var number: Int
    public var coordinate: LatLon
    /// What the pin is, whatever its number: two maps that share a pins file add and remove pins by
    /// it. Letters, digits and `-_.:` only.
    public var id: String

    /// A pin; without `id`, one derived from its number and position (what a pins file written
    /// before ids existed gets, the same in every process that reads it).
    public init(number: Int, coordinate: LatLon, id: String? = nil) {
        self.number = number
        self.coordinate = coordinate
        self.id = id ?? "pin-\(number)-\(coordinate.lat)-\(coordinate.lon)"
    }
}

/// One change to the saved pins, applied to them as they are at that moment.
public enum PinChange: Sendable, Hashable {
    /// A new pin here, with the smallest free number and this id (a new unique one when nil; nothing
    /// happens when a pin with the id is saved already, so a change tried twice adds one pin).
    case add(LatLon, id: String? = nil)
    /// The pin with this id goes (nothing happens when it is gone already).
    case remove(id: String)
}

/// What identifies one version of the saved pins: when it differs from the last one seen, another
/// process may have changed them.
public struct PinStamp: Sendable, Hashable {
    public var inode: UInt64
    public var size: Int64
    public var modified: Double

    public init(inode: UInt64, size: Int64, modified: Double) {
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}

/// Where pins are kept between runs. Several maps may share one store at once: every change is a
/// read-modify-write of what is saved, under a lock, so none loses another's pins.
public protocol PinStore: Sendable {
    /// The saved pins; an empty list when nothing was saved yet. Throws `PinStoreError.corrupt`
    /// after moving an unreadable file aside (the app then starts with no pins and says so).
    func load() throws -> [Pin]
    /// Applies a change to the pins as they are saved now and returns all of them after it. Never waits
    /// for another process: throws `PinStoreError.busy` while one holds the lock (try again later),
    /// `.full` when an add finds ten pins already.
    func apply(_ change: PinChange) throws -> [Pin]
    /// The version of the saved pins; nil when there is no file.
    func stamp() -> PinStamp?
}

/// Why pins could not be loaded or saved, for the user.
public enum PinStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read as pins; it was renamed to `keptAs`.
    case corrupt(reason: String, keptAs: String)
    /// Writing failed.
    case writeFailed(String)
    /// The pins path is a FIFO, a device or a socket: it was neither read nor touched.
    case notARegularFile(path: String)
    /// An add found the maximum number of pins saved already.
    case full
    /// Another process holds the pins' lock: nothing was changed; try again later.
    case busy

    public var description: String {
        switch self {
        case .corrupt(let reason, let keptAs):
            return "the pins file was unreadable (\(reason)); it was kept as \(keptAs)"
        case .writeFailed(let why): return "could not save the pins: \(why)"
        case .notARegularFile(let path): return "\(path) is not a regular file; the pins were not read"
        case .full: return "there are \(Pin.maximumCount) pins already"
        case .busy: return "another mapterm is saving the pins"
        }
    }
}
