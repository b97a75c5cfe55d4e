import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

@Suite struct PlaceStoreImportTests {
    static func restroom(_ id: String, _ name: String, _ lat: Double, _ lon: Double, accessible: Bool = false) -> Place
    {
        Place(
            id: id, kind: .restroom, name: name, coordinate: LatLon(lat: lat, lon: lon),
            details: .restroom(RestroomDetails(city: "Testville", accessible: accessible)))
    }

    @Test func upsertReplacesByIDAndKeepsIndexesInStep() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store(with: PlacesRandom.places(count: 500, seed: 1))
        #expect(try store.count() == 500)

        // rr:0 changes name and moves from wherever it was to Oslo; rr:10 only changes details; one is new.
        let moved = Self.restroom("rr:0", "Moved to Oslo", 59.91, 10.75, accessible: true)
        let changed = Self.restroom("rr:10", "Place 10", 0, 0, accessible: true)
        let original10 = try #require(try store.place(id: "rr:10"))
        let same10 = Place(
            id: "rr:10", kind: .restroom, name: original10.name, coordinate: original10.coordinate,
            details: changed.details)
        let added = Self.restroom("new:1", "Brand new", 59.9101, 10.7501)
        #expect(try store.import([moved, same10, added]) == 3)
        #expect(try store.count() == 501)
        #expect(try store.place(id: "rr:0") == moved)
        #expect(try store.place(id: "rr:10") == same10)

