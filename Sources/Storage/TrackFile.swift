import Foundation
import Positioning

#if canImport(Glibc)
    import Glibc
#endif

/// A track being recorded to a GPX 1.1 file (`GPXTrackText`), `$XDG_DATA_HOME/mapterm/tracks/` by default
/// (`TrackFolder`).
///
/// The file is complete after every append: `start` writes the header and the trailer; `append` writes
/// the new point and the trailer again over the old trailer with one `pwrite`, so the file grows by one
/// point at a time and ends with `</gpx>` whenever nothing is being written. A `kill -9` or crash loses at
/// most the point being written; a power cut at most the points of the last second: the data is
/// `fdatasync`ed at most once a second (at the first append a second or more after the last sync, and at
/// `finish`), and the folder is `fsync`ed when the file is created. The file is private to the user
/// (0600, its folder 0700 like the other data folders).
///
/// One process writes a file: it is created with `O_CREAT | O_EXCL`, named by the UTC time of the start
/// ("2026-12-02T17-30-05Z.gpx"; "…Z-2.gpx", "…Z-3.gpx" when another recording started in the same
/// second). Not thread-safe beyond its lock: calls are serialised by it.
public final class TrackFile: TrackRecording, @unchecked Sendable {
    /// Why a recording failed, one line for the user ("cannot write …/x.gpx: No space left on device").
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The file's name without its folder.
    public let name: String
    /// The file.
    public let url: URL
    /// How often the data reaches the disk at most, seconds.
    public static let syncInterval = 1.0

    private let lock = NSLock()
    private var fd: Int32
    /// Where the trailer starts: the next point is written here.
    private var trailerOffset: off_t
    private var lastSync: Double
    private var unsynced = false
    private let clock: @Sendable () -> Double

    private init(name: String, url: URL, fd: Int32, trailerOffset: off_t, clock: @escaping @Sendable () -> Double) {
        self.name = name
        self.url = url
        self.fd = fd
        self.trailerOffset = trailerOffset
        self.clock = clock
        lastSync = clock()
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Starts a recording: creates `directory` (0700) when missing and a new file in it named by `now`
    /// (seconds since 1970, UTC) holding the header and the trailer, synced. `clock` (seconds, any
    /// origin) times the syncs. - Throws: `Failure` (the folder or the file cannot be made or written).
    public static func start(
        directory: URL, now: Double, clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) throws -> TrackFile {
        do {
            try AtomicFile.makeDirectory(directory.path)
        } catch {
            throw Failure(description: "cannot record a track: \(error)")
        }
        let stamp = UTCTime.fileStamp(now)
        for attempt in 1...100 {
            let name = attempt == 1 ? "\(stamp).gpx" : "\(stamp)-\(attempt).gpx"
            let url = directory.appendingPathComponent(name)
            let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST { continue }
                throw Failure(description: "cannot create \(url.path): \(String(cString: strerror(errno)))")
            }
            let header = Array(GPXTrackText.header(name: String(name.dropLast(4)), started: now).utf8)
            let file = TrackFile(name: name, url: url, fd: fd, trailerOffset: off_t(header.count), clock: clock)
            do {
                try file.write(header + Array(GPXTrackText.trailer.utf8), at: 0)
                guard fdatasync(fd) == 0 else { throw file.failure("cannot sync") }
                try AtomicFile.syncDirectory(directory.path)
            } catch {
                close(file.fd)
                file.fd = -1
                unlink(url.path)
                throw error is Failure ? error : Failure(description: "cannot record a track: \(error)")
            }
            return file
        }
        throw Failure(description: "cannot create a track in \(directory.path): 100 tracks started this second")
    }

    /// Appends `point` (one `pwrite` of the point and the trailer over the old trailer).
    /// - Throws: `Failure` for a position out of range, a finished recording or a failed write (the
    ///   file then still ends with the trailer it had, or with part of this point, which readers drop).
    public func append(_ point: TrackPoint) throws {
        guard let line = GPXTrackText.point(point) else {
            throw Failure(description: "a track point must lie within ±90° latitude and ±180° longitude")
        }
        let bytes = Array(line.utf8)
        try lock.withLock {
            guard fd >= 0 else { throw Failure(description: "the track \(name) is finished") }
            try write(bytes + Array(GPXTrackText.trailer.utf8), at: trailerOffset)
            trailerOffset += off_t(bytes.count)
            unsynced = true
            let now = clock()
            if now - lastSync >= Self.syncInterval || now < lastSync {
                try sync(now: now)
            }
        }
    }

    /// Syncs what is not yet on the disk and closes the file; later calls do nothing. - Throws: `Failure`.
    public func finish() throws {
        try lock.withLock {
            guard fd >= 0 else { return }
            defer {
                close(fd)
                fd = -1
            }
            if unsynced { try sync(now: clock()) }
        }
    }

    private func sync(now: Double) throws {
        guard fdatasync(fd) == 0 else { throw failure("cannot sync") }
        lastSync = now
        unsynced = false
    }

    /// Writes all of `bytes` at `offset`: one `pwrite`, continued only when the kernel wrote part of it.
    private func write(_ bytes: [UInt8], at offset: off_t) throws {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes {
                pwrite(fd, $0.baseAddress! + done, bytes.count - done, offset + off_t(done))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write")
            }
            done += written
        }
    }

    private func failure(_ what: String, errno code: Int32 = errno) -> Failure {
        Failure(description: "\(what) \(url.path): \(String(cString: strerror(code)))")
    }
}
