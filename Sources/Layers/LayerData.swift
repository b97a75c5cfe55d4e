/// What one layer file held: its features and what was wrong in it.
public struct LayerData: Sendable {
    /// The features that loaded, in file order.
    public var features: [LayerFeature]
    /// Problems in parts of the file that were skipped; the features above are still good.
    public var problems: [LayerProblem]

    public init(features: [LayerFeature] = [], problems: [LayerProblem] = []) {
        self.features = features
        self.problems = problems
    }
}
