import Foundation
import GeoCore

/// Offline reverse geocoding: country, state or province, and the nearest city of a point, from the
/// files in `Resources/gazetteer/` (written by `Resources/tools/make_gazetteer.py`).
///
/// - **Country:** the Natural Earth 50m admin-0 polygon containing the point (bounding-box pre-checks,
///   even-odd over all rings, smaller countries tested first so enclaves win). A point inside no polygon
///   but within `coastSnapKm` of a country's outline counts as in that country: the 50m coastline is
///   coarse, and a pin on a harbour front should not be "at sea".
/// - **Region:** for the United States, Canada, Australia and Brazil the 50m admin-1 polygon (same rules);
///   elsewhere, and as a fallback, the region of the nearest Natural Earth 10m admin-1 label point of the
///   same country within `regionPointLimitKm`. That approximation is right well inside a region and may
///   name a neighbour near a border; see `GazetteerRegionPoints`.
/// - **City:** among the GeoNames cities of 15 000 people or more, through a k-d tree on the unit sphere
///   (exact across the antimeridian and at the poles), distance by `Geodesy.distance`. On land, the city
///   the point is *in* is the most populous one of the point's country whose
///   `ReverseGeocode.urbanRadiusKm` reaches it (so a point in Paris gives Paris, not the nearest of the
///   districts GeoNames also lists); a city whose country code Natural Earth lacks (Svalbard "SJ", French
///   Guiana "GF") counts as of any country, since it lies in a territory mapped as part of one.
///   Otherwise, and at sea, it is simply the nearest city.
///
/// Loading takes 15–20 ms in a release build (1.4 MB; building the k-d tree dominates); a lookup takes
/// about 4 µs (p50). Immutable after `init`, so one instance can serve every thread;
/// `ReverseGeocoder.Lazy` loads it on first use.
public final class ReverseGeocoder: Sendable {
    /// The files `init(directory:)` reads.
    package static let fileNames = ["countries.bin", "regions.bin", "region_points.bin", "cities.bin"]
    /// Kilometres from a country's outline within which a point outside every country still belongs to it.
    package static let coastSnapKm = 5.0
    /// Kilometres beyond which an admin-1 label point is not used (remote islands of a country get none).
    package static let regionPointLimitKm = 1000.0

    let countries: GazetteerPolygons
    private let regions: GazetteerPolygons
    let regionPoints: GazetteerRegionPoints
    private let cityIndex: GazetteerCityIndex
    /// Region polygon indices by the ADM0_A3 of their country, in test order.
    private let regionsOfCountry: [String: [Int]]
    /// Country display names by ISO 3166-1 alpha-2 code: Natural Earth's (the first country in test order
    /// with the code), else GeoNames'.
    let countryNames: [String: String]
    /// The ISO codes of the Natural Earth countries.
    private let mappedCountryCodes: Set<String>

    /// Builds the gazetteer from its files (`fileNames`), whose bytes `file` gives by name (Storage's
    /// `init(directory:)` reads them from the `Resources/gazetteer` folder).
    /// - Throws: `GazetteerError` when a file is missing (as `file` throws), of the wrong kind or corrupt.
    public init(files file: (String) throws -> [UInt8]) throws {
        countries = try GazetteerPolygons(bytes: file("countries.bin"), file: "countries.bin", kind: "CTRY")
        regions = try GazetteerPolygons(bytes: file("regions.bin"), file: "regions.bin", kind: "ADM1")
        regionPoints = try GazetteerRegionPoints(bytes: file("region_points.bin"), file: "region_points.bin")
        let cityFile = try GazetteerCity.load(bytes: file("cities.bin"), file: "cities.bin")
        cityIndex = GazetteerCityIndex(cityFile.cities)
        var regionsOfCountry: [String: [Int]] = [:]
        for index in regions.testOrder { regionsOfCountry[regions.features[index].parent, default: []].append(index) }
        self.regionsOfCountry = regionsOfCountry
        var countryNames = cityFile.countryNames
        var mapped = Set<String>()
        for index in countries.testOrder.reversed() where !countries.features[index].code.isEmpty {
            countryNames[countries.features[index].code] = countries.features[index].name
            mapped.insert(countries.features[index].code)
        }
        self.countryNames = countryNames
        mappedCountryCodes = mapped
    }

