/// Random access to the bytes of an archive: a local file (`FileRangeReader` in Storage) or a
/// remote resource read with HTTP range requests. `PMTilesArchive` reads through it.
///
/// Offsets and lengths are in bytes from the start of the archive. Implementations must be safe
/// to call from any thread.
public protocol ByteRangeReader: Sendable {
    /// The archive's size in bytes when known (a local file), nil when not (a remote resource).
    var size: Int? { get }

    /// The `length` bytes at `offset`. Returns fewer only when the archive ends first (none from
    /// its end on); throws when the read itself fails (I/O error, network failure).
    func read(offset: Int, length: Int) throws -> [UInt8]
}
