/// The stable name of a tile source in one map: the shipped file's name ("world.mbtiles") or the
/// user's source text (`--tiles`, the config file). Tiles, requests and answers name their source by
/// it, never by a position in a list.
public struct TileSourceID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
