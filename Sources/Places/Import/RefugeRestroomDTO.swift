import GeoCore
import Layers
import TextSafety

/// One restroom exactly as the Refuge Restrooms API v1 sends it
/// (`GET /api/v1/restrooms/by_location`, `/api/v1/restrooms`):
///
/// ```json
/// {"id": 16273, "name": "Austin City Hall", "street": "301 W. 2nd St", "city": "Austin", "state": "TX",
///  "country": "US", "accessible": true, "unisex": true, "changing_table": false, "directions": "",
///  "comment": "…", "latitude": 30.2648963, "longitude": -97.747196, "upvote": 0, "downvote": 0,
///  "created_at": "2015-03-07T22:54:17.185Z", "updated_at": "2015-03-07T22:54:17.185Z",
///  "distance": 0.0492506860822029, "bearing": "64.440315615862"}
/// ```
///
/// Reading (`init(json:)`, `records(inJSON:)`) is tolerant: unknown keys are ignored; any field may be missing or null; numbers may come as
/// strings (the API sends `bearing` as a string) and booleans as 0/1 or "t"/"f". Only `id` is required
/// (an integer or a string of digits). Coordinates are checked by `toPlace()`, not while decoding, so a
/// record with bad coordinates can be reported rather than failing a whole response.
public struct RefugeRestroomDTO: Sendable, Hashable {
    /// Refuge Restrooms record id; the place id is "rr:\(id)".
    public var id: Int
    public var name: String?
    public var street: String?
    public var city: String?
    public var state: String?
    public var country: String?
    public var accessible: Bool
    public var unisex: Bool
    /// The API's `changing_table`.
    public var changingTable: Bool
    public var directions: String?
    public var comment: String?
    /// Degrees north, nil when missing or not a number (see `latitudeText`).
    public var latitude: Double?
    /// Degrees east, nil when missing or not a number (see `longitudeText`).
    public var longitude: Double?
    /// The latitude as sent, for error messages ("abc"); nil when missing.
    public var latitudeText: String?
    /// The longitude as sent, for error messages; nil when missing.
    public var longitudeText: String?
    public var upvote: Int
    public var downvote: Int
    /// The API's `created_at`, ISO 8601 as sent.
    public var createdAt: String?
    /// The API's `updated_at`, ISO 8601 as sent.
    public var updatedAt: String?
    /// Distance from the query point in miles, when the API computed one.
    public var distance: Double?
    /// Bearing from the query point in degrees clockwise from north, when the API computed one.
    public var bearing: Double?

    public init(
        id: Int, name: String? = nil, street: String? = nil, city: String? = nil, state: String? = nil,
        country: String? = nil, accessible: Bool = false, unisex: Bool = false, changingTable: Bool = false,
        directions: String? = nil, comment: String? = nil, latitude: Double?, longitude: Double?,
        upvote: Int = 0, downvote: Int = 0, createdAt: String? = nil, updatedAt: String? = nil,
        distance: Double? = nil, bearing: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.street = street
        self.city = city
        self.state = state
        self.country = country
        self.accessible = accessible
        self.unisex = unisex
        self.changingTable = changingTable
        self.directions = directions
        self.comment = comment
        self.latitude = latitude
        self.longitude = longitude
        self.latitudeText = latitude.map { String($0) }
        self.longitudeText = longitude.map { String($0) }
        self.upvote = upvote
        self.downvote = downvote
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.distance = distance
        self.bearing = bearing
    }

    // MARK: Decoding

