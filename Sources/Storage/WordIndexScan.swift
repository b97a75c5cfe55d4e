import Foundation
import GeoCore
import Places

/// The one search over a word index that both place stores (SQLite's `place_words`, PostGIS's
/// `mapterm_place_words`) run: read the places of the rarest typed prefix (or, with `typos`, of the
/// indexed words one typo away), keep each place once and only those `SearchMatch` accepts, stop at
/// `limit`. When the rarest prefix has more places than one search reads (`PlaceStore.searchScanLimit`),
/// the places read are only the first in word order, so the places near the centre are read first:
/// in boxes around it of growing size (`nearRadiiKm`) until one holds `nearEnough` matches, at most
/// `nearScanLimit` rows in all, keeping up to half of `limit` that match. The stores supply how to count a prefix and how to read a range of
/// words or a box.
package enum WordIndexScan {
    /// Above every character: the end of the range of words starting with a prefix.
    package static let highest = "\u{10FFFF}"
    /// The half-sides, in km, of the boxes around the centre read for a common word, smallest first.
    package static let nearRadiiKm: [Double] = [5, 25, 125, 625]
    /// The most rows the boxes of one search read together.
    package static let nearScanLimit = 500
    /// The matches after which no larger box is read (a screenful of results).
    package static let nearEnough = 10
    /// The shortest typed word whose places near the centre are read first: a letter or two begins too
    /// many words for the near places to mean much, and reading them costs a keystroke its speed.
    package static let nearMinimumLength = 3

    /// A range of indexed words: from `low`, below `high` (nil: exactly `low`).
    package typealias Range = (low: String, high: String?)

    /// The places of a range of words, handed over in batches to a function that says when it has
    /// enough (true: read no more).
    package typealias RangeReader = (Range, _ batch: ([(Int64, SearchCandidate)]) -> Bool) throws -> Void

    /// Up to `limit` candidates for the folded `words`, seen from `center`. `rows(range, take)` hands
    /// the places of a range to `take` in batches until it says enough. `nearby(box, n)` gives at
    /// most `n` places inside `box` (which does not cross the antimeridian), always the same ones while the
    /// store is unchanged.
    package static func candidates(
        for words: [String], near center: LatLon, typos: Bool, limit: Int, typoRanges: () throws -> [Range],
        count: (String) throws -> Int, rows: RangeReader,
        nearby: (GeoBounds, Int) throws -> [(Int64, SearchCandidate)]
    ) throws -> [SearchCandidate] {
        guard !words.isEmpty, limit > 0 else { return [] }
        var seen = Set<Int64>()
        var found: [SearchCandidate] = []
        /// Adds the places of `rows` that match, up to `cap` found in all; true when `cap` is reached.
        func take(_ rows: [(Int64, SearchCandidate)], cap: Int) -> Bool {
            for (rowid, candidate) in rows where seen.insert(rowid).inserted {
                guard SearchMatch.of(candidate, words: words, typos: typos) != nil else { continue }
                found.append(candidate)
                if found.count >= cap { return true }
            }
            return false
        }
        let ranges: [Range]
        if typos {
            ranges = try typoRanges()
        } else {
            let counts = try words.map(count)
            let rarest = counts.indices.min { counts[$0] < counts[$1] } ?? 0
            ranges = [(words[rarest], words[rarest] + highest)]
            if counts[rarest] > PlaceStore.searchScanLimit, words[rarest].count >= nearMinimumLength {
                var budget = nearScanLimit
                boxes: for radius in nearRadiiKm {
                    for part in box(around: center, radiusKm: radius).parts {
                        let read = try nearby(part, budget)
                        budget -= read.count
                        if take(read, cap: max(limit / 2, 1)) || budget <= 0 { break boxes }
                    }
                    if found.count >= nearEnough { break }
                }
            }
        }
        for range in ranges {
            var full = false
            try rows(range) { batch in
                full = take(batch, cap: limit)
                return full
            }
            if full { break }
        }
        return found
    }

    /// The box of `radiusKm` (half its side, km) around `center`, clamped at the poles; crossing the
    /// antimeridian when it reaches it; the whole width of the world when it spans it.
    package static func box(around center: LatLon, radiusKm: Double) -> GeoBounds {
        let kmPerDegree = 111.195
        let dLat = radiusKm / kmPerDegree
        let south = max(center.lat - dLat, -90), north = min(center.lat + dLat, 90)
        let widest = max(abs(south), abs(north))
        let cosine = cos(widest * .pi / 180)
        let dLon = cosine > 1e-9 ? radiusKm / (kmPerDegree * cosine) : 360
        guard dLon < 180 else { return GeoBounds(south: south, west: -180, north: north, east: 180) }
        return GeoBounds(
            south: south, west: LatLon.wrapLongitude(center.lon - dLon), north: north,
            east: LatLon.wrapLongitude(center.lon + dLon))
    }
}
