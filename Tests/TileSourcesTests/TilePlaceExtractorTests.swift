import Foundation
import GeoCore
import Places
import Synchronization
import TestSupport
import Testing
import TileSources
import VectorTiles

/// The points of interest of the map's tiles as places: the same Monaco in the three schemas gives the
/// same toilets, cafés, stations, … at the same spots; a hostile tile's names and tags are bounded.
@Suite struct TilePlaceExtractorTests {
    /// The z14 tiles covering Monaco.
    static let monacoTiles = GeoBounds(south: 43.72, west: 7.40, north: 43.755, east: 7.44).tiles(atZoom: 14)

    /// Every place of the Monaco fixture of `schema`.
    static func monacoPlaces(_ schema: TileSchema) throws -> [Place] {
        let loader = TileLoader(store: try SchemaFrameTests.store(schema))
        var places: [Place] = []
        for tile in monacoTiles {
            guard case .tile(let vectorTile, let read) = loader.load(tile) else { continue }
            places += TilePlaceExtractor.places(in: vectorTile, id: read, schema: schema)
        }
        return places
    }

    /// The café of the Palais de la Méditerranée, as OpenStreetMap places it.
    static let palaceCafe = LatLon(lat: 43.73920, lon: 7.42475)
    static let station = LatLon(lat: 43.7389, lon: 7.4202)

    @Test(arguments: TileSchema.allCases)
    func eachSchemaGivesToiletsAndTheOtherKinds(_ schema: TileSchema) throws {
        let places = try Self.monacoPlaces(schema)
        var counts: [PlaceKind: Int] = [:]
        for place in places { counts[place.kind, default: 0] += 1 }
        #expect(counts[.restroom, default: 0] >= 25, "\(schema): \(counts)")
        #expect(counts[.cafe, default: 0] >= 15, "\(schema): \(counts)")
        #expect(counts[.restaurant, default: 0] >= 80, "\(schema): \(counts)")
        #expect(counts[.pharmacy, default: 0] >= 10, "\(schema): \(counts)")
        #expect(counts[.hospital, default: 0] >= 3, "\(schema): \(counts)")
        #expect(counts[.station, default: 0] >= 1, "\(schema): \(counts)")
        if schema == .shortbread {
            // Tilemaker's OpenMapTiles profile (and so the Protomaps fixture made from it) keeps no ATMs
            // or drinking water; Shortbread does.
            #expect(counts[.atm, default: 0] >= 10, "\(counts)")
            #expect(counts[.drinkingWater, default: 0] >= 10, "\(counts)")
        }
        let cafe = try #require(places.first { $0.name == "Le Palace Café" })
        #expect(cafe.kind == .cafe)
        #expect(Geodesy.distance(cafe.coordinate, Self.palaceCafe) * 1000 < 3)
        #expect(cafe.id.hasPrefix("osm:"))
        #expect(cafe.openStreetMap?.schema == schema.title)
        let station = try #require(places.first { $0.kind == .station && $0.name == "Monaco - Monte Carlo" })
        #expect(Geodesy.distance(station.coordinate, Self.station) * 1000 < 150)
        for place in places {
            #expect(place.coordinate.isValid && !place.name.isEmpty)
            #expect(GeoBounds(south: 43.70, west: 7.38, north: 43.77, east: 7.46).contains(place.coordinate))
        }
        #expect(Set(places.map(\.id)).count == places.count, "ids repeat")
    }

    /// The three schemas put the same toilets at the same spots (each within 3 m of one in the others).
    @Test func theSchemasAgreeOnTheToilets() throws {
        let toilets = try TileSchema.allCases.map { schema in
            try Self.monacoPlaces(schema).filter { $0.kind == .restroom }.map(\.coordinate)
        }
        for other in toilets.dropFirst() {
            #expect(other.count == toilets[0].count)
            for point in other {
                #expect(toilets[0].contains { Geodesy.distance($0, point) * 1000 < 3 }, "\(point)")
            }
        }
    }

