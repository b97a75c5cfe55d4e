/// Why a place store could not be opened, read or written. `description` is one line for the user.
public enum PlaceStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be opened or created (missing folder, no permission, …).
    case cannotOpen(path: String, reason: String)
    /// The file is not an SQLite database, or SQLite finds it damaged.
    case corrupt(path: String, reason: String)
    /// An SQLite database that is not a mapterm place store (wrong `application_id`, missing tables).
    case notAPlaceStore(path: String, reason: String)
    /// A place store of another schema version (`PRAGMA user_version`); see `PlaceStoreSchema.version`.
    case schemaMismatch(path: String, found: Int, expected: Int)
    /// A read or write failed after the store was opened.
    case sqlite(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): return "cannot open the places database \(path): \(reason)"
        case .corrupt(let path, let reason): return "the places database \(path) is damaged: \(reason)"
        case .notAPlaceStore(let path, let reason): return "\(path) is not a mapterm places database: \(reason)"
        case .schemaMismatch(let path, let found, let expected):
            return "the places database \(path) has schema version \(found); this mapterm needs \(expected)"
        case .sqlite(let message): return "places database error: \(message)"
        }
    }

    /// True for the failures `PlaceDatabase` repairs by moving the file aside and rebuilding:
    /// a damaged file, a foreign database, another schema version.
    public var isRebuildable: Bool {
        switch self {
        case .corrupt, .notAPlaceStore, .schemaMismatch: return true
        case .cannotOpen, .sqlite: return false
        }
    }
}
