import GeoCore
import Layers
import Testing

@Suite struct GPXReaderTests {
    private func read(_ text: String) throws -> LayerData {
        try LayerReader.read(bytes: Array(text.utf8), name: "t.gpx", format: .gpx)
    }

    @Test func waypointsRoutesAndTracksWithSeveralSegments() throws {
        let data = try read(
            """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>\r
            <!DOCTYPE gpx [ <!ENTITY x "y"> ]>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
              <!-- a comment with <tags> -->
              <metadata><name>not a feature</name></metadata>
              <wpt lat="47.5" lon="8.25"><ele>400</ele><name>Caf&#233; &amp; <![CDATA[<bar>]]></name>
                <extensions><name>ignored</name></extensions><sym>Flag</sym></wpt>
              <wpt lat='1' lon='2'/>
              <rte><name>Route</name><rtept lat="1" lon="1"><ele>3</ele></rtept><rtept lat="2" lon="2"/></rte>
              <trk><name>Two segments</name><type>hike</type>
                <trkseg><trkpt lat="1" lon="179"/><trkpt lat="2" lon="-179"/></trkseg>
                <trkseg><trkpt lat="3" lon="3"><time>2026-12-01T10:00:00Z</time></trkpt></trkseg>
              </trk>
              <trk><trkseg><trkpt lat="5" lon="5"/><trkpt lat="6" lon="6"/></trkseg></trk>
            </gpx>
            """)
        #expect(data.problems == [])
        try #require(data.features.count == 5)
        #expect(data.features[0].name == "Café & <bar>")
        #expect(data.features[0].geometries == [.point(LatLon(lat: 47.5, lon: 8.25))])
        #expect(
            data.features[0].properties == [
                LayerProperty(key: "ele", value: "400"), LayerProperty(key: "sym", value: "Flag"),
            ])
        #expect(data.features[1] == LayerFeature(geometries: [.point(LatLon(lat: 1, lon: 2))]))
        #expect(data.features[2].name == "Route")
        #expect(data.features[2].geometries == [.line([LatLon(lat: 1, lon: 1), LatLon(lat: 2, lon: 2)])])
        #expect(data.features[3].name == "Two segments")
        #expect(data.features[3].properties == [LayerProperty(key: "type", value: "hike")])
        #expect(
            data.features[3].geometries == [
                .line([LatLon(lat: 1, lon: 179), LatLon(lat: 2, lon: 181)]), .point(LatLon(lat: 3, lon: 3)),
            ])
        #expect(data.features[4].geometries.count == 1)
    }

    @Test func aBadPointIsLeftOutOfItsTrackWithItsLine() throws {
        let data = try read(
            """
            <gpx:gpx xmlns:gpx="http://www.topografix.com/GPX/1/1"><gpx:trk><gpx:trkseg>
            <gpx:trkpt lat="1" lon="1"/>
            <gpx:trkpt lat="100" lon="1"/>
            <gpx:trkpt lat="x" lon="1"/>
            <gpx:trkpt lat="2" lon="2"/>
            </gpx:trkseg></gpx:trk><gpx:wpt lon="3"/></gpx:gpx>
            """)
        try #require(data.features.count == 1)
        #expect(data.features[0].geometries == [.line([LatLon(lat: 1, lon: 1), LatLon(lat: 2, lon: 2)])])
        try #require(data.problems.map(\.line) == [3, 4, 6])
        #expect(data.problems[0].message.contains("latitude 100.0 is out of range"), "\(data.problems)")
    }

    @Test func aTruncatedFileKeepsTheOpenTrack() throws {
        let data = try read(
            "<gpx><wpt lat=\"1\" lon=\"1\"/><trk><name>cut</name><trkseg>\n<trkpt lat=\"1\" lon=\"1\"/>\n<trkpt lat=\"2\" lon=\"2\"/>\n<trkpt lat=\"3"
        )
        try #require(data.features.count == 2)
        #expect(data.features[1].name == "cut")
        #expect(data.features[1].geometries.first?.positions.count == 2)
        try #require(data.problems.count == 1)
        #expect(
            data.problems[0].description.hasPrefix("line 4: the file ends inside the attribute lat"), "\(data.problems)"
        )
    }

    @Test func aFileThatIsNotGPXThrows() throws {
        for (text, reason) in [
            ("<html><body/></html>", "line 1: not GPX: the root element is <html>"),
            ("hello", "not GPX: text before the root"),
            ("", "not GPX: the file has no <gpx> element"),
            ("<!-- open", "line 1: not GPX: a comment that starts here"),
        ] {
            do {
                let error = try #require(throws: LayerFileError.self) { try read(text) }
                #expect("\(error)".hasPrefix("t.gpx: "), "\(error)")
                #expect("\(error)".contains(reason), "\(error) should say \(reason)")
            }
        }
    }

    @Test func cdataIsLiteralAndAMismatchedTagStopsReading() throws {
        let data = try read(
            "<gpx><wpt lat=\"1\" lon=\"2\"><desc><![CDATA[a &amp; b]]></desc></wpt>\n<trk><name>x</trk><wpt lat=\"3\" lon=\"4\"/></gpx>"
        )
        #expect(data.features.first?.properties == [LayerProperty(key: "desc", value: "a &amp; b")])
        #expect(data.features.count == 2, "the open track is kept, what follows is not")
        #expect(
            data.problems.map(\.description) == [
                "line 2: </trk> does not close <name>; the rest of the file is skipped"
            ])
    }
}
