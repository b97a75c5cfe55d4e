import Foundation

/// Whole-process `mapterm render` with its output to a file, wall clock from spawn to exit
/// (posix_spawn and waitpid, so the harness adds as little as it can). The renders read a settings
/// file of `"tiles": []` (the shipped maps only, as every earlier part measured), but for the world
/// view once more with the default source, which a world view must not ask anything.
enum ProcessBenchmark {
    static func run(binary: String) throws {
        print("== whole process: mapterm render 160x48 to stdout ==")
        let temporary = FileManager.default.temporaryDirectory
        let output = temporary.appendingPathComponent("mapterm-bench-\(getpid()).txt").path
        let noPlaces = temporary.appendingPathComponent("mapterm-bench-\(getpid()).json").path
        try Data("[]".utf8).write(to: URL(fileURLWithPath: noPlaces))
        let home = temporary.appendingPathComponent("mapterm-bench-home-\(getpid())")
        let shippedOnly = try settingsFolder(home.appendingPathComponent("shipped"), tiles: "[]")
        let defaultSource = try settingsFolder(home.appendingPathComponent("default"), tiles: nil)
        defer {
            unlink(output)
            unlink(noPlaces)
            try? FileManager.default.removeItem(at: home)
        }
        let views: [(String, [String])] = [
            ("world", ["--center", "52.52,13.405", "--zoom", "0.33"]),
            ("50N 10E z3.5", ["--center", "50,10", "--zoom", "3.5"]),
            ("40.7N 74W z5.5", ["--center", "40.7,-74", "--zoom", "5.5"]),
            // Street level (issue 5: 25 ms).
            ("Monaco z15", ["--center", "43.7384,7.4246", "--zoom", "15"]),
            ("SF Market St z15", ["--center", "37.7793,-122.4137", "--zoom", "15"]),
        ]
        // The map alone (issue 2's measure), then with the embedded places fetched and drawn.
        let cases =
            views.map { ("\($0.0), map only", $0.1 + ["--source", noPlaces], shippedOnly) }
            + views.map { ("\($0.0), embedded places", $0.1, shippedOnly) }
            + [
                ("San Francisco z15, embedded places", ["--center", "37.7793,-122.4193", "--zoom", "15"], shippedOnly),
                ("world, map only, default source", views[0].1 + ["--source", noPlaces], defaultSource),
            ]
        for (name, extra, environment) in cases {
            let arguments = [binary, "render", "--size", "160x48"] + extra
            var status: Int32 = 0
            let timing = Stopwatch.measure(runs: 20, warmup: 2) {
                status = max(status, spawn(arguments, stdout: output, environment: environment))
            }
            guard status == 0 else { throw NSError(domain: "bench: mapterm render failed", code: Int(status)) }
            report("render \(name)", timing, target: name.contains("places") || name.contains("z15") ? 25 : 30)
        }
    }

    /// This process's environment with XDG_CONFIG_HOME and XDG_CACHE_HOME in `folder`, whose settings
    /// file holds `"tiles": TILES` and the places database alone (nil: an empty file, the default tiles and
    /// places).
    static func settingsFolder(_ folder: URL, tiles: String?) throws -> [String] {
        let settings = folder.appendingPathComponent("config/mapterm")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try Data((tiles.map { "{\"tiles\": \($0), \"source\": \"embedded\"}" } ?? "{}").utf8).write(
            to: settings.appendingPathComponent("config.json"))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        return environment.map { "\($0.key)=\($0.value)" }
    }

    /// Runs a program with stdout to `path` and `environment` ("NAME=value" lines) and waits; returns
    /// its exit status.
    static func spawn(_ arguments: [String], stdout path: String, environment: [String]) -> Int32 {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let envp = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return 127 }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (status >> 8) & 0xFF
    }
}
