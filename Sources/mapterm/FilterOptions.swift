import Foundation
import Places

/// The flags that choose which places are shown, shared by the map, `render` and `places`:
/// `--hide KINDS` (map, render) or `--kind KINDS` (places), `--ada`, `--unisex`, `--changing-table` and
/// `--closed`. KINDS is a comma-separated list of restroom, airport, heliport, seaplane_base, balloonport.
enum FilterOptions {
    static let switches: Set<String> = ["ada", "unisex", "changing-table", "closed"]

    /// The filter the flags ask for; `kindOption` names the list option ("hide" removes the kinds it
    /// lists, "kind" keeps only them).
    static func filter(_ args: ArgumentList, kindOption: String) throws -> PlaceFilter {
        var filter = PlaceFilter.standard
        if let text = args[kindOption] {
            let kinds = try parseKinds(text, option: kindOption)
            filter.kinds = kindOption == "hide" ? PlaceKind.all.subtracting(kinds) : kinds
        }
        if args.has("ada") { filter.amenities.insert(.accessible) }
        if args.has("unisex") { filter.amenities.insert(.unisex) }
        if args.has("changing-table") { filter.amenities.insert(.changingTable) }
        filter.includeClosed = args.has("closed")
        return filter
    }

    static func parseKinds(_ text: String, option: String) throws -> Set<PlaceKind> {
        var kinds = Set<PlaceKind>()
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            guard let kind = PlaceKind(rawValue: name) else {
                let names = PlaceKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("--\(option) takes kinds from \(names) (got '\(name.prefix(40))')")
            }
            kinds.insert(kind)
        }
        guard !kinds.isEmpty else { throw UsageError("--\(option) needs at least one kind") }
        return kinds
    }
}
