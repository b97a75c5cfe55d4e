/// Why pins could not be loaded or saved, for the user.
public enum PinStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read as pins; it was renamed to `keptAs`.
    case corrupt(reason: String, keptAs: String)
    /// The file could not be read as pins; it was left as it is (a listing only reads).
    case unreadable(reason: String, path: String)
    /// No saved pin has this number.
    case noSuchPin(Int)
    /// Writing failed.
    case writeFailed(String)
    /// The pins path is a FIFO, a device or a socket: it was neither read nor touched.
    case notARegularFile(path: String)
    /// An add found the maximum number of pins saved already.
    case full
    /// Another process holds the pins' lock: nothing was changed; try again later.
    case busy

    public var description: String {
        switch self {
        case .corrupt(let reason, let keptAs):
            return "the pins file was unreadable (\(reason)); it was kept as \(keptAs)"
        case .unreadable(let reason, let path):
            return "\(path) cannot be read as pins (\(reason)); it was left as it is"
        case .noSuchPin(let number): return "there is no pin \(number)"
        case .writeFailed(let why): return "could not save the pins: \(why)"
        case .notARegularFile(let path): return "\(path) is not a regular file; the pins were not read"
        case .full: return "there are \(Pin.maximumCount) pins already"
        case .busy: return "another mapterm is saving the pins"
        }
    }
}
