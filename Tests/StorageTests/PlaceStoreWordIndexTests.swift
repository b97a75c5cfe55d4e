import Dispatch
import Foundation
import GeoCore
import Places
import TestSupport
import Testing

@testable import Storage

/// The blocks of `place_words` as imports write them: one bulk import against many small ones and
/// single-place upserts, against the words of every place, after an upgrade from version 3, and read
/// by a second connection while an import writes.
struct PlaceStoreWordIndexTests {
    /// Seeded places with names, streets, cities and codes drawn from a small vocabulary (accents,
    /// numbers, repeated words), so that words share blocks.
    static func places(count: Int, seed: UInt64, idOffset: Int = 0) -> [Place] {
        var generator = SeededGenerator(seed: seed)
        let words = ["Café", "Zürich", "Main", "Station", "Park", "Øster", "São", "Gare", "Nord", "Ünter", "Lake"]
        func word() -> String { words.randomElement(using: &generator)! }
        return PlacesRandom.places(count: count, seed: seed).enumerated().map { n, random in
            var place = random
            let i = n + idOffset
            place.id = place.kind == .airport ? "ap:\(i)" : "rr:\(i)"
            place.name = "\(word()) \(word()) \(Int.random(in: 0..<50, using: &generator))"
            if place.kind == .airport {
                place.details = .airport(
                    AirportDetails(
                        ident: "X\(i)", type: "small_airport", iataCode: i % 3 == 0 ? "Q\(i % 40)" : nil,
                        municipality: word()))
            } else {
                place.details = .restroom(RestroomDetails(street: "\(i % 17) \(word()) St", city: word()))
            }
            return place
        }
    }

    /// Every (word, place id) pair of the store's `place_words`.
    static func pairs(_ path: String) throws -> Set<String> {
        let database = try SQLiteDatabase(path: path, readOnly: true)
        let read = try database.prepare(
            "SELECT w.word, w.block, w.bits FROM place_words w ORDER BY w.word, w.block")
        let id = try database.prepare("SELECT id FROM places WHERE rowid = ?1")
        var pairs = Set<String>()
        try database.withLock {
            while try read.step() {
                for rowid in PlaceWordRows.rowids(block: read.int64(1), bits: read.int64(2)) {
                    id.reset()
                    try id.bind(1, rowid)
                    #expect(try id.step(), "a word of a row that is not there")
                    pairs.insert(read.text(0) + "\t" + id.text(0))
                }
            }
        }
        return pairs
    }

