import Foundation
import GeoCore
import Layers
import Positioning
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TrackFileTests {
    /// 2026-11-29 12:01:02 UTC.
    static let start = 1_795_953_662.0

    /// A folder of its own under the temporary folder, removed by `remove`.
    struct Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapterm-tracks-\(UUID().uuidString)")
        var tracks: URL { url.appendingPathComponent("mapterm/tracks") }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    /// A seeded walk around Monaco, one point a second.
    static func walk(_ count: Int, seed: UInt64 = 0x5452_4B00_0000_0001) -> [TrackPoint] {
        var state = seed
        var position = LatLon(lat: 43.7384, lon: 7.4246)
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let point = TrackPoint(
                position: position, time: start + Double(index) + 0.25,
                elevation: index % 3 == 0 ? nil : Double(state >> 50) / 100)
            position.lat += Double(Int64(state >> 40 & 0xFF) - 128) * 1e-7
            position.lon += Double(Int64(state >> 48 & 0xFF) - 128) * 1e-7
            return point
        }
    }

    /// What Python's XML parser makes of the file: "ok N" with N track points when it parses as GPX 1.1
    /// (the namespace, version 1.1, every trkpt with lat and lon in range, ele before time), else its
    /// complaint.
    static func python(_ path: String) throws -> String {
        let script = """
            import sys, xml.etree.ElementTree as ET
            ns = '{http://www.topografix.com/GPX/1/1}'
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == ns + 'gpx' and root.get('version') == '1.1', root.tag
            points = root.findall(f'{ns}trk/{ns}trkseg/{ns}trkpt')
            for p in points:
                assert -90 <= float(p.get('lat')) <= 90 and -180 <= float(p.get('lon')) <= 180
                tags = [c.tag for c in p]
                assert tags in ([ns + 'ele', ns + 'time'], [ns + 'time']), tags
            print('ok', len(points))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func writtenPointsReadBackWithBothReadersAndPython() throws {
        let folder = Folder()
        defer { folder.remove() }
        let points = Self.walk(500)
        let file = try TrackFile.start(directory: folder.tracks, now: Self.start)
        #expect(file.name == "2026-11-29T12-01-02Z.gpx")
        for (index, point) in points.enumerated() {
            try file.append(point)
            if [0, 1, 7, 100, 499].contains(index) {
                #expect(try Self.python(file.url.path) == "ok \(index + 1)", "after \(index + 1) points")
            }
        }
        try file.finish()
        let track = try TrackFolder.read(path: file.url.path)
        #expect(track.points.count == points.count && track.stop == nil)
        #expect(track.name == "2026-11-29T12-01-02Z")
        for (read, written) in zip(track.points, points) {
            #expect(Geodesy.distance(read.position, written.position) * 1000 < 0.01)
            #expect(abs(read.time - written.time) < 0.001)
            #expect(read.elevation.map { abs($0 - (written.elevation ?? .nan)) < 0.006 } ?? (written.elevation == nil))
        }
        let layer = try LayerReader.read(path: file.url.path)
        #expect(layer.problemCount == 0)
        let geometry = try #require(layer.features.first?.geometries.first)
        guard case .line(let line) = geometry else {
            Issue.record("the track is not a line: \(geometry)")
            return
        }
        #expect(line.count == points.count)
        for (read, written) in zip(line, points) {
            #expect(Geodesy.distance(read, written.position) * 1000 < 1)
        }
        var info = stat()
        #expect(stat(file.url.path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(folder.tracks.path, &info) == 0 && info.st_mode & 0o077 == 0)
        #expect(throws: TrackFile.Failure.self) { try file.append(points[0]) }
    }

    @Test func aNewRecordingIsACompleteEmptyTrack() throws {
        let folder = Folder()
        defer { folder.remove() }
        let file = try TrackFile.start(directory: folder.tracks, now: Self.start)
        #expect(try Self.python(file.url.path) == "ok 0")
        #expect(try TrackFolder.read(path: file.url.path).points.isEmpty)
        #expect(throws: TrackFile.Failure.self) {
            try file.append(TrackPoint(position: LatLon(lat: 1e308, lon: 0), time: Self.start))
        }
        #expect(try Self.python(file.url.path) == "ok 0")
    }

    @Test func twoRecordingsInOneSecondGetTwoNames() throws {
        let folder = Folder()
        defer { folder.remove() }
        let first = try TrackFile.start(directory: folder.tracks, now: Self.start)
        let second = try TrackFile.start(directory: folder.tracks, now: Self.start + 0.5)
        let third = try TrackFile.start(directory: folder.tracks, now: Self.start + 0.9)
        #expect(
            [first.name, second.name, third.name] == [
                "2026-11-29T12-01-02Z.gpx", "2026-11-29T12-01-02Z-2.gpx", "2026-11-29T12-01-02Z-3.gpx",
            ])
        try first.append(Self.walk(1)[0])
        #expect(try TrackFolder.read(path: second.url.path).points.isEmpty)
    }

    @Test func aFileCutMidWriteGivesThePointsBeforeTheCut() throws {
        let folder = Folder()
        defer { folder.remove() }
        let points = Self.walk(20)
        let file = try TrackFile.start(directory: folder.tracks, now: Self.start)
        for point in points { try file.append(point) }
        try file.finish()
        let bytes = try Data(contentsOf: file.url)
        // Cut inside the 11th point: as if the disk had kept only part of a write.
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let keep = lines.prefix(4 + 10).joined(separator: "\n") + "\n" + lines[4 + 10].prefix(30)
        try Data(keep.utf8).write(to: file.url)
        let track = try TrackFolder.read(path: file.url.path)
        #expect(track.points.count == 10)
        for (read, written) in zip(track.points, points) {
            #expect(Geodesy.distance(read.position, written.position) * 1000 < 0.01 && read.time == written.time)
        }
        #expect(track.stop != nil)
    }

    @Test func theFolderIsListedWithFiguresAndProblems() throws {
        let folder = Folder()
        defer { folder.remove() }
        #expect(try TrackFolder.list(directory: folder.tracks).isEmpty)
        let file = try TrackFile.start(directory: folder.tracks, now: Self.start)
        for point in Self.walk(30) { try file.append(point) }
        try file.finish()
        try Data("not a track".utf8).write(to: folder.tracks.appendingPathComponent("bad\u{1B}[31m.gpx"))
        try Data().write(to: folder.tracks.appendingPathComponent("notes.txt"))
        let entries = try TrackFolder.list(directory: folder.tracks)
        #expect(entries.map(\.name) == ["2026-11-29T12-01-02Z.gpx", "bad\u{1B}[31m.gpx"])
        #expect(entries[0].stats?.pointCount == 30 && entries[0].problem == nil)
        #expect(entries[0].stats?.duration == 29)
        #expect(entries[1].stats == nil && entries[1].problem?.contains("not GPX") == true)
    }

    @Test func aFolderThatCannotBeMadeIsOneLine() throws {
        let folder = Folder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        try Data().write(to: folder.url.appendingPathComponent("mapterm"))  // a file where the folder goes
        let error = #expect(throws: TrackFile.Failure.self) { try TrackFile.start(directory: folder.tracks, now: 0) }
        #expect(error?.description.contains("\n") == false)
        #expect(error?.description.contains("mapterm") == true)
    }

    /// A child process (fork) appends points in a loop and is killed with SIGKILL a few milliseconds
    /// into it, ten times; every time the file parses (Python) and holds a prefix of the points.
    @Test func aKilledRecordingLeavesAReadableFile() throws {
        let folder = Folder()
        defer { folder.remove() }
        let points = Self.walk(100_000)
        var killedWhileWriting = 0
        for round in 0..<10 {
            let file = try TrackFile.start(directory: folder.tracks, now: Self.start + Double(round))
            try file.append(points[0])  // everything the child calls has run once in this process
            let child = fork()
            try #require(child >= 0)
            if child == 0 {
                for point in points.dropFirst() { try? file.append(point) }
                _exit(0)
            }
            var info = stat()
            let deadline = Date().addingTimeInterval(10)
            repeat {
                usleep(1000)
                _ = stat(file.url.path, &info)
            } while info.st_size < 40_000 && Date() < deadline
            usleep(useconds_t(1000 * (round % 5)))
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            if status & 0x7F == SIGKILL { killedWhileWriting += 1 }
            let track = try TrackFolder.read(path: file.url.path)
            #expect(track.points.count > 100, "round \(round): \(track.points.count) points")
            #expect(track.stop == nil, "round \(round): \(track.stop ?? "")")
            for (read, written) in zip(track.points, points) where abs(read.time - written.time) > 0.001 {
                Issue.record("round \(round): point at \(read.time) is not the one written at \(written.time)")
                break
            }
            #expect(try Self.python(file.url.path) == "ok \(track.points.count)", "round \(round)")
        }
        #expect(killedWhileWriting >= 5, "the child ended before the kill: the test proves nothing")
    }
}
