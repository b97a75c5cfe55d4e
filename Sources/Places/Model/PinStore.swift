/// Where pins are kept between runs. Several maps may share one store at once: every change is a
/// read-modify-write of what is saved, under a lock, so none loses another's pins.
public protocol PinStore: Sendable {
    /// The saved pins; an empty list when nothing was saved yet. Throws `PinStoreError.corrupt`
    /// after moving an unreadable file aside (the app then starts with no pins and says so).
    func load() throws -> [Pin]
    /// Applies a change to the pins as they are saved now and returns all of them after it. Never waits
    /// for another process: throws `PinStoreError.busy` while one holds the lock (try again later),
    /// `.full` when an add finds ten pins already.
    func apply(_ change: PinChange) throws -> [Pin]
    /// The version of the saved pins; nil when there is no file.
    func stamp() -> PinStamp?
}
