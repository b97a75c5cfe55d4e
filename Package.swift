// swift-tools-version:6.0
import PackageDescription

/// Strict settings shared by every Swift target.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .unsafeFlags(["-warnings-as-errors"], .when(configuration: .debug)),
]

let package = Package(
    name: "mapterm",
    products: [
        .executable(name: "mapterm", targets: ["mapterm"])
    ],
    targets: [
        // MARK: C libraries (one Swift adapter each)
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres"),

        // MARK: Pure core
        .target(name: "GeoCore", swiftSettings: strict),
        // The executor of blocking work and the one bridge from synchronous code to async work.
        .target(name: "Blocking", swiftSettings: strict),
        .target(name: "TextSafety", swiftSettings: strict),
        .target(name: "VectorTiles", dependencies: ["GeoCore", "CZlib", "TextSafety"], swiftSettings: strict),
        .target(
            name: "Render", dependencies: ["GeoCore", "VectorTiles", "TextSafety", "Layers"], swiftSettings: strict),
        .target(name: "Places", dependencies: ["GeoCore", "TextSafety", "Layers"], swiftSettings: strict),
        .target(name: "Layers", dependencies: ["GeoCore", "TextSafety", "Positioning"], swiftSettings: strict),
        .target(name: "Routing", dependencies: ["GeoCore", "TextSafety"], swiftSettings: strict),
        .target(name: "Positioning", dependencies: ["GeoCore"], swiftSettings: strict),
        .target(
            name: "MapFeature",
            dependencies: [
                "GeoCore", "Render", "Places", "TextSafety", "Layers", "Blocking", "Routing", "Positioning",
            ],
            swiftSettings: strict),

        // MARK: Adapters
        .target(name: "Terminal", dependencies: ["CNcurses", "Render"], swiftSettings: strict),
        .target(
            name: "Storage",
            dependencies: [
                "CSQLite", "Places", "Layers", "VectorTiles", "GeoCore", "TextSafety", "Blocking", "Positioning",
            ],
            swiftSettings: strict),
        .target(
            name: "Network",
            dependencies: [
                "CCurl", "Places", "GeoCore", "VectorTiles", "TextSafety", "Routing", "Positioning", "Layers",
            ],
            swiftSettings: strict),
        .target(
            name: "PostGIS", dependencies: ["CPostgres", "Places", "Storage", "GeoCore", "TextSafety", "Blocking"],
            swiftSettings: strict),
        .target(
            name: "TileSources",
            dependencies: [
                "GeoCore", "VectorTiles", "Render", "Places", "MapFeature", "Storage", "Network", "TextSafety",
                "Blocking",
            ],
            swiftSettings: strict),

        // MARK: Composition root
        .executableTarget(
            name: "mapterm",
            dependencies: [
                "GeoCore", "VectorTiles", "Render", "Places", "MapFeature", "Terminal", "Storage",
                "Network", "TextSafety", "TileSources", "Layers", "Blocking", "PostGIS", "Routing", "Positioning",
            ],
            swiftSettings: strict,
            // `mapterm --version` names the commit it was built from (git describe, run locally).
            plugins: ["BuildDescription"]),
        .plugin(name: "BuildDescription", capability: .buildTool()),

        .executableTarget(
            name: "mapterm-bench",
            dependencies: [
                "GeoCore", "VectorTiles", "Render", "Places", "MapFeature", "Storage", "Terminal", "Network",
                "TileSources", "TestSupport", "Layers", "PostGIS", "Routing", "Blocking", "Positioning",
            ],
            swiftSettings: strict),

        // MARK: Tests
        .target(
            name: "TestSupport", dependencies: ["GeoCore", "VectorTiles", "Render", "Places", "MapFeature"],
            swiftSettings: strict),
        .testTarget(name: "BlockingTests", dependencies: ["Blocking"], swiftSettings: strict),
        .testTarget(
            name: "PositioningTests", dependencies: ["Positioning", "GeoCore"], swiftSettings: strict),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "GeoCore", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "GeoCoreTests", dependencies: ["GeoCore", "TestSupport"], exclude: ["Fixtures"], swiftSettings: strict
        ),
        .testTarget(
            name: "VectorTilesTests", dependencies: ["VectorTiles", "GeoCore", "Storage", "Render", "TestSupport"],
            exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "RenderTests", dependencies: ["Render", "GeoCore", "VectorTiles", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "MapFeatureTests",
            dependencies: [
                "MapFeature", "GeoCore", "Places", "VectorTiles", "Render", "Storage", "TestSupport", "Layers",
                "TileSources", "Routing", "Positioning",
            ],
            exclude: ["Snapshots"], swiftSettings: strict),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Render"], swiftSettings: strict),
        .testTarget(
            name: "PlacesTests", dependencies: ["Places", "GeoCore", "Layers", "Storage", "TestSupport", "TextSafety"],
            exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "NetworkTests",
            dependencies: ["Network", "GeoCore", "Places", "TestSupport", "Routing", "Positioning"],
            swiftSettings: strict),
        .testTarget(
            name: "TileSourcesTests",
            dependencies: [
                "TileSources", "GeoCore", "Storage", "Network", "VectorTiles", "Render", "MapFeature", "TestSupport",
                "TextSafety", "Places",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "maptermTests",
            dependencies: [
                "mapterm", "GeoCore", "MapFeature", "TileSources", "TestSupport", "VectorTiles", "Network", "Routing",
                "Places",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "GeoCore", "Places", "TestSupport", "Positioning", "Layers"],
            swiftSettings: strict),
        .testTarget(
            name: "PostGISTests",
            dependencies: ["PostGIS", "CPostgres", "GeoCore", "Places", "Storage", "TestSupport"],
            // The tests call libpq themselves (to end sessions, to check tables); mapterm opens it with dlopen.
            swiftSettings: strict, linkerSettings: [.linkedLibrary("pq")]),
        .testTarget(
            name: "LayersTests",
            dependencies: ["Layers", "GeoCore", "Storage", "TestSupport", "TextSafety", "Positioning"],
            exclude: ["Fixtures"],
            swiftSettings: strict),
    ]
)