    // MARK: Queries

    /// Country, region and nearest city of `point`. Longitude may be any value (it is wrapped);
    /// latitude is clamped to -90...90. A non-finite coordinate gives an empty answer ("Unknown place").
    public func describe(_ point: LatLon) -> ReverseGeocode {
        guard let p = Self.normalize(point) else { return ReverseGeocode() }
        guard let index = countryIndex(p) else { return ReverseGeocode(nearestCity: nearestCity(toNormalized: p)) }
        let country = countries.features[index]
        let code = country.code.isEmpty ? nil : country.code
        let inCity = containingCity(p, countryCode: code)
        return ReverseGeocode(
            country: country.name, countryCode: code, region: region(of: p, inCountry: country.parent),
            nearestCity: inCity ?? nearestCity(toNormalized: p), isWithinCity: inCity != nil)
    }

    /// The city nearest to `point` with its distance; nil for a non-finite point or when there are no cities.
    package func nearestCity(to point: LatLon) -> ReverseGeocode.City? {
        Self.normalize(point).flatMap(nearestCity(toNormalized:))
    }

    /// Every city of the gazetteer, most populous first.
    public var cities: [GazetteerCity] { cityIndex.cities }

    /// The display name of the country with ISO 3166-1 alpha-2 `code` ("FR" → "France"), if known.
    package func countryName(code: String) -> String? { countryNames[code] }

    /// How many countries, region polygons, region label points and cities were loaded.
    public var counts: (countries: Int, regions: Int, regionPoints: Int, cities: Int) {
        (countries.features.count, regions.features.count, regionPoints.pointCount, cityIndex.cities.count)
    }

    // MARK: Steps

    private static func normalize(_ point: LatLon) -> LatLon? {
        guard point.lat.isFinite, point.lon.isFinite else { return nil }
        return LatLon(lat: min(90, max(-90, point.lat)), lon: LatLon.wrapLongitude(point.lon))
    }

    private func nearestCity(toNormalized p: LatLon) -> ReverseGeocode.City? {
        cityIndex.nearest(to: p).map { city(index: $0, from: p) }
    }

    /// The most populous city of the country with `countryCode` (any country when nil) whose urban radius
    /// reaches `p`.
    private func containingCity(_ p: LatLon, countryCode: String?) -> ReverseGeocode.City? {
        let maxRadius = ReverseGeocode.urbanRadiusKm(population: .max)
        let found = cityIndex.indices(within: maxRadius, of: p).filter { index in
            let city = cityIndex.cities[index]
            let sameCountry =
                countryCode == nil || city.countryCode == countryCode || !mappedCountryCodes.contains(city.countryCode)
            return sameCountry
                && Geodesy.sphericalDistance(p, city.coordinate)
                    <= ReverseGeocode.urbanRadiusKm(population: city.population)
        }
        return found.min().map { city(index: $0, from: p) }
    }

    private func city(index: Int, from p: LatLon) -> ReverseGeocode.City {
        let city = cityIndex.cities[index]
        return ReverseGeocode.City(
            name: city.name, countryCode: city.countryCode, countryName: countryNames[city.countryCode],
            population: city.population, coordinate: city.coordinate, distanceKm: Geodesy.distance(p, city.coordinate))
    }

    private func countryIndex(_ p: LatLon) -> Int? {
        countries.firstContaining(lon: p.lon, lat: p.lat, among: countries.testOrder)
            ?? countries.nearestOutline(lon: p.lon, lat: p.lat, maxKm: Self.coastSnapKm, among: countries.testOrder)?
            .feature
    }

    private func region(of p: LatLon, inCountry a3: String) -> String? {
        if let candidates = regionsOfCountry[a3],
            let index = regions.firstContaining(lon: p.lon, lat: p.lat, among: candidates)
                ?? regions.nearestOutline(lon: p.lon, lat: p.lat, maxKm: Self.coastSnapKm, among: candidates)?.feature
        {
            return regions.features[index].name
        }
        return regionPoints.nearestRegion(in: a3, to: p, maxKm: Self.regionPointLimitKm)?.name
    }
}
