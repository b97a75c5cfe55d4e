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
    /// The pins path is a FIFO, a device or a directory: it was neither read nor touched.
    case notARegularFile(path: String)

    public var description: String {
        switch self {
        case .corrupt(let reason, let keptAs):
            return "the pins file was unreadable (\(reason)); it was kept as \(keptAs)"
        case .writeFailed(let why): return "could not save the pins: \(why)"
        case .notARegularFile(let path): return "\(path) is not a regular file; the pins were not read"
        }
    }
}
