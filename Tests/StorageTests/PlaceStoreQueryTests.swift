import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

/// Viewport queries checked against a brute-force scan (`PlaceRanking.select` over every place).
@Suite struct PlaceStoreQueryTests {
    static let seed: UInt64 = 0x5EED_3
    /// 6000 places: enough that a whole-world query with a small limit takes the growing-window path.
    static let places = PlacesRandom.places(count: 6000, seed: seed)

    @Test func randomRegionsMatchABruteForceScan() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        var generator = SeededGenerator(seed: Self.seed + 1)
        let kindChoices: [Set<PlaceKind>] = [PlaceKind.all, [.restroom], [.airport]]
        var antimeridian = 0
        var tiny = 0
        for round in 0..<2500 {
            let region: GeoBounds
            switch round % 5 {
            case 0, 1:
                region = PlacesRandom.region(using: &generator)
            case 2:
                region = PlacesRandom.region(minSpan: 60, maxSpan: 180, using: &generator)
            case 3:
                // A tiny box at a place, sometimes with an edge exactly on its coordinate.
                let place = Self.places[Int.random(in: 0..<Self.places.count, using: &generator)].coordinate
                let size = Double.random(in: 1e-7...0.01, using: &generator)
                let south = Bool.random(using: &generator) ? place.lat : place.lat - size / 2
                let west = Bool.random(using: &generator) ? place.lon : LatLon.wrapLongitude(place.lon - size / 2)
                region = GeoBounds(
                    south: south, west: west, north: min(90, south + size), east: LatLon.wrapLongitude(west + size))
                tiny += 1
            default:
                region = PlacesRandom.region(minSpan: 0.01, maxSpan: 2, using: &generator)
            }
            if region.crossesAntimeridian { antimeridian += 1 }
            let kinds = kindChoices[round % kindChoices.count]
            let limit = [1, 7, 100, 10_000][Int.random(in: 0..<4, using: &generator)]
            let got = try store.query(region, filter: PlaceFilter(kinds: kinds), limit: limit)
            let want = PlaceRanking.select(Self.places, in: region, filter: PlaceFilter(kinds: kinds), limit: limit)
            #expect(got == want.map(light), "round \(round): \(region) kinds \(kinds) limit \(limit)")
            if got != want.map(light) { break }
        }
        #expect(antimeridian > 100)
        #expect(tiny == 500)
    }

    /// World and hemisphere queries with small limits go through the growing windows; the answer is
    /// still exactly the nearest places.
    @Test func bigRegionsWithSmallLimitsAreExact() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        let regions = [
            GeoBounds.world, GeoBounds(south: -90, west: 0, north: 90, east: 180),
            GeoBounds(south: 60, west: 100, north: 90, east: -100),  // polar, across the antimeridian
            GeoBounds(south: -80, west: 170, north: 80, east: 169),  // nearly the whole world, crossing
        ]
        for region in regions {
            for limit in [1, 2, 10, 500] {
                for kinds in [PlaceKind.all, [.airport]] as [Set<PlaceKind>] {
                    let got = try store.query(region, filter: PlaceFilter(kinds: kinds), limit: limit)
                    let want = PlaceRanking.select(
                        Self.places, in: region, filter: PlaceFilter(kinds: kinds), limit: limit)
                    #expect(got == want.map(light), "\(region) limit \(limit) kinds \(kinds)")
                }
            }
        }
    }

    @Test func kindsFilter() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: Self.places)
        let all = try store.query(.world, filter: PlaceFilter(kinds: PlaceKind.all), limit: 100_000)
        let restrooms = try store.query(.world, filter: PlaceFilter(kinds: [.restroom]), limit: 100_000)
        let airports = try store.query(.world, filter: PlaceFilter(kinds: [.airport]), limit: 100_000)
        #expect(all.count == Self.places.count)
        #expect(restrooms.allSatisfy { $0.kind == .restroom })
        #expect(airports.allSatisfy { $0.kind == .airport })
        #expect(restrooms.count + airports.count == all.count)
        #expect(airports.count == Self.places.filter { $0.kind == .airport }.count)
        #expect(try store.query(.world, filter: PlaceFilter(kinds: []), limit: 100).isEmpty)
        #expect(try store.query(.world, filter: PlaceFilter(kinds: PlaceKind.all), limit: 0).isEmpty)
    }

    /// The R*Tree keeps float32 boxes rounded outward: points a hair outside a region come back from
    /// it and must be dropped by the exact check; points on the edges stay.
    @Test func pointsJustOutsideTheRegionAreNotReturned() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let lat = 37.7749123456789
        let lon = -122.4194123456789
        let places = [
            Place(id: "in", kind: .restroom, name: "On the south-west corner", coordinate: LatLon(lat: lat, lon: lon)),
            Place(id: "north", kind: .restroom, name: "A hair north", coordinate: LatLon(lat: lat + 2e-9, lon: lon)),
            Place(id: "east", kind: .restroom, name: "A hair east", coordinate: LatLon(lat: lat, lon: lon + 2e-9)),
        ]
        let store = try folder.store(with: places)
        // north edge 1e-9 above the first point: float32 cannot tell the three apart.
        let region = GeoBounds(south: lat, west: lon, north: lat + 1e-9, east: lon + 1e-9)
        #expect(Float(lat + 2e-9) == Float(lat) && Float(lon + 2e-9) == Float(lon))
        #expect(try store.query(region, limit: 10).map(\.id) == ["in"])
        let below = GeoBounds(south: lat + 1e-9, west: lon - 1, north: lat + 1, east: lon + 1)
        #expect(try store.query(below, limit: 10).map(\.id) == ["north"])
    }

    /// The fast ranking gives exactly `PlaceRanking.select`'s order, ties by id included.
    @Test func rankingMatchesPlaceRanking() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        // Many places in few spots: lots of equal distances.
        var generator = SeededGenerator(seed: 99)
        let spots = (0..<20).map { _ in
            LatLon(
                lat: Double.random(in: 10...11, using: &generator), lon: Double.random(in: 10...11, using: &generator))
        }
        let places = (0..<400).map { i in
            Place(
                id: "p\(i)", kind: i % 3 == 0 ? .airport : .restroom, name: "P\(i)", coordinate: spots[i % spots.count])
        }
        let store = try folder.store(with: places)
        let region = GeoBounds(south: 10, west: 10, north: 11, east: 11)
        for limit in [1, 19, 20, 21, 399, 400, 1000] {
            #expect(
                try store.query(region, limit: limit)
                    == PlaceRanking.select(places, in: region, filter: PlaceFilter(kinds: PlaceKind.all), limit: limit)
                    .map(light))
        }
    }

    @Test func emptyStoreAndDegenerateRegions() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let empty = try folder.store()
        #expect(try empty.query(.world, limit: 10).isEmpty)
        #expect(try empty.count() == 0)
        let store = try folder.store("other.sqlite", with: Self.places)
        let upsideDown = GeoBounds(south: 10, west: 0, north: -10, east: 10)
        #expect(try store.query(upsideDown, limit: 10).isEmpty)
        let point = Self.places[17].coordinate
        let zeroArea = GeoBounds(south: point.lat, west: point.lon, north: point.lat, east: point.lon)
        #expect(try store.query(zeroArea, limit: 100).contains { $0.id == Self.places[17].id })
    }
}
