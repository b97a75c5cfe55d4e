import GeoCore
import Places

/// Synthetic places for property tests and benchmarks.
public enum PlacesRandom {
    /// `count` places with ids "rr:0"… (restrooms) and "ap:0"… (airports, every fifth), uniformly spread
    /// over `area` (which may cross the antimeridian); about one in ten is placed exactly on top of an
    /// earlier one, so duplicates in one spot occur.
    public static func places(count: Int, in area: GeoBounds = .world, seed: UInt64) -> [Place] {
        var generator = SeededGenerator(seed: seed)
        var result: [Place] = []
        result.reserveCapacity(count)
        let span = PlaceRanking.lonSpan(of: area)
        for i in 0..<count {
            let coordinate: LatLon
            if !result.isEmpty && Int.random(in: 0..<10, using: &generator) == 0 {
                coordinate = result[Int.random(in: 0..<result.count, using: &generator)].coordinate
            } else {
                let lat = Double.random(in: area.south...area.north, using: &generator)
                let lon = LatLon.wrapLongitude(area.west + Double.random(in: 0...span, using: &generator))
                coordinate = LatLon(lat: lat, lon: lon == -180 && area.east == 180 ? 180 : lon)
            }
            let isAirport = i % 5 == 4
            result.append(
                Place(
                    id: isAirport ? "ap:\(i)" : "rr:\(i)", kind: isAirport ? .airport : .restroom,
                    name: "Place \(i)", coordinate: coordinate,
                    details: isAirport
                        ? .airport(AirportDetails(ident: "X\(i)", type: "small_airport"))
                        : .restroom(RestroomDetails(accessible: i % 2 == 0))))
        }
        return result
    }

    /// A random region inside `area`, `minSpan` to `maxSpan` degrees high and wide (less when `area` is
    /// smaller). Over the whole world, about one in six regions crosses the antimeridian.
    public static func region(
        in area: GeoBounds = .world, minSpan: Double = 0.5, maxSpan: Double = 60,
        using generator: inout SeededGenerator
    ) -> GeoBounds {
        let areaSpan = PlaceRanking.lonSpan(of: area)
        let height = min(Double.random(in: minSpan...maxSpan, using: &generator), area.north - area.south)
        let width = min(Double.random(in: minSpan...maxSpan, using: &generator), areaSpan)
        let south = Double.random(in: area.south...(area.north - height), using: &generator)
        let offset =
            areaSpan >= 360
            ? Double.random(in: 0..<360, using: &generator)
            : Double.random(in: 0...(areaSpan - width), using: &generator)
        let west = LatLon.wrapLongitude(area.west + offset)
        return GeoBounds(south: south, west: west, north: south + height, east: LatLon.wrapLongitude(west + width))
    }
}
