import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

/// The place data shipped in Resources/places, as the first run reads it: cleaned of restrooms placed
/// on a city's geocoder centroid and of reports repeated within `duplicateMetres`
/// (Resources/tools/make_places.py), with the runway thresholds of the airports; and a user's import,
/// which is never cleaned.
@Suite struct ShippedPlacesTests {
    /// Two restrooms of one name closer than this are one restroom reported twice (make_places.py's
    /// DUPLICATE_METRES).
    static let duplicateMetres = 10.0

    static let shipped: EmbeddedPlaceData = {
        // The data ships in the repository; failing to read it is a real defect.
        try! EmbeddedPlaceData.load(resources: RepositoryPaths.root.appendingPathComponent("Resources"))
    }()

    /// The case-folded name with runs of spaces made one, as make_places.py compares names.
    static func key(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func noJunkRowOnTheSanFranciscoCentroid() {
        let restrooms = Self.shipped.places.filter { $0.kind == .restroom }
        #expect(restrooms.count > 1000)
        for name in ["#makefrancegreatagain", "Finca Son Verdera Mallorca"] {
            #expect(!restrooms.contains { $0.name == name }, "\(name)")
        }
        let centroid = LatLon(lat: 37.7749295, lon: -122.4194155)
        #expect(!restrooms.contains { $0.coordinate == centroid })
    }

    @Test func noRestroomIsReportedTwice() {
        let restrooms = Self.shipped.places.filter { $0.kind == .restroom }
        let byName = Dictionary(grouping: restrooms) { Self.key($0.name) }
        var repeated: [String] = []
        for (name, group) in byName where group.count > 1 {
            for (i, a) in group.enumerated() {
                for b in group[(i + 1)...]
                where Geodesy.distance(a.coordinate, b.coordinate) * 1000 < Self.duplicateMetres {
                    repeated.append("\(name): \(a.id) and \(b.id)")
                }
            }
        }
        #expect(repeated.isEmpty, "\(repeated.prefix(5))")
        #expect(restrooms.filter { Self.key($0.name) == "mcdonald's" && $0.coordinate.lat == 37.7234943 }.count == 1)
    }

    @Test func sanFranciscoInternationalHasItsRunwayThresholds() throws {
        let sfo = try #require(Self.shipped.places.first { $0.id == "ap:KSFO" })
        let runways = try #require(sfo.airport?.runways)
        #expect(runways.count == 4)
        let first = try #require(runways.first { $0.lowEndIdent == "10L" }?.centerline)
        #expect(first.low == LatLon(lat: 37.628742, lon: -122.39341))
        #expect(first.high == LatLon(lat: 37.613538, lon: -122.35716))
    }

    @Test func aUsersImportKeepsRowsTheShippedDataDrops() throws {
        let csv = """
            id,name,street,city,state,country,accessible,unisex,changing_table,directions,comment,latitude,longitude,upvote,downvote,created_at,updated_at
            34441,#makefrancegreatagain,,San Francisco,CA,US,false,false,false,,,37.7749295,-122.4194155,,,,
            1,McDonald's,,,,US,false,false,false,,,37.7234943,-122.4554531,,,,
            2,McDonald's,,,,US,false,false,false,,,37.7234943,-122.4554531,,,,
            3,McDonald's,,,,US,false,false,false,,,37.7234943,-122.4554531,,,,

            """
        let result = try PlaceImporter.importData(Data(csv.utf8), format: .csv)
        #expect(result.places.map(\.id) == ["rr:34441", "rr:1", "rr:2", "rr:3"])
        #expect(result.issues.isEmpty && result.duplicates == 0)
    }
}
