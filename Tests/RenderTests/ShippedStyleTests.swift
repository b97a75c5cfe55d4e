import Foundation
import Render
import TestSupport
import Testing

/// What the shipped dark style promises for streets.
@Suite struct ShippedStyleTests {
    /// The shipped style tells road classes apart: each class has its own layer and colour, and the
    /// big roads are drawn two dots wide at street zoom.
    @Test func shippedStyleSeparatesRoadClasses() throws {
        let style = try MapStyle.decode(from: Data(contentsOf: RepositoryPaths.resource("style-dark.json")))
        let roads = style.layers.filter { $0.sourceLayer == "transportation" && $0.kind == .line }
        func layer(for roadClass: String, atZoom zoom: Double) -> StyleLayer? {
            roads.first { layer in
                layer.isVisible(atZoom: zoom) && layer.id != "tunnel"
                    && (layer.filter["class"] ?? []).contains(.string(roadClass))
            }
        }
        let classes = ["motorway", "trunk", "primary", "secondary", "tertiary", "minor", "service", "path", "rail"]
        let colours = classes.compactMap { layer(for: $0, atZoom: 16)?.color }
        #expect(colours.count == classes.count)
        #expect(Set(colours).count == classes.count, "two road classes share a colour")
        for big in ["motorway", "trunk", "primary"] { #expect(layer(for: big, atZoom: 15)?.width == 2, "\(big)") }
        for small in ["tertiary", "minor", "service"] { #expect(layer(for: small, atZoom: 15)?.width == 1) }
        #expect(layer(for: "path", atZoom: 16)?.dash != nil && layer(for: "rail", atZoom: 16)?.dash != nil)
        let streetNames = style.layers.filter { $0.sourceLayer == "transportation_name" }
        #expect(!streetNames.isEmpty && streetNames.allSatisfy { $0.placement == .line && $0.abbreviate })
        #expect(style.abbreviations["Street"] == "St")
    }
}
