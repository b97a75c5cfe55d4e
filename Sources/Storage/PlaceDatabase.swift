import Foundation

/// Finds, builds and repairs the user's place store: `$XDG_DATA_HOME/mapterm/places.sqlite`.
///
/// - Missing: built from the shipped data (`EmbeddedPlaceData`) into a temporary file in the same
///   folder (`places.sqlite.build-PID`), which is synced and then renamed over `places.sqlite`. An
///   interrupted or failed build leaves no `places.sqlite` behind; temporary files of builds whose
///   process is gone are removed by the next build.
/// - Damaged, foreign or of another schema version (`PlaceStoreError.isRebuildable`): the file (and its
///   `-wal`/`-shm` companions) is renamed to `places.sqlite.corrupt-YYYYMMDDTHHMMSSZ`, a new store is
///   built, and `PlaceStore.notice` says what happened. Places added with `mapterm import` are
///   in the kept file only; import them again.
/// - Built, upgraded and repaired by one process at a time: under an exclusive `flock` on
///   `places.sqlite.lock`, the file is looked at again, so maps started together and `mapterm import`
///   wait for the one build (a current store is opened without waiting). The lock is polled, never
///   waited on, and for at most `lockWaitSeconds`: a process that holds it longer is gone around
///   (read-only or in memory, as below).
/// - When the folder or the disk cannot be written (read-only, full): an existing store is opened
///   read-only; without one, the store is built in memory for this run. `PlaceStore.notice` says so.
public enum PlaceDatabase {
    /// The file name of the store: "places.sqlite".
    public static let fileName = "places.sqlite"

