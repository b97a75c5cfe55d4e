import Foundation
import GeoCore
import Layers
import TextSafety

/// The text of the pane of a selected layer feature: its properties (sanitised; the pane wraps long
/// values), the distance from the user, a line's length and a polygon's area; or, for a cluster, how
/// many points it holds.
enum LayerFeaturePane {
    /// Most properties listed.
    static let maximumProperties = 40

    static func content(_ pick: LayerPick, state: MapState) -> (String, [String]) {
        guard let index = state.layers.index(of: pick.layer) else { return ("Layer feature", ["(gone)"]) }
        let layer = state.layers.layers[index]
        guard let slot = pick.slot, slot < layer.content.features.count, let feature = layer.content.features[slot]
        else {
            return (
                "\(NumberText.grouped(pick.count)) points of \(layer.name)",
                ["Enter zooms in, where they split.", "", pick.coordinate.description]
            )
        }
        let title = feature.name.map { TextSanitizer.clean($0, maxLength: 200) }.flatMap { $0.isEmpty ? nil : $0 }
        var lines = ["Layer: " + layer.name]
        if let id = feature.id { lines.append("id: " + TextSanitizer.clean(id, maxLength: 200)) }
        for property in feature.properties.prefix(maximumProperties) {
            let key = TextSanitizer.clean(property.key, maxLength: 80)
            lines.append(key + ": " + TextSanitizer.clean(property.value, maxLength: 2000))
        }
        if feature.properties.count > maximumProperties {
            lines.append("(\(feature.properties.count - maximumProperties) more properties)")
        }
        lines.append("")
        lines += measures(feature, from: state.userLocation)
        if let point = LayerContent.firstPoint(feature) { lines.append(point.description) }
        return (title ?? "Feature \(slot + 1) of \(layer.name)", lines)
    }

    /// Distance from the user (to the nearest position of the feature), length and area.
    static func measures(_ feature: LayerFeature, from user: LatLon?) -> [String] {
        var lines: [String] = []
        var positions: [LatLon] = []
        var length = 0.0, area = 0.0
        var hasLine = false, hasPolygon = false
        for geometry in feature.geometries {
            switch geometry {
            case .point(let p): positions.append(p)
            case .line(let line):
                hasLine = true
                positions += line
                length += Geodesy.pathLength(line)
            case .polygon(let rings):
                hasPolygon = true
                positions += rings.first ?? []
                for (i, ring) in rings.enumerated() { area += (i == 0 ? 1 : -1) * ringArea(ring) }
            }
        }
        // The nearest by the cheap great-circle distance; its WGS84 distance is shown.
        if let user,
            let nearest = positions.min(by: {
                Geodesy.sphericalDistance(user, $0) < Geodesy.sphericalDistance(user, $1)
            })
        {
            lines.append("From you: " + kilometres(Geodesy.distance(user, nearest)))
        }
        if hasLine { lines.append("Length: " + kilometres(length)) }
        if hasPolygon { lines.append(String(format: "Area: %.2f km²", max(area, 0))) }
        return lines
    }

    static func kilometres(_ km: Double) -> String {
        String(format: "%.2f km (%.2f mi)", km, km / Geodesy.kmPerMile)
    }

    /// The area of a ring on the sphere, in square kilometres (spherical excess of its edges).
    static func ringArea(_ ring: [LatLon]) -> Double {
        guard ring.count >= 3 else { return 0 }
        let radians = Double.pi / 180
        var sum = 0.0
        for (a, b) in zip(ring, ring.dropFirst() + [ring[0]]) {
            var dLon = (b.lon - a.lon)
            dLon -= 360 * (dLon / 360).rounded()
            sum += dLon * radians * (2 + sin(a.lat * radians) + sin(b.lat * radians))
        }
        return abs(sum) * Geodesy.earthRadiusKm * Geodesy.earthRadiusKm / 2
    }
}
