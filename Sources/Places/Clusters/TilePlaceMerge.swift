import Foundation
import GeoCore

/// Which toilets of the map's tiles are restrooms a place source already has: a toilet within
/// `sameRestroomMeters` of a stored restroom is the same place, shown once (the stored one) with what
/// the tile says joined to it.
public enum TilePlaceMerge {
    /// How near a tile's toilet and a stored restroom are the same place, in metres: the error of a
    /// hand-placed point and of a tile's grid (about 2 m at z14) together, short of the next building.
    public static let sameRestroomMeters = 30.0

    /// The tile places split into those that stay places of their own and the toilets that are stored
    /// restrooms: `twins` maps a stored restroom's id to the nearest tile toilet within
    /// `sameRestroomMeters`. Each tile toilet joins its nearest restroom; a restroom keeps the nearest of
    /// the toilets that join it, and the others, being the same place, are left out.
    public static func split(_ tilePlaces: [Place], stored: [Place]) -> (own: [Place], twins: [String: Place]) {
        let restrooms = stored.filter { $0.kind == .restroom }
        guard !restrooms.isEmpty else { return (tilePlaces, [:]) }
        var own: [Place] = []
        var twins: [String: (place: Place, meters: Double)] = [:]
        for place in tilePlaces {
            guard place.kind == .restroom else {
                own.append(place)
                continue
            }
            var nearest: (id: String, meters: Double)?
            for restroom in restrooms {
                let meters = Geodesy.distance(place.coordinate, restroom.coordinate) * 1000
                if meters <= sameRestroomMeters, meters < nearest?.meters ?? .infinity {
                    nearest = (restroom.id, meters)
                }
            }
            guard let nearest else {
                own.append(place)
                continue
            }
            if let kept = twins[nearest.id], kept.meters <= nearest.meters { continue }
            twins[nearest.id] = (place, nearest.meters)
        }
        return (own, twins.mapValues(\.place))
    }

    /// A region grown by `sameRestroomMeters` on every side (the restrooms a toilet inside it may join).
    public static func grown(_ region: GeoBounds) -> GeoBounds {
        let dLat = sameRestroomMeters / 111_000
        let middle = max(abs(region.south), abs(region.north))
        let dLon = min(dLat / max(cos(middle * .pi / 180), 0.01), 1)
        return GeoBounds(
            south: max(region.south - dLat, -90), west: LatLon.wrapLongitude(region.west - dLon),
            north: min(region.north + dLat, 90), east: LatLon.wrapLongitude(region.east + dLon))
    }
}
