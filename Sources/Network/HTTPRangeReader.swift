import Foundation
import Places
import Synchronization
import TextSafety
import VectorTiles

/// Reads byte ranges of a file on an HTTP(S) server with `Range` requests, for a PMTiles archive over
/// HTTP. Each read is one blocking request (call it off the main thread and off the shared task pool).
/// A server that answers a range request with the whole file (200 instead of 206) is refused at its
/// first byte, so the file is never downloaded whole.
public final class HTTPRangeReader: ByteRangeReader, Sendable {
    public let url: URL
    /// Seconds one read may take.
    public let timeout: TimeInterval
    private let knownSize = Mutex<Int?>(nil)

    public init(url: URL, timeout: TimeInterval = 10) {
        self.url = url
        self.timeout = timeout
    }

    /// The file's size once a response has said it (`Content-Range: bytes a-b/SIZE`).
    public var size: Int? { knownSize.withLock { $0 } }

    public func read(offset: Int, length: Int) throws -> [UInt8] {
        guard length > 0, offset >= 0 else { return [] }
        let request = HTTPRequest(
            url: url, headers: ["Range": "bytes=\(offset)-\(offset + length - 1)"], maxBodyBytes: length,
            readStatuses: [206])
        let response: HTTPResponse
        do {
            response = try HTTPFetcher(timeout: timeout, maxBodyBytes: length).fetchBlocking(request)
        } catch PlaceSourceError.tooLarge {
            // More than the range asked for: the server is sending the whole file.
            throw TileFetchError.failed(Self.noRanges(url))
        } catch let error as PlaceSourceError {
            throw TileFetchError.failed(TileServerClient.reason(error))
        }
        switch response.status {
        case 206:
            if let total = Self.totalSize(response.headers["content-range"]) { knownSize.withLock { $0 = total } }
            return [UInt8](response.body.prefix(length))
        case 416: return []
        case 200: throw TileFetchError.failed(Self.noRanges(url))
        case 429, 500...599: throw TileFetchError.busy(status: response.status, retryAfter: response.retryAfter())
        default: throw TileFetchError.failed("\(HTTPFetcher.hostLabel(url)) answered HTTP \(response.status)")
        }
    }

    static func noRanges(_ url: URL) -> String {
        "\(HTTPFetcher.hostLabel(url)) does not answer range requests (it sends the whole file): PMTiles over HTTP needs them"
    }

    /// SIZE of "bytes 0-16383/123456" (nil for "*", a negative size or anything unreadable).
    static func totalSize(_ header: String?) -> Int? {
        guard let header, let slash = header.lastIndex(of: "/"),
            let size = Int(header[header.index(after: slash)...].trimmingCharacters(in: .whitespaces)), size >= 0
        else { return nil }
        return size
    }
}
