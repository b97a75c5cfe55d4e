import GeoCore
import Places
import Testing

/// The fixed places and regions of the `PlaceSource` contract.
public enum PlacesContract {
    /// Around San Francisco: places inside, exactly on the west and north edges, and a hair outside
    /// the north and east edges.
    public static let sanFrancisco = GeoBounds(south: 37.70, west: -122.52, north: 37.82, east: -122.35)
    /// Around Fiji, crossing the antimeridian (west 179 > east -179).
    public static let fiji = GeoBounds(south: -18, west: 179, north: -16, east: -179)
    /// South Atlantic: no places.
    public static let empty = GeoBounds(south: -40, west: -20, north: -35, east: -10)

    /// The seeded places: restrooms ("rr:N", Refuge-style, so an HTTP fake can serve them) and airports
    /// ("ap:ICAO"); three restrooms share one spot (ids "rr:10", "rr:11", "rr:9": string order differs
    /// from numeric order); one name is non-ASCII.
    public static let places: [Place] = [
        restroom(1, "City Hall", 37.7793, -122.4193, accessible: true, comment: "Ground floor, north side"),
        restroom(2, "Civic Center Plaza", 37.7750, -122.4195, unisex: true),
        restroom(9, "Stacked A", 37.7760, -122.4180),
        restroom(10, "Stacked B", 37.7760, -122.4180, changingTable: true),
        restroom(11, "Stacked C", 37.7760, -122.4180),
        restroom(12, "Café Nœud – Ünïcode", 37.7600, -122.4350, directions: "Past the counter, left"),
        restroom(30, "West Edge", 37.7500, -122.52),
        restroom(31, "North Edge", 37.82, -122.40),
        restroom(32, "Just North", 37.8200001, -122.40),
        restroom(33, "Just East", 37.75, -122.3499999),
        restroom(20, "Oakland", 37.8044, -122.2712),
        airport("KSFO", "San Francisco International", 37.6189, -122.3750, type: "large_airport"),
        airport("KOAK", "Oakland International", 37.7213, -122.2208, type: "large_airport"),
        airport("KXSF", "Test Heliport in the box", 37.7805, -122.3900, type: "heliport"),
        restroom(40, "Fiji West", -17.0, 179.5),
        restroom(41, "Fiji East", -17.2, -179.6),
        restroom(42, "On the antimeridian east", -16.9, 180.0),
        restroom(43, "On the antimeridian west", -17.1, -180.0),
        restroom(44, "Outside Fiji west", -17.0, 178.9),
        restroom(45, "Outside Fiji east", -17.0, -178.9),
        airport("NFNA", "Nausori", -18.0433, 178.5592, type: "medium_airport"),
        airport("NFTV", "Test field east of the line", -16.5, -179.5, type: "small_airport"),
        restroom(50, "Austin City Hall", 30.2649, -97.7472),
        restroom(51, "Sydney", -33.8688, 151.2093),
        airport("EGLL", "London Heathrow", 51.4706, -0.4619, type: "large_airport"),
    ]

    static func restroom(
        _ id: Int, _ name: String, _ lat: Double, _ lon: Double, accessible: Bool = false, unisex: Bool = false,
        changingTable: Bool = false, directions: String? = nil, comment: String? = nil
    ) -> Place {
        Place(
            id: "rr:\(id)", kind: .restroom, name: name, coordinate: LatLon(lat: lat, lon: lon),
            details: .restroom(
                RestroomDetails(
                    street: "\(id) Test Street", city: "Testville", state: "CA", country: "US", accessible: accessible,
                    unisex: unisex, changingTable: changingTable, directions: directions, comment: comment,
                    upvote: id % 4, downvote: id % 3, createdAt: "2016-01-0\(id % 9 + 1)T10:00:00.000Z",
                    updatedAt: "2017-02-0\(id % 9 + 1)T11:30:00.000Z")))
    }

    static func airport(_ icao: String, _ name: String, _ lat: Double, _ lon: Double, type: String) -> Place {
        Place(
            id: "ap:\(icao)", kind: PlaceKind.ofAirportType(type), name: name, coordinate: LatLon(lat: lat, lon: lon),
            details: .airport(
                AirportDetails(
                    ident: icao, type: type, iataCode: nil, icaoCode: icao, gpsCode: icao, elevationFt: 13,
                    municipality: "Somewhere", region: "XX-YY", country: "XX",
                    runways: [
                        Runway(
                            lengthFt: 11870, widthFt: 200, surface: "ASP", lighted: true, lowEndIdent: "10L",
                            highEndIdent: "28R")
                    ])))
    }

    /// What a conforming source returns, computed by brute force over `seeded`: inside the region (edges
    /// included), passing the filter, nearest to `PlaceRanking.center` first, ties by id, at most `limit`.
    public static func expected(_ seeded: [Place], in region: GeoBounds, filter: PlaceFilter, limit: Int) -> [Place] {
        guard limit > 0 else { return [] }
        let center = PlaceRanking.center(of: region)
        let matching = seeded.filter { filter.allows($0) && region.contains($0.coordinate) }
        let keyed: [(distance: Double, place: Place)] = matching.map {
            (Geodesy.sphericalDistance(center, $0.coordinate), $0)
        }
        let sorted = keyed.sorted { a, b in
            a.distance != b.distance ? a.distance < b.distance : a.place.id < b.place.id
        }
        return sorted.prefix(limit).map { $0.place }
    }
}

