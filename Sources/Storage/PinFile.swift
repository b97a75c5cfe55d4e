import Foundation
import Places

/// The pins, kept in one GeoJSON file (see `PinGeoJSON` for the format), by default
/// `$XDG_DATA_HOME/mapterm/pins.json`.
///
/// Saving is crash-safe: the file always holds either the previous or the new pins, even after
/// `kill -9` or a power cut in the middle of a save. Loading never loses a file it cannot read: it
/// is renamed to `pins.json.corrupt-<UTC time>` (with `-2`, `-3`, … if that name is taken) and
/// `PinStoreError.corrupt` says where it went. Pins files are private to the user (mode 0600).
///
/// Several maps may use one file at once: `apply` takes an exclusive `flock` on `pins.json.lock`
/// beside it, reads the pins as saved, changes them and writes them back before letting go, so two
/// maps adding pins keep both and a pin removed in one stays removed; `stamp` tells a map that the
/// file changed under it. `apply` never waits for the lock: while another process holds it, it
/// throws `PinStoreError.busy` and the caller tries again later.
public struct PinFile: PinStore {
    /// The pins file.
    public let url: URL
    /// The current time, for the names of kept corrupt files.
    private let now: @Sendable () -> Date

    /// Largest pins file read, in bytes (ten pins take about 2 KiB).
    static let sizeLimit = 1 << 20

    /// A store for the file at `url`; `now` supplies the time used to name kept corrupt files.
    public init(url: URL, now: @escaping @Sendable () -> Date = { Date() }) {
        self.url = url
        self.now = now
    }

