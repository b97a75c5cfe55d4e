import Foundation
import GeoCore
import Places
import Storage
import Terminal
import TextSafety

/// `mapterm search QUERY`: what `/` in the map finds, as a table or JSON; exit status 1 when nothing
/// matched (or the coordinate typed is out of range).
enum SearchCommand {
    static let spec = CommandSpec(
        name: "search",
        summary: "Finds places, airports, cities, regions, countries or a coordinate by name, best first.",
        items: [
            .positional("QUERY"), .optional(OptionTable.searchNear), .optional(OptionTable.searchKind),
            .optional(OptionTable.searchLimit), .optional(OptionTable.json),
        ], maxPositional: 64)
    /// Number of results listed when `--limit` is not given.
    static let defaultLimit = 10

    static func run(_ args: ArgumentList) throws {
        let query = SearchQuery(args.positional.joined(separator: " "))
        guard !query.text.isEmpty else {
            throw spec.missing("a QUERY")
        }
        let center = try args.value(OptionTable.searchNear) ?? StartupState.marketStreet
        let kinds = try args.value(OptionTable.searchKind)
        let limit = try args.value(OptionTable.searchLimit) ?? defaultLimit
        let resources = try ResourceLocator.locate()
        let store = try openStore(resources)
        let search = try SearchSetup.make(store: store, resources: resources)
        let answer = try search.search(query, center: center, limit: limit) { kind in
            kinds.map { $0.contains(SearchSetup.name(of: kind)) } ?? true
        }
        if let problem = answer.problem {
            Diagnostics.say(problem)
            TerminalRestorer.exitNow(status: 1)
        }
        Console.outRaw(args.has(OptionTable.json) ? try json(answer.results) : table(answer.results))
        if answer.results.isEmpty {
            Diagnostics.say("nothing matched '\(query.text)'")
            TerminalRestorer.exitNow(status: 1)
        }
    }

    private static func openStore(_ resources: ResourceLocator) throws -> PlaceStore {
        do {
            return try PlaceDatabase.openDefault(resources: resources.directory) { Diagnostics.say($0) }
        } catch {
            throw UsageError("cannot open the places database: \(error)")
        }
    }

    // MARK: Output

    /// Name, kind, where, distance (km) and position, one result a line.
    static func table(_ results: [SearchResult]) -> SafeText {
        guard !results.isEmpty else { return "" }
        let cell = TextCell.padded
        var lines: [SafeText] = [
            "\(cell("NAME", 36))  \(cell("KIND", 13))  \(cell("WHERE", 40))   DIST KM  LAT, LON"
        ]
        for result in results {
            let position = SafeText(sanitizing: result.coordinate.description)
            lines.append(
                "\(cell(result.name, 36))  \(cell(result.kind.label, 13))  \(cell(result.whereText, 40))  "
                    + "\(result.distanceKm, format: "%8.1f")  \(position)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object per result, best first.
    private struct Row: Encodable {
        var name: String
        var kind: String
        var `where`: String
        var lat: Double
        var lon: Double
        var distanceKm: Double
        var id: String?
        var match: String
    }

    static func json(_ results: [SearchResult]) throws -> SafeText {
        let rows = results.map { result in
            Row(
                name: result.name, kind: SearchSetup.name(of: result.kind), where: result.whereText,
                lat: result.coordinate.lat, lon: result.coordinate.lon,
                distanceKm: (result.distanceKm * 100).rounded() / 100, id: result.candidate.placeID,
                match: "\(result.match)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return SafeText(json: String(decoding: try encoder.encode(rows), as: UTF8.self)) + "\n"
    }
}
