import GeoCore
import Positioning
import Testing

@Suite struct GPSFixTests {
    @Test func modeLabelsAreWhatTheStatusBarShows() {
        #expect(GPSFix.Mode.twoD.label == "2D")
        #expect(GPSFix.Mode.threeD.label == "3D")
        #expect(GPSFix.Mode(rawValue: 1) == nil)
    }

    @Test func aFixKeepsWhatItWasGiven() {
        let fix = GPSFix(position: LatLon(lat: 43.7384, lon: 7.4246), mode: .threeD, horizontalError: 4.5)
        #expect(fix.position.isValid)
        #expect(fix.horizontalError == 4.5)
        #expect(fix.speed == nil)
    }
}