    /// `$XDG_DATA_HOME/mapterm/pins.json`, or `$HOME/.local/share/mapterm/pins.json` when
    /// `XDG_DATA_HOME` is unset, empty or relative (as the XDG Base Directory spec says).
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = URL(fileURLWithPath: data, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            let homeURL = home.map { URL(fileURLWithPath: $0, isDirectory: true) }
            base = (homeURL ?? FileManager.default.homeDirectoryForCurrentUser)
                .appendingPathComponent(".local/share", isDirectory: true)
        }
        return base.appendingPathComponent("mapterm", isDirectory: true).appendingPathComponent("pins.json")
    }

    /// The GeoJSON text of `pins` exactly as `save` writes it: sorted by number, pretty-printed,
    /// ending with a newline.
    public static func geoJSON(_ pins: [Pin]) -> Data { PinGeoJSON.encode(pins) }

    /// The GeoJSON of `pins` as `geoJSON` writes it and, with `withCentres` and two or more pins, two
    /// more Point features: the midpoint and the meeting point, whose `role` property says which
    /// ("midpoint", "meeting-point"; the meeting point also has `totalDistanceKm`). Not a pins file:
    /// what `mapterm pins --geojson` prints.
    public static func geoJSON(_ pins: [Pin], withCentres: Bool) -> Data {
        PinGeoJSON.encode(pins, centres: withCentres ? PinGeoJSON.centres(of: pins) : [])
    }

    /// `text` as a JSON string literal.
    public static func jsonString(_ text: String) -> String { PinGeoJSON.quoted(text) }

    // MARK: PinStore

    /// The saved pins sorted by number; `[]` when there is no file. Removes temp files left by an
    /// interrupted save. A file that cannot be read or is not valid pins GeoJSON is moved aside and
    /// `PinStoreError.corrupt` thrown (if even the move fails, `keptAs` is the original path).
    public func load() throws -> [Pin] {
        let path = url.path
        AtomicFile.removeLeftoverTemps(of: path, now: now())
        let reason: String
        switch readOnly() {
        case .success(let pins): return pins
        case .failure(.notARegularFile(let special)): throw PinStoreError.notARegularFile(path: special)
        case .failure(.unreadable(let why, _)): reason = why
        case .failure(let other): throw other
        }
        let kept: String
        do {
            kept = try AtomicFile.moveAside(path, suffix: ".corrupt-" + AtomicFile.timestamp(now()))
        } catch {
            throw PinStoreError.corrupt(reason: "\(reason); it could not be moved aside: \(error)", keptAs: path)
        }
        throw PinStoreError.corrupt(reason: reason, keptAs: kept)
    }

    /// The saved pins sorted by number, `[]` when there is no file, touching nothing but the temp files
    /// an interrupted save left: a file that cannot be read as pins stays where it is and
    /// `PinStoreError.unreadable` says why.
    public func read() throws -> [Pin] {
        AtomicFile.removeLeftoverTemps(of: url.path, now: now())
        return try readOnly().get()
    }

    /// What `read` returns, as a result.
    private func readOnly() -> Result<[Pin], PinStoreError> {
        let path = url.path
        do {
            guard let data = try AtomicFile.read(path, limit: Self.sizeLimit) else { return .success([]) }
            return .success(try PinGeoJSON.decode(data))
        } catch let invalid as PinGeoJSON.Invalid {
            return .failure(.unreadable(reason: invalid.reason, path: path))
        } catch let special as AtomicFile.NotRegularFile {
            // Not ours to move: say so and leave it.
            return .failure(.notARegularFile(path: special.path))
        } catch {
            return .failure(.unreadable(reason: "it cannot be read: \(error)", path: path))
        }
    }

    /// Applies `change` to the pins as saved now, under the lock, and returns all of them after it. A file
    /// that cannot be read is moved aside as `load` does and the change applied to no pins.
    /// - Throws: `PinStoreError.full` (an add with ten pins saved), `.busy` (another process holds the
    ///   lock: nothing was read or written), `.writeFailed` (no lock file, no write).
    public func apply(_ change: PinChange) throws -> [Pin] {
        try withLock {
            var pins: [Pin]
            do {
                pins = try load()
            } catch PinStoreError.corrupt {
                pins = []
            }
            switch change {
            case .add(let point, let id, let name):
                if let id, pins.contains(where: { $0.id == id }) { break }
                let used = Set(pins.map(\.number))
                guard let number = (1...Pin.maximumCount).first(where: { !used.contains($0) }) else {
                    throw PinStoreError.full
                }
                pins.append(Pin(number: number, coordinate: point.normalized, id: id ?? UUID().uuidString, name: name))
            case .remove(let id):
                pins.removeAll { $0.id == id }
            case .rename(let id, let name):
                for index in pins.indices where pins[index].id == id { pins[index].name = Pin.cleanName(name) }
            }
            try save(pins)
            return pins.sorted { $0.number < $1.number }
        }
    }

    /// The file's inode, size and modification time; nil when there is none.
    public func stamp() -> PinStamp? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        return PinStamp(inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified)
    }

    /// Runs `body` holding the exclusive `flock` on `pins.json.lock` (created, mode 0600, with the folder).
    /// Never waits: throws `PinStoreError.busy` at once while another process (or another open of the
    /// lock file) holds it.
    func withLock<T>(_ body: () throws -> T) throws -> T {
        let folder = url.deletingLastPathComponent().path
        let lock: FileLock?
        do {
            try AtomicFile.makeDirectory(folder)
            lock = try FileLock.acquire(url.path + ".lock")
        } catch {
            throw PinStoreError.writeFailed("\(error)")
        }
        guard let lock else { throw PinStoreError.busy }
        defer { lock.release() }
        return try body()
    }

    /// Replaces the saved pins atomically (see the type's notes), creating the directory if needed.
    /// Throws `PinStoreError.writeFailed`, leaving the old file as it was, when the pins are invalid
    /// (numbers outside 1...10 or repeated, coordinates out of range) or the file cannot be written.
    public func save(_ pins: [Pin]) throws {
        do {
            try PinGeoJSON.validate(pins)
            try AtomicFile.replace(url.path, with: PinGeoJSON.encode(pins), mode: 0o600)
        } catch let invalid as PinGeoJSON.Invalid {
            throw PinStoreError.writeFailed(invalid.reason)
        } catch {
            throw PinStoreError.writeFailed("\(error)")
        }
    }
}