        let oslo = GeoBounds(south: 59.9, west: 10.7, north: 59.92, east: 10.8)
        #expect(try store.query(oslo, limit: 10).map(\.id).sorted() == ["new:1", "rr:0"])
        // The old position no longer holds rr:0.
        let everywhere = try store.query(.world, limit: 10_000)
        #expect(everywhere.filter { $0.id == "rr:0" } == [light(moved)])
        #expect(everywhere.count == 501)
        // The search index follows the rename.
        #expect(try store.ids(matching: "oslo", limit: 5) == ["rr:0"])
        #expect(try store.ids(matching: "Place 0", limit: 50).allSatisfy { $0 != "rr:0" })
    }

    /// An upsert into a full store (replaced rows are updated in place, names re-indexed only when they
    /// change, hierarchies built beside the writes) answers like a store built at once from the result.
    @Test func anUpsertAnswersLikeAStoreBuiltFromTheResult() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let original = PlacesRandom.places(count: 3000, seed: 41)
        let store = try folder.store(with: original)
        var generator = SeededGenerator(seed: 42)
        var batch: [Place] = []
        for (i, place) in original.enumerated() where i % 5 == 0 {
            var copy = place
            switch i % 4 {
            case 0: copy.name = "Renamed \(i) Zanzibar"
            case 1: copy.coordinate = PlacesRandom.places(count: 1, seed: UInt64(i)).first!.coordinate
            case 2: copy.details = .restroom(RestroomDetails(unisex: true, changingTable: true))
            default:
                copy = Place(
                    id: place.id, kind: .heliport, name: "Heliport \(i)", coordinate: place.coordinate,
                    details: .airport(AirportDetails(ident: "H\(i)", type: "heliport")))
            }
            batch.append(copy)
        }
        batch += PlacesRandom.places(count: 1400, seed: 43).map { place in
            var copy = place
            copy.id = "new:" + place.id
            copy.name = "Fresh \(place.name)"
            return copy
        }
        batch.shuffle(using: &generator)
        try store.import(batch)

        var final = Dictionary(uniqueKeysWithValues: original.map { ($0.id, $0) })
        for place in batch { final[place.id] = place }
        let expected = Array(final.values)
        let fresh = try folder.store("fresh.sqlite", with: expected)
        #expect(try store.count() == expected.count)
        for place in batch.prefix(200) { #expect(try store.place(id: place.id) == place) }
        for _ in 0..<150 {
            let region = PlacesRandom.region(using: &generator)
            #expect(try store.query(region, limit: 40) == fresh.query(region, limit: 40))
        }
        for text in [
            "Zanzibar", "Renamed 40", "Place 40", "Place 41", "Fresh", "Heliport 15", "Place 15", "Place 2999",
        ] {
            #expect(
                Set(try store.ids(matching: text, limit: 5000)) == Set(try fresh.ids(matching: text, limit: 5000)),
                "\(text)")
        }
        #expect(try store.ids(matching: "Place 40", limit: 10).allSatisfy { $0 != "rr:40" }, "an old name is gone")
        for zoom in [0, 4, 9, 12, 18] {
            for filter in [PlaceFilter.standard, PlaceFilter(amenities: .unisex), PlaceFilter(kinds: PlaceKind.all)] {
                let total = { (s: PlaceStore) in
                    try s.markerQuery(.world, zoom: zoom, filter: filter).reduce(0) { $0 + $1.count }
                }
                #expect(try total(store) == total(fresh), "z\(zoom) \(filter)")
            }
        }
        #expect(
            Set(try store.markerQuery(.world, zoom: 18, filter: PlaceFilter(kinds: PlaceKind.all)).map(\.key))
                == Set(expected.map { "p:" + $0.id }))
    }

    @Test func lastOfRepeatedIDsWinsAndInvalidCoordinatesAreSkipped() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store()
        let places = [
            Self.restroom("a", "First A", 1, 1),
            Self.restroom("b", "Bad", 91, 0),
            Self.restroom("c", "Not a number", .nan, 0),
            Self.restroom("a", "Second A", 2, 2),
        ]
        #expect(try store.import(places) == 1)
        #expect(try store.place(id: "a")?.name == "Second A")
        #expect(try store.query(.world, limit: 10).map(\.id) == ["a"])
        // Again into the non-empty store (the upsert path).
        #expect(try store.import(places) == 1)
        #expect(try store.count() == 1)
    }

    @Test func deleteRemovesFromEveryIndex() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let places = PlacesRandom.places(count: 300, seed: 2)
        let store = try folder.store(with: places)
        let gone = places.prefix(100).map(\.id)
        #expect(try store.delete(ids: gone + ["nope"]) == Set(gone).count)
        let left = try store.query(.world, limit: 1000)
        #expect(Set(left.map(\.id)) == Set(places.dropFirst(100).map(\.id)))
        #expect(try store.ids(matching: "Place 5", limit: 10).allSatisfy { !gone.contains($0) })
    }

    /// Many small imports (each its own buckets) still answer exactly.
    @Test func repeatedSmallImportsStayExact() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let places = PlacesRandom.places(count: 600, seed: 3)
        let store = try folder.store()
        for start in stride(from: 0, to: places.count, by: 37) {
            try store.import(Array(places[start..<min(start + 37, places.count)]))
        }
        // And replace a third of them with moved copies.
        var moved = places
        for i in stride(from: 0, to: moved.count, by: 3) {
            moved[i].coordinate = LatLon(lat: -moved[i].coordinate.lat, lon: moved[i].coordinate.lon)
        }
        try store.import(Array(moved.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)))
        var generator = SeededGenerator(seed: 4)
        for _ in 0..<200 {
            let region = PlacesRandom.region(using: &generator)
            #expect(
                try store.query(region, limit: 50)
                    == PlaceRanking.select(moved, in: region, filter: PlaceFilter(kinds: PlaceKind.all), limit: 50).map(
                        light))
        }
    }

    @Test func failingImportRollsBackEverything() throws {
        struct Stop: Error {}
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        for phase in PlaceStore.ImportPhase.allCases where phase != .prepare {
            let store = try folder.store("\(phase).sqlite")
            #expect(throws: Stop.self) {
                try store.import(PlacesRandom.places(count: 100, seed: 5)) { if $0 == phase { throw Stop() } }
            }
            #expect(try store.count() == 0)
            #expect(try store.query(.world, limit: 10).isEmpty)
            #expect(try store.ids(matching: "Place", limit: 10).isEmpty)
            // The store still works afterwards.
            try store.import(PlacesRandom.places(count: 10, seed: 5))
            #expect(try store.query(.world, limit: 100).count == 10)
        }
    }

    @Test func phasesAreReportedInOrder() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let store = try folder.store()
        var phases: [PlaceStore.ImportPhase] = []
        try store.import(PlacesRandom.places(count: 50, seed: 6)) { phases.append($0) }
        #expect(phases == PlaceStore.ImportPhase.allCases)
    }

    /// The Refuge Austin CSV (245 records) through `PlaceImporter` into the store.
    @Test func austinCSVImport() async throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let csv = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PlacesTests/Fixtures/refuge_austin_2017.csv")
        let result = try PlaceImporter.importFile(at: csv)
        let store = try folder.store()
        #expect(try store.import(result.places) == result.places.count)
        #expect(try store.count() == result.places.count)
        #expect(result.places.count + result.issues.count + result.duplicates == 245)
        let austin = GeoBounds(south: 29.5, west: -98.5, north: 31, east: -97)
        let found = try await store.detailed.places(in: austin, kinds: [.restroom], limit: 1000)
        let inside = result.places.filter { austin.contains($0.coordinate) }
        #expect(Set(found) == Set(inside))
        let cityHall = try #require(result.places.first { $0.name.contains("City Hall") })
        #expect(try store.place(id: cityHall.id) == cityHall)
    }
}