    /// `$XDG_DATA_HOME/mapterm` when XDG_DATA_HOME is an absolute path, else `$HOME/.local/share/mapterm`.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("mapterm")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/mapterm")
    }

    /// Opens the user's store in `defaultDirectory()`, building it from `resources/places/` when needed.
    /// - Parameters:
    ///   - resources: the folder holding `places/` (the program's Resources folder).
    ///   - notice: told, before a long wait, what is being done (upgrading a store of an older version).
    /// - Throws: `PlaceStoreError`, `CSVError` (damaged shipped data).
    public static func openDefault(resources: URL, notice: (String) -> Void = { _ in }) throws -> PlaceStore {
        try open(directory: defaultDirectory(), resources: resources, notice: notice)
    }

    /// Opens `directory/places.sqlite`, building it from `resources/places/` when needed.
    public static func open(
        directory: URL, resources: URL, now: Date = Date(), notice: (String) -> Void = { _ in }
    ) throws -> PlaceStore {
        try open(directory: directory, now: now, notice: notice) { store in
            try store.import(EmbeddedPlaceData.load(resources: resources).places)
        }
    }

    /// Opens `directory/places.sqlite` (creating `directory`), running `build` on a new empty store when
    /// the file is missing or has to be rebuilt. `now` dates the name of a file moved aside; `lockWait`
    /// is how many seconds to wait for another process's build lock.
    public static func open(
        directory: URL, now: Date = Date(), lockWait: Double = lockWaitSeconds, notice: (String) -> Void = { _ in },
        build: (PlaceStore) throws -> Void
    ) throws -> PlaceStore {
        let file = directory.appendingPathComponent(fileName)
        // The usual case: a current store, opened without waiting for anyone.
        if FileManager.default.fileExists(atPath: file.path),
            let store = try? PlaceStore(path: file.path, create: false, mode: .readWriteNoUpgrade, storeNotice: nil)
        {
            guard store.database.isWritable else {
                return try fallback(
                    file, because: PlaceStoreError.cannotOpen(path: file.path, reason: "it may not be written"),
                    build: build)
            }
            return store
        }
        do {
            do {
                try AtomicFile.makeDirectory(directory.path)
            } catch {
                throw PlaceStoreError.cannotOpen(path: directory.path, reason: "\(error)")
            }
            return try withBuildLock(directory, lockWait: lockWait, notice: notice) {
                try openOrBuild(file, now: now, notice: notice, build: build)
            }
        } catch let error as PlaceStoreError where !error.isRebuildable {
            // Cannot open, create or write (a read-only folder or file, a full disk).
            return try fallback(file, because: error, build: build)
        }
    }

    /// Under the build lock: opens the file (upgrading it), or moves a damaged one aside, or builds it.
    private static func openOrBuild(
        _ file: URL, now: Date, notice: (String) -> Void, build: (PlaceStore) throws -> Void
    ) throws -> PlaceStore {
        var reason: String?
        if FileManager.default.fileExists(atPath: file.path) {
            do {
                return try PlaceStore(
                    path: file.path, create: false, mode: .readWrite, storeNotice: nil, notice: notice)
            } catch let error as PlaceStoreError where error.isRebuildable {
                let aside = try moveAside(file, now: now)
                reason =
                    "The places database could not be used (\(error)); it was rebuilt and the old file kept as \(aside.path)."
            }
        }
        try buildFile(file, build: build)
        return try PlaceStore(path: file.path, create: false, mode: .readWrite, storeNotice: reason)
    }

    /// When the store cannot be written or built here: the existing file read-only, else a store built
    /// in memory.
    private static func fallback(_ file: URL, because error: any Error, build: (PlaceStore) throws -> Void) throws
        -> PlaceStore
    {
        if FileManager.default.fileExists(atPath: file.path),
            let store = try? PlaceStore(
                path: file.path, create: false, mode: .readOnly,
                storeNotice:
                    "The places database cannot be written (\(error)); it is used read-only, so imports are off.")
        {
            return store
        }
        let store = try PlaceStore(
            path: ":memory:", create: true, mode: .readWrite,
            storeNotice:
                "The places database cannot be built in \(file.deletingLastPathComponent().path) (\(error)); this run uses a copy in memory."
        )
        try build(store)
        return store
    }

    /// Runs `body` holding the exclusive `flock` on `directory/places.sqlite.lock`. The lock is tried
    /// without blocking every 50 ms, so signals keep their default action meanwhile; `notice` is told
    /// once when another process holds it. After `lockWait` seconds this gives up with
    /// `PlaceStoreError.cannotOpen` (the caller then goes on read-only or in memory).
    private static func withBuildLock<T>(
        _ directory: URL, lockWait: Double, notice: (String) -> Void, _ body: () throws -> T
    ) throws -> T {
        let path = directory.appendingPathComponent(fileName + ".lock").path
        let lock: FileLock?
        do {
            lock = try FileLock.acquire(path, within: lockWait) { notice(waitingNote) }
        } catch {
            throw PlaceStoreError.cannotOpen(path: path, reason: "\(error)")
        }
        guard let lock else {
            throw PlaceStoreError.cannotOpen(
                path: path, reason: "another mapterm has held it for \(Int(lockWait)) s")
        }
        defer { lock.release() }
        return try body()
    }

    /// Said while another process holds the build lock.
    public static let waitingNote = "waiting for another mapterm to build the places database…"

    /// Seconds a start-up waits for another process's build before going on without it (a first
    /// build takes about 2 s).
    public static let lockWaitSeconds = 20.0

    // MARK: Building

    /// Builds `file` through a temporary file in its folder and an atomic rename.
    private static func buildFile(_ file: URL, build: (PlaceStore) throws -> Void) throws {
        let folder = file.deletingLastPathComponent()
        removeStaleBuilds(in: folder)
        // Companions left by a store that is gone must not be applied to the new file.
        for suffix in ["-wal", "-shm", "-journal"] { unlink(file.path + suffix) }
        let temp = folder.appendingPathComponent("\(fileName).build-\(getpid())")
        removeDatabase(temp.path)
        do {
            try buildStore(at: temp.path, build: build)
            try sync(temp.path)
            guard rename(temp.path, file.path) == 0 else {
                throw PlaceStoreError.cannotOpen(path: file.path, reason: String(cString: strerror(errno)))
            }
            try? AtomicFile.syncDirectory(folder.path)
        } catch {
            removeDatabase(temp.path)
            throw error
        }
    }

    /// Creates a store at `path`, fills it, and closes it as a single self-contained file (rollback
    /// journal mode, so no `-wal` file belongs to it).
    private static func buildStore(at path: String, build: (PlaceStore) throws -> Void) throws {
        let store = try PlaceStore(path: path, create: true)
        try build(store)
        do {
            try store.database.execute("PRAGMA journal_mode = DELETE")
        } catch {
            throw store.storeError(error)
        }
    }

    /// Deletes a database file and its companions, ignoring missing ones.
    private static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// Removes `places.sqlite.build-PID*` files of processes that no longer run.
    private static func removeStaleBuilds(in folder: URL) {
        let prefix = "\(fileName).build-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = pid_t(pidText), pid != getpid() else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH { unlink(folder.appendingPathComponent(name).path) }
        }
    }

    /// fsync of a file.
    private static func sync(_ path: String) throws {
        let descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw PlaceStoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw PlaceStoreError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
    }

    // MARK: Moving aside

    /// Renames `file` to `file.corrupt-TIMESTAMP` (UTC), adding "-2", "-3", … when that name is taken
    /// (never replacing a file), and its `-wal`/`-shm`/`-journal` companions alongside; returns the new
    /// location.
    static func moveAside(_ file: URL, now: Date) throws -> URL {
        let target: String
        do {
            target = try AtomicFile.moveAside(file.path, suffix: ".corrupt-" + AtomicFile.timestamp(now))
        } catch {
            throw PlaceStoreError.cannotOpen(path: file.path, reason: "cannot move it aside: \(error)")
        }
        for suffix in ["-wal", "-shm", "-journal"] where FileManager.default.fileExists(atPath: file.path + suffix) {
            rename(file.path + suffix, target + suffix)
        }
        return URL(fileURLWithPath: target)
    }
}
