import Layers
import XCTest

final class LayerProblemTests: XCTestCase {
    func testDescriptionNamesTheLineBeforeTheFeature() {
        XCTAssertEqual(LayerProblem(line: 12, feature: 3, message: "bad").description, "line 12: bad")
        XCTAssertEqual(LayerProblem(feature: 3, message: "bad").description, "feature 3: bad")
        XCTAssertEqual(LayerProblem(message: "bad").description, "bad")
    }
}
