/// A terminal colour: one of the 256 xterm palette indices, or the terminal's default.
public struct TermColor: Hashable, Sendable, Codable {
    /// -1 for the terminal default, else a palette index 0...255.
    public let rawValue: Int16

    public init(_ index: Int) { rawValue = Int16(max(-1, min(255, index))) }

    /// The terminal's own foreground or background colour.
    public static let terminalDefault = TermColor(-1)
    public var isDefault: Bool { rawValue < 0 }

    /// The closest of the 16 standard colours (0...15) by hue, for terminals with 16 colours: greys
    /// map to black, dark grey, light grey or white; other colours to the ANSI colour of their
    /// strongest channels, bright when the strongest channel is bright.
    public var ansi16: TermColor {
        guard rawValue >= 16 else { return self }
        let (r, g, b) = rgb
        let high = max(r, g, b)
        if high - min(r, g, b) < 30 {
            return TermColor(high < 64 ? 0 : high < 160 ? 8 : high < 220 ? 7 : 15)
        }
        let threshold = high * 6 / 10
        let index = (r > threshold ? 1 : 0) + (g > threshold ? 2 : 0) + (b > threshold ? 4 : 0)
        return TermColor(index + (high > 200 ? 8 : 0))
    }

    /// Approximate sRGB components 0...255 of a palette index (xterm's defaults).
    public var rgb: (Int, Int, Int) {
        let i = Int(rawValue)
        if i < 0 { return (0, 0, 0) }
        if i < 16 { return TermColor.ansiRGB[i] }
        if i < 232 {
            let levels = [0, 95, 135, 175, 215, 255]
            let n = i - 16
            return (levels[n / 36], levels[(n / 6) % 6], levels[n % 6])
        }
        let grey = 8 + (i - 232) * 10
        return (grey, grey, grey)
    }

    static let ansiRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Int(rawValue))
    }
}

/// How a cell is drawn: colours and attributes.
public struct CellStyle: Hashable, Sendable {
    public var fg: TermColor
    public var bg: TermColor
    public var attributes: Attributes

    public init(fg: TermColor = .terminalDefault, bg: TermColor = .terminalDefault, attributes: Attributes = []) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }

    public static let plain = CellStyle()

    /// Text attributes a terminal can show.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1)
        public static let reverse = Attributes(rawValue: 2)
        public static let dim = Attributes(rawValue: 4)
        public static let underline = Attributes(rawValue: 8)
    }
}

/// How many colours the output may use.
public enum ColorMode: String, Sendable, CaseIterable {
    /// xterm 256-colour palette.
    case palette256
    /// The 16 standard colours.
    case ansi16
    /// No colour: attributes only.
    case monochrome

    /// The style as this mode can show it.
    public func adapt(_ style: CellStyle) -> CellStyle {
        switch self {
        case .palette256: return style
        case .ansi16: return CellStyle(fg: style.fg.ansi16, bg: style.bg.ansi16, attributes: style.attributes)
        case .monochrome: return CellStyle(attributes: style.attributes)
        }
    }
}
