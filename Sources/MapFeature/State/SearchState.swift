import GeoCore
import Places

/// The search line (`/`) while it is open: what is typed, the latest results for it, which one is
/// highlighted, and the view to go back to on Esc.
public struct SearchState: Equatable, Sendable {
    /// What is typed.
    public var line = SearchLine()
    /// The number of the latest query sent; answers to older ones are dropped.
    public var generation = 0
    /// The results of the latest answered query, best first.
    public var results: [SearchResult] = []
    /// The text those results answer (the line may have moved on while the next query runs).
    public var answeredText = ""
    /// Why the latest query was not searched (a coordinate out of range), or why it failed.
    public var problem: String?
    /// True while the latest query has not been answered.
    public var pending = false
    /// The highlighted result, an index into `results`.
    public var highlighted = 0
    /// Enter came before the answer: go to the best result when it comes.
    public var goWhenAnswered = false
    /// The camera, selection and pane before the line opened (Esc puts them back; moving the
    /// highlight shows each result on the map meanwhile).
    public var cameraBefore: Camera
    public var selectionBefore: Selection?
    public var detailOpenBefore: Bool

    public init(cameraBefore: Camera, selectionBefore: Selection?, detailOpenBefore: Bool) {
        self.cameraBefore = cameraBefore
        self.selectionBefore = selectionBefore
        self.detailOpenBefore = detailOpenBefore
    }

    /// The highlighted result, when there is one.
    public var current: SearchResult? { results.indices.contains(highlighted) ? results[highlighted] : nil }
}

/// The results of the last search that was taken (Enter), which `n` and `N` step through.
public struct SearchHistory: Equatable, Sendable {
    /// The query as typed (sanitised).
    public var text: String
    public var results: [SearchResult]
    /// The result on the map now.
    public var index: Int

    public init(text: String, results: [SearchResult], index: Int) {
        self.text = text
        self.results = results
        self.index = index
    }
}

/// A search the runtime should answer: the text, where "near" is, and which query it is.
public struct SearchRequest: Equatable, Sendable {
    /// Matches `SearchState.generation` when the answer is still wanted.
    public var generation: Int
    public var text: String
    /// The view centre: distances and `near:` are measured from here.
    public var center: LatLon
    /// The most results wanted.
    public var limit: Int

    public init(generation: Int, text: String, center: LatLon, limit: Int) {
        self.generation = generation
        self.text = text
        self.center = center
        self.limit = limit
    }
}
