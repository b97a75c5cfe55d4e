import TextSafety
import VectorTiles

/// The credit of every tile source in use: the full attributions (for `i` and `render --attribution`)
/// and each source's short credit, from which the map's corner shows those of the sources it draws.
public struct TileCredits: Sendable, Equatable {
    /// Every source's attribution, each once, in drawing order, joined with " · ".
    public var full: String
    /// One source's short credit: the names its attribution credits.
    public struct SourceCredit: Sendable, Equatable {
        public var id: TileSourceID
        public var items: [String]
        /// The source's whole attribution (sanitised, at most 300 characters).
        public var text: String
    }

    /// Each source's short credit, in drawing order (sources without an attribution left out).
    public var short: [SourceCredit]

    /// The credits of sources named `ids` whose attributions are `attributions` (nil: states none);
    /// `services` holds, where known, the credit the source's service asks for (`TileServiceTerms`),
    /// which stands in for a missing attribution and is always in the short credit.
    public init(ids: [TileSourceID], attributions: [String?], services: [String?] = []) {
        var seen: [String] = []
        var short: [SourceCredit] = []
        for (i, id) in ids.enumerated() where i < attributions.count {
            let service = i < services.count ? services[i] : nil
            let stated = TextSanitizer.clean(attributions[i] ?? "", maxLength: 300).trimmingCharacters(in: .whitespaces)
            let text = stated.isEmpty ? service ?? "" : stated
            guard !text.isEmpty else { continue }
            if !seen.contains(text) { seen.append(text) }
            let items = Self.items(of: text)
            let more = service.map(Self.items(of:))?.filter { !items.contains($0) } ?? []
            short.append(SourceCredit(id: id, items: more + items, text: text))
        }
        full = seen.joined(separator: " · ")
        self.short = short
    }

    /// Names an attribution credits, in this order; a service's own name comes before the data it
    /// serves. The first group is written together ("OpenFreeMap © OpenMapTiles © OpenStreetMap").
    static let known: [(word: String, credit: String)] = [
        ("OpenFreeMap", "OpenFreeMap"), ("OpenStreetMap US", "OSM US"), ("VersaTiles", "VersaTiles"),
        ("Protomaps", "Protomaps"),
        ("OpenMapTiles", "© OpenMapTiles"), ("OpenStreetMap", "© OpenStreetMap"),
    ]
    /// Credits written after the first group, set apart by " · ".
    static let knownApart: [(word: String, credit: String)] = [("Natural Earth", "Natural Earth")]

    /// The short credit of one attribution: the names it credits that `known` lists, else the text
    /// itself cut to 40 characters.
    static func items(of attribution: String) -> [String] {
        let lower = attribution.lowercased()
        let found = (known + knownApart).filter { lower.contains($0.word.lowercased()) }.map(\.credit)
        guard found.isEmpty else { return found }
        return [attribution.count > 40 ? String(attribution.prefix(39)) + "…" : attribution]
    }

    /// The whole attributions of the sources with something drawn (`drawn` counts tiles per source),
    /// each once, in drawing order: what `i` lists.
    public func inView(drawn: [TileSourceID: Int]) -> [String] {
        var texts: [String] = []
        for source in short where (drawn[source.id] ?? 0) > 0 && !texts.contains(source.text) {
            texts.append(source.text)
        }
        return texts
    }

    /// The short credits of the sources with something drawn (`drawn` counts tiles per source), from
    /// the fullest to the shortest: all of them; without the credits set apart; the first group's
    /// service and "© OpenStreetMap"; "© OpenStreetMap" alone. Empty when nothing credited is drawn.
    public func corner(drawn: [TileSourceID: Int]) -> [String] {
        var items: [String] = []
        for source in short where (drawn[source.id] ?? 0) > 0 {
            for item in source.items where !items.contains(item) { items.append(item) }
        }
        guard !items.isEmpty else { return [] }
        let order = (Self.known + Self.knownApart).map(\.credit)
        let first = order.prefix(Self.known.count).filter(items.contains)
        let apart = order.suffix(Self.knownApart.count).filter(items.contains) + items.filter { !order.contains($0) }
        let together = first.joined(separator: " ")
        var variants = [([together] + apart).filter { !$0.isEmpty }.joined(separator: " · ")]
        if !together.isEmpty { variants.append(together) }
        let osm = "© OpenStreetMap"
        if first.contains(osm) {
            let service = first.filter { !$0.hasPrefix("©") }
            variants.append((service + [osm]).joined(separator: " "))
            variants.append(osm)
        }
        var unique: [String] = []
        for variant in variants where !unique.contains(variant) { unique.append(variant) }
        return unique
    }
}
