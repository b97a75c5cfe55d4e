import Foundation
import GeoCore
import Storage
import TestSupport
import Testing

@testable import Places

/// Reverse geocoding on the shipped gazetteer (`Resources/gazetteer`, read through `#filePath`).
@Suite struct ReverseGeocoderTests {
    static let geocoder = try! ReverseGeocoder(directory: RepositoryPaths.resource("gazetteer"))

    func describe(_ lat: Double, _ lon: Double) -> ReverseGeocode {
        Self.geocoder.describe(LatLon(lat: lat, lon: lon))
    }

    // MARK: Known places

    @Test func paris() {
        let result = describe(48.8566, 2.3522)
        #expect(result.country == "France")
        #expect(result.countryCode == "FR")
        #expect(result.region == "Paris", "NE 4.0 admin-1 of France are départements")
        #expect(result.nearestCity?.name == "Paris")
        #expect(result.isWithinCity)
        #expect(result.label == "Paris, France")
    }

    @Test func berlinIsBerlinNotTheNearestDistrict() {
        let result = describe(52.52, 13.405)
        #expect(result.country == "Germany")
        #expect(result.countryCode == "DE")
        #expect(result.region == "Berlin")
        #expect(result.nearestCity?.name == "Berlin")
        #expect(
            Self.geocoder.nearestCity(to: LatLon(lat: 52.52, lon: 13.405))?.name == "Mitte", "GeoNames lists districts")
        #expect(result.label == "Berlin, Germany")
    }

    @Test func sanFrancisco() {
        let result = describe(37.7749, -122.4194)
        #expect(result.country == "United States")
        #expect(result.countryCode == "US")
        #expect(result.region == "California")
        #expect(result.nearestCity?.name == "San Francisco")
        #expect(result.label == "San Francisco, California, United States")
    }

    @Test func sydney() {
        let result = describe(-33.8688, 151.2093)
        #expect(result.country == "Australia")
        #expect(result.countryCode == "AU")
        #expect(result.region == "New South Wales")
        #expect(result.nearestCity?.name == "Sydney")
    }

    @Test func monaco() {
        let result = describe(43.7384, 7.4246)
        #expect(result.country == "Monaco")
        #expect(result.countryCode == "MC")
        #expect(result.nearestCity?.countryCode == "MC")
        #expect(result.label == "Monaco")
    }

    @Test func middleOfThePacific() throws {
        let result = describe(-20, -140)
        #expect(result.country == nil)
        #expect(result.countryCode == nil)
        #expect(result.region == nil)
        let city = try #require(result.nearestCity)
        #expect(city.distanceKm > 500)
        #expect(result.isWithinCity == false)
        #expect(result.label == "At sea — 1,045 km from Papeete, French Polynesia")
    }

    @Test func labelOnLandAwayFromCities() {
        let result = describe(66.0, -172.0)
        #expect(result.label == "507 km from Anadyr, Chukchi Autonomous Okrug, Russia")
        #expect(describe(64.5011, -165.4064).label == "815 km from Anadyr (Russia), Alaska, United States")
    }

    // MARK: Antimeridian and poles

    @Test(arguments: [(-16.85, -179.95), (-16.8, -179.9), (-16.6, 179.9), (-16.55, 179.95), (-18.2, -178.8)])
    func fijiOnBothSidesOfTheAntimeridian(lat: Double, lon: Double) {
        let result = describe(lat, lon)
        #expect(result.country == "Fiji")
        #expect(result.countryCode == "FJ")
        #expect(result.nearestCity?.countryCode == "FJ")
    }

    @Test(arguments: [(67.5, 179.9), (67.5, -179.9), (67.0, 180.0), (67.0, -180.0), (66.0, -172.5), (66.0, 187.5)])
    func chukotkaOnBothSidesOfTheAntimeridian(lat: Double, lon: Double) {
        let result = describe(lat, lon)
        #expect(result.country == "Russia")
        #expect(result.countryCode == "RU")
        #expect(result.region == "Chukchi Autonomous Okrug")
        #expect(result.nearestCity?.name == "Anadyr")
    }

    @Test func wrappedLongitudesGiveTheSameAnswer() {
        #expect(describe(66.0, 187.5) == describe(66.0, -172.5))
        #expect(describe(48.875, 2.5 + 720) == describe(48.875, 2.5))
        #expect(describe(67.0, 180) == describe(67.0, -180))
    }

    @Test(arguments: [(90.0, 0.0), (90.0, 180.0), (90.0, -180.0), (-90.0, 0.0), (-90.0, -180.0), (-90.0, 123.0)])
    func polesDoNotCrash(lat: Double, lon: Double) {
        let result = describe(lat, lon)
        #expect(result.nearestCity != nil)
        #expect(!result.label.isEmpty)
        #expect(result.country == (lat > 0 ? nil : "Antarctica"))
    }

    @Test func invalidInput() {
        #expect(describe(.nan, 0) == ReverseGeocode())
        #expect(describe(0, .infinity).label == "Unknown place")
        #expect(describe(95, 10) == describe(90, 10), "latitude is clamped")
        #expect(Self.geocoder.nearestCity(to: LatLon(lat: .nan, lon: 0)) == nil)
    }

    // MARK: Nearest-city index against brute force

    func bruteForceNearest(_ point: LatLon) -> (index: Int, km: Double) {
        var best = (index: -1, km: Double.infinity)
        for (index, city) in Self.geocoder.cities.enumerated() {
            let km = Geodesy.sphericalDistance(point, city.coordinate)
            if km < best.km { best = (index, km) }
        }
        return best
    }

    static func randomPoint(using generator: inout SeededGenerator) -> LatLon {
        let z = Double.random(in: -1...1, using: &generator)
        return LatLon(lat: asin(z) * 180 / .pi, lon: Double.random(in: -180..<180, using: &generator))
    }

    @Test func nearestCityMatchesBruteForce() throws {
        var generator = SeededGenerator(seed: 20_261_130)
        var points = (0..<400).map { _ in Self.randomPoint(using: &generator) }
        // Near the antimeridian, near the poles, and close to cities (where neighbours are dense).
        points += (0..<100).map { _ in
            LatLon(
                lat: Double.random(in: -70...75, using: &generator),
                lon: Double.random(in: -1...1, using: &generator) + (Bool.random(using: &generator) ? 179.5 : -179.5))
        }
        points += (0..<50).map { _ in
            LatLon(
                lat: Double.random(in: 85...90, using: &generator) * (Bool.random(using: &generator) ? 1 : -1),
                lon: Double.random(in: -180..<180, using: &generator))
        }
        let cities = Self.geocoder.cities
        points += (0..<200).map { _ in
            let city = cities[Int.random(in: 0..<cities.count, using: &generator)].coordinate
            return LatLon(
                lat: city.lat + Double.random(in: -0.1...0.1, using: &generator),
                lon: LatLon.wrapLongitude(city.lon + Double.random(in: -0.1...0.1, using: &generator)))
        }
        for point in points {
            let found = try #require(Self.geocoder.nearestCity(to: point))
            let want = bruteForceNearest(point)
            // The index finds the nearest on the sphere; the distance shown is the WGS84 one.
            let spherical = Geodesy.sphericalDistance(point, found.coordinate)
            #expect(abs(spherical - want.km) < 1e-6, "\(point): \(found.name) vs \(cities[want.index].name)")
            #expect(abs(found.distanceKm - Geodesy.distance(point, found.coordinate)) < 1e-9)
        }
    }

    @Test func radiusQueryMatchesBruteForce() {
        var generator = SeededGenerator(seed: 7)
        let cities = Self.geocoder.cities
        let index = GazetteerCityIndex(Array(cities.prefix(5000)), nodeSize: 8)
        for _ in 0..<150 {
            let point = Self.randomPoint(using: &generator)
            let km = Double.random(in: 0...2000, using: &generator)
            let got = index.indices(within: km, of: point)
            let want = index.cities.indices.filter {
                Geodesy.sphericalDistance(point, index.cities[$0].coordinate) <= km - 1e-6
            }
            #expect(Set(got).isSuperset(of: want), "\(point) \(km) km")
            #expect(got.allSatisfy { Geodesy.sphericalDistance(point, index.cities[$0].coordinate) <= km + 1e-6 })
            #expect(got.count == Set(got).count)
        }
    }

    @Test func indexTiesGoToTheMorePopulousCity() throws {
        let spot = LatLon(lat: 10, lon: 20)
        let cities = [
            GazetteerCity(name: "Big", countryCode: "AA", population: 100, coordinate: spot),
            GazetteerCity(name: "Small", countryCode: "AA", population: 10, coordinate: spot),
        ]
        #expect(GazetteerCityIndex(cities).nearest(to: LatLon(lat: 11, lon: 21)) == 0)
        #expect(GazetteerCityIndex([]).nearest(to: spot) == nil)
    }

    // MARK: Formatting

    @Test func distanceFormatting() {
        #expect(ReverseGeocode.formatDistance(0) == "0.0 km")
        #expect(ReverseGeocode.formatDistance(0.04) == "0.0 km")
        #expect(ReverseGeocode.formatDistance(12.34) == "12.3 km")
        #expect(ReverseGeocode.formatDistance(99.94) == "99.9 km")
        #expect(ReverseGeocode.formatDistance(99.96) == "100 km")
        #expect(ReverseGeocode.formatDistance(1234.4) == "1,234 km")
        #expect(ReverseGeocode.formatDistance(1_234_567) == "1,234,567 km")
        #expect(ReverseGeocode.formatDistance(.nan) == "? km")
    }

    @Test func urbanRadius() {
        #expect(ReverseGeocode.urbanRadiusKm(population: 0) == 1)
        #expect(abs(ReverseGeocode.urbanRadiusKm(population: 1_000_000) - 7.98) < 0.01)
        #expect(ReverseGeocode.urbanRadiusKm(population: .max) == 12)
    }

    @Test func labelWithoutData() {
        #expect(ReverseGeocode().label == "Unknown place")
        #expect(ReverseGeocode(country: "Chad", countryCode: "TD").label == "Chad")
    }

    // MARK: Loading

    @Test func loadsEverything() {
        let counts = Self.geocoder.counts
        #expect(counts.countries == 241)
        #expect(counts.regions == 100)
        #expect(counts.regionPoints > 9000)
        #expect(counts.cities == 34006)
        #expect(Self.geocoder.countryName(code: "US") == "United States")
        #expect(Self.geocoder.countryName(code: "CD") == "Democratic Republic of the Congo")
        #expect(Self.geocoder.countryName(code: "SJ") == "Svalbard and Jan Mayen", "GeoNames name where NE has none")
    }

    @Test func missingAndCorruptFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-gazetteer-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: GazetteerError.self) { try ReverseGeocoder(directory: folder) }

        let source = RepositoryPaths.resource("gazetteer")
        for name in ReverseGeocoder.fileNames {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        _ = try ReverseGeocoder(directory: folder)
        let cities = folder.appendingPathComponent("cities.bin")
        let bytes = try Data(contentsOf: cities)
        try bytes.prefix(bytes.count / 2).write(to: cities)
        #expect(throws: GazetteerError.self) { try ReverseGeocoder(directory: folder) }
        try Data("MTGZCTRY\u{1}".utf8).write(to: cities)
        #expect(throws: GazetteerError.wrongKind(file: "cities.bin", expected: "CITY")) {
            try ReverseGeocoder(directory: folder)
        }
    }

    @Test func readerRejectsBadInput() {
        #expect(throws: GazetteerError.self) { try GazetteerReader(bytes: [], file: "x", kind: "CITY") }
        #expect(throws: GazetteerError.unsupportedVersion(file: "x", version: 9)) {
            try GazetteerReader(bytes: Array("MTGZCITY".utf8) + [9], file: "x", kind: "CITY")
        }
        #expect(throws: GazetteerError.self) {
            var reader = try GazetteerReader(
                bytes: Array("MTGZCITY".utf8) + [1] + Array(repeating: 0xFF, count: 12), file: "x", kind: "CITY")
            _ = try reader.varint()
        }
    }

    @Test func lazyLoadsOnceOnFirstUse() throws {
        let lazy = ReverseGeocoder.Lazy(directory: RepositoryPaths.resource("gazetteer"))
        let first = try lazy.geocoder()
        #expect(try lazy.geocoder() === first)
        #expect(lazy.describe(LatLon(lat: 48.8566, lon: 2.3522))?.country == "France")
        let broken = ReverseGeocoder.Lazy(directory: URL(fileURLWithPath: "/nonexistent-mapterm"))
        #expect(broken.describe(LatLon(lat: 0, lon: 0)) == nil)
        #expect(throws: GazetteerError.self) { try broken.geocoder() }
    }
}
