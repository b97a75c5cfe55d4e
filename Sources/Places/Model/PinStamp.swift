/// What identifies one version of the saved pins: when it differs from the last one seen, another
/// process may have changed them.
public struct PinStamp: Sendable, Hashable {
    public var inode: UInt64
    public var size: Int64
    public var modified: Double

    public init(inode: UInt64, size: Int64, modified: Double) {
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}
