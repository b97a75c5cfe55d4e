/// How the map's tile sources are doing, as the status bar tells it.
public struct TileStatus: Equatable, Sendable {
    /// Tiles of the view being fetched or waiting to be (0: none).
    public var loading = 0
    /// Why a tile source fails, or why tiles are not cached, as one line; nil while all is well.
    public var problem: String?
    /// True when the camera is above z10 and no source has street tiles in view.
    public var noStreets = false
    /// Tiles arrived so far: a change means the map must be drawn again.
    public var arrivals = 0
    /// The attribution of every source in use, in drawing order ("© OpenStreetMap contributors · …").
    public var attribution = ""
    /// The short credit of the sources drawn in view, from the fullest to the shortest form (the map's
    /// corner shows the fullest that fits); empty when nothing credited is drawn.
    public var credit: [String] = []
    /// The whole attribution of each source drawn in view, in drawing order: what `i` shows.
    public var inView: [String] = []

    public init(
        loading: Int = 0, problem: String? = nil, noStreets: Bool = false, arrivals: Int = 0,
        attribution: String = "", credit: [String] = [], inView: [String] = []
    ) {
        self.inView = inView
        self.loading = loading
        self.problem = problem
        self.noStreets = noStreets
        self.arrivals = arrivals
        self.attribution = attribution
        self.credit = credit
    }
}
