/// What one layer file held: its features and what was wrong in it.
public struct LayerData: Sendable {
    /// The features that loaded, in file order.
    public var features: [LayerFeature]
    /// Problems in parts of the file that were skipped; the features above are still good. The readers
    /// keep the first `maximumProblems` and count the rest in `moreProblems`.
    public var problems: [LayerProblem]
    /// Problems found beyond the first `maximumProblems`, counted but not kept.
    public var moreProblems: Int

    /// The most problems a reader keeps (a file of a million bad rows must not take a gigabyte to say so).
    public static let maximumProblems = 1000

    public init(features: [LayerFeature] = [], problems: [LayerProblem] = [], moreProblems: Int = 0) {
        self.features = features
        self.problems = problems
        self.moreProblems = moreProblems
    }

    /// Every problem found, kept or only counted.
    public var problemCount: Int { problems.count + moreProblems }

    /// Keeps `problem`, or counts it when `maximumProblems` are kept already.
    public mutating func report(_ problem: LayerProblem) {
        if problems.count < Self.maximumProblems {
            problems.append(problem)
        } else {
            moreProblems += 1
        }
    }
}
