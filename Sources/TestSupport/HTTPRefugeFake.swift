import Foundation
import GeoCore
import Places

/// A fake of the Refuge Restrooms API v1 `by_location` endpoint for `HTTPTestServer`: serves the
/// restrooms among `places` (ids "rr:N") sorted by distance from `lat`/`lng` (ties by id), paged with
/// `page`/`per_page` (default 10, as the real API), in the API's JSON shape (snake_case, `bearing` as a
/// string, `distance` in miles).
public enum HTTPRefugeFake {
    /// A handler answering `/api/v1/restrooms/by_location?…`; other paths get 404.
    public static func handler(serving places: [Place]) -> HTTPTestServer.Handler {
        let restrooms = places.filter { $0.kind == .restroom && $0.id.hasPrefix("rr:") }
        return { target in
            guard let components = URLComponents(string: target),
                components.path.hasSuffix("/api/v1/restrooms/by_location")
            else { return .text("not found", status: 404) }
            let query = Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
            guard let lat = Double(query["lat"] ?? ""), let lng = Double(query["lng"] ?? "") else {
                return .text("lat and lng required", status: 400)
            }
            let page = max(1, Int(query["page"] ?? "") ?? 1)
            let perPage = max(1, Int(query["per_page"] ?? "") ?? 10)
            let center = LatLon(lat: lat, lon: lng)
            let sorted = restrooms.sorted {
                let a = Geodesy.sphericalDistance(center, $0.coordinate)
                let b = Geodesy.sphericalDistance(center, $1.coordinate)
                return a != b ? a < b : $0.id < $1.id
            }
            let start = min(sorted.count, (page - 1) * perPage)
            let slice = sorted[start..<min(sorted.count, start + perPage)]
            return .json(json(for: Array(slice), from: center))
        }
    }

    /// The API JSON array for `places` (restrooms with "rr:N" ids; others are skipped), with `distance`
    /// and `bearing` from `center` when given.
    public static func json(for places: [Place], from center: LatLon? = nil) -> String {
        let records: [Record] = places.compactMap { place in
            guard let id = Int(place.id.dropFirst(3)), place.id.hasPrefix("rr:") else { return nil }
            let details = place.restroom ?? RestroomDetails()
            return Record(
                id: id, name: place.name, street: details.street, city: details.city, state: details.state,
                country: details.country, accessible: details.accessible, unisex: details.unisex,
                changingTable: details.changingTable, directions: details.directions, comment: details.comment,
                latitude: place.coordinate.lat, longitude: place.coordinate.lon, upvote: details.upvote,
                downvote: details.downvote, createdAt: details.createdAt, updatedAt: details.updatedAt,
                distance: center.map { Geodesy.distance($0, place.coordinate) / Geodesy.kmPerMile },
                bearing: center.map { String(Geodesy.bearing(from: $0, to: place.coordinate)) })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(records)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// One API object, encoded with the API's snake_case keys.
    private struct Record: Encodable {
        var id: Int
        var name: String
        var street: String
        var city: String
        var state: String
        var country: String
        var accessible: Bool
        var unisex: Bool
        var changingTable: Bool
        var directions: String?
        var comment: String?
        var latitude: Double
        var longitude: Double
        var upvote: Int
        var downvote: Int
        var createdAt: String?
        var updatedAt: String?
        var distance: Double?
        var bearing: String?

        enum CodingKeys: String, CodingKey {
            case id, name, street, city, state, country, accessible, unisex
            case changingTable = "changing_table"
            case directions, comment, latitude, longitude, upvote, downvote
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case distance, bearing
        }
    }
}