    /// The pairs the places should have: every word of their name, keywords' text and codes.
    static func expectedPairs(_ places: [Place]) -> Set<String> {
        var pairs = Set<String>()
        var words: [String] = []
        for place in places {
            PlaceWordWriter.words(of: place, into: &words)
            #expect(
                Set(words)
                    == Set(SearchText.words(place.name + " " + PlaceKeywords.text(place)) + PlaceKeywords.codes(place)))
            for word in words { pairs.insert(word + "\t" + place.id) }
        }
        return pairs
    }

    @Test func oneBulkImportEqualsManySmallOnesAndUpserts() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let places = Self.places(count: 3000, seed: 61)
        _ = try folder.store("bulk.sqlite", with: places)
        let small = try folder.store("small.sqlite")
        var generator = SeededGenerator(seed: 62)
        var next = 0
        while next < 2980 {
            let size = Int.random(in: 1...400, using: &generator)
            try small.import(Array(places[next..<min(next + size, 2980)]))
            next += size
        }
        for place in places[2980...] { try small.import([place]) }
        let bulk = try Self.pairs(folder.path("bulk.sqlite"))
        #expect(bulk == Self.expectedPairs(places))
        #expect(try Self.pairs(folder.path("small.sqlite")) == bulk)
        // Queries whose rarest word has fewer than `searchScanLimit` places find the same in both.
        let reopened = try PlaceStore(path: folder.path("bulk.sqlite"), create: false)
        for words in [["q1"], ["7", "main"], ["49", "gare"], ["q3", "lak"]] {
            let ids = { (store: PlaceStore) in
                Set(
                    try store.candidates(for: words, near: .init(lat: 0, lon: 0), typos: false, limit: 5000).compactMap(
                        \.placeID))
            }
            #expect(try !ids(reopened).isEmpty && ids(reopened) == ids(small), "\(words)")
        }
    }

    @Test func upsertsAfterABulkImportAreFoundByTheirNewWords() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let places = Self.places(count: 2000, seed: 63)
        let store = try folder.store(with: places)
        var renamed = places[1234]
        renamed.name = "Quixotic Lavatory"
        try store.import([renamed])
        var added = Self.places(count: 1, seed: 64, idOffset: 5000)[0]
        added.name = "Zyzzyva Kiosk"
        try store.import([added])
        #expect(
            try store.candidates(for: ["quixo"], near: .init(lat: 0, lon: 0), typos: false, limit: 10).map(\.placeID)
                == [renamed.id])
        #expect(
            try store.candidates(for: ["lavatory", "qui"], near: .init(lat: 0, lon: 0), typos: false, limit: 10).map(
                \.placeID) == [renamed.id])
        #expect(
            try store.candidates(for: ["zyzzyva"], near: .init(lat: 0, lon: 0), typos: false, limit: 10).map(\.placeID)
                == [added.id])
        #expect(
            try store.candidates(for: ["zyzzvya"], near: .init(lat: 0, lon: 0), typos: true, limit: 10).map(\.placeID)
                == [added.id])
        let oldWords = SearchText.words(places[1234].name)
        let stale = try store.candidates(for: oldWords, near: .init(lat: 0, lon: 0), typos: false, limit: 5000)
        #expect(!stale.contains { $0.placeID == renamed.id }, "found by the words it lost")
        let current = places.filter { $0.id != renamed.id } + [renamed, added]
        #expect(try Self.pairs(folder.path("places.sqlite")).isSuperset(of: Self.expectedPairs(current)))
    }

    @Test func typosAreFoundPastWordsOfManyBlocks() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        var places = Self.places(count: 3000, seed: 68)
        for index in places.indices { places[index].name = index % 2 == 0 ? "Mainz \(index)" : "Mahler \(index)" }
        places[1777].name = "Maxwell Hall"
        let store = try folder.store(with: places)
        // The walk passes the ~47 blocks of `mahler` and `mainz` before it reaches `maxwell`.
        #expect(
            try store.candidates(for: ["maxwlel"], near: .init(lat: 0, lon: 0), typos: true, limit: 10).map(\.placeID)
                == [places[1777].id])
        #expect(
            try store.candidates(for: ["amxwell"], near: .init(lat: 0, lon: 0), typos: true, limit: 10).map(\.placeID)
                == [places[1777].id])
        #expect(
            try store.candidates(for: ["mainzz"], near: .init(lat: 0, lon: 0), typos: true, limit: 5000).count
                == PlaceStore.searchScanLimit)
    }

    @Test func aVersionThreeStoreIsUpgradedInPlace() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let places = Self.places(count: 500, seed: 65)
        _ = try folder.store("fresh.sqlite", with: places)
        let path = folder.path("places.sqlite")
        try PlaceStore(path: path).import(places)
        // The layout of version 3: one row per word and rowid.
        try SQLiteDatabase(path: path, readOnly: false).execute(
            """
            DROP TABLE place_words;
            CREATE TABLE place_words (word TEXT NOT NULL, place INTEGER NOT NULL, PRIMARY KEY (word, place)) WITHOUT ROWID;
            INSERT INTO place_words VALUES ('stale', 1);
            PRAGMA user_version = 3
            """)
        var notices: [String] = []
        let store = try PlaceStore(path: path, create: false) { notices.append($0) }
        #expect(notices.count == 1 && notices[0].contains("search index"))
        #expect(try store.count() == 500)
        #expect(try Self.pairs(path) == Self.pairs(folder.path("fresh.sqlite")))
        #expect(try !store.candidates(for: ["cafe"], near: .init(lat: 0, lon: 0), typos: false, limit: 5).isEmpty)
    }

    @Test func aSecondConnectionSearchesWhileAnImportWrites() throws {
        let folder = try PlaceStoreFolder()
        defer { folder.remove() }
        let first = Self.places(count: 2000, seed: 66)
        let writer = try folder.store(with: first)
        let reader = try PlaceStore(path: folder.path("places.sqlite"), create: false)
        let more = Self.places(count: 3000, seed: 67, idOffset: 10_000).map { place in
            var place = place
            place.name = "Wombat " + place.name
            return place
        }
        let before = Set(
            try reader.candidates(for: ["cafe"], near: .init(lat: 0, lon: 0), typos: false, limit: 5000).compactMap(
                \.placeID))
        let done = DispatchSemaphore(value: 0)
        let importer = Thread {
            try! writer.import(more)
            done.signal()
        }
        importer.start()
        // Until the import commits the reader sees none of its places, then all of them.
        var seen: Set<Int> = []
        while done.wait(timeout: .now()) == .timedOut {
            seen.insert(
                try reader.candidates(for: ["wombat"], near: .init(lat: 0, lon: 0), typos: false, limit: 5000).count)
            #expect(
                Set(
                    try reader.candidates(for: ["cafe"], near: .init(lat: 0, lon: 0), typos: false, limit: 5000)
                        .compactMap(\.placeID)
                ).isSuperset(
                    of: before))
        }
        #expect(seen.isSubset(of: [0, PlaceStore.searchScanLimit]))
        let after = try reader.candidates(
            for: ["wombat", "42"], near: .init(lat: 0, lon: 0), typos: false, limit: 5000)
        let expected = more.filter { SearchText.words($0.name).contains("42") }.map(\.id)
        #expect(!expected.isEmpty && Set(after.compactMap(\.placeID)) == Set(expected))
    }
}
