import GeoCore
import Layers
import Positioning
import Testing

@Suite struct GPXTrackReaderTests {
    static func read(_ text: String, maximumPoints: Int = GPXTrackReader.maximumPoints) throws -> GPXTrackReader.Track {
        try GPXTrackReader.read(bytes: Array(text.utf8), name: "t.gpx", maximumPoints: maximumPoints)
    }

    static let twoPoints = """
        <?xml version="1.0"?>
        <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name> Run </name><trkseg>
        <trkpt lat="1.5" lon="2.5"><ele>12.5</ele><time>2026-11-29T12:01:02Z</time></trkpt>
        <trkpt lat="-1" lon="-2"><time>2026-11-29T12:01:03.5Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    @Test func pointsKeepTheirTimesAndElevations() throws {
        let track = try Self.read(Self.twoPoints)
        #expect(track.name == "Run")
        #expect(
            track.points == [
                TrackPoint(position: LatLon(lat: 1.5, lon: 2.5), time: 1_795_953_662, elevation: 12.5),
                TrackPoint(position: LatLon(lat: -1, lon: -2), time: 1_795_953_663.5),
            ])
        #expect(track.stop == nil && track.untimed == 0 && track.rejected == 0)
    }

    @Test func aDocumentCutAnywhereKeepsThePointsBeforeTheCut() throws {
        let bytes = Array(Self.twoPoints.utf8)
        let close = Array("</trkpt>".utf8)
        let ends = (0...(bytes.count - close.count)).filter { Array(bytes[$0..<($0 + close.count)]) == close }.map {
            $0 + close.count
        }
        try #require(ends.count == 2)
        let trk = Array("<trk>".utf8)
        let body = try #require((0..<bytes.count).first { Array(bytes[$0..<($0 + trk.count)]) == trk })
        for cut in body..<bytes.count {
            let track = try GPXTrackReader.read(bytes: Array(bytes[..<cut]), name: "cut.gpx")
            let whole = ends.filter { $0 <= cut }.count
            #expect(track.points.count == whole, "cut at \(cut)")
            #expect(track.stop != nil, "cut at \(cut)")
        }
    }

    @Test func hostilePointsAreCountedNotKept() throws {
        let track = try Self.read(
            """
            <gpx><trk><name>\u{1B}]0;pwned\u{7}evil</name><trkseg>
            <trkpt lat="1e308" lon="0"><time>2026-11-29T12:01:02Z</time></trkpt>
            <trkpt lat="nan" lon="0"><time>2026-11-29T12:01:02Z</time></trkpt>
            <trkpt lon="0"><time>2026-11-29T12:01:02Z</time></trkpt>
            <trkpt lat="0" lon="200"><time>2026-11-29T12:01:02Z</time></trkpt>
            <trkpt lat="0" lon="1"/>
            <trkpt lat="0" lon="1"><time>yesterday</time></trkpt>
            <trkpt lat="0" lon="1"><ele>1e308</ele><time>2026-11-29T12:01:02Z</time></trkpt>
            </trkseg></trk></gpx>
            """)
        #expect(track.rejected == 4 && track.untimed == 2)
        #expect(track.points == [TrackPoint(position: LatLon(lat: 0, lon: 1), time: 1_795_953_662)])
        #expect(track.name?.contains("evil") == true)  // kept as written: the commands sanitise it
    }

    @Test func pointsBeyondTheLimitAreCounted() throws {
        let points = (0..<10).map { #"<trkpt lat="0" lon="\#($0)"><time>2026-11-29T12:01:0\#($0)Z</time></trkpt>"# }
        let track = try Self.read("<gpx><trk><trkseg>" + points.joined() + "</trkseg></trk></gpx>", maximumPoints: 4)
        #expect(track.points.count == 4 && track.beyondLimit == 6)
    }

    @Test func aHugeNameIsCutAndNotGPXThrows() throws {
        let track = try Self.read("<gpx><trk><name>" + String(repeating: "x", count: 100_000) + "</name></trk></gpx>")
        #expect(track.name?.count == 1000)
        #expect(throws: LayerFileError.self) { try Self.read("{\"type\": \"FeatureCollection\"}") }
        #expect(throws: LayerFileError.self) { try Self.read("<kml></kml>") }
    }
}
