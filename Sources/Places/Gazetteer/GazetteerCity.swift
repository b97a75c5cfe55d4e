import Foundation
import GeoCore

/// A city of the gazetteer (GeoNames cities with at least 15 000 people; CC BY 4.0, see
/// `Resources/gazetteer/README.md`).
public struct GazetteerCity: Hashable, Sendable {
    /// The name as GeoNames gives it ("Paris", "Ho Chi Minh City").
    public var name: String
    /// ISO 3166-1 alpha-2 code of the city's country ("FR").
    public var countryCode: String
    /// Number of inhabitants.
    public var population: Int
    /// Position in degrees, longitude in -180...180.
    public var coordinate: LatLon

    public init(name: String, countryCode: String, population: Int, coordinate: LatLon) {
        self.name = name
        self.countryCode = countryCode
        self.population = population
        self.coordinate = coordinate
    }

    /// Reads `cities.bin`: the GeoNames country names by ISO 3166-1 alpha-2 code, and the cities in file
    /// order (population descending, then GeoNames id).
    static func load(bytes: [UInt8], file: String) throws -> (countryNames: [String: String], cities: [GazetteerCity]) {
        var reader = try GazetteerReader(bytes: bytes, file: file, kind: "CITY")
        let scale = Double(try reader.count(limit: 10_000_000))
        guard scale > 0 else { throw reader.corrupt("zero scale") }
        var countryNames: [String: String] = [:]
        for _ in 0..<(try reader.count(limit: 10_000)) {
            let code = try reader.fixedString(2)
            countryNames[code] = try reader.string()
        }
        let count = try reader.count(limit: 10_000_000)
        var cities: [GazetteerCity] = []
        cities.reserveCapacity(count)
        for _ in 0..<count {
            let name = try reader.string()
            let code = try reader.fixedString(2)
            let population = try reader.count(limit: Int(Int64.max >> 2))
            let lat = Double(try reader.signed()) / scale, lon = Double(try reader.signed()) / scale
            guard abs(lat) <= 90, abs(lon) <= 180 else { throw reader.corrupt("city \(name) at \(lat), \(lon)") }
            cities.append(
                GazetteerCity(
                    name: name, countryCode: code, population: population,
                    coordinate: LatLon(lat: lat, lon: lon)))
        }
        try reader.finish()
        return (countryNames, cities)
    }
}
