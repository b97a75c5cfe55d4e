import Places
import Render

/// How places look on the map: one symbol and colour per kind (airports also by size), and the count
/// text of a cluster. Symbols are one cell wide in every terminal; the ASCII ones are punctuation, so
/// that none can be read as a letter of a name.
enum PlaceGlyphs {
    /// A symbol, its ASCII stand-in, its colour and what it means (for the legend).
    struct Glyph: Equatable {
        var symbol: Unicode.Scalar
        var ascii: Unicode.Scalar
        var color: TermColor
        var meaning: String

        func scalar(ascii useASCII: Bool) -> Unicode.Scalar { useASCII ? ascii : symbol }
    }

    static let restroom = Glyph(symbol: "⌂", ascii: "#", color: TermColor(51), meaning: "restroom")
    static let airport = Glyph(symbol: "➤", ascii: "^", color: TermColor(213), meaning: "airport")
    static let smallAirport = Glyph(symbol: "➤", ascii: "^", color: TermColor(176), meaning: "small airport")
    static let heliport = Glyph(symbol: "⊛", ascii: "*", color: TermColor(214), meaning: "heliport")
    static let seaplaneBase = Glyph(symbol: "≋", ascii: "~", color: TermColor(39), meaning: "seaplane base")
    static let balloonport = Glyph(symbol: "⌾", ascii: "&", color: TermColor(218), meaning: "balloon port")
    static let cafe = Glyph(symbol: "⊔", ascii: "%", color: TermColor(180), meaning: "café")
    static let restaurant = Glyph(symbol: "⍦", ascii: "!", color: TermColor(209), meaning: "restaurant")
    static let pharmacy = Glyph(symbol: "⚚", ascii: ";", color: TermColor(77), meaning: "pharmacy")
    static let drinkingWater = Glyph(symbol: "▾", ascii: "\"", color: TermColor(45), meaning: "drinking water")
    static let station = Glyph(symbol: "⊝", ascii: "|", color: TermColor(153), meaning: "station")
    static let atm = Glyph(symbol: "$", ascii: ":", color: TermColor(220), meaning: "ATM")
    static let hospital = Glyph(symbol: "⊞", ascii: "]", color: TermColor(203), meaning: "hospital")

    /// The glyph of a kind.
    static func glyph(_ kind: PlaceKind) -> Glyph {
        switch kind {
        case .restroom: return restroom
        case .airport: return airport
        case .heliport: return heliport
        case .seaplaneBase: return seaplaneBase
        case .balloonport: return balloonport
        case .cafe: return cafe
        case .restaurant: return restaurant
        case .pharmacy: return pharmacy
        case .drinkingWater: return drinkingWater
        case .station: return station
        case .atm: return atm
        case .hospital: return hospital
        }
    }

    /// The glyph of a place: small and closed airports are drawn dimmer than large and medium ones.
    static func glyph(_ place: Place) -> Glyph {
        guard place.kind == .airport, let type = place.airport?.type else { return glyph(place.kind) }
        return type == "large_airport" || type == "medium_airport" ? airport : smallAirport
    }

    /// Every glyph, for the legend.
    static let legend: [Glyph] = [
        restroom, airport, smallAirport, heliport, seaplaneBase, balloonport, cafe, restaurant, pharmacy,
        drinkingWater, station, atm, hospital,
    ]

    /// The count of a cluster in at most four cells, never more than the truth: "7", "340", "1.2k",
    /// "64k", "1.2M".
    static func countText(_ count: Int) -> String {
        switch count {
        case ..<1000: return String(count)
        case ..<10_000: return "\(count / 1000).\(count / 100 % 10)k"
        case ..<1_000_000: return "\(count / 1000)k"
        case ..<10_000_000: return "\(count / 1_000_000).\(count / 100_000 % 10)M"
        default: return "\(count / 1_000_000)M"
        }
    }

    /// Columns of `countText(count)`, without making the text (a frame asks for it for every marker
    /// many times while laying them out).
    static func countWidth(_ count: Int) -> Int {
        /// Decimal digits of `n` (0 or more).
        func digits(_ n: Int) -> Int { n < 10 ? 1 : 1 + digits(n / 10) }
        switch count {
        case ..<0: return countText(count).count
        case ..<1000: return digits(count)
        case ..<10_000: return 4
        case ..<1_000_000: return digits(count / 1000) + 1
        case ..<10_000_000: return 4
        default: return digits(count / 1_000_000) + 1
        }
    }

    /// Style of a single place's glyph over a map cell of background `bg`.
    static func glyphStyle(_ glyph: Glyph, bg: TermColor, selected: Bool) -> CellStyle {
        CellStyle(
            fg: glyph.color, bg: selected ? .terminalDefault : bg, attributes: selected ? [.reverse, .bold] : .bold)
    }

    /// Style of a cluster's count: dark digits on the colour of its main kind (white when selected).
    static func countStyle(_ kind: PlaceKind, selected: Bool) -> CellStyle {
        CellStyle(fg: TermColor(16), bg: selected ? TermColor(231) : glyph(kind).color, attributes: .bold)
    }
}
