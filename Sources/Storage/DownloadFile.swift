import Foundation
import Places

/// The file a download writes its tiles into: a new (or empty) file, or an MBTiles file mapterm made
/// (the tables of `TileCache`), held exclusively while this object lives, so that two downloads never
/// write into one file. Anything else (a database of another program, an MBTiles file of another tool,
/// a text file) is refused before a byte of it changes.
///
/// The hold is an `flock` on a descriptor of its own, which the system drops when the process ends,
/// however it ends. Keep this object alive until every `TileCache` of the file is closed: closing the
/// descriptor drops this process's SQLite locks on the file too (POSIX locks are per process and file).
public final class DownloadFile {
    /// Why a file cannot be written. `description` is one line for the user.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// Another process holds the file.
        case busy(path: String)
        /// The file exists and is not an MBTiles file mapterm made; the text says what it lacks.
        case notMaptermTiles(path: String, reason: String)
        /// The file cannot be opened or created.
        case cannotOpen(path: String, reason: String)

        public var description: String {
            switch self {
            case .busy(let path): return "another mapterm is downloading into \(path)"
            case .notMaptermTiles(let path, let reason):
                return "\(path) is not an MBTiles file made by mapterm (\(reason)); it was left as it is: "
                    + "download into a new file"
            case .cannotOpen(let path, let reason): return "cannot write \(path): \(reason)"
            }
        }
    }

    /// The file's path.
    public let path: String
    private let descriptor: Int32

    /// Every column of the tables `TileCache` makes, by table: what tells a file mapterm made.
    static let tables: [String: Set<String>] = [
        "metadata": ["name", "value"],
        "tiles": ["zoom_level", "tile_column", "tile_row", "tile_data"],
        "tile_state": ["zoom_level", "tile_column", "tile_row", "bytes", "expires", "used"],
    ]

    /// Creates the file at `path` (empty) or takes the existing one, holds it, and checks what it is.
    /// Throws `Refusal`; a refused existing file is left exactly as it was.
    public init(path: String) throws(Refusal) {
        do {
            try RegularFile.check(path)
        } catch {
            throw .cannotOpen(
                path: path, reason: (error as? RegularFile.NotRegular).map { "it is \($0.kind)" } ?? "\(error)")
        }
        let descriptor = try Self.openOrCreate(path)
        do {
            try Self.hold(descriptor, path: path)
            try Self.checkContents(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Opens the file as a `TileCache` without a size limit. Throws `SQLiteError`.
    public func openCache() throws -> TileCache { try TileCache(path: path, limitBytes: .max) }

    /// A descriptor of the file, made new when there was none (read-only otherwise: taking the hold
    /// must not change a file that is then refused).
    private static func openOrCreate(_ path: String) throws(Refusal) -> Int32 {
        var descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EEXIST { descriptor = open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        return descriptor
    }

    /// Takes the exclusive hold of the file, without waiting.
    private static func hold(_ descriptor: Int32, path: String) throws(Refusal) {
        guard flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return }
        if errno == EWOULDBLOCK { throw .busy(path: path) }
        throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }

    /// Accepts an empty file or one with every table and column of `tables`; reads only.
    private static func checkContents(_ descriptor: Int32, path: String) throws(Refusal) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        guard info.st_size > 0 else { return }
        let notSQLite = Refusal.notMaptermTiles(path: path, reason: "not an SQLite database")
        guard let database = try? SQLiteDatabase(path: path, readOnly: true) else { throw notSQLite }
        for (table, columns) in tables.sorted(by: { $0.key < $1.key }) {
            guard let found = try? Self.columns(of: table, in: database) else { throw notSQLite }
            guard !found.isEmpty else { throw .notMaptermTiles(path: path, reason: "no \(table) table") }
            guard columns.isSubset(of: found) else {
                throw .notMaptermTiles(path: path, reason: "its \(table) table is not mapterm's")
            }
        }
    }

    /// The column names of `table` (none when there is no such table).
    private static func columns(of table: String, in database: SQLiteDatabase) throws -> Set<String> {
        try database.withLock {
            let statement = try database.prepare("SELECT name FROM pragma_table_info(?1)")
            try statement.bind(1, table)
            var names = Set<String>()
            while try statement.step() { names.insert(statement.text(0)) }
            return names
        }
    }
}
