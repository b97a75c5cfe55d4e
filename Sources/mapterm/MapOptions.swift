import Foundation
import GeoCore
import Places
import TextSafety

/// Options shared by the interactive map and `render`, validated.
struct MapOptions {
    var center: LatLon?
    var zoom: Double?
    /// The zoom that fits what `--center NAME` named (a country, a city, an airport), for when `--zoom`
    /// is not given; nil for a coordinate.
    var centerZoom: Double?
    /// The `--tiles` sources, in order (empty: the config file's).
    var tiles: [String]
    var ascii: Bool
    var color: Bool

    init(_ args: ArgumentList) throws {
        if let text = args["center"] {
            let named = try Self.parseCenter(text, resolveName: NamedCenter.resolve)
            center = named.center
            centerZoom = named.zoom
        }
        zoom = try args["zoom"].map(Self.parseZoom)
        tiles = args.all("tiles")
        ascii = args.has("ascii")
        color = args.has("color")
    }

    /// `--center`: a coordinate in any form `mapterm search` reads (`48.8566,2.3522`, `48°51'N 2°21'E`),
    /// else a name given to `resolveName`, whose result's kind chooses the zoom. A name with control
    /// characters or escape sequences is refused, not searched.
    static func parseCenter(
        _ text: String, resolveName: (String) throws -> SearchResult
    ) throws -> (center: LatLon, zoom: Double?) {
        switch CoordinateQuery.parse(text) {
        case .coordinate(let point): return (point, nil)
        case .outOfRange(let problem): throw UsageError("--center: \(problem)")
        case nil:
            guard text.contains(where: \.isLetter) else { return (try parseCenter(text), nil) }
            let clean = TextSanitizer.clean(text)
            guard clean == text else {
                throw UsageError(
                    "--center must be LAT,LON or a place name, without control characters (got '\(clean)')")
            }
            let result = try resolveName(text)
            return (result.coordinate, result.kind.zoom)
        }
    }

    static func parseCenter(_ text: String) throws -> LatLon {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
            let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)), lat.isFinite, lon.isFinite
        else { throw UsageError("--center must be LAT,LON in degrees, like 48.8566,2.3522 (got '\(text)')") }
        guard (-90...90).contains(lat) else { throw UsageError("latitude \(parts[0]) is out of range -90...90") }
        guard (-180...180).contains(lon) else { throw UsageError("longitude \(parts[1]) is out of range -180...180") }
        return LatLon(lat: lat, lon: lon)
    }

    static func parseZoom(_ text: String) throws -> Double {
        guard let zoom = Double(text), zoom.isFinite else {
            throw UsageError("--zoom must be a number (got '\(text)')")
        }
        guard Camera.zoomRange.contains(zoom) else { throw UsageError("zoom \(text) is out of range 0...18") }
        return zoom
    }

    /// Parses "COLSxROWS" with both between 1 and 1000.
    static func parseSize(_ text: String) throws -> Viewport {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]) else {
            throw UsageError("--size must be COLSxROWS, like 80x24 (got '\(text)')")
        }
        guard (1...1000).contains(cols), (1...1000).contains(rows) else {
            throw UsageError("size \(text) is out of range: columns and rows must be 1...1000")
        }
        return Viewport(cols: cols, rows: rows)
    }
}

extension Locale {
    /// True when the locale variables (LC_ALL, then LC_CTYPE, then LANG) name a UTF-8 character set;
    /// an unset locale counts as UTF-8 (most terminals today), "C" and "POSIX" do not.
    static var isUTF8Environment: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard
            let value = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }
            )
        else { return true }
        let upper = value.uppercased()
        return upper.contains("UTF-8") || upper.contains("UTF8")
    }
}
