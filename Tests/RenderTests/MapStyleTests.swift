import Foundation
import Render
import TestSupport
import Testing

/// The style file's keys for streets: line width and dashes, names along lines, their spacing and
/// short forms; each one read, defaulted and checked.
@Suite struct MapStyleTests {
    func style(_ layers: String, abbreviations: String = "") throws -> MapStyle {
        let extra = abbreviations.isEmpty ? "" : "\"abbreviations\": \(abbreviations), "
        return try MapStyle.decode(
            from: Data("{\"name\": \"t\", \"background\": 235, \(extra)\"layers\": [\(layers)]}".utf8))
    }

    func layer(_ keys: String, type: String = "line") -> String {
        "{\"id\": \"x\", \"source-layer\": \"transportation\", \"type\": \"\(type)\", \"color\": 1\(keys)}"
    }

    @Test func lineWidthAndDashAreRead() throws {
        let wide = try style(layer(", \"width\": 2, \"dash\": [3, 1]")).layers[0]
        #expect(wide.width == 2)
        #expect(wide.dash?.on == 3 && wide.dash?.off == 1)
        let plain = try style(layer("")).layers[0]
        #expect(plain.width == 1)
        #expect(plain.dash == nil)
    }

    @Test func badWidthsAndDashesAreRefused() {
        for keys in [", \"width\": 0", ", \"width\": 3", ", \"dash\": [0, 2]", ", \"dash\": [2, 0]", ", \"dash\": [1]"]
        {
            #expect(throws: (any Error).self, "\(keys)") { _ = try style(layer(keys)) }
        }
    }

    /// Each refusal names the layer and the key, and what the key must be.
    @Test func aWrongValueIsNamedWithItsLayer() throws {
        for (keys, message) in [
            (", \"width\": \"wide\"", "invalid style: layer 'x': 'width' must be a number"),
            (", \"width\": 1.5", "invalid style: layer 'x': 'width' must be a whole number"),
            (", \"outline\": 300", "invalid style: layer 'x': 'outline' must be a colour number, -1...255"),
            (", \"filter\": {\"class\": \"primary\"}", "invalid style: layer 'x': 'filter' must be an object of lists"),
            (", \"dash\": [1, 1, 1]", "invalid style: layer 'x': 'dash' must be two whole numbers"),
        ] {
            let error = try #require(throws: StyleError.self) { _ = try style(layer(keys)) }
            #expect(error.description == message)
        }
        let error = try #require(throws: StyleError.self) { _ = try MapStyle.decode(from: Data("{\"name\": 1".utf8)) }
        #expect(error.description == "invalid style: the file is not JSON")
    }

    @Test func labelPlacementSpacingAndShortFormsAreRead() throws {
        let street = try style(
            layer(", \"placement\": \"line\", \"repeat-distance\": [50, 14], \"abbreviate\": true", type: "label"),
            abbreviations: "{\"Street\": \"St\", \"Avenue\": \"Ave\"}"
        ).layers[0]
        #expect(street.placement == .line)
        #expect(street.repeatDistance.cols == 50 && street.repeatDistance.rows == 14)
        #expect(street.abbreviated("Market Street") == "Market St")
        #expect(street.abbreviated("South Van Ness Avenue") == "South Van Ness Ave")
        // Only the last word, and only a word of its own.
        #expect(street.abbreviated("Avenue de la Costa") == "Avenue de la Costa")
        #expect(street.abbreviated("Street") == "Street")
        #expect(street.abbreviated("Main Streets") == "Main Streets")

        let town = try style(layer("", type: "label"), abbreviations: "{\"Street\": \"St\"}").layers[0]
        #expect(town.placement == .point)
        #expect(town.repeatDistance.cols == 40 && town.repeatDistance.rows == 10)
        #expect(town.abbreviated("Market Street") == "Market Street")  // no "abbreviate": names stay whole
    }

    @Test func badPlacementsSpacingsAndShortFormsAreRefused() {
        #expect(throws: (any Error).self) { _ = try style(layer(", \"placement\": \"curved\"", type: "label")) }
        #expect(throws: (any Error).self) { _ = try style(layer(", \"repeat-distance\": [50]", type: "label")) }
        #expect(throws: (any Error).self) { _ = try style(layer(", \"repeat-distance\": [-1, 4]", type: "label")) }
        #expect(throws: (any Error).self) {
            _ = try style(layer(", \"abbreviate\": true", type: "label"), abbreviations: "{\"North Street\": \"N St\"}")
        }
    }
}
