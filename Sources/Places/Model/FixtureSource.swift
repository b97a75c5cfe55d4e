import Foundation
import GeoCore

/// A `PlaceSource` over a fixed list of places, from memory or from a JSON file of `Place` values (the
/// form documented on `Place`; `--source FILE.json`). Queries use an `InMemoryPlaceIndex`, markers
/// `PlaceClusters`.
public struct FixtureSource: PlaceSource {
    /// The largest fixture file accepted: 10 MiB.
    public static let maxFileBytes = 10 * 1_048_576

    /// The index over the places.
    public let index: InMemoryPlaceIndex
    /// Their cluster hierarchies.
    public let clusters: PlaceClusters

    /// A source over `places` as given (not sanitised). Places with an invalid coordinate are left out,
    /// and of several places with one id only the first is kept.
    public init(places: [Place]) {
        var seen = Set<String>()
        index = InMemoryPlaceIndex(places.filter { $0.coordinate.isValid && seen.insert($0.id).inserted })
        clusters = PlaceClusters(places: index.places)
    }

    public func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        index.places(in: region, filter: filter, limit: limit)
    }

    public func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch {
        MarkerBatch(markers: clusters.markers(in: region, zoom: zoom, filter: filter))
    }

    public func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        clusters.mostImportant(in: cluster, filter: filter, limit: limit)
    }

    // MARK: JSON

    /// Decodes a JSON array of places and sanitises their text.
    /// - Throws: `PlaceSourceError.tooLarge`, or `.undecodable` naming the first bad element (1-based).
    public static func decode(_ data: Data) throws -> [Place] {
        guard data.count <= maxFileBytes else { throw PlaceSourceError.tooLarge }
        let places: [Place]
        do {
            places = try JSONDecoder().decode([Place].self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw PlaceSourceError.undecodable(
                "not valid JSON (a CSV file of places is added with `mapterm import FILE`)")
        } catch let error as DecodingError {
            if holdsRefugeRecords(data) {
                throw PlaceSourceError.undecodable(
                    "it holds Refuge Restrooms records, not mapterm places; add them with `mapterm import FILE`")
            }
            throw PlaceSourceError.undecodable(describe(error))
        }
        return try places.enumerated().map { offset, place in
            guard place.coordinate.isValid else {
                throw PlaceSourceError.undecodable("place \(offset + 1) has an invalid coordinate")
            }
            return place.sanitized()
        }
    }

    /// The stable JSON form: an array of places, keys sorted, pretty-printed, slashes unescaped.
    public static func encode(_ places: [Place]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(places)
    }

    /// True when `data` is a JSON array whose first element is a Refuge Restrooms record with both
    /// coordinates (the form `mapterm import` reads).
    private static func holdsRefugeRecords(_ data: Data) -> Bool {
        guard let records = try? RefugeRestroomDTO.records(inJSON: [UInt8](data)),
            case .success(let first) = records.first
        else { return false }
        return first.latitude != nil && first.longitude != nil
    }

    /// Says in our words what is wrong and where ("place 3, lat is not a number"), never the decoder's
    /// own sentence.
    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        let problem: String
        switch error {
        case .typeMismatch(let type, let c):
            context = c
            problem = "is not \(expected(type))"
        case .valueNotFound(_, let c):
            context = c
            problem = "is null"
        case .keyNotFound(let key, let c):
            let rest = c.codingPath.dropFirst().map(\.stringValue) + [key.stringValue]
            guard let index = c.codingPath.first?.intValue else { return "not a JSON array of places" }
            return "place \(index + 1): \(rest.joined(separator: ".")) is missing"
        case .dataCorrupted(let c):
            context = c
            problem = "has a value that is not allowed"
        @unknown default:
            return "not a JSON array of places"
        }
        guard let first = context.codingPath.first, let index = first.intValue else {
            return "not a JSON array of places"
        }
        let rest = context.codingPath.dropFirst().map(\.stringValue)
        guard !rest.isEmpty else { return "place \(index + 1) is not a JSON object" }
        return "place \(index + 1), \(rest.joined(separator: ".")) \(problem)"
    }

    /// "text", "a number", … for the type a decoder wanted.
    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text"
        case is Double.Type, is Int.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "a list"
        default: return "of the expected form"
        }
    }
}
