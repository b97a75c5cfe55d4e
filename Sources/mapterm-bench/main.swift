import Foundation

/// `make bench`: prints the performance figures the issues ask for (release build).
let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Resources")
/// The mapterm whose whole runs `process` times: `MAPTERM_BENCH_BINARY` (`make bench` names the static
/// release binary, while this bench is built dynamically: the Testing module its TestSupport imports is
/// not in the static SDK), else the one beside this bench.
let binary =
    ProcessInfo.processInfo.environment["MAPTERM_BENCH_BINARY"].map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("mapterm")
/// With an argument, only that part runs (`frames`, `process`, …), for profiling.
let only = CommandLine.arguments.dropFirst().first
do {
    if only == nil || only == "frames" { try FrameBenchmark.run(resources: resources) }
    if only == nil || only == "store" { try PlaceStoreBenchmark.run() }
    if only == nil || only == "import" { try UpsertBenchmark.run(resources: resources) }
    if only == nil || only == "tree" { TreeBenchmark.run() }
    if only == nil || only == "places" { try PlacesFrameBenchmark.run(resources: resources) }
    if only == nil || only == "layerframes" { try LayerFrameBenchmark.run(resources: resources) }
    if only == nil || only == "geocode" { try ReverseGeocoderBenchmark.run(resources: resources) }
    if only == nil || only == "search" { try SearchBenchmark.run(resources: resources) }
    if only == nil || only == "bytes" { try TerminalBytesBenchmark.run(resources: resources) }
    if only == nil || only == "pmtiles" { try PMTilesBenchmark.run(repository: resources.deletingLastPathComponent()) }
    if only == nil || only == "tiles" { try TileSourceBenchmark.run(resources: resources) }
    if only == nil || only == "dense" { try DenseTileBenchmark.run(resources: resources) }
    if only == nil || only == "tileplaces" { try TilePlaceBenchmark.run(resources: resources) }
    if only == nil || only == "session" { try SessionBytesBenchmark.run(resources: resources) }
    if only == nil || only == "layers" { try LayersBenchmark.run() }
    if only == nil || only == "geodesics" { GeodesicBenchmark.run() }
    if only == nil || only == "gps" { try GPSBenchmark.run(resources: resources) }
    if only == nil || only == "route" { try RouteBenchmark.run(resources: resources) }
    if only == nil || only == "postgis" { try PostGISBenchmark.run() }
    if only == nil || only == "process" { try ProcessBenchmark.run(binary: binary.path) }
    // Only when asked, with its own arguments: Tests/bench/mapscii/sidebyside.py runs it.
    if only == "sidebyside" {
        try SideBySideBenchmark.run(resources: resources, arguments: Array(CommandLine.arguments.dropFirst(2)))
    }
} catch {
    FileHandle.standardError.write(Data("bench failed: \(error)\n".utf8))
    exit(1)
}
