import Foundation
import GeoCore
import Places
import Storage
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct PinFileTests {
    /// 2026-11-29 12:01:02 UTC, the clock of every store under test.
    static let fixedNow = Date(timeIntervalSince1970: 1_795_953_662)

    let sample = [
        Pin(number: 3, coordinate: LatLon(lat: 90, lon: -180)),
        Pin(number: 1, coordinate: LatLon(lat: 37.3315, lon: -121.8911)),
        Pin(number: 10, coordinate: LatLon(lat: -90, lon: 180)),
        Pin(number: 2, coordinate: LatLon(lat: 1e-7, lon: -0.000123456789)),
        Pin(number: 4, coordinate: LatLon(lat: 12.345678901234567, lon: 98.76543210987654)),
    ]

    // MARK: Round trips and format

    @Test func roundTripKeepsEveryDigitAndSortsByNumber() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        try file.save(sample)
        #expect(try file.load() == sample.sorted { $0.number < $1.number })
        #expect(try dir.bytes(of: "mapterm/pins.json") == PinFile.geoJSON(sample))
    }

    @Test func noFileMeansNoPinsAndNoPinsIsAnEmptyCollection() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        #expect(try file.load() == [])
        try file.save([])
        #expect(try file.load() == [])
        let text = String(decoding: try dir.bytes(of: "mapterm/pins.json"), as: UTF8.self)
        #expect(text == "{\n  \"type\": \"FeatureCollection\",\n  \"features\": []\n}\n")
    }

    @Test func geoJSONIsLonLatWithNumberAndColourPrettyAndStable() throws {
        let pin = Pin(number: 1, coordinate: LatLon(lat: 37.3315, lon: -121.8911))
        let expected = """
            {
              "type": "FeatureCollection",
              "features": [
                {
                  "type": "Feature",
                  "geometry": { "type": "Point", "coordinates": [-121.8911, 37.3315] },
                  "properties": { "number": 1, "id": "pin-1-37.3315--121.8911", "marker-color": "\(PinFile.palette[0].hex)" }
                }
              ]
            }

            """
        #expect(String(decoding: PinFile.geoJSON([pin]), as: UTF8.self) == expected)
        #expect(PinFile.geoJSON(sample) == PinFile.geoJSON(sample.reversed()))

        let root = try #require(try JSONSerialization.jsonObject(with: PinFile.geoJSON(sample)) as? [String: Any])
        let features = try #require(root["features"] as? [[String: Any]])
        let numbers = features.compactMap { ($0["properties"] as? [String: Any])?["number"] as? Int }
        #expect(numbers == [1, 2, 3, 4, 10])
        for feature in features {
            let properties = try #require(feature["properties"] as? [String: Any])
            let number = try #require(properties["number"] as? Int)
            let pin = try #require(sample.first { $0.number == number })
            let coordinates = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            // JSONSerialization rounds the last digit on Linux; PinFile's own reader is exact.
            #expect(coordinates.count == 2)
            #expect(
                abs(coordinates[0] - pin.coordinate.lon) < 1e-12 && abs(coordinates[1] - pin.coordinate.lat) < 1e-12)
            #expect(properties["marker-color"] as? String == PinFile.palette[number - 1].hex)
        }
    }

    @Test func paletteHasTenDistinctColoursMatchingXterm() {
        #expect(PinFile.palette.count == Pin.maximumCount)
        #expect(Set(PinFile.palette.map(\.xterm256)).count == 10)
        #expect(Set(PinFile.palette.map(\.hex)).count == 10)
        for color in PinFile.palette {
            #expect((16...255).contains(color.xterm256), "0...15 follow the user's terminal theme")
            #expect(color.hex == Self.xtermHex(color.xterm256))
        }
        #expect(PinFile.color(for: 1) == PinFile.palette[0])
        #expect(PinFile.color(for: 10) == PinFile.palette[9])
    }

    @Test func acceptsGeoJSONFromOtherToolsAndIgnoresExtras() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let json = """
            {"type": "FeatureCollection", "name": "friends", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [2.35, 48.85, 35]},
               "properties": {"number": 2, "marker-color": "#123456", "title": "Anna"}},
              {"type": "Feature", "id": 7, "geometry": {"type": "Point", "coordinates": [-0.1, 51.5]},
               "properties": {"number": 1.0}}]}
            """
        try dir.write(Data(json.utf8), to: "mapterm/pins.json")
        #expect(
            try dir.store().load() == [
                Pin(number: 1, coordinate: LatLon(lat: 51.5, lon: -0.1)),
                Pin(number: 2, coordinate: LatLon(lat: 48.85, lon: 2.35)),
            ])
    }

    @Test func defaultURLFollowsXDG() {
        #expect(
            PinFile.defaultURL(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).path
                == "/x/data/mapterm/pins.json")
        #expect(PinFile.defaultURL(environment: ["HOME": "/h"]).path == "/h/.local/share/mapterm/pins.json")
        #expect(
            PinFile.defaultURL(environment: ["XDG_DATA_HOME": "", "HOME": "/h"]).path
                == "/h/.local/share/mapterm/pins.json")
        #expect(
            PinFile.defaultURL(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/share/mapterm/pins.json")
    }

    // MARK: Corrupt files

    @Test func corruptFileIsKeptAsideByteForByteUnderADistinctName() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        let first = Data([0x7B, 0x20, 0xFF, 0xFE, 0x00, 0x6E, 0x6F])  // "{ ", invalid UTF-8, NUL, "no"
        try dir.write(first, to: "mapterm/pins.json")
        let keptFirst = try Self.corruptKeptAs { try file.load() }
        #expect(keptFirst == dir.url.path + "/mapterm/pins.json.corrupt-20261129T120102Z")
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptFirst)) == first)
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
        #expect(try file.load() == [])

        let second = Data("{ \"type\": \"FeatureCollection\" ".utf8)
        try dir.write(second, to: "mapterm/pins.json")
        let keptSecond = try Self.corruptKeptAs { try file.load() }
        #expect(keptSecond == keptFirst + "-2")
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptFirst)) == first)
        #expect(try Data(contentsOf: URL(fileURLWithPath: keptSecond)) == second)
    }

    @Test(arguments: CorruptCase.all) func invalidContentIsRejectedWithAReason(_ corrupt: CorruptCase) throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        try dir.write(corrupt.bytes, to: "mapterm/pins.json")
        do {
            _ = try dir.store().load()
            Issue.record("loaded without complaint")
        } catch PinStoreError.corrupt(let reason, let keptAs) {
            #expect(reason.contains(corrupt.reason), "reason was: \(reason)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: keptAs)) == corrupt.bytes)
        }
    }

    // MARK: Shared by several maps

    @Test func changesFromTwoStoresOnOneFileKeepEachOthersPins() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let a = dir.store(), b = dir.store()
        _ = try a.apply(.add(LatLon(lat: 1, lon: 1)))
        let both = try b.apply(.add(LatLon(lat: 2, lon: 2)))
        #expect(both.map(\.number) == [1, 2] && Set(both.map(\.id)).count == 2)
        // A removes its pin; B adds another: the removed one does not come back.
        let first = both[0].id
        _ = try a.apply(.remove(id: first))
        let after = try b.apply(.add(LatLon(lat: 3, lon: 3)))
        #expect(!after.contains { $0.id == first } && after.map(\.number) == [1, 2])
        #expect(try a.load() == after)
    }

    @Test func manyThreadsAddingAtOnceLoseNothing() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        DispatchQueue.concurrentPerform(iterations: 10) { i in
            // As the map does: a busy lock is tried again.
            while case .failure(PinStoreError.busy) = Result(catching: {
                try dir.store().apply(.add(LatLon(lat: Double(i), lon: Double(i))))
            }) {
                usleep(1000)
            }
        }
        let pins = try dir.store().load()
        #expect(pins.count == 10 && Set(pins.map(\.number)) == Set(1...10))
        #expect(throws: PinStoreError.full) { try dir.store().apply(.add(LatLon(lat: 50, lon: 50))) }
    }

    @Test func applyNeverWaitsForALockHeldElsewhereAndKeepsThePinsSavedMeanwhile() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        _ = try file.apply(.add(LatLon(lat: 1, lon: 1)))
        // Another map takes the lock and saves a pin of its own while holding it.
        let other = try LockHolder(file.url.path + ".lock")
        defer { other.release() }
        var theirs = try file.load()
        theirs.append(Pin(number: 2, coordinate: LatLon(lat: 2, lon: 2), id: "theirs"))
        try dir.store().save(theirs)
        let before = try dir.bytes(of: "mapterm/pins.json")

        let attempt = try #require(
            finished(within: 1) { try file.apply(.add(LatLon(lat: 3, lon: 3))) }, "apply waited for the lock")
        #expect(throws: PinStoreError.busy) { try attempt.get() }
        #expect(try dir.bytes(of: "mapterm/pins.json") == before, "nothing is written without the lock")

        other.release()
        let pins = try file.apply(.add(LatLon(lat: 3, lon: 3)))
        #expect(pins.map(\.number) == [1, 2, 3] && pins[1].id == "theirs")
    }

    @Test func theStampChangesWhenTheFileDoes() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        #expect(file.stamp() == nil)
        _ = try file.apply(.add(LatLon(lat: 1, lon: 1)))
        let first = try #require(file.stamp())
        #expect(file.stamp() == first)
        _ = try dir.store().apply(.add(LatLon(lat: 2, lon: 2)))
        #expect(file.stamp() != first, "the atomic rename gives the file a new inode")
    }

    @Test func unreadableFileIsKeptAside() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        try dir.write(Data("inside".utf8), to: "mapterm/pins.json/note")  // a directory where the file goes
        let kept = try Self.corruptKeptAs { try dir.store().load() }
        #expect(try dir.bytes(of: "mapterm/pins.json.corrupt-20261129T120102Z/note") == Data("inside".utf8))
        #expect(kept.hasSuffix("pins.json.corrupt-20261129T120102Z"))
    }

    // MARK: Failed saves

    @Test func saveRefusesInvalidPinsAndKeepsTheOldFile() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        try file.save(sample)
        let before = try dir.bytes(of: "mapterm/pins.json")
        let bad: [[Pin]] = [
            [Pin(number: 1, coordinate: LatLon(lat: 91, lon: 0))],
            [Pin(number: 1, coordinate: LatLon(lat: 0, lon: -180.5))],
            [Pin(number: 1, coordinate: LatLon(lat: .nan, lon: 0))],
            [Pin(number: 1, coordinate: LatLon(lat: 0, lon: .infinity))],
            [Pin(number: 0, coordinate: LatLon(lat: 0, lon: 0))],
            [Pin(number: 11, coordinate: LatLon(lat: 0, lon: 0))],
            [Pin(number: 2, coordinate: LatLon(lat: 0, lon: 0)), Pin(number: 2, coordinate: LatLon(lat: 1, lon: 1))],
        ]
        for pins in bad {
            #expect(throws: PinStoreError.self) { try file.save(pins) }
            #expect(try dir.bytes(of: "mapterm/pins.json") == before)
        }
        #expect(try file.load() == sample.sorted { $0.number < $1.number })
    }

    @Test func saveFailsCleanlyWhenTheDirectoryCannotBeMade() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let blocker = Data("a regular file, not a directory".utf8)
        try dir.write(blocker, to: "blocker")
        let file = PinFile(url: dir.url.appendingPathComponent("blocker/mapterm/pins.json"))
        let error = #expect(throws: PinStoreError.self) { try file.save(sample) }
        if case .corrupt = error { Issue.record("expected writeFailed, got \(String(describing: error))") }
        #expect(try dir.bytes(of: "blocker") == blocker)
    }

    @Test func failedRenameLeavesTheOldEntryAndNoTempFile() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        try dir.write(Data("keep".utf8), to: "mapterm/pins.json/note")  // rename over a full directory fails
        #expect(throws: PinStoreError.self) { try dir.store().save(sample) }
        #expect(try dir.bytes(of: "mapterm/pins.json/note") == Data("keep".utf8))
        #expect(try dir.names(in: "mapterm") == ["pins.json"])
    }

    @Test func savedFileIsPrivate() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        try dir.store().save(sample)
        var info = stat()
        #expect(stat(dir.url.path + "/mapterm/pins.json", &info) == 0)
        #expect(info.st_mode & 0o077 == 0)
    }

    // MARK: Interrupted saves

    @Test func leftoverTempFilesAreIgnoredAndCleanedUp() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        try file.save(sample)
        let half = Data("{\n  \"type\": \"FeatureCollection\",\n  \"feat".utf8)
        try dir.write(half, to: "mapterm/.pins.json.tmp-999999999-dead")  // writer gone
        try dir.write(half, to: "mapterm/.pins.json.tmp-\(getpid())-stale")  // ours, but an hour old
        try dir.write(half, to: "mapterm/.pins.json.tmp-\(getpid())-busy")  // ours, maybe being written now
        let hourAgo = Self.fixedNow.addingTimeInterval(-3600)
        try FileManager.default.setAttributes(
            [.modificationDate: hourAgo], ofItemAtPath: dir.url.path + "/mapterm/.pins.json.tmp-\(getpid())-stale")
        try FileManager.default.setAttributes(
            [.modificationDate: Self.fixedNow], ofItemAtPath: dir.url.path + "/mapterm/.pins.json.tmp-\(getpid())-busy")
        #expect(try file.load() == sample.sorted { $0.number < $1.number })
        #expect(try dir.names(in: "mapterm") == [".pins.json.tmp-\(getpid())-busy", "pins.json"])
    }

    /// A child process saves in a tight loop and is killed with SIGKILL at random moments (fixed
    /// seed); after every kill the file must load as one complete save: see
    /// `PinsCommand.stressPins(iteration:)` for the pattern the child writes.
    @Test func killDuringSaveNeverLeavesABrokenFile() throws {
        let mapterm = try Self.maptermBinary()
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        var random = SeededGenerator(seed: 0x4D41_5054_4552_4D04)
        var previous = FileSignature(path: file.url.path)
        var killsMidSave = 0
        for round in 1...30 {
            let child = try ChildProcess(mapterm, ["pins", "--stress-save", file.url.path])
            let saved = Self.waitForChange(of: file.url.path, from: previous, by: child)
            guard saved else {
                let status = child.stop()
                Issue.record(
                    "round \(round): `mapterm pins --stress-save` did not save (wait status \(status)); is `pins` wired into main.swift?"
                )
                return
            }
            usleep(useconds_t(random.next() % 20_000))
            child.stop()
            if try dir.names(in: "mapterm").contains(where: { $0.hasPrefix(".pins.json.tmp-") }) { killsMidSave += 1 }
            let pins = try file.load()
            #expect(Self.isOneStressSave(pins), "round \(round): \(pins)")
            #expect(try dir.names(in: "mapterm") == ["pins.json"], "round \(round): temp files left")
            previous = FileSignature(path: file.url.path)
        }
        #expect(killsMidSave > 0, "no kill landed inside a save; the test proves nothing")
    }
}

