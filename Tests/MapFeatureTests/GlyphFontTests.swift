import Foundation
import GeoCore
import Places
import Render
import TestSupport
import Testing

@testable import MapFeature

/// Every symbol the map draws exists in DejaVu Sans Mono (regular and bold), the default monospace font
/// of Debian and Ubuntu terminals (Debian's fonts-dejavu-core), so none shows as a box; braille, which
/// that font lacks, in DejaVu Sans, where fontconfig finds it. And the symbols stay apart without colour.
@Suite struct GlyphFontTests {
    static let fonts = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu")

    static func font(_ name: String) throws -> TrueTypeCharacterMap {
        let url = fonts.appendingPathComponent(name)
        try #require(
            FileManager.default.fileExists(atPath: url.path), "\(url.path) is missing: install fonts-dejavu-core")
        return try TrueTypeCharacterMap(contentsOf: url)
    }

    /// The map's own symbols, from the constants that draw them.
    static var symbols: [Unicode.Scalar] {
        PlaceGlyphs.legend.map(\.symbol)
            + [
                MarkerPass.midpointSymbol.0, MarkerPass.meetingSymbol.0, MarkerPass.userSymbol.0,
                MarkerPass.foundSymbol.0, LayerMarker.symbol.0, "✚",
            ]
    }

    /// Every character outside ASCII in a string literal of the sources that draw the screen (panes,
    /// status bar, help, route steps, kinds of place), comment lines left out.
    static func literalCharacters() throws -> [Character: String] {
        let folders = ["Sources/MapFeature", "Sources/Render", "Sources/Routing", "Sources/Places/Model"]
        var found: [Character: String] = [:]
        for folder in folders {
            let root = RepositoryPaths.root.appendingPathComponent(folder)
            let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where !line.drop(while: { $0 == " " }).hasPrefix("//") {
                    for (i, part) in line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                    where i % 2 == 1 {
                        for c in part where !c.isASCII { found[c] = found[c] ?? file }
                    }
                }
            }
        }
        return found
    }

    @Test func theReaderKnowsWhatDejaVuSansMonoHasAndLacks() throws {
        let mono = try Self.font("DejaVuSansMono.ttf")
        for present in ["A", "é", "⌂", "➤", "─", "◈"] as [Unicode.Scalar] {
            #expect(mono.contains(present), "\(present)")
        }
        // Checked with fontTools: the old meeting-point mark, braille and emoji are not in it.
        for absent in ["\u{2316}", "\u{2800}", "\u{28FF}", "\u{1F6BB}", "\u{2460}"] as [Unicode.Scalar] {
            #expect(!mono.contains(absent), "\(absent)")
        }
    }

    @Test func everySymbolAndLiteralIsInDejaVuSansMono() throws {
        let regular = try Self.font("DejaVuSansMono.ttf"), bold = try Self.font("DejaVuSansMono-Bold.ttf")
        for symbol in Self.symbols {
            #expect(regular.contains(symbol) && bold.contains(symbol), "\(symbol) U+\(String(symbol.value, radix: 16))")
        }
        let literals = try Self.literalCharacters()
        #expect(literals.count > 40, "the scan found the sources' symbols")
        for (character, file) in literals {
            for scalar in character.unicodeScalars where !(0x2800...0x28FF).contains(scalar.value) {
                #expect(
                    regular.contains(scalar) && bold.contains(scalar),
                    "\(character) U+\(String(scalar.value, radix: 16)) in \(file) is not in DejaVu Sans Mono")
            }
        }
    }

    @Test func brailleIsInDejaVuSans() throws {
        let sans = try Self.font("DejaVuSans.ttf")
        for value in UInt32(0x2800)...0x28FF { #expect(sans.contains(Unicode.Scalar(value)!), "U+\(value)") }
    }

    @Test func symbolsAndStandInsAreDistinctAndNotLettersOrDigits() {
        let symbols = Self.symbols
        #expect(Set(symbols).count == symbols.count - 1, "only the two airport sizes share ➤ (told apart by colour)")
        let standIns =
            PlaceGlyphs.legend.map(\.ascii)
            + [MarkerPass.midpointSymbol.1, MarkerPass.meetingSymbol.1, MarkerPass.userSymbol.1, "+"]
        for standIn in standIns {
            #expect(!Character(standIn).isLetter && !Character(standIn).isNumber, "\(standIn)")
        }
    }

    @Test func withoutColourAPinDiffersFromACount() {
        let pin = ColorMode.monochrome.adapt(MarkerPass.pinStyle(Pin(number: 1, coordinate: LatLon(lat: 0, lon: 0))))
        let count = ColorMode.monochrome.adapt(PlaceGlyphs.countStyle(.restroom, selected: false))
        #expect(pin != count)
        #expect(pin.attributes.contains(.underline) && !count.attributes.contains(.underline))
    }

    @Test func theRouteHasAColourOfItsOwn() {
        let route = MarkerPass.routeColor
        #expect(!PlaceGlyphs.legend.map(\.color).contains(route))
        #expect(!Pin.palette.map { TermColor($0.xterm) }.contains(route))
        #expect(!LayerColor.palette.flatMap { [$0.stroke, $0.fill] }.contains(route))
        let marks = [MarkerPass.midpointColor, MarkerPass.meetingColor, MarkerPass.userColor, MarkerPass.foundColor]
        #expect(!marks.contains(route))
    }
}
