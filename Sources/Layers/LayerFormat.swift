/// The file formats a layer can be read from.
public enum LayerFormat: Sendable, Hashable, CaseIterable {
    /// A GeoJSON document (RFC 7946): a FeatureCollection, a Feature, a bare geometry or an array of them.
    case geoJSON
    /// GeoJSON Text Sequences (RFC 8142, records led by 0x1E) or newline-delimited GeoJSON: one
    /// feature or geometry per record.
    case geoJSONSequence
    /// Comma-separated values with a header (a semicolon-separated file is recognised too).
    case csv
    /// Tab-separated values with a header.
    case tsv
    /// GPX 1.0/1.1: waypoints, routes and tracks.
    case gpx

    /// The name shown to people: "GeoJSON", "CSV", ….
    public var name: String {
        switch self {
        case .geoJSON: return "GeoJSON"
        case .geoJSONSequence: return "GeoJSON text sequence"
        case .csv: return "CSV"
        case .tsv: return "TSV"
        case .gpx: return "GPX"
        }
    }

    /// The format a file name's extension stands for (case-insensitive), or nil.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "geojson", "json": self = .geoJSON
        case "geojsons", "geojsonl", "geojsonseq", "jsonl", "ndjson", "jsonseq": self = .geoJSONSequence
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "gpx": self = .gpx
        default: return nil
        }
    }

    /// The format the first bytes look like (after a byte order mark and white space), or nil.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = bytes.prefix(4096)
        var rest = head[...]
        if rest.starts(with: ByteText.byteOrderMark) { rest = rest.dropFirst(3) }
        guard let first = rest.first(where: { !ByteText.isSpace($0) }) else { return nil }
        switch first {
        case 0x1E: self = .geoJSONSequence
        case UInt8(ascii: "{"), UInt8(ascii: "["): self = .geoJSON
        case UInt8(ascii: "<"): self = .gpx
        default:
            let firstLine = rest.prefix { $0 != UInt8(ascii: "\n") }
            if firstLine.contains(UInt8(ascii: "\t")) {
                self = .tsv
            } else if firstLine.contains(UInt8(ascii: ",")) || firstLine.contains(UInt8(ascii: ";")) {
                self = .csv
            } else {
                return nil
            }
        }
    }
}
