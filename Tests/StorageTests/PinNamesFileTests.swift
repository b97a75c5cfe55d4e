import Foundation
import GeoCore
import Places
import Storage
import Testing

/// Named pins in the pins file: names round-trip, old files without names load, names are cleaned and
/// bounded, a rename is a change like the others, a read never moves a bad file aside, and the
/// GeoJSON printed for `mapterm pins --geojson` holds the two centres.
@Suite struct PinNamesFileTests {
    typealias Dir = PinFileTests.TempDirectory

    @Test func namesRoundTripAndOldFilesLoadUnnamed() throws {
        let dir = try Dir()
        defer { dir.remove() }
        let file = dir.store()
        let pins = [
            Pin(number: 1, coordinate: LatLon(lat: 37.77, lon: -122.42), id: "a", name: "Mum \"the\" \\ home"),
            Pin(number: 2, coordinate: LatLon(lat: 37.80, lon: -122.27), id: "b"),
        ]
        try file.save(pins)
        #expect(try file.load() == pins)
        let text = String(decoding: try dir.bytes(of: "mapterm/pins.json"), as: UTF8.self)
        #expect(text.contains(#""name": "Mum \"the\" \\ home""#))
        #expect(!text.contains(#""id": "b", "name""#), "an unnamed pin has no name property")
        let old =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1]},"properties":{"number":1}}]}"#
        try dir.write(Data(old.utf8), to: "mapterm/pins.json")
        #expect(try file.load().map(\.name) == [""])
    }

    @Test func namesAreCleanedAndBounded() {
        let hostile = Pin(
            number: 1, coordinate: LatLon(lat: 0, lon: 0),
            name: "\u{1B}[31mEvil\u{202E}  \n  " + String(repeating: "x", count: 90))
        #expect(!hostile.name.contains("\u{1B}") && !hostile.name.contains("\u{202E}") && !hostile.name.contains("\n"))
        #expect(hostile.name.count <= Pin.nameLimit && hostile.name.hasSuffix("…"))
        #expect(Pin(number: 1, coordinate: LatLon(lat: 0, lon: 0), name: "  Mum   and  Dad ").name == "Mum and Dad")
    }

    @Test func addWithANameAndRenameAreChangesUnderTheLock() throws {
        let dir = try Dir()
        defer { dir.remove() }
        let file = dir.store()
        let added = try file.apply(.add(LatLon(lat: 1, lon: 2), id: "x", name: "Office"))
        #expect(added.map(\.name) == ["Office"])
        #expect(try file.apply(.rename(id: "x", name: "Home")).map(\.name) == ["Home"])
        #expect(try file.apply(.rename(id: "gone", name: "Nobody")).map(\.name) == ["Home"])
        #expect(try file.load().first?.name == "Home")
    }

    @Test func readingABadFileLeavesItWhereItIs() throws {
        let dir = try Dir()
        defer { dir.remove() }
        let file = dir.store()
        try dir.write(Data("{ not json".utf8), to: "mapterm/pins.json")
        #expect(throws: PinStoreError.unreadable(reason: "it is not valid JSON", path: file.url.path)) {
            try file.read()
        }
        #expect(try dir.bytes(of: "mapterm/pins.json") == Data("{ not json".utf8))
        #expect(try dir.names(in: "mapterm") == ["pins.json"])
    }

    @Test func theGeoJSONListingHoldsTheMidpointAndTheMeetingPoint() throws {
        let pins = [
            Pin(number: 1, coordinate: LatLon(lat: 37.77, lon: -122.42), name: "Mum"),
            Pin(number: 2, coordinate: LatLon(lat: 37.80, lon: -122.27)),
            Pin(number: 3, coordinate: LatLon(lat: 37.39, lon: -122.08)),
        ]
        let object = try #require(
            try JSONSerialization.jsonObject(with: PinFile.geoJSON(pins, withCentres: true)) as? [String: Any])
        let features = try #require(object["features"] as? [[String: Any]])
        let properties = features.compactMap { $0["properties"] as? [String: Any] }
        #expect(features.count == 5)
        #expect(properties.compactMap { $0["role"] as? String } == ["midpoint", "meeting-point"])
        #expect(properties.first?["name"] as? String == "Mum")
        #expect(properties.last?["totalDistanceKm"] as? Double ?? 0 > 0)
        let one = try #require(
            try JSONSerialization.jsonObject(with: PinFile.geoJSON(Array(pins.prefix(1)), withCentres: true))
                as? [String: Any])
        #expect((one["features"] as? [Any])?.count == 1, "one pin has no centres")
    }
}
