import Foundation
import TextSafety

/// Where tiles come from, as given to `--tiles` or in the config file's `tiles` list.
public enum TileSourceSpec: Equatable, Sendable, CustomStringConvertible {
    /// A local MBTiles file.
    case mbtiles(path: String)
    /// A local PMTiles v3 archive.
    case pmtiles(path: String)
    /// A PMTiles archive on an HTTP(S) server that answers range requests.
    case remotePMTiles(URL)
    /// A vector tile server, as a `{z}/{x}/{y}` URL template.
    case template(String)
    /// A vector tile server described by a TileJSON document.
    case tileJSON(URL)

    /// Reads one `--tiles` value: an http(s) URL with `{z}` is a template, one whose path ends in
    /// `.pmtiles` a remote archive, any other http(s) URL a TileJSON; else a file, told apart by its
    /// first bytes ("SQLite format 3" or "PMTiles"). `~/` is the home folder.
    public init(parsing text: String) throws(TileSourceError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .unusable("--tiles needs a file or an http(s) URL") }
        let lower = trimmed.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            self = try Self.remote(trimmed)
        } else if lower.contains("://") {
            throw .unusable("tiles URL needs http or https: \(TextSanitizer.clean(trimmed, maxLength: 120))")
        } else {
            self = try Self.file(NSString(string: trimmed).expandingTildeInPath)
        }
    }

    public var description: String {
        switch self {
        case .mbtiles(let path), .pmtiles(let path): return path
        case .remotePMTiles(let url), .tileJSON(let url): return url.absoluteString
        case .template(let template): return template
        }
    }

    /// True for sources on a network (their tiles are cached and fetched in the background).
    public var isRemote: Bool {
        switch self {
        case .mbtiles, .pmtiles: return false
        case .remotePMTiles, .template, .tileJSON: return true
        }
    }

    private static func remote(_ text: String) throws(TileSourceError) -> TileSourceSpec {
        if text.contains("{z}") { return .template(text) }
        guard let url = URL(string: text), url.host?.isEmpty == false else {
            throw .unusable("not a valid URL: \(TextSanitizer.clean(text, maxLength: 120))")
        }
        return url.path.lowercased().hasSuffix(".pmtiles") ? .remotePMTiles(url) : .tileJSON(url)
    }

    private static func file(_ path: String) throws(TileSourceError) -> TileSourceSpec {
        let shown = TextSanitizer.clean(path, maxLength: 200)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unusable("cannot use tiles file \(shown): no such file")
        }
        guard !isDirectory.boolValue else { throw .unusable("cannot use tiles file \(shown): is a folder") }
        // Opening a named pipe would wait for a writer: only regular files are read.
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        guard type == .typeRegular else { throw .unusable("cannot use tiles file \(shown): not a regular file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unusable("cannot read tiles file \(shown): permission denied")
        }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
        if head.starts(with: Array("SQLite format 3".utf8)) { return .mbtiles(path: path) }
        if head.starts(with: Array("PMTiles".utf8)) { return .pmtiles(path: path) }
        throw .unusable("not an MBTiles or PMTiles file: \(shown)")
    }
}

/// Why a tile source cannot be used; `description` is one line for the user.
public enum TileSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    case unusable(String)

    public var description: String {
        switch self {
        case .unusable(let reason): return reason
        }
    }
}
