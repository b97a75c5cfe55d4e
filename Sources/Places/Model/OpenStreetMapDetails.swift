import TextSafety

/// What a point of interest of the map's vector tiles says about itself: the tile schema it was read
/// from and its properties as the tile gives them, sanitised and bounded (a tile is outside text).
///
/// Only what the tile says is kept: a property the tile lacks is unknown, never false.
public struct OpenStreetMapDetails: Sendable, Hashable, Codable {
    /// One property of the tile's feature, as text ("cuisine" = "italian", "rank" = "25").
    public struct Tag: Sendable, Hashable, Codable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The schema of the tile it came from, as people know it ("OpenMapTiles", "Shortbread", "Protomaps").
    public var schema: String
    /// The feature's properties but its names, the first `maxTags` of them, sorted by key.
    public var tags: [Tag]

    /// The most tags kept of one feature.
    public static let maxTags = 16
    /// The longest key kept, in characters.
    public static let maxKeyLength = 40
    /// The longest value kept, in characters (a longer one is cut).
    public static let maxValueLength = 120

    /// Details with every text sanitised (`TextSanitizer`) and cut: the schema to 40 characters, keys to
    /// `maxKeyLength`, values to `maxValueLength`; tags left empty by the cleaning are dropped, the first
    /// `maxTags` of the rest kept, sorted by key.
    public init(schema: String, tags: [Tag]) {
        self.schema = TextSanitizer.clean(schema, maxLength: 40)
        self.tags = Array(
            tags.map {
                Tag(
                    key: TextSanitizer.clean($0.key, maxLength: Self.maxKeyLength),
                    value: TextSanitizer.clean($0.value, maxLength: Self.maxValueLength))
            }
            .filter { !$0.key.isEmpty && !$0.value.isEmpty }
            .prefix(Self.maxTags)
            .sorted { $0.key < $1.key })
    }

    /// Details of tags already cleaned and cut as `init(schema:tags:)` does (the tile reader cleans each
    /// of a tile's keys and values once): the first `maxTags`, sorted by key.
    package init(schema: String, cleanTags tags: [Tag]) {
        self.schema = schema
        self.tags = Array(tags.prefix(Self.maxTags)).sorted { $0.key < $1.key }
    }

    /// The value of a tag, nil when the tile did not give it.
    public func value(_ key: String) -> String? { tags.first { $0.key == key }?.value }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            schema: try c.decodeIfPresent(String.self, forKey: .schema) ?? "",
            tags: try c.decodeIfPresent([Tag].self, forKey: .tags) ?? [])
    }

    private enum CodingKeys: String, CodingKey { case schema, tags }
}