// MARK: - Helpers

extension PinFileTests {
    /// Runs `body`, which must throw `PinStoreError.corrupt`, and returns where the file was kept.
    static func corruptKeptAs(_ body: () throws -> [Pin]) throws -> String {
        do {
            let pins = try body()
            Issue.record("expected a corrupt file, loaded \(pins)")
            return ""
        } catch PinStoreError.corrupt(_, let keptAs) {
            return keptAs
        }
    }

    /// xterm's default "#rrggbb" of palette index 16...255.
    static func xtermHex(_ index: Int) -> String {
        let levels = [0, 95, 135, 175, 215, 255]
        let (r, g, b): (Int, Int, Int)
        if index >= 232 {
            let grey = 8 + (index - 232) * 10
            (r, g, b) = (grey, grey, grey)
        } else {
            let n = index - 16
            (r, g, b) = (levels[n / 36], levels[(n / 6) % 6], levels[n % 6])
        }
        return "#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `pins` are exactly what one save of the stress loop writes.
    static func isOneStressSave(_ pins: [Pin]) -> Bool {
        guard let lon = pins.first?.coordinate.lon else { return false }
        let iteration = Int(((lon + 179) * 1000).rounded())
        return pins.count == 1 + iteration % 10
            && pins.enumerated().allSatisfy { index, pin in
                pin.number == index + 1 && pin.coordinate == LatLon(lat: Double(pin.number * 15 - 80), lon: lon)
            }
    }

    /// The built `mapterm` next to this test bundle (or `$MAPTERM_BIN`); fails clearly when absent.
    static func maptermBinary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["MAPTERM_BIN"] { return path }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let path = exe.deletingLastPathComponent().appendingPathComponent("mapterm").path
        try #require(
            access(path, X_OK) == 0,
            "the mapterm binary is not built at \(path): run `swift build --product mapterm` with the same scratch path"
        )
        return path
    }

    /// Polls (1 ms) until the file at `path` exists and differs from `old`, i.e. the child wrote to
    /// it; false if the child exits first or 30 s pass.
    static func waitForChange(of path: String, from old: FileSignature, by child: ChildProcess) -> Bool {
        for _ in 0..<30_000 {
            let now = FileSignature(path: path)
            if now.exists && now != old { return true }
            if child.hasExited() { return false }
            usleep(1000)
        }
        return false
    }
}