    /// A tile of absurd names and tags: everything bounded and printable, points in the buffer and
    /// non-point toilets left out, numbers written as numbers, a NaN dropped.
    @Test func hostileNamesAndTagsAreBoundedAndSanitised() throws {
        let evil = "\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2JEvil\u{202E}Café" + String(repeating: "x", count: 100_000)
        var keys = ["subclass", "name", "class", "rank", "bad"]
        var values: [PropertyValue] = [
            .string("cafe"), .string(evil), .string("\u{1B}[31mred"), .double(25), .double(.nan),
        ]
        for i in 0..<40 {
            keys.append("k\(i)\u{0}")
            values.append(.string(String(repeating: "v", count: 10_000)))
        }
        var tags: [UInt32] = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
        for i in 0..<40 { tags += [UInt32(5 + i), UInt32(5 + i)] }
        let layer = MVTEncoder.Layer(
            name: "poi", keys: keys, values: values,
            features: [
                MVTEncoder.Feature(id: 7, type: .point, tags: tags, geometry: MVTGeometry.points([(100, 200)])),
                // In the buffer: the neighbour tile's.
                MVTEncoder.Feature(id: 8, type: .point, tags: [0, 0], geometry: MVTGeometry.points([(-20, 200)])),
                MVTEncoder.Feature(
                    id: 9, type: .polygon, tags: [0, 0],
                    geometry: MVTGeometry.rings([[(0, 0), (100, 0), (100, 100)]])),
            ])
        let tile = try VectorTile(bytes: MVTEncoder.tile([layer]))
        let places = TilePlaceExtractor.places(in: tile, id: TileID(z: 14, x: 8529, y: 5974), schema: .openMapTiles)
        let place = try #require(places.first)
        #expect(places.count == 1)
        #expect(place.id == "osm:7")
        #expect(place.name.count <= TilePlaceExtractor.maxNameLength)
        #expect(place.name.hasPrefix("Evil"), "\(place.name.prefix(20))")
        for text in [place.name] + (place.openStreetMap?.tags ?? []).flatMap({ [$0.key, $0.value] }) {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E })
        }
        let details = try #require(place.openStreetMap)
        #expect(details.tags.count <= OpenStreetMapDetails.maxTags)
        #expect(details.tags.allSatisfy { $0.value.count <= OpenStreetMapDetails.maxValueLength })
        #expect(details.value("rank") == "25")
        #expect(details.value("bad") == nil)
        #expect(details.value("class") == "[31mred" || details.value("class") == "red")
    }
}

/// The collector reads each z14 tile once, off the frame path, and says when the map's places changed.
@Suite struct TilePlaceCollectorTests {
    static func tile(_ load: TileLoad) -> VectorTile? {
        if case .tile(let tile, _) = load { return tile }
        return nil
    }

    @Test func eachZ14TileIsReadOnceAndTheMapIsTold() async throws {
        let loader = TileLoader(store: try SchemaFrameTests.store(.openMapTiles))
        let told = Mutex(0)
        let collector = TilePlaceCollector(source: TilePlaceSource(base: FixtureSource(places: []))) {
            told.withLock { $0 += 1 }
        }
        let id = TileSourceID("monaco")
        let z14 = try #require(
            TilePlaceExtractorTests.monacoTiles.first { tile in
                Self.tile(loader.load(tile)).map {
                    !TilePlaceExtractor.places(in: $0, id: tile, schema: .openMapTiles).isEmpty
                } ?? false
            })
        let vectorTile = try #require(Self.tile(loader.load(z14)))
        // A z13 tile of a source that goes to z14 is passed over.
        let z13 = z14.ancestor(at: 13)
        let upper = try #require(Self.tile(loader.load(z13)))
        collector.take(id, tile: z13, upper, schema: .openMapTiles, maxZoom: 14)
        await collector.idle()
        #expect(collector.source.tilePlaceCount == 0)
        collector.take(id, tile: z14, vectorTile, schema: .openMapTiles, maxZoom: 14)
        collector.take(id, tile: z14, vectorTile, schema: .openMapTiles, maxZoom: 14)
        await collector.idle()
        #expect(collector.source.tilePlaceCount > 0)
        #expect(told.withLock { $0 } == 1)
    }
}
