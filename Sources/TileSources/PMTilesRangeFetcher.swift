import Foundation
import GeoCore
import Network
import VectorTiles

/// Fetches tiles of a PMTiles archive on an HTTP(S) server (`HTTPRangeReader`): each lookup runs on a
/// thread of its own, since the archive reads synchronously (a leaf directory, then the tile).
public struct PMTilesRangeFetcher: TileFetcher {
    public let archive: PMTilesArchive
    public let host: String

    public init(archive: PMTilesArchive, host: String) {
        self.archive = archive
        self.host = host
    }

    /// Opens the archive at `url` (reads its header and root directory), on a thread of its own.
    public static func open(_ url: URL, timeout: TimeInterval) async throws -> PMTilesRangeFetcher {
        let archive = try await onThread {
            try PMTilesArchive(reader: HTTPRangeReader(url: url, timeout: timeout), source: url.absoluteString)
        }
        return PMTilesRangeFetcher(archive: archive, host: url.host ?? "")
    }

    public func fetch(_ id: TileID) async throws -> FetchedTile {
        let archive = self.archive
        let bytes = try await Self.onThread { try archive.tileData(id) }
        return bytes.map { .tile($0, maxAge: nil) } ?? .empty(maxAge: nil)
    }

    /// Runs `body` on a new thread and hands back its result; a `PMTilesError` becomes a
    /// `TileFetchError.failed` with its one line.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(returning: try body())
                } catch let error as PMTilesError {
                    continuation.resume(throwing: TileFetchError.failed(error.description))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "mapterm-pmtiles"
            thread.start()
        }
    }
}
