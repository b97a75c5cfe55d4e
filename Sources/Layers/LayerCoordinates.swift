import GeoCore

/// The coordinate rules every reader applies.
///
/// - A latitude must be finite and within -90...90.
/// - A longitude must be finite and within -360...360 (GeoJSON asks for -180...180; files that draw
///   across the antimeridian write 179 → 181, so a little beyond is accepted).
/// - A point's longitude is wrapped into -180..<180.
/// - Lines and polygon rings are made continuous: each position takes the longitude (± a multiple of
///   360) nearest the one before it, so consecutive positions never differ by more than 180°; a line
///   from 179 to -179 crosses the antimeridian (179 → 181), the short way. The first position lies in
///   -180..<180, the others may leave -180...180. A step from -180 to 180 (or back) is taken as
///   written: it runs along the antimeridian, as the edge of a polygon covering the poles does (the
///   Natural Earth Antarctica). A polygon's holes are shifted by whole turns to lie
///   next to its outer ring.
public enum LayerCoordinates {
    /// The largest longitude magnitude accepted, degrees.
    public static let longitudeLimit = 360.0

    /// The position of `lat`, `lon` (degrees), or why it is refused.
    static func position(lat: Double, lon: Double) -> Result<LatLon, CoordinateError> {
        guard lat.isFinite else { return .failure(CoordinateError("latitude \(lat) is not a finite number")) }
        guard lon.isFinite else { return .failure(CoordinateError("longitude \(lon) is not a finite number")) }
        guard (-90...90).contains(lat) else {
            return .failure(CoordinateError("latitude \(lat) is out of range (-90…90)"))
        }
        guard (-longitudeLimit...longitudeLimit).contains(lon) else {
            return .failure(CoordinateError("longitude \(lon) is out of range (-360…360)"))
        }
        return .success(LatLon(lat: lat, lon: lon))
    }

    /// A point with its longitude wrapped into -180..<180.
    static func point(_ position: LatLon) -> LatLon {
        LatLon(lat: position.lat, lon: wrapped(position.lon))
    }

    /// The longitude wrapped into -180..<180, untouched (not rounded) when it already is.
    private static func wrapped(_ lon: Double) -> Double {
        (-180..<180).contains(lon) ? lon : LatLon.wrapLongitude(lon)
    }

    /// The positions of a line or ring made continuous across the antimeridian (see the type's rules).
    /// Longitudes move by whole turns only, so a line that needs none keeps its values exactly.
    static func continuous(_ positions: [LatLon]) -> [LatLon] {
        guard let first = positions.first else { return positions }
        var turns = ((wrapped(first.lon) - first.lon) / 360).rounded()
        var result = positions
        for index in result.indices {
            if index > 0 {
                let written = positions[index].lon, writtenBefore = positions[index - 1].lon
                let step = written - writtenBefore
                let alongAntimeridian = abs(written) == 180 && abs(writtenBefore) == 180
                if !alongAntimeridian, abs(step) > 180 { turns -= (step / 360).rounded() }
            }
            if turns != 0 { result[index].lon += turns * 360 }
        }
        return result
    }

    /// `ring` shifted by whole turns so that its first longitude is within 180° of `reference`.
    static func shifted(_ ring: [LatLon], near reference: Double) -> [LatLon] {
        guard let first = ring.first else { return ring }
        let turns = ((reference - first.lon) / 360).rounded()
        guard turns != 0 else { return ring }
        return ring.map { LatLon(lat: $0.lat, lon: $0.lon + turns * 360) }
    }
}

/// Why a position was refused: one sentence.
struct CoordinateError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
