import Foundation
import GeoCore
import Storage
import TestSupport
import Testing

@testable import Places

/// The prebuilt gazetteer index `Resources/gazetteer/search.bin`: equal to what the code builds from
/// the gazetteer (`RECORD_SEARCH_INDEX=1`, or `make gazetteer-index`, rewrites it), read back into an
/// index that answers like the built one, and replaced by a build when it is missing or damaged.
@Suite(.serialized) struct GazetteerSearchIndexFileTests {
    static let folder = RepositoryPaths.resource("gazetteer")
    static let geocoder = try! ReverseGeocoder(directory: folder)
    static let built = GazetteerSearchIndex(geocoder, directory: folder)
    static var file: URL { folder.appendingPathComponent(GazetteerSearchIndex.fileName) }

    @Test func theShippedFileIsWhatTheGazetteerBuilds() throws {
        let bytes = Self.built.fileBytes()
        if ProcessInfo.processInfo.environment["RECORD_SEARCH_INDEX"] == "1" {
            try Data(bytes).write(to: Self.file, options: .atomic)
        }
        let shipped = try [UInt8](Data(contentsOf: Self.file))
        #expect(shipped == bytes, "search.bin is stale: run `make gazetteer-index`")
    }

    @Test func theFileAnswersLikeTheBuiltIndex() throws {
        let loaded = try GazetteerSearchIndex(contentsOf: Self.file)
        #expect(loaded.entries == Self.built.entries)
        #expect(loaded.fileBytes() == Self.built.fileBytes())
        var generator = SeededGenerator(seed: 20_261_201)
        var queries = ["paris", "san fr", "new yo", "bayern", "bavaria", "fr", "zurich", "heathorw", "barcelnoa", "東京"]
        for _ in 0..<40 {
            let entry = Self.built.entries.randomElement(using: &generator)!
            let words = SearchText.words(entry.name)
            guard let first = words.first else { continue }
            queries.append(String(first.prefix(Int.random(in: 1...max(1, first.count), using: &generator))))
            queries.append(words.joined(separator: " "))
            if first.count >= 6 { queries.append(String(first.dropLast(2)) + String(first.suffix(2).reversed())) }
        }
        for query in queries {
            let words = SearchText.words(query)
            for typos in [false, true] {
                #expect(
                    loaded.candidates(for: words, near: .init(lat: 0, lon: 0), typos: typos, limit: 100)
                        == Self.built.candidates(for: words, near: .init(lat: 0, lon: 0), typos: typos, limit: 100),
                    "\(query) typos \(typos)")
            }
        }
    }

    @Test func aMissingOrDamagedFileIsBuiltInstead() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-gazetteer-\(UUID())")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        for name in ReverseGeocoder.fileNames + [GazetteerCityNames.fileName] {
            try FileManager.default.copyItem(
                at: Self.folder.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        let missing = try GazetteerSearchIndex.loadWithGeocoder(directory: copy)
        #expect(missing.index.entries == Self.built.entries)
        let target = copy.appendingPathComponent(GazetteerSearchIndex.fileName)
        let bytes = Self.built.fileBytes()
        for cut in [9, bytes.count / 2, bytes.count - 1] {
            try Data(bytes.prefix(cut)).write(to: target)
            #expect(throws: GazetteerError.self) { try GazetteerSearchIndex(contentsOf: target) }
            let damaged = try GazetteerSearchIndex.loadWithGeocoder(directory: copy)
            #expect(
                damaged.index.candidates(for: ["paris"], near: .init(lat: 0, lon: 0), typos: false, limit: 5).first?
                    .name == "Paris")
        }
    }

    /// The index thread and its caller meet on a semaphore: loads from more tasks than the cooperative
    /// pool has threads all end, and a geocoder that fails still lets the load end (with its error).
    @Test func loadsFromManyTasksAtOnceEndAndAFailingGeocoderIsSaid() throws {
        struct Refused: Error {}
        final class Tally: @unchecked Sendable {
            private let lock = NSLock()
            private var count = 0
            func add() { lock.withLock { count += 1 } }
            var value: Int { lock.withLock { count } }
        }
        let folder = Self.folder
        let loaded = try #require(
            Deadline.run(seconds: 120) {
                let done = DispatchSemaphore(value: 0)
                let found = Tally()
                for _ in 0..<16 {
                    Task {
                        let load = try? GazetteerSearchIndex.loadWithGeocoder(directory: folder)
                        if load?.index.candidates(for: ["paris"], near: .init(lat: 0, lon: 0), typos: false, limit: 1)
                            .first?.name == "Paris"
                        {
                            found.add()
                        }
                        done.signal()
                    }
                }
                for _ in 0..<16 { done.wait() }
                let failed = Result { try GazetteerSearchIndex.loadWithGeocoder(directory: folder) { throw Refused() } }
                return (found.value, failed.map { _ in () })
            }, "16 loads at once did not end")
        #expect(loaded.0 == 16)
        #expect(throws: Refused.self) { try loaded.1.get() }
    }
}
