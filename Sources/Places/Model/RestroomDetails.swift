import Foundation
import TextSafety

/// What is known about a restroom, in the shape of the Refuge Restrooms API.
///
/// Text is already sanitised (see `TextSanitizer`) when it comes from a DTO, an import or a fixture file.
/// Unknown street, city, state and country are empty strings; unknown directions, comment and dates are nil.
public struct RestroomDetails: Sendable, Hashable, Codable {
    /// Street address as entered by the contributor, for example "301 W. 2nd St".
    public var street: String
    /// City, for example "Austin".
    public var city: String
    /// State or province as entered, usually a two-letter code ("TX").
    public var state: String
    /// Country as entered, usually an ISO 3166-1 alpha-2 code ("US"; Refuge data also has "UK").
    public var country: String
    /// Wheelchair accessible (the API's `accessible`; requested with `ada=true`).
    public var accessible: Bool
    /// Gender-neutral / unisex.
    public var unisex: Bool
    /// Has a baby changing table (the API's `changing_table`).
    public var changingTable: Bool
    /// How to find it inside the building, if given.
    public var directions: String?
    /// Free-text comment, if given.
    public var comment: String?
    /// Number of up votes (0 when unknown).
    public var upvote: Int
    /// Number of down votes (0 when unknown).
    public var downvote: Int
    /// Creation time exactly as the source wrote it, ISO 8601 ("2015-03-07T22:54:17.185Z"); nil when unknown.
    public var createdAt: String?
    /// Last update time exactly as the source wrote it, ISO 8601; nil when unknown.
    public var updatedAt: String?
    /// What the map's tiles say about the same restroom (an OpenStreetMap toilet within
    /// `TilePlaceMerge.sameRestroomMeters`), joined when the map shows both sources as one place; nil
    /// otherwise. Not stored: the tiles say it again each time.
    public var openStreetMap: OpenStreetMapDetails?

    public init(
        street: String = "", city: String = "", state: String = "", country: String = "",
        accessible: Bool = false, unisex: Bool = false, changingTable: Bool = false,
        directions: String? = nil, comment: String? = nil, upvote: Int = 0, downvote: Int = 0,
        createdAt: String? = nil, updatedAt: String? = nil, openStreetMap: OpenStreetMapDetails? = nil
    ) {
        self.street = street
        self.city = city
        self.state = state
        self.country = country
        self.accessible = accessible
        self.unisex = unisex
        self.changingTable = changingTable
        self.directions = directions
        self.comment = comment
        self.upvote = upvote
        self.downvote = downvote
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.openStreetMap = openStreetMap
    }

    /// "street, city state", leaving out empty parts without stray separators:
    /// "301 W. 2nd St, Austin TX", "Austin TX", "301 W. 2nd St, TX", "301 W. 2nd St", or "".
    public var address: String {
        let place = [city, state].map(trimmed).filter { !$0.isEmpty }.joined(separator: " ")
        return [trimmed(street), place].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    private func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces) }

    // MARK: Codable (tolerant: every field may be missing)

    private enum CodingKeys: String, CodingKey {
        case street, city, state, country, accessible, unisex, changingTable, directions, comment
        case upvote, downvote, createdAt, updatedAt
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            street: try c.decodeIfPresent(String.self, forKey: .street) ?? "",
            city: try c.decodeIfPresent(String.self, forKey: .city) ?? "",
            state: try c.decodeIfPresent(String.self, forKey: .state) ?? "",
            country: try c.decodeIfPresent(String.self, forKey: .country) ?? "",
            accessible: try c.decodeIfPresent(Bool.self, forKey: .accessible) ?? false,
            unisex: try c.decodeIfPresent(Bool.self, forKey: .unisex) ?? false,
            changingTable: try c.decodeIfPresent(Bool.self, forKey: .changingTable) ?? false,
            directions: try c.decodeIfPresent(String.self, forKey: .directions),
            comment: try c.decodeIfPresent(String.self, forKey: .comment),
            upvote: try c.decodeIfPresent(Int.self, forKey: .upvote) ?? 0,
            downvote: try c.decodeIfPresent(Int.self, forKey: .downvote) ?? 0,
            createdAt: try c.decodeIfPresent(String.self, forKey: .createdAt),
            updatedAt: try c.decodeIfPresent(String.self, forKey: .updatedAt))
    }
}
