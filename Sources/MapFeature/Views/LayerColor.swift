import Render

/// The colour of a user layer: its strokes and glyphs, and the dim background of its polygons' fill.
public struct LayerColor: Equatable, Sendable {
    public var name: String
    public var stroke: TermColor
    public var fill: TermColor

    public init(name: String, stroke: TermColor, fill: TermColor) {
        self.name = name
        self.stroke = stroke
        self.fill = fill
    }

    /// The colours layers take in turn: Okabe–Ito's colour-blind-safe set in xterm-256 (sky blue,
    /// reddish purple, bluish green, vermillion, blue, orange, yellow; the map's streets are yellow and
    /// orange, so those come last), each with a dark shade for fills (none of them the
    /// map's water blue).
    public static let palette: [LayerColor] = [
        LayerColor(name: "sky blue", stroke: TermColor(74), fill: TermColor(23)),
        LayerColor(name: "purple", stroke: TermColor(175), fill: TermColor(53)),
        LayerColor(name: "green", stroke: TermColor(36), fill: TermColor(22)),
        LayerColor(name: "vermillion", stroke: TermColor(202), fill: TermColor(52)),
        LayerColor(name: "blue", stroke: TermColor(33), fill: TermColor(60)),
        LayerColor(name: "orange", stroke: TermColor(214), fill: TermColor(94)),
        LayerColor(name: "yellow", stroke: TermColor(227), fill: TermColor(58)),
    ]

    /// The colours `--layer FILE:color=NAME` accepts.
    public static let named: [String: LayerColor] = [
        "red": LayerColor(name: "red", stroke: TermColor(196), fill: TermColor(52)),
        "orange": palette[5],
        "yellow": palette[6],
        "green": LayerColor(name: "green", stroke: TermColor(40), fill: TermColor(22)),
        "cyan": LayerColor(name: "cyan", stroke: TermColor(51), fill: TermColor(23)),
        "blue": palette[4],
        "purple": LayerColor(name: "purple", stroke: TermColor(135), fill: TermColor(54)),
        "magenta": LayerColor(name: "magenta", stroke: TermColor(201), fill: TermColor(53)),
        "pink": LayerColor(name: "pink", stroke: TermColor(218), fill: TermColor(53)),
        "white": LayerColor(name: "white", stroke: TermColor(231), fill: TermColor(238)),
    ]

    /// The names `named` knows, sorted, for a usage message.
    public static var names: [String] { named.keys.sorted() }
}
