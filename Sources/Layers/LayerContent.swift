import GeoCore

/// What one layer shows, ready for frames: its features in slots, the points binned
/// (`LayerPointIndex`) and the lines and rings simplified (`LayerPath`). A stream adds features as
/// they arrive: one with the id of a feature already shown replaces it (a tracker moves), keeping the
/// last `trail` positions of a moving point as a line; past `capacity` features the oldest goes.
/// Two contents compare equal when they are the same revision of the same content (cheap: a frame
/// loop compares states every turn).
public struct LayerContent: Sendable, Equatable {
    /// Features by slot; nil marks a freed slot.
    public private(set) var features = ChunkedArray<LayerFeature?>()
    public private(set) var points: LayerPointIndex
    public private(set) var paths: [LayerPath] = []
    /// Counts up with every change.
    public private(set) var revision = 0
    /// How many features are shown.
    public private(set) var count = 0
    /// Positions a moving point leaves behind as a line (0: none).
    public var trail = 0
    /// Most features kept; the oldest are dropped beyond it.
    public var capacity = 1_000_000
    private var slotsByID: [String: Int] = [:]
    private var trails: [String: [LatLon]] = [:]
    /// Slots in arrival order, for dropping the oldest; `orderStart` is the first still meaningful.
    private var order = ChunkedArray<Int>()
    private var orderStart = 0
    private var freeSlots: [Int] = []
    /// Per slot, how many of its first paths in `paths` are stale (its feature moved or went): they
    /// leave `paths` in one pass at the end of the delivery, not one pass per feature.
    private var stalePaths: [Int: Int] = [:]
    private let identity: Int

    /// The content of a file's features (all at once: the point index is sized for them).
    public init(features: [LayerFeature], identity: Int) {
        self.identity = identity
        var pointList: [WorldPoint] = []
        var pointSlots: [Int] = []
        // A feature with several points is indexed by its first.
        for (slot, feature) in features.enumerated() {
            if let p = Self.firstPoint(feature) {
                pointList.append(Mercator.project(p))
                pointSlots.append(slot)
            }
        }
        points = LayerPointIndex(points: pointList, slots: pointSlots)
        for feature in features { self.features.append(feature) }
        count = features.count
        for slot in features.indices { order.append(slot) }
        for (slot, feature) in features.enumerated() { paths += Self.paths(of: feature, slot: slot) }
    }

    /// An empty content for a stream.
    public init(streamIdentity identity: Int, trail: Int) {
        self.identity = identity
        self.trail = trail
        points = LayerPointIndex()
    }

    public static func == (a: LayerContent, b: LayerContent) -> Bool {
        a.identity == b.identity && a.revision == b.revision
    }

    /// Adds features as a stream delivers them, in order.
    public mutating func add(_ arrivals: [LayerFeature]) {
        guard !arrivals.isEmpty else { return }
        for feature in arrivals { add(feature) }
        removeStalePaths()
        revision += 1
    }

    private mutating func add(_ incoming: LayerFeature) {
        var feature = incoming
        if let id = feature.id, let slot = slotsByID[id] {
            if trail > 0, case .point(let p)? = feature.geometries.first, feature.geometries.count == 1 {
                var positions = trails[id] ?? Self.firstPoint(features[slot]).map { [$0] } ?? []
                // Continuous like a file's lines: over the antimeridian the trail goes on past ±180.
                let last = positions.last?.lon ?? p.lon
                positions.append(LatLon(lat: p.lat, lon: p.lon + 360 * ((last - p.lon) / 360).rounded()))
                if positions.count > trail { positions.removeFirst(positions.count - trail) }
                trails[id] = positions
                if positions.count >= 2 { feature.geometries = [.line(positions), .point(p)] }
            }
            clear(slot)
            put(feature, at: slot)
            return
        }
        if count >= capacity { dropOldest() }
        let slot = freeSlots.popLast() ?? features.count
        if slot == features.count { features.append(nil) }
        if let id = feature.id { slotsByID[id] = slot }
        order.append(slot)
        count += 1
        put(feature, at: slot)
    }

    private mutating func put(_ feature: LayerFeature, at slot: Int) {
        features[slot] = feature
        if let p = Self.firstPoint(feature) { points.insert(Mercator.project(p), slot: slot) }
        paths += Self.paths(of: feature, slot: slot)
    }

    /// Takes a slot's drawing out of the index and marks its paths stale (the slot stays taken).
    private mutating func clear(_ slot: Int) {
        points.remove(slot: slot)
        let stale = features[slot].map(Self.pathCount) ?? 0
        if stale > 0 { stalePaths[slot, default: 0] += stale }
    }

    /// Drops the stale paths: of each slot, the first ones (its later paths came after them).
    private mutating func removeStalePaths() {
        guard !stalePaths.isEmpty else { return }
        var kept: [LayerPath] = []
        kept.reserveCapacity(paths.count)
        for path in paths {
            if let n = stalePaths[path.slot], n > 0 {
                stalePaths[path.slot] = n - 1
            } else {
                kept.append(path)
            }
        }
        paths = kept
        stalePaths = [:]
    }

    private mutating func dropOldest() {
        while orderStart < order.count {
            let slot = order[orderStart]
            orderStart += 1
            guard let feature = features[slot] else { continue }
            clear(slot)
            features[slot] = nil
            if let id = feature.id {
                slotsByID[id] = nil
                trails[id] = nil
            }
            freeSlots.append(slot)
            count -= 1
            break
        }
        // Now and then the slots already dropped leave the arrival order.
        if orderStart >= 1 << 16, orderStart * 2 > order.count {
            var kept = ChunkedArray<Int>()
            for i in orderStart..<order.count { kept.append(order[i]) }
            order = kept
            orderStart = 0
        }
    }

    /// The first point geometry of a feature: where it is drawn as a glyph.
    public static func firstPoint(_ feature: LayerFeature?) -> LatLon? {
        for case .point(let p) in feature?.geometries ?? [] { return p }
        return nil
    }

    /// How many paths (lines and rings) `paths(of:slot:)` gives for a feature.
    static func pathCount(_ feature: LayerFeature) -> Int {
        feature.geometries.reduce(0) { n, geometry in
            switch geometry {
            case .point: return n
            case .line: return n + 1
            case .polygon(let rings): return n + rings.count
            }
        }
    }

    /// The lines and rings of a feature.
    static func paths(of feature: LayerFeature, slot: Int) -> [LayerPath] {
        var out: [LayerPath] = []
        for geometry in feature.geometries {
            switch geometry {
            case .point: break
            case .line(let positions): out.append(LayerPath(positions, slot: slot, isRing: false))
            case .polygon(let rings):
                for (i, ring) in rings.enumerated() {
                    out.append(LayerPath(ring, slot: slot, isRing: true, hole: i > 0))
                }
            }
        }
        return out
    }

    /// Every position of the layer (points, vertices; outer rings only): what fitting it shows.
    public var allPositions: [LatLon] { features.flatMap { $0.map(Self.positions) ?? [] } }

    /// The positions of a feature's points, lines and outer rings.
    public static func positions(of feature: LayerFeature) -> [LatLon] {
        var out: [LatLon] = []
        for geometry in feature.geometries {
            switch geometry {
            case .point(let p): out.append(p)
            case .line(let line): out += line
            case .polygon(let rings): out += rings.first ?? []
            }
        }
        return out
    }
}
