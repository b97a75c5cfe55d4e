import GeoCore
import Places
import Testing

/// The configured source and the tiles' places as one: a tile's toilet next to a stored restroom is that
/// restroom (one marker; its details say both), other tile places are places of their own, clustered and
/// filtered like every place.
@Suite struct TilePlaceSourceTests {
    static let hall = LatLon(lat: 43.7384, lon: 7.4246)
    /// About 11 m north of `hall`.
    static let nearHall = LatLon(lat: 43.7385, lon: 7.4246)
    /// About 56 m north of `hall`.
    static let pastHall = LatLon(lat: 43.7389, lon: 7.4246)
    static let tile = GeoBounds(south: 43.72, west: 7.40, north: 43.76, east: 7.44)

    static let stored = Place(
        id: "rr:900", kind: .restroom, name: "Hall Restroom", coordinate: hall,
        details: .restroom(RestroomDetails(street: "1 Place du Palais", accessible: true)))

    static func tilePlace(_ id: String, _ kind: PlaceKind, _ name: String, at point: LatLon) -> Place {
        Place(
            id: id, kind: kind, name: name, coordinate: point,
            details: .openStreetMap(
                OpenStreetMapDetails(schema: "OpenMapTiles", tags: [.init(key: "subclass", value: kind.rawValue)])))
    }

    static let toilet = tilePlace("osm:1", .restroom, "Public toilets", at: nearHall)
    static let farToilet = tilePlace("osm:2", .restroom, "Public toilets", at: pastHall)
    static let cafe = tilePlace("osm:3", .cafe, "Le Palace Café", at: LatLon(lat: 43.7392, lon: 7.42475))

    static func source() async -> TilePlaceSource {
        let source = TilePlaceSource(base: FixtureSource(places: [stored]))
        let changed = await source.add([toilet, farToilet, cafe], in: tile)
        #expect(changed)
        return source
    }

    @Test func aToiletNextToAStoredRestroomIsThatRestroom() async throws {
        let source = await Self.source()
        let markers = try await source.markers(in: Self.tile, zoom: 18, filter: .standard).markers
        let ids = Set(markers.compactMap(\.place?.id))
        #expect(ids == ["rr:900", "osm:2", "osm:3"])
        let restroom = try #require(markers.compactMap(\.place).first { $0.id == "rr:900" })
        let joined = try #require(restroom.restroom?.openStreetMap)
        #expect(joined.schema == "OpenMapTiles")
        #expect(restroom.restroom?.accessible == true)
        let detailed = try await source.details(for: restroom)
        #expect(detailed.restroom?.openStreetMap == joined)
        let listed = try await source.places(in: Self.tile, filter: .standard, limit: 10)
        #expect(Set(listed.map(\.id)) == ["rr:900", "osm:2", "osm:3"])
        #expect(listed.first { $0.id == "rr:900" }?.restroom?.openStreetMap == joined)
        #expect(source.tilePlaceCount == 2)
    }

    /// A source asked over the network (the Refuge API alone) is not asked about every tile's toilets:
    /// they stay places of their own.
    @Test func aSourceNotMatchedIsNotAsked() async throws {
        let source = TilePlaceSource(base: FixtureSource(places: [Self.stored]), matchesBase: false)
        await source.add([Self.toilet], in: Self.tile)
        let ids = try await source.markers(in: Self.tile, zoom: 18, filter: .standard).markers.compactMap(\.place?.id)
        #expect(Set(ids) == ["rr:900", "osm:1"])
    }

    @Test func addingTheSameTileAgainChangesNothing() async {
        let source = await Self.source()
        #expect(await source.add([Self.toilet, Self.cafe], in: Self.tile) == false)
    }

    @Test func theSplitKeepsTheNearestToiletAndNothingBeyondThirtyMetres() {
        let nearer = Self.tilePlace("osm:4", .restroom, "Public toilets", at: LatLon(lat: 43.73842, lon: 7.4246))
        let (own, twins) = TilePlaceMerge.split(
            [Self.toilet, nearer, Self.farToilet, Self.cafe], stored: [Self.stored])
        #expect(own.map(\.id) == ["osm:2", "osm:3"])
        #expect(twins.mapValues(\.id) == ["rr:900": "osm:4"])
        #expect(TilePlaceMerge.split([Self.toilet], stored: []).own == [Self.toilet])
    }

    @Test func tilePlacesClusterAndFilterLikeTheOthers() async throws {
        let source = await Self.source()
        // The points of interest are a group from z14; the toilet counts from z0 with the restrooms.
        let low = try await source.markers(in: .world, zoom: 10, filter: .standard).markers
        #expect(low.reduce(0) { $0 + $1.kindCounts[.cafe] } == 0)
        #expect(low.reduce(0) { $0 + $1.kindCounts[.restroom] } == 2)
        let street = try await source.markers(in: .world, zoom: 14, filter: .standard).markers
        #expect(street.reduce(0) { $0 + $1.kindCounts[.cafe] } == 1)
        var noCafes = PlaceFilter.standard
        noCafes.kinds.remove(.cafe)
        let hidden = try await source.markers(in: .world, zoom: 18, filter: noCafes).markers
        #expect(!hidden.contains { $0.place?.kind == .cafe })
        #expect(try await source.places(in: Self.tile, filter: noCafes, limit: 10).allSatisfy { $0.kind != .cafe })
        // A tile's toilet says nothing of its amenities: unknown is never "accessible".
        let accessible = PlaceFilter(amenities: [.accessible])
        let shown = try await source.markers(in: .world, zoom: 18, filter: accessible).markers
        #expect(shown.compactMap(\.place?.id) == ["rr:900"])
    }

    @Test func aClusterOfTilePlacesListsItsLeaders() async throws {
        let source = TilePlaceSource(base: FixtureSource(places: []))
        let cafes = (0..<6).map { i in
            Self.tilePlace("osm:c\(i)", .cafe, "Café \(i)", at: LatLon(lat: 43.7390 + Double(i) * 0.00001, lon: 7.4247))
        }
        await source.add(cafes, in: Self.tile)
        let markers = try await source.markers(in: .world, zoom: 14, filter: .standard).markers
        let cluster = try #require(markers.first?.cluster)
        let leaders = try await source.mostImportant(in: cluster, filter: .standard, limit: 3)
        #expect(leaders.count == 3)
        #expect(leaders.allSatisfy { $0.kind == .cafe })
    }

    @Test func theNewKindsHaveStableNamesAndCodes() {
        #expect(
            PlaceKind.tileKinds.map(\.rawValue) == [
                "cafe", "restaurant", "pharmacy", "drinking_water", "station", "atm", "hospital",
            ])
        #expect(
            PlaceKind.tileKinds.map { PlaceCategory.of(Self.tilePlace("x", $0, "x", at: Self.hall)).code } == [
                15, 16, 17, 18, 19, 20, 21,
            ])
        #expect(PlaceCategory.all.filter { $0.group == .pointsOfInterest }.map(\.kind) == PlaceKind.tileKinds)
        #expect(PlaceKind.pharmacy.noun(plural: true) == "pharmacies")
        #expect(PlaceKind.drinkingWater.noun(plural: true) == "drinking water")
        #expect(PlaceFilter.standard.categoryMask == (1 << 22 - 1) & ~(1 << 14))
    }
}
