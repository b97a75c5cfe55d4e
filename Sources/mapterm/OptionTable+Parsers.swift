import Foundation
import GeoCore
import MapFeature
import Places
import Routing

/// The parsers of the option table's values; each refuses a bad value with a `UsageError` that names
/// the option and quotes the value.
extension OptionTable {
    /// Largest `--radius` of `places`: half the Earth's circumference, km.
    static let maxRadiusKm = 20_000.0
    /// Most positions `--trail` keeps.
    static let maximumTrail = 100_000

    static func parseZoom(_ text: String) throws -> Double {
        guard let zoom = Double(text), zoom.isFinite else {
            throw UsageError("--zoom must be a number (got '\(text)')")
        }
        guard Camera.zoomRange.contains(zoom) else { throw UsageError("zoom \(text) is out of range 0...18") }
        return zoom
    }

    /// `places --zoom`: the whole zoom at or below the one given.
    static func parseWholeZoom(_ text: String) throws -> Int {
        // checked: parseZoom returns a finite zoom in 0...18
        Int(try parseZoom(text).rounded(.down))
    }

    /// "COLSxROWS" from the map's smallest screen (`FrameComposer.minimumSize`, 20x5) to 1000x1000.
    static func parseSize(_ text: String) throws -> Viewport {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]) else {
            throw UsageError("--size must be COLSxROWS, like 80x24 (got '\(text)')")
        }
        let least = FrameComposer.minimumSize
        guard cols >= least.cols, rows >= least.rows else {
            throw UsageError("--size \(text) is too small: the map needs at least \(least.cols)x\(least.rows)")
        }
        guard cols <= 1000, rows <= 1000 else {
            throw UsageError("--size \(text) is too large: at most 1000x1000")
        }
        return Viewport(cols: cols, rows: rows)
    }

    /// Seconds for `--timeout`: a number from 0 to 600.
    static func parseTimeout(_ text: String) throws -> Double {
        guard let seconds = Double(text), seconds.isFinite, (0...600).contains(seconds) else {
            throw UsageError("--timeout must be seconds, 0...600 (got '\(text)')")
        }
        return seconds
    }

    static func parseTrail(_ text: String) throws -> Int {
        guard let n = Int(text), (0...maximumTrail).contains(n) else {
            throw UsageError("--trail must be a number of positions, 0...\(maximumTrail) (got '\(text)')")
        }
        return n
    }

    /// KINDS of `--hide` and `places --kind`: comma-separated place kinds, at least one.
    static func parseKinds(_ text: String, option: String) throws -> Set<PlaceKind> {
        var kinds = Set<PlaceKind>()
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let kind = PlaceKind(rawValue: name) else {
                let names = PlaceKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--\(option) takes kinds from \(names) (got '\(name.prefix(40))')")
            }
            kinds.insert(kind)
        }
        guard !kinds.isEmpty else { throw UsageError("--\(option) needs at least one kind") }
        return kinds
    }

    /// `places --radius`: km, above 0 and at most `maxRadiusKm`.
    static func parseRadius(_ text: String) throws -> Double {
        guard let radius = Double(text.trimmingCharacters(in: .whitespaces)), radius.isFinite else {
            throw UsageError("--radius must be a distance in km, like 2.5 (got '\(text)')")
        }
        guard radius > 0, radius <= maxRadiusKm else {
            throw UsageError("--radius \(text) is out of range: more than 0 and at most \(Int(maxRadiusKm)) km")
        }
        return radius
    }

    /// `--limit`: a whole number from 1 to `max`.
    static func parseLimit(_ text: String, max: Int) throws -> Int {
        guard let limit = Int(text.trimmingCharacters(in: .whitespaces)), (1...max).contains(limit) else {
            throw UsageError("--limit must be a whole number from 1 to \(max) (got '\(text)')")
        }
        return limit
    }

    /// `--bbox S,W,N,E` in degrees, south below north.
    static func parseBox(_ text: String) throws -> GeoBounds {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let s = parts[0], let w = parts[1], let n = parts[2], let e = parts[3],
            [s, w, n, e].allSatisfy(\.isFinite)
        else {
            throw UsageError("--bbox must be S,W,N,E in degrees, like 37.77,-122.43,37.80,-122.39 (got '\(text)')")
        }
        guard (-90...90).contains(s), (-90...90).contains(n), s < n else {
            throw UsageError("--bbox latitudes must be -90...90 with south below north (got '\(text)')")
        }
        guard (-180...180).contains(w), (-180...180).contains(e) else {
            throw UsageError("--bbox longitudes must be -180...180 (got '\(text)')")
        }
        return GeoBounds(south: s, west: w, north: n, east: e)
    }

    /// `download --radius`: km, above 0 and at most 20 000.
    static func parseDownloadRadius(_ text: String) throws -> Double {
        guard let radius = Double(text), radius.isFinite, radius > 0, radius <= 20_000 else {
            throw UsageError("--around needs --radius KM, a number above 0 and at most 20000")
        }
        return radius
    }

    /// `download --zoom`: "0-14" (or "12"), whole zooms within 0...22.
    static func parseZooms(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...2).contains(parts.count), let low = parts[0], let high = parts.last ?? nil, low >= 0, high <= 22,
            low <= high
        else { throw UsageError("--zoom must be Z0-Z1 with 0 <= Z0 <= Z1 <= 22, like 0-14 (got '\(text)')") }
        return low...high
    }

    /// `route --profile`: car, bike or foot (also driving, cycling, walking).
    static func parseProfile(_ text: String) throws -> RouteProfile {
        guard let profile = RouteProfile(name: text) else {
            throw UsageError("--profile must be car, bike or foot (got '\(text.prefix(40))')")
        }
        return profile
    }
}