/// Runs the `PlaceSource` contract against a source made by `make` from the contract's places (those of
/// `kinds` only, for sources that serve fewer kinds). Failures are recorded as Swift Testing issues at the
/// caller's location.
///
/// Checks: exact region filtering (edges in, a hair outside out, full `Place` values returned unchanged),
/// the filter (one kind, all, none, a required amenity), `limit` (0, 1, 3, more than available; the
/// nearest survive), a region crossing the antimeridian (points at ±180 included), an empty region, the
/// whole world, and a deterministic order (distance from the centre, then id, including three places in
/// one spot; the same answer twice). Markers: at every zoom each place passing the filter is counted by
/// exactly one marker of the world, a region's markers are those of the world whose position lies in it,
/// and a cluster's most important places pass the filter, in order of importance.
public func checkPlaceSourceContract(
    kinds supported: Set<PlaceKind> = PlaceKind.all,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ make: ([Place]) async throws -> any PlaceSource
) async throws {
    let seeded = PlacesContract.places.filter { supported.contains($0.kind) }
    let source = try await make(seeded)

    func check(_ label: String, _ region: GeoBounds, _ filter: PlaceFilter, _ limit: Int) async throws {
        let got = try await source.places(in: region, filter: filter, limit: limit)
        let want = PlacesContract.expected(seeded, in: region, filter: filter, limit: limit)
        #expect(
            got.map(\.id) == want.map(\.id), "contract: \(label): ids and order", sourceLocation: sourceLocation)
        if got.map(\.id) == want.map(\.id) {
            for (g, w) in zip(got, want) where g != w {
                Issue.record(
                    "contract: \(label): \(g.id) came back changed: \(g) != \(w)", sourceLocation: sourceLocation)
            }
        }
    }

    let sf = PlacesContract.sanFrancisco
    let all = PlaceFilter.standard
    try await check("region filter", sf, all, 100)
    try await check("restrooms only", sf, PlaceFilter(kinds: [.restroom]), 100)
    try await check("airports only", sf, PlaceFilter(kinds: [.airport]), 100)
    try await check("heliports only", sf, PlaceFilter(kinds: [.heliport]), 100)
    try await check("accessible restrooms", sf, PlaceFilter(amenities: .accessible), 100)
    try await check("limit 3 keeps the nearest", sf, all, 3)
    try await check("limit 1", sf, all, 1)
    try await check("antimeridian", PlacesContract.fiji, all, 100)
    try await check("antimeridian, limit 2", PlacesContract.fiji, all, 2)
    try await check("empty region", PlacesContract.empty, all, 100)
    try await check("whole world", GeoBounds.world, all, 1000)

    let noKinds = try await source.places(in: sf, filter: PlaceFilter(kinds: []), limit: 100)
    #expect(noKinds.isEmpty, "contract: an empty kinds set returns nothing", sourceLocation: sourceLocation)
    let zero = try await source.places(in: sf, filter: all, limit: 0)
    #expect(zero.isEmpty, "contract: limit 0 returns nothing", sourceLocation: sourceLocation)

    let first = try await source.places(in: sf, filter: all, limit: 100)
    let second = try await source.places(in: sf, filter: all, limit: 100)
    #expect(first == second, "contract: the same query gives the same answer", sourceLocation: sourceLocation)
    let stacked = first.map(\.id).filter { ["rr:9", "rr:10", "rr:11"].contains($0) }
    #expect(
        stacked == ["rr:10", "rr:11", "rr:9"], "contract: places in one spot are ordered by id",
        sourceLocation: sourceLocation)
    #expect(Set(first.map(\.id)).count == first.count, "contract: no id twice", sourceLocation: sourceLocation)
    let outside = first.filter { !sf.contains($0.coordinate) }.map(\.id)
    #expect(outside.isEmpty, "contract: nothing outside the region", sourceLocation: sourceLocation)

    try await checkMarkerContract(source, seeded: seeded, sourceLocation: sourceLocation)
}

/// The markers half of `checkPlaceSourceContract`.
func checkMarkerContract(
    _ source: any PlaceSource, seeded: [Place], sourceLocation: SourceLocation
) async throws {
    for filter in [PlaceFilter.standard, PlaceFilter(amenities: .accessible), PlaceFilter(kinds: [.airport])] {
        for zoom in [0, 3, 6, 9, 12, 13, 17, 18] {
            let world = try await source.markers(in: .world, zoom: zoom, filter: filter).markers
            let expected = seeded.filter { filter.allows($0) && PlaceCategory.of($0).group.minZoom <= zoom }
            #expect(
                world.reduce(0) { $0 + $1.count } == expected.count,
                "contract: markers at z\(zoom) count every place once (\(filter))", sourceLocation: sourceLocation)
            #expect(
                Set(world.map(\.key)).count == world.count, "contract: no marker twice at z\(zoom)",
                sourceLocation: sourceLocation)
            for region in [PlacesContract.sanFrancisco, PlacesContract.fiji] {
                let inside = try await source.markers(in: region, zoom: zoom, filter: filter).markers
                #expect(
                    Set(inside.map(\.key)) == Set(world.filter { region.contains($0.coordinate) }.map(\.key)),
                    "contract: a region's markers at z\(zoom) are the world's inside it", sourceLocation: sourceLocation
                )
            }
            for marker in world {
                guard let cluster = marker.cluster else { continue }
                let leaders = try await source.mostImportant(in: cluster, filter: filter, limit: 5)
                #expect(
                    leaders.count == min(5, marker.count) && leaders.allSatisfy(filter.allows),
                    "contract: a cluster of \(marker.count) lists its first \(min(5, marker.count))",
                    sourceLocation: sourceLocation)
                let ranks = leaders.map(PlaceImportance.rank)
                #expect(ranks == ranks.sorted(by: >), "contract: leaders by importance", sourceLocation: sourceLocation)
            }
        }
    }
}
