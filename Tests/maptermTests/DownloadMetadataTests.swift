import GeoCore
import Testing

@testable import mapterm

/// The degrees `mapterm download` writes into an MBTiles file's metadata are rounded to 6 decimals.
struct DownloadMetadataTests {
    @Test func centerIsRoundedToSixDecimals() {
        // (39.96 + 40.0) / 2 is 39.980000000000004 in binary floating point.
        let area = GeoBounds(south: 39.96, west: -83.1, north: 40.0, east: -82.9)
        #expect((area.south + area.north) / 2 != 39.98)
        #expect(DownloadCommand.centerText(area, zoom: 14) == "-83,39.98,14")
    }

    @Test func boundsAreRoundedOutward() {
        let area = GeoBounds(south: 37.123_456_78, west: -122.123_456_78, north: 37.5, east: -0.000_000_01)
        #expect(DownloadCommand.boundsText(area) == "-122.123457,37.123456,0,37.5")
    }

    @Test(arguments: [(0.1 + 0.2, "0.3"), (-0.000_000_1, "0"), (180, "180"), (-45.000_000_4, "-45")])
    func degreesKeepSixDecimalsAtMost(value: Double, text: String) {
        #expect(DownloadCommand.degrees(value) == text)
    }
}