    /// The record in one JSON value (see the type's notes on tolerance).
    /// - Throws: `PlaceRecordError.notAnObject`, or `.missing`/`.notANumber` for the id.
    package init(json value: JSONValue) throws(PlaceRecordError) {
        guard case .object(let object) = value else { throw .notAnObject }
        func field(_ key: String) -> JSONValue { object[key] ?? .null }
        guard let id = field("id").lenientInteger else {
            let shown = field("id").lenientText.map { TextSanitizer.clean($0) } ?? ""
            throw shown.isEmpty ? .missing(field: "id") : .notANumber(field: "id", text: shown)
        }
        let lat = field("latitude")
        let lon = field("longitude")
        self.init(
            id: id, name: field("name").lenientText, street: field("street").lenientText,
            city: field("city").lenientText, state: field("state").lenientText, country: field("country").lenientText,
            accessible: field("accessible").lenientBool ?? false, unisex: field("unisex").lenientBool ?? false,
            changingTable: field("changing_table").lenientBool ?? false, directions: field("directions").lenientText,
            comment: field("comment").lenientText, latitude: lat.lenientNumber, longitude: lon.lenientNumber,
            upvote: field("upvote").lenientInteger ?? 0, downvote: field("downvote").lenientInteger ?? 0,
            createdAt: field("created_at").lenientText, updatedAt: field("updated_at").lenientText,
            distance: field("distance").lenientNumber, bearing: field("bearing").lenientNumber)
        latitudeText = lat.lenientText
        longitudeText = lon.lenientText
    }

    /// Every element of the JSON array `bytes` (an API page, an import file), in order: its record, or
    /// why it is not one. Read strictly as JSON (`JSONValue.strict`).
    /// - Throws: `RefugeJSONError`.
    public static func records(inJSON bytes: [UInt8]) throws(RefugeJSONError) -> [Result<Self, PlaceRecordError>] {
        guard let root = JSONValue.strict(bytes) else { throw .notJSON }
        guard let elements = root.array else { throw .notAnArray }
        return elements.map { element in
            do throws(PlaceRecordError) {
                return .success(try Self(json: element))
            } catch {
                return .failure(error)
            }
        }
    }

    // MARK: Conversion

    /// The name shown when a record has none.
    public static let fallbackName = "Restroom"

    /// The validated, sanitised place: id "rr:\(id)", kind `.restroom`, every string through
    /// `TextSanitizer`, an empty name replaced by `fallbackName`.
    /// - Throws: `PlaceRecordError` when a coordinate is missing, not a number, out of range, or both are 0.
    public func toPlace() throws -> Place {
        let coordinate = try validatedCoordinate()
        let details = RestroomDetails(
            street: TextSanitizer.clean(street ?? ""), city: TextSanitizer.clean(city ?? ""),
            state: TextSanitizer.clean(state ?? ""), country: TextSanitizer.clean(country ?? ""),
            accessible: accessible, unisex: unisex, changingTable: changingTable,
            directions: TextSanitizer.cleanOrNil(directions), comment: TextSanitizer.cleanOrNil(comment),
            upvote: max(0, upvote), downvote: max(0, downvote),
            createdAt: TextSanitizer.cleanOrNil(createdAt), updatedAt: TextSanitizer.cleanOrNil(updatedAt))
        return Place(
            id: "rr:\(id)", kind: .restroom, name: TextSanitizer.cleanOrNil(name) ?? Self.fallbackName,
            coordinate: coordinate, details: .restroom(details))
    }

    private func validatedCoordinate() throws -> LatLon {
        let lat = try Self.check(latitude, text: latitudeText, field: "latitude", range: -90...90)
        let lon = try Self.check(longitude, text: longitudeText, field: "longitude", range: -180...180)
        if lat == 0 && lon == 0 { throw PlaceRecordError.notGeocoded }
        return LatLon(lat: lat, lon: lon)
    }

    private static func check(_ value: Double?, text: String?, field: String, range: ClosedRange<Double>) throws
        -> Double
    {
        guard let value else {
            let shown = text.map { TextSanitizer.clean($0) } ?? ""
            if shown.isEmpty { throw PlaceRecordError.missing(field: field) }
            throw PlaceRecordError.notANumber(field: field, text: shown)
        }
        guard range.contains(value) else { throw PlaceRecordError.outOfRange(field: field, value: value) }
        return value
    }
}

/// Why bytes are not a JSON array of restroom records.
public enum RefugeJSONError: Error, Sendable, Hashable {
    /// Not JSON at all (or not strictly: see `JSONValue.strict`).
    case notJSON
    /// JSON, but not an array.
    case notAnArray
}
