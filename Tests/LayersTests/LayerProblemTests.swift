import Layers
import Testing

@Suite struct LayerProblemTests {
    @Test func descriptionNamesTheLineBeforeTheFeature() {
        #expect(LayerProblem(line: 12, feature: 3, message: "bad").description == "line 12: bad")
        #expect(LayerProblem(feature: 3, message: "bad").description == "feature 3: bad")
        #expect(LayerProblem(message: "bad").description == "bad")
    }
}