// MARK: - Test doubles and fixtures

extension PinFileTests {
    /// One bad pins file and a fragment of the reason it must be rejected with.
    struct CorruptCase: Sendable, CustomTestStringConvertible {
        let bytes: Data
        let reason: String
        var testDescription: String { reason }

        init(_ text: String, _ reason: String) {
            bytes = Data(text.utf8)
            self.reason = reason
        }

        /// A collection with one feature: `coordinates` and `number` are raw JSON.
        static func one(_ coordinates: String, number: String = "1", geometry: String = "Point") -> String {
            """
            {"type":"FeatureCollection","features":[{"type":"Feature",\
            "geometry":{"type":"\(geometry)","coordinates":\(coordinates)},"properties":{"number":\(number)}}]}
            """
        }

        static let all: [CorruptCase] = [
            CorruptCase("", "empty"),
            CorruptCase("{ not json", "not valid JSON"),
            CorruptCase("[]", "not a GeoJSON FeatureCollection"),
            CorruptCase("null", "not a GeoJSON FeatureCollection"),
            CorruptCase(#"{"type":"Feature"}"#, "not a GeoJSON FeatureCollection"),
            CorruptCase(#"{"type":"FeatureCollection"}"#, "no list of features"),
            CorruptCase(#"{"type":"FeatureCollection","features":[1]}"#, "feature 1 is not a GeoJSON Feature"),
            CorruptCase(one("[0, 91]"), "latitude 91.0 is not within -90...90"),
            CorruptCase(one("[-181, 0]"), "longitude -181.0 is not within -180...180"),
            CorruptCase(one(#"["1", 2]"#), "coordinates must be [longitude, latitude] numbers"),
            CorruptCase(one("[true, false]"), "coordinates must be [longitude, latitude] numbers"),
            CorruptCase(one("[1]"), "coordinates must be [longitude, latitude] numbers"),
            CorruptCase(one("null"), "coordinates must be [longitude, latitude] numbers"),
            CorruptCase(one("[1e400, 0]"), "not valid JSON"),
            CorruptCase(one("[[0, 0], [1, 1]]", geometry: "LineString"), "feature 1 is not a Point"),
            CorruptCase(one("[0, 0]", number: "null"), "no pin number"),
            CorruptCase(one("[0, 0]", number: "0"), "pin number 0 is not within 1...10"),
            CorruptCase(one("[0, 0]", number: "11"), "pin number 11 is not within 1...10"),
            CorruptCase(one("[0, 0]", number: "1.5"), "not a whole number"),
            CorruptCase(one("[0, 0]", number: #""1""#), "not a whole number"),
            CorruptCase(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"#
                    + #""properties":{"number":2}},{"type":"Feature","geometry":{"type":"Point","coordinates":[1,1]},"#
                    + #""properties":{"number":2}}]}"#,
                "pin number 2 appears twice"),
        ]
    }

    /// Identity and last change of a file: every save renames a new inode into place, and an in-place
    /// write would change the size or modification time.
    struct FileSignature: Equatable {
        var exists = false
        var inode: UInt64 = 0
        var size: Int64 = 0
        var modified: [Int] = []

        init(path: String) {
            var info = stat()
            if stat(path, &info) == 0 {
                exists = true
                inode = UInt64(info.st_ino)
                size = Int64(info.st_size)
                modified = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
            }
        }
    }

    /// A fresh directory under the system temp directory, with the pins file at `mapterm/pins.json`.
    struct TempDirectory {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-pins-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(at: url) }

        /// A store for `mapterm/pins.json` here, with the clock at `PinFileTests.fixedNow`.
        func store() -> PinFile {
            PinFile(url: url.appendingPathComponent("mapterm/pins.json"), now: { PinFileTests.fixedNow })
        }

        /// Writes `data` at the relative `path`, creating directories.
        func write(_ data: Data, to path: String) throws {
            let target = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
        }

        func bytes(of path: String) throws -> Data { try Data(contentsOf: url.appendingPathComponent(path)) }

        /// The sorted entry names of the relative directory `path`.
        func names(in path: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(path).path).sorted()
        }
    }

    /// A child process started with `posix_spawn` (stdin and stdout on /dev/null, stderr inherited).
    final class ChildProcess {
        let pid: pid_t
        private var waitStatus: Int32?

        init(_ path: String, _ arguments: [String]) throws {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            let argv = ([path] + arguments).map { strdup($0) } + [nil]
            let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var child: pid_t = 0
            let result = posix_spawn(&child, path, &actions, nil, argv, envp)
            try #require(result == 0, "posix_spawn \(path): \(String(cString: strerror(result)))")
            pid = child
        }

        /// Whether the child has ended (reaps it if so).
        func hasExited() -> Bool {
            if waitStatus != nil { return true }
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return false }
            waitStatus = status
            return true
        }

        /// Kills the child with SIGKILL unless it already ended, reaps it and returns its wait status.
        @discardableResult func stop() -> Int32 {
            if let waitStatus { return waitStatus }
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            waitStatus = status
            return status
        }

        deinit { stop() }
    }

    /// An add tried again with its id (after a busy lock or a reload) adds one pin, and a removal by
    /// that id removes it.
    @Test func anAddWithAnIdIsAppliedOnce() throws {
        let dir = try TempDirectory()
        defer { dir.remove() }
        let file = dir.store()
        _ = try file.apply(.add(LatLon(lat: 1, lon: 1), id: "map-1"))
        let twice = try file.apply(.add(LatLon(lat: 1, lon: 1), id: "map-1"))
        #expect(twice.map(\.id) == ["map-1"] && twice.map(\.number) == [1])
        #expect(try file.apply(.remove(id: "map-1")).isEmpty)
    }
}
