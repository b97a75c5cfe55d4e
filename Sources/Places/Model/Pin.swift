import GeoCore
import TextSafety

/// A pin the user dropped: its number (1...10, shown as its glyph and used for its colour), where, and
/// the name the user gave it (pins are for people's homes: "Mum", "Office").
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
    /// The name the user gave it, sanitised and at most `nameLimit` characters; "" for none.
    public var name: String

    /// Most characters in a pin's name.
    public static let nameLimit = 40

    /// A pin; without `id`, one derived from its number and position (what a pins file written
    /// before ids existed gets, the same in every process that reads it). `name` is cleaned
    /// (`cleanName`).
    public init(number: Int, coordinate: LatLon, id: String? = nil, name: String = "") {
        self.number = number
        self.coordinate = coordinate
        self.id = id ?? "pin-\(number)-\(coordinate.lat)-\(coordinate.lon)"
        self.name = Pin.cleanName(name)
    }

    /// A name as a pin keeps it: sanitised (no controls, no bidirectional tricks), spaces trimmed and
    /// runs of them made one, at most `nameLimit` characters (a longer one ends with "…").
    public static func cleanName(_ text: String) -> String {
        let words = TextSanitizer.clean(text).split(whereSeparator: \.isWhitespace)
        return TextSanitizer.clean(words.joined(separator: " "), maxLength: nameLimit)
    }

    /// "pin 2 (Mum)", or "pin 2" without a name.
    public var title: String { name.isEmpty ? "pin \(number)" : "pin \(number) (\(name))" }
}
