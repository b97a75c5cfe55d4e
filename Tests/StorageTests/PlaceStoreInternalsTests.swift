import Foundation
import GeoCore
import Places
import TestSupport
import Testing

@testable import Storage

@Suite struct PlaceStoreInternalsTests {
    // MARK: HilbertKey

    @Test func hilbertKeyWalksTheWholeGridOnce() {
        let side = HilbertKey.side
        #expect(HilbertKey.key(x: 0, y: 0) == 0)
        #expect(HilbertKey.key(x: side - 1, y: 0) == UInt32.max)
        // The curve is continuous and visits each cell once: a cell's predecessor and successor on the
        // curve are among its four neighbours, and no two sampled cells share a key.
        var generator = SeededGenerator(seed: 11)
        var cells: [UInt32: [UInt32]] = [:]
        for _ in 0..<20_000 {
            let x = UInt32.random(in: 1..<(side - 1), using: &generator)
            let y = UInt32.random(in: 1..<(side - 1), using: &generator)
            let key = HilbertKey.key(x: x, y: y)
            if let seen = cells[key] { #expect(seen == [x, y]) }
            cells[key] = [x, y]
            let around = Set([
                HilbertKey.key(x: x - 1, y: y), HilbertKey.key(x: x + 1, y: y), HilbertKey.key(x: x, y: y - 1),
                HilbertKey.key(x: x, y: y + 1),
            ])
            #expect(around.contains(key - 1) && around.contains(key + 1), "cell \(x), \(y)")
        }
        // Through the degrees form: the 4 corners of the map are distinct.
        let corners = [(-90.0, -180.0), (-90.0, 180.0), (90.0, -180.0), (90.0, 180.0)].map {
            HilbertKey.key(lat: $0.0, lon: $0.1)
        }
        #expect(Set(corners).count == 4)
    }

    // MARK: PlaceBucket

    @Test func bucketRoundTripWithLongTextAndOddCoordinates() {
        let long = String(repeating: "Ünïcödé ", count: 40)
        let entries = [
            PlaceBucket.Entry(id: "rr:1", category: .restroom([]), name: long, coordinate: LatLon(lat: -90, lon: 180)),
            PlaceBucket.Entry(
                id: String(repeating: "x", count: 200), category: .largeAirport, name: "",
                coordinate: LatLon(lat: 1e-300, lon: -0.0)),
            PlaceBucket.Entry(
                id: "", category: .restroom(.accessible), name: "😀",
                coordinate: LatLon(lat: 12.345678901234567, lon: -180)),
        ]
        let (bytes, box) = PlaceBucket.pack(entries)
        #expect(box == PlaceBucket.Box(minLon: -180, maxLon: 180, minLat: -90, maxLat: 12.345678901234567))
        var decoded: [PlaceBucket.Entry] = []
        #expect(PlaceBucket.unpack(bytes, into: &decoded) { _, _ in true })
        #expect(decoded.map(\.place) == entries.map(\.place))
        var airports: [PlaceBucket.Entry] = []
        #expect(PlaceBucket.unpack(bytes, into: &airports) { _, category in category.kind == .airport })
        #expect(airports.map(\.id) == [entries[1].id])
        // Every truncation is noticed, and nothing past the damage is invented.
        for cut in 1..<bytes.count {
            var partial: [PlaceBucket.Entry] = []
            let intact = PlaceBucket.unpack(Array(bytes.prefix(cut)), into: &partial) { _, _ in true }
            #expect(intact == false || partial.count < entries.count)
            #expect(partial.map(\.place) == Array(entries.prefix(partial.count)).map(\.place))
        }
    }

    // MARK: PlaceDetailsCoding

    /// The hand-made writer knows every key the types' `Encodable` conformance writes: a field added to
    /// a details type without teaching the writer fails here.
    @Test func detailsWriterCoversEveryEncodedKey() throws {
        let restroom = RestroomDetails(
            street: "s", city: "c", state: "st", country: "co", accessible: true, unisex: true, changingTable: true,
            directions: "d", comment: "cm", upvote: 1, downvote: 2, createdAt: "a", updatedAt: "u")
        let runway = Runway(
            lengthFt: 1, widthFt: 2, surface: "s", lighted: true, closed: true, lowEndIdent: "l", highEndIdent: "h")
        let airport = AirportDetails(
            ident: "i", type: "t", iataCode: "ia", icaoCode: "ic", gpsCode: "g", elevationFt: 3, municipality: "m",
            region: "r", country: "c", runways: [runway])
        func keys(_ json: Data) throws -> Set<String> {
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            var result = Set(object.keys)
            if let runways = object["runways"] as? [[String: Any]] {
                result.formUnion(runways.flatMap(\.keys).map { "runways." + $0 })
            }
            return result
        }
        let pairs: [(PlaceDetails, Data)] = [
            (.restroom(restroom), try JSONEncoder().encode(restroom)),
            (.airport(airport), try JSONEncoder().encode(airport)),
        ]
        for (details, encoded) in pairs {
            let written = try #require(PlaceDetailsCoding.encode(details))
            #expect(try keys(Data(written.utf8)) == keys(encoded))
            let kind: PlaceKind = details == .restroom(restroom) ? .restroom : .airport
            #expect(try PlaceDetailsCoding.decode(written, kind: kind, path: "test") == details)
        }
        #expect(PlaceDetailsCoding.encode(.none) == nil)
        #expect(PlaceDetailsCoding.encode(.restroom(RestroomDetails())) == "{}")
        #expect(throws: PlaceStoreError.self) { try PlaceDetailsCoding.decode("{", kind: .restroom, path: "p") }
    }

    // MARK: Windows

    /// Every point outside a window is at least the bound away from its centre.
    @Test func windowBoundIsALowerBound() {
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<3000 {
            let center = LatLon(
                lat: Double.random(in: -89...89, using: &generator),
                lon: Double.random(in: -180..<180, using: &generator))
            let h = Double.random(in: 0.001...60, using: &generator)
            let w = Double.random(in: 0.001...179, using: &generator)
            let bound = PlaceStoreWindow.outsideDistanceKm(center: center, halfHeight: h, halfWidth: w)
            let point = LatLon(
                lat: Double.random(in: -90...90, using: &generator),
                lon: Double.random(in: -180..<180, using: &generator))
            let dLon = abs(LatLon.wrapLongitude(point.lon - center.lon))
            let outside = abs(point.lat - center.lat) > h || dLon > w
            if outside {
                #expect(Geodesy.sphericalDistance(center, point) >= bound * (1 - 1e-9), "\(center) \(h) \(w) \(point)")
            }
        }
    }
}
