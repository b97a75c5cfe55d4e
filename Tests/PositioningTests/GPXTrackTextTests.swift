import GeoCore
import Positioning
import Testing

@Suite struct GPXTrackTextTests {
    @Test func aPointIsOneLineWithSevenDecimalsElevationAndTime() {
        let point = TrackPoint(
            position: LatLon(lat: 43.73841234, lon: -7.4246), time: 1_795_953_662.5, elevation: 12.345)
        #expect(
            GPXTrackText.point(point)
                == #"<trkpt lat="43.7384123" lon="-7.4246000"><ele>12.35</ele><time>2026-11-29T12:01:02.500Z</time></trkpt>"#
                + "\n")
        let plain = TrackPoint(position: LatLon(lat: -0.00000001, lon: 180), time: 0, elevation: .nan)
        #expect(
            GPXTrackText.point(plain)
                == #"<trkpt lat="0.0000000" lon="180.0000000"><time>1970-01-01T00:00:00.000Z</time></trkpt>"# + "\n")
    }

    @Test func positionsOutOfRangeAreRefused() {
        for position in [
            LatLon(lat: 1e308, lon: 0), LatLon(lat: 0, lon: 180.0001), LatLon(lat: .nan, lon: 0),
            LatLon(lat: 0, lon: -.infinity), LatLon(lat: -90.5, lon: 0),
        ] {
            #expect(GPXTrackText.point(TrackPoint(position: position, time: 0)) == nil, "\(position)")
        }
    }

    @Test func theHeaderNamesTheTrackEscapedAndWithoutControls() {
        let header = GPXTrackText.header(name: "a<b>&\"c'\u{1B}[31m\u{7}\u{9B}d\u{FFFF}", started: 1_795_953_662)
        #expect(header.contains("<trk><name>a&lt;b&gt;&amp;&quot;c&apos;[31md</name><trkseg>\n"))
        #expect(header.contains(#"xmlns="http://www.topografix.com/GPX/1/1""#))
        #expect(header.contains(#"version="1.1" creator="mapterm""#))
        #expect(header.contains("<metadata><time>2026-11-29T12:01:02.000Z</time></metadata>"))
        #expect(GPXTrackText.trailer == "</trkseg></trk></gpx>\n")
    }
}
