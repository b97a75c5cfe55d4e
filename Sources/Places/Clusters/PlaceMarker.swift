import GeoCore

/// One thing a place source puts on the map at a zoom: a single place, or a cluster of places that would
/// crowd each other there. Counts are of the places that pass the filter the markers were asked with.
public struct PlaceMarker: Sendable, Hashable {
    /// What the marker stands for.
    public enum Content: Sendable, Hashable {
        /// One place (`details` may be `.none`: a pane loads them).
        case place(Place)
        /// A stored cluster.
        case cluster(ClusterRef)
    }

    public var content: Content
    /// The place's position, or the cluster's centre of mass (longitude in -180..<180).
    public var coordinate: LatLon
    /// Places it stands for (1 for a place).
    public var count: Int
    /// Those places by kind.
    public var kindCounts: KindCounts
    /// The importance of its most important place (`PlaceImportance`).
    public var rank: UInt8
    /// The whole zoom from which the marker splits into its parts (for a place: the zoom it was asked at).
    public var expansionZoom: Int

    public init(
        content: Content, coordinate: LatLon, count: Int, kindCounts: KindCounts, rank: UInt8, expansionZoom: Int
    ) {
        self.content = content
        self.coordinate = coordinate
        self.count = count
        self.kindCounts = kindCounts
        self.rank = rank
        self.expansionZoom = expansionZoom
    }

    /// A marker for one place at `zoom`: drawn as its glyph at every zoom (a lone place is never the count
    /// "1", which would read like a pin's number).
    public static func single(_ place: Place, rank: UInt8, zoom: Int) -> PlaceMarker {
        var counts = KindCounts()
        counts[place.kind] = 1
        return PlaceMarker(
            content: .place(place), coordinate: place.coordinate.normalized, count: 1, kindCounts: counts, rank: rank,
            expansionZoom: zoom)
    }

    /// The place, for a single-place marker.
    public var place: Place? {
        if case .place(let place) = content { return place }
        return nil
    }

    /// The cluster, for a cluster marker.
    public var cluster: ClusterRef? {
        if case .cluster(let ref) = content { return ref }
        return nil
    }

    /// A key that names the marker among those of one answer: "p:" + place id, or "c:" + cluster.
    public var key: String {
        switch content {
        case .place(let place): return "p:" + place.id
        case .cluster(let ref): return "c:\(ref.group.rawValue):\(ref.node)"
        }
    }
}

/// A cluster as its source knows it: its group and its node number there. Only meaningful to the source
/// that returned it (and only until that source's places change).
public struct ClusterRef: Sendable, Hashable {
    public var group: ClusterGroup
    public var node: Int64

    public init(group: ClusterGroup, node: Int64) {
        self.group = group
        self.node = node
    }
}

/// Counts of places per kind.
public struct KindCounts: Sendable, Hashable {
    private var values = [Int](repeating: 0, count: PlaceKind.allCases.count)

    public init() {}

    public subscript(kind: PlaceKind) -> Int {
        get { values[kind.index] }
        set { values[kind.index] = newValue }
    }

    /// The sum over every kind.
    public var total: Int { values.reduce(0, +) }

    /// The kind with the most places (the first in `PlaceKind` order on ties); nil when all are 0.
    public var dominant: PlaceKind? {
        var best: PlaceKind?
        for kind in PlaceKind.allCases where self[kind] > 0 && self[kind] > best.map({ self[$0] }) ?? 0 {
            best = kind
        }
        return best
    }

    /// Adds another set of counts.
    public static func += (lhs: inout KindCounts, rhs: KindCounts) {
        for i in lhs.values.indices { lhs.values[i] += rhs.values[i] }
    }
}

/// What a source answers for the markers of a region.
public struct MarkerBatch: Sendable, Hashable {
    public var markers: [PlaceMarker]
    /// Set when the source could not give everything in the region (a server's result cap): the number
    /// of places it stopped at. The map says so.
    public var cappedAt: Int?

    public init(markers: [PlaceMarker], cappedAt: Int? = nil) {
        self.markers = markers
        self.cappedAt = cappedAt
    }
}
