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
            throw PlaceSourceError.undecodable("not valid JSON")
        } catch let error as DecodingError {
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

    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            context = c
        @unknown default:
            return "not a JSON array of places"
        }
        var location = ""
        if let first = context.codingPath.first, let index = first.intValue {
            location = "place \(index + 1)"
            let rest = context.codingPath.dropFirst().map(\.stringValue)
            if case .keyNotFound(let key, _) = error {
                return "\(location): \((rest + [key.stringValue]).joined(separator: ".")) is missing"
            }
            if !rest.isEmpty { location += ", \(rest.joined(separator: "."))" }
            return "\(location): \(context.debugDescription)"
        }
        return "not a JSON array of places"
    }
}
