import Foundation
import GeoCore
import Layers
import Places

/// The pins file format: a GeoJSON FeatureCollection (RFC 7946) with one Point feature per pin,
/// coordinates in `[longitude, latitude]` order (degrees, WGS84), properties `number` (1...10),
/// `id` (the pin's identity; files without it get ids derived from number and position), `name` (what
/// the user called it; left out when it has none, and files without it load as unnamed pins) and
/// `marker-color` ("#rrggbb", simplestyle-spec). Written sorted by number, pretty-printed with two
/// spaces, keys in a fixed order, coordinates in Swift's shortest exact decimal form, so the same
/// pins always give the same bytes.
enum PinGeoJSON {
    /// Why bytes are not a pins file: one human sentence fragment, e.g. "feature 2: latitude 91 is
    /// not within -90...90".
    struct Invalid: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    // MARK: Writing

    /// A feature that is not a pin, written after the pins: its `role` and other properties (already
    /// JSON text, e.g. `"totalDistanceKm": 12.3`).
    struct Centre: Equatable {
        var role: String
        var title: String
        var point: LatLon
        var more: String = ""
    }

    /// The midpoint and the meeting point of `pins` (none with fewer than two).
    static func centres(of pins: [Pin]) -> [Centre] {
        let points = pins.map(\.coordinate)
        guard points.count >= 2 else { return [] }
        var centres: [Centre] = []
        if let mid = Geodesy.midpoint(points) {
            centres.append(Centre(role: "midpoint", title: "Midpoint of the pins", point: mid))
        }
        if let median = Geodesy.geometricMedian(points) {
            let total = (Geodesy.totalDistance(from: median, to: points) * 1000).rounded() / 1000
            centres.append(
                Centre(
                    role: "meeting-point", title: "Meeting point (least total distance)", point: median,
                    more: ", \"totalDistanceKm\": \(total)"))
        }
        return centres
    }

    /// The GeoJSON text of `pins`, sorted by number, then of `centres`, ending with a newline.
    static func encode(_ pins: [Pin], centres: [Centre] = []) -> Data {
        let features =
            pins.sorted { $0.number < $1.number }.map { pin in
                """
                    {
                      "type": "Feature",
                      "geometry": { "type": "Point", "coordinates": [\(pin.coordinate.lon), \(pin.coordinate.lat)] },
                      "properties": { "number": \(pin.number), "id": "\(safeID(pin.id))", \(nameProperty(pin))"marker-color": "\(PinFile.color(for: pin.number).hex)" }
                    }
                """
            }
            + centres.map { centre in
                """
                    {
                      "type": "Feature",
                      "geometry": { "type": "Point", "coordinates": [\(centre.point.lon), \(centre.point.lat)] },
                      "properties": { "role": "\(centre.role)", "title": \(quoted(centre.title))\(centre.more) }
                    }
                """
            }
        let list = features.isEmpty ? "[]" : "[\n" + features.joined(separator: ",\n") + "\n  ]"
        return Data("{\n  \"type\": \"FeatureCollection\",\n  \"features\": \(list)\n}\n".utf8)
    }

    /// `"name": "…", ` for a named pin, nothing for an unnamed one.
    static func nameProperty(_ pin: Pin) -> String {
        pin.name.isEmpty ? "" : "\"name\": \(quoted(pin.name)), "
    }

    /// `text` as a JSON string: quotes, backslashes and controls escaped (names are sanitised before,
    /// so only the first two occur).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An id with only letters, digits and `-_.:` (anything else is dropped), so it needs no escaping.
    static func safeID(_ id: String) -> String {
        String(
            String.UnicodeScalarView(
                id.unicodeScalars.filter {
                    $0.isASCII
                        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                            || "-_.:".unicodeScalars.contains($0))
                }))
    }

    /// Checks that `pins` can be written and read back: numbers 1...10, each once, valid coordinates.
    static func validate(_ pins: [Pin]) throws(Invalid) {
        var seen = Set<Int>()
        for pin in pins {
            guard (1...Pin.maximumCount).contains(pin.number) else {
                throw Invalid("pin number \(pin.number) is not within 1...\(Pin.maximumCount)")
            }
            guard seen.insert(pin.number).inserted else { throw Invalid("pin number \(pin.number) appears twice") }
            guard pin.coordinate.isValid else {
                throw Invalid(
                    "pin \(pin.number) has invalid coordinates (\(pin.coordinate.lat), \(pin.coordinate.lon))")
            }
        }
    }

    // MARK: Reading

    /// The pins in `data`, sorted by number. Accepts any GeoJSON FeatureCollection of Point features
    /// whose `number` properties are 1...10 and distinct; other properties and an altitude are ignored.
    static func decode(_ data: Data) throws(Invalid) -> [Pin] {
        guard !data.isEmpty else { throw Invalid("the file is empty") }
        guard let root = JSONValue.strict([UInt8](data)) else { throw Invalid("it is not valid JSON") }
        guard root["type"]?.string == "FeatureCollection" else {
            throw Invalid("it is not a GeoJSON FeatureCollection")
        }
        guard let features = root["features"]?.array else { throw Invalid("it has no list of features") }
        var pins: [Pin] = []
        for (index, feature) in features.enumerated() {
            pins.append(try decodeFeature(feature, label: "feature \(index + 1)"))
        }
        try validate(pins)
        return pins.sorted { $0.number < $1.number }
    }

    /// One pin from one Feature; `label` names the feature in reasons.
    private static func decodeFeature(_ feature: JSONValue, label: String) throws(Invalid) -> Pin {
        guard feature["type"]?.string == "Feature" else { throw Invalid("\(label) is not a GeoJSON Feature") }
        guard let geometry = feature["geometry"], geometry["type"]?.string == "Point" else {
            throw Invalid("\(label) is not a Point")
        }
        guard let values = geometry["coordinates"]?.array, (2...3).contains(values.count),
            let lon = values[0].number, let lat = values[1].number
        else { throw Invalid("\(label): coordinates must be [longitude, latitude] numbers") }
        guard (-90...90).contains(lat) else { throw Invalid("\(label): latitude \(lat) is not within -90...90") }
        guard (-180...180).contains(lon) else { throw Invalid("\(label): longitude \(lon) is not within -180...180") }
        guard let value = feature["properties"]?["number"], !value.isNull else {
            throw Invalid("\(label) has no pin number")
        }
        guard let number = value.number.flatMap({ Int(exactly: $0) }) else {
            throw Invalid("\(label): the pin number is not a whole number")
        }
        let id = feature["properties"]?["id"]?.string.map(safeID).flatMap { $0.isEmpty ? nil : $0 }
        let name = feature["properties"]?["name"]?.string ?? ""
        return Pin(number: number, coordinate: LatLon(lat: lat, lon: lon), id: id, name: name)
    }
}
