import GeoCore
import Places
import TestSupport
import Testing

/// Properties of the cluster hierarchy on seeded sets: every place belongs to exactly one marker at
/// every level, counts add up, a cluster's children one level up hold exactly its places, positions
/// are centres of mass, and viewport queries equal a scan of all markers.
@Suite struct ClusterTreeTests {
    /// A named seeded set of places.
    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var places: [Place]
        var testDescription: String { name }
    }

    static func restrooms(_ coordinates: [LatLon], accessibleEvery: Int = 3) -> [Place] {
        coordinates.enumerated().map { i, c in
            Place(
                id: "rr:\(i)", kind: .restroom, name: "R\(i)", coordinate: c,
                details: .restroom(RestroomDetails(accessible: i % accessibleEvery == 0, upvote: i % 7)))
        }
    }

    static let scenarios: [Scenario] = {
        var g = SeededGenerator(seed: 2024)
        let uniform = (0..<3000).map { _ in
            LatLon(lat: Double.random(in: -85...85, using: &g), lon: Double.random(in: -180..<180, using: &g))
        }
        let city = (0..<3000).map { _ in
            LatLon(
                lat: 37.77 + Double.random(in: -0.05...0.05, using: &g),
                lon: -122.42 + Double.random(in: -0.05...0.05, using: &g))
        }
        let spot = [LatLon](repeating: LatLon(lat: 48.8584, lon: 2.2945), count: 2000)
        let antimeridian = (0..<1500).map { i in
            LatLon(
                lat: -17 + Double.random(in: -1...1, using: &g),
                lon: LatLon.wrapLongitude((i % 2 == 0 ? 180 : -180) + Double.random(in: -0.5...0.5, using: &g)))
        }
        let poles = (0..<400).map { (i: Int) -> LatLon in
            let lat: Double = i % 2 == 0 ? 90 - Double(i % 5) * 0.01 : -90
            return LatLon(lat: lat, lon: Double(i % 360) - 180)
        }
        return [
            Scenario(name: "uniform", places: restrooms(uniform)),
            Scenario(name: "dense city", places: restrooms(city)),
            Scenario(name: "one spot", places: restrooms(spot)),
            Scenario(name: "antimeridian", places: restrooms(antimeridian)),
            Scenario(name: "poles", places: restrooms(poles)),
            Scenario(name: "mixed", places: PlacesRandom.places(count: 2500, seed: 77)),
        ]
    }()

    /// The points under a node, by walking its children.
    static func leaves(_ tree: ClusterTree, _ node: Int32) -> [Int32] {
        if tree.isPoint(node) { return [node] }
        return tree.children(of: node).flatMap { leaves(tree, $0) }
    }

    static func trees(_ places: [Place]) -> [ClusterTree] {
        let points = places.map(ClusterTree.Point.init)
        return ClusterGroup.allCases.map { group in
            ClusterTree(group: group, points: points.filter { $0.category.group == group })
        }
    }

    @Test(arguments: scenarios)
    func everyPlaceIsInExactlyOneMarkerAtEveryLevel(_ scenario: Scenario) {
        let trees = Self.trees(scenario.places)
        #expect(trees.reduce(0) { $0 + $1.pointCount } == scenario.places.count, "each place is in one group's tree")
        for tree in trees where tree.pointCount > 0 {
            for level in 0...ClusterTree.pointLevel {
                let markers = tree.markers(atLevel: level)
                guard level >= tree.group.minZoom else {
                    #expect(markers.isEmpty, "\(tree.group) has markers at z\(level)")
                    continue
                }
                let counted = markers.reduce(0) { $0 + Int(tree.count[Int($1)]) }
                #expect(counted == tree.pointCount, "z\(level): counts add up to \(counted)")
                let covered = markers.flatMap { Self.leaves(tree, $0) }
                #expect(covered.count == tree.pointCount && Set(covered).count == tree.pointCount, "z\(level)")
                for node in markers {
                    #expect(Self.leaves(tree, node).count == Int(tree.count[Int(node)]))
                    let slots = (0..<tree.slots).reduce(0) { $0 + tree.count(of: node, slot: $1) }
                    #expect(slots == Int(tree.count[Int(node)]), "slot counts of a node add up")
                }
            }
            #expect(tree.markers(atLevel: ClusterTree.pointLevel).allSatisfy(tree.isPoint), "every place alone at z18")
        }
    }

    @Test(arguments: scenarios)
    func aClustersChildrenOneLevelUpHoldExactlyItsPlaces(_ scenario: Scenario) {
        let trees = Self.trees(scenario.places)
        #expect(trees.contains { $0.nodeCount > $0.pointCount }, "thousands of places make clusters to check")
        for tree in trees {
            for node in Int32(tree.pointCount)..<Int32(tree.nodeCount) {
                let made = Int(tree.maxZoom[Int(node)])
                let children = tree.children(of: node)
                #expect(children.count >= 2)
                let above = Set(tree.markers(atLevel: made + 1))
                #expect(children.allSatisfy { above.contains($0) && tree.parent[Int($0)] == node })
                #expect(children.allSatisfy { Int(tree.minZoom[Int($0)]) == made + 1 })
                #expect(children.reduce(0) { $0 + tree.count[Int($1)] } == tree.count[Int(node)])
                #expect(tree.rank[Int(node)] == children.map { tree.rank[Int($0)] }.max())
                // The centre of mass of the children, measured across the antimeridian from the first.
                let first = tree.x[Int(children.first!)]
                var weight = 0.0, sx = 0.0, sy = 0.0
                for child in children {
                    let w = Double(tree.count[Int(child)])
                    var dx = tree.x[Int(child)] - first
                    dx -= dx.rounded()
                    sx += dx * w
                    sy += tree.y[Int(child)] * w
                    weight += w
                }
                var cx = first + sx / weight
                cx -= cx.rounded(.down)
                var ddx = cx - tree.x[Int(node)]
                ddx -= ddx.rounded()
                #expect(abs(ddx) < 1e-9 && abs(sy / weight - tree.y[Int(node)]) < 1e-9)
            }
        }
    }

    @Test func placesInOneSpotAreOneClusterAtEveryLevel() {
        let places = Self.scenarios[2].places
        let tree = Self.trees(places)[0]
        for level in 0...ClusterTree.topLevel {
            let markers = tree.markers(atLevel: level)
            #expect(markers.count == 1 && tree.count[Int(markers[0])] == 2000)
        }
        #expect(tree.markers(atLevel: 18).count == 2000)
    }

    @Test func neighboursAcrossTheAntimeridianMerge() {
        let places = Self.restrooms([LatLon(lat: 0, lon: 179.9999), LatLon(lat: 0, lon: -179.9999)])
        let tree = Self.trees(places)[0]
        #expect(tree.markers(atLevel: 10).count == 1)
        let node = tree.markers(atLevel: 10)[0]
        let lon = Mercator.unproject(WorldPoint(x: tree.x[Int(node)], y: tree.y[Int(node)])).normalized.lon
        #expect(abs(abs(lon) - 180) < 0.001, "centre on the line, not in the middle of the world: \(lon)")
    }

    @Test func groupsAppearFromTheirZooms() {
        let airports = ["large_airport", "medium_airport", "small_airport", "heliport", "closed"].enumerated().map {
            Place(
                id: "ap:\($0)", kind: PlaceKind.ofAirportType($1), name: $1,
                coordinate: LatLon(lat: 10, lon: Double($0) * 10),
                details: .airport(AirportDetails(ident: "\($0)", type: $1)))
        }
        let clusters = PlaceClusters(places: airports)
        let names = { (zoom: Int, filter: PlaceFilter) in
            clusters.markers(in: .world, zoom: zoom, filter: filter).compactMap(\.place?.name).sorted()
        }
        #expect(names(2, .standard).isEmpty)
        #expect(names(3, .standard) == ["large_airport"])
        #expect(names(6, .standard) == ["large_airport", "medium_airport"])
        #expect(names(9, .standard) == ["large_airport", "medium_airport", "small_airport"])
        #expect(names(12, .standard) == ["heliport", "large_airport", "medium_airport", "small_airport"])
        #expect(names(12, PlaceFilter(includeClosed: true)).contains("closed"))
        #expect(names(12, PlaceFilter(kinds: [.heliport])) == ["heliport"])
    }

    @Test func aLoneRestroomIsItsPlaceAtEveryZoom() {
        let clusters = PlaceClusters(places: Self.restrooms([LatLon(lat: 10, lon: 10)]))
        for zoom in [0, 5, 12, 13, 18] {
            let markers = clusters.markers(in: .world, zoom: zoom, filter: .standard)
            #expect(markers.count == 1 && markers[0].place?.kind == .restroom, "z\(zoom)")
            #expect(markers.first?.expansionZoom == zoom, "z\(zoom)")
        }
    }

    @Test(arguments: scenarios)
    func viewportQueriesEqualAScanOfAllMarkers(_ scenario: Scenario) {
        let clusters = PlaceClusters(places: scenario.places)
        var g = SeededGenerator(seed: 5)
        for _ in 0..<60 {
            let zoom = Int.random(in: 0...18, using: &g)
            let region = PlacesRandom.region(minSpan: 0.001, maxSpan: 90, using: &g)
            for filter in [PlaceFilter.standard, PlaceFilter(amenities: .accessible)] {
                let world = clusters.markers(in: .world, zoom: zoom, filter: filter)
                let got = clusters.markers(in: region, zoom: zoom, filter: filter)
                #expect(
                    Set(got.map(\.key)) == Set(world.filter { region.contains($0.coordinate) }.map(\.key)),
                    "z\(zoom) \(region)")
                let total = world.reduce(0) { $0 + $1.count }
                let passing = scenario.places.filter { filter.allows($0) && PlaceCategory.of($0).group.minZoom <= zoom }
                #expect(total == passing.count, "z\(zoom): filtered counts add up")
            }
        }
    }

    @Test func mostImportantIsTheTopOfAScanOfTheClustersPlaces() {
        // All restrooms, so the restroom tree's points are the places in order.
        let places = Self.scenarios[1].places
        let tree = Self.trees(places)[0]
        let clusters = PlaceClusters(places: places)
        let filter = PlaceFilter(amenities: .accessible)
        let nodes = tree.markers(atLevel: 12).filter { !tree.isPoint($0) }
        #expect(nodes.count > 10)
        for node in nodes.prefix(40) {
            let members = Self.leaves(tree, node).map { places[Int($0)] }.filter(filter.allows)
            let want = members.sorted {
                PlaceImportance.precedes(
                    rank: PlaceImportance.rank($0), id: $0.id, rank: PlaceImportance.rank($1), id: $1.id)
            }.prefix(5).map(\.id)
            let got = clusters.mostImportant(
                in: ClusterRef(group: .restrooms, node: Int64(node)), filter: filter, limit: 5)
            #expect(got.map(\.id) == Array(want))
        }
    }
}
