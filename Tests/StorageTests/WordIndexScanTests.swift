import GeoCore
import Places
import Testing

@testable import Storage

/// The near pass of a common word: read for a word of three letters or more, not for a letter or two.
@Suite struct WordIndexScanTests {
    static let center = LatLon(lat: 37.7793, lon: -122.4137)

    /// The boxes `candidates` asks `nearby` for, for `word`, which the index counts as common.
    static func boxesAsked(for word: String) throws -> Int {
        var asked = 0
        let place = SearchCandidate(name: "Park Lane", kind: .city, coordinate: center, importance: 1)
        _ = try WordIndexScan.candidates(
            for: [word], near: center, typos: false, limit: 10, typoRanges: { [] },
            count: { _ in PlaceStore.searchScanLimit + 1 }, rows: { _, take in _ = take([(Int64(1), place)]) },
            nearby: { _, _ in
                asked += 1
                return [(Int64(2), place)]
            })
        return asked
    }

    @Test func aCommonWordOfThreeLettersReadsTheNearPlacesFirst() throws {
        #expect(try Self.boxesAsked(for: "par") > 0)
        #expect(try Self.boxesAsked(for: "park") > 0)
    }

    @Test func aLetterOrTwoDoNot() throws {
        #expect(try Self.boxesAsked(for: "p") == 0)
        #expect(try Self.boxesAsked(for: "pa") == 0)
    }
}
