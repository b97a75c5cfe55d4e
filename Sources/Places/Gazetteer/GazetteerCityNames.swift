import TextSafety

/// Other names of the gazetteer's cities, for search: `city_names.bin` (kind `ALTN`, written by
/// `Resources/tools/make_gazetteer.py --alternates`), GeoNames' alternate names that a user would type
/// (exonyms and other spellings such as `München` or `Tokio`, names in CJK, Hangul, Cyrillic and Greek
/// such as `東京`, abbreviations such as `NYC`), for the larger cities only.
///
/// Layout after the header: varint count of cities with names, then per city the varint difference
/// of its index in `cities.bin` from the previous one (the first from 0), a varint count and the names.
public struct GazetteerCityNames: Hashable, Sendable {
    /// The file in the gazetteer folder: "city_names.bin".
    public static let fileName = "city_names.bin"
    /// The kind of the file in the gazetteer header: "ALTN".
    static let fileKind = "ALTN"
    /// The most names one city may have in the file.
    static let maxNamesPerCity = 100

    /// The other names of city `index` (of `ReverseGeocoder.cities`) by that index.
    public private(set) var byCity: [Int: [String]]

    /// No other names.
    public static let none = GazetteerCityNames(byCity: [:])

    init(byCity: [Int: [String]]) {
        self.byCity = byCity
    }

    /// The names in `bytes`, the file `file` (for messages), for a gazetteer of `cityCount` cities.
    /// Names are sanitised (`TextSanitizer`).
    /// - Throws: `GazetteerError` when the bytes are of another kind or version, or corrupt (a city index
    ///   out of range or repeated, a name that is not UTF-8).
    public init(fileBytes bytes: [UInt8], file: String, cityCount: Int) throws {
        var reader = try GazetteerReader(bytes: bytes, file: file, kind: Self.fileKind)
        var byCity: [Int: [String]] = [:]
        var city = 0
        for n in 0..<(try reader.count(limit: cityCount)) {
            let step = try reader.count(limit: cityCount)
            guard n == 0 || step > 0, city + step < cityCount else { throw reader.corrupt("bad city index") }
            city += step
            byCity[city] = try (0..<reader.count(limit: Self.maxNamesPerCity)).map { _ in
                TextSanitizer.clean(try reader.string(), maxLength: SearchQuery.maxLength)
            }
        }
        try reader.finish()
        self.byCity = byCity
    }
}
