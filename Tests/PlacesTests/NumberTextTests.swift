import Foundation
import Testing
import TextSafety

@Suite struct NumberTextTests {
    @Test func thousandsAreSetApartByCommas() {
        #expect(NumberText.grouped(0) == "0")
        #expect(NumberText.grouped(999) == "999")
        #expect(NumberText.grouped(1_149) == "1,149")
        #expect(NumberText.grouped(8_953) == "8,953")
        #expect(NumberText.grouped(1_234_567) == "1,234,567")
        #expect(NumberText.grouped(-1_000) == "-1,000")
        #expect(NumberText.grouped(Int.min) == "-9,223,372,036,854,775,808")
        // Checked against a plain scan of every number's digits.
        for n in stride(from: 0, to: 5_000_000, by: 7919) {
            #expect(NumberText.grouped(n).replacingOccurrences(of: ",", with: "") == String(n))
            #expect(!NumberText.grouped(n).contains(" "))
        }
    }
}
