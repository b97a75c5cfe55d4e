import Testing

@testable import MapFeature

/// A count's width, computed without its text, is the width of its text.
@Suite struct PlaceGlyphsTests {
    @Test func countWidthIsTheWidthOfTheCountText() {
        let small = Array(-12...20_000)
        let powers = (0...18).flatMap { exponent -> [Int] in
            let power = (0..<exponent).reduce(1) { value, _ in value * 10 }
            return [power - 1, power, power + 1, 5 * power, 9 * power + 99_999]
        }
        for count in small + powers + [Int.max, 999_999, 1_000_000, 9_999_999, 10_000_000] {
            #expect(PlaceGlyphs.countWidth(count) == PlaceGlyphs.countText(count).count, "\(count)")
        }
    }
}
