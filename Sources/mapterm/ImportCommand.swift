import Foundation
import Places
import PostGIS
import Storage
import TextSafety

/// `mapterm import FILE`: adds Refuge-style restrooms (API JSON or CSV, see `PlaceImporter`) to the
/// user's place store, or with `--to postgresql://…` to a PostGIS database (`PostGISPlaceStore.import`,
/// creating its tables when missing), replacing places with the same id.
///
/// Prints "imported N places (M rows rejected)" on stdout ("imported 1 place" when nothing was
/// rejected) and one line per rejected row on stderr ("mapterm: FILE: line 17: latitude 123.4 out of
/// range"). A file that cannot be read, is over 10 MB, is malformed (binary, not a place file) or holds
/// no valid place is one usage error line (exit 2, with the count of bad rows and the first few
/// reasons) and changes nothing.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import",
        summary:
            "Imports places (Refuge Restrooms API JSON, or CSV with latitude and longitude columns) into the places database, or a PostGIS one with --to.",
        items: [.positional("FILE"), .optional(OptionTable.importTo)], maxPositional: 1, words: .file)

    static func run(_ args: ArgumentList) throws {
        guard let path = args.positional.first else {
            throw spec.missing(
                "a FILE (Refuge Restrooms API JSON, or CSV with latitude and longitude columns, at most 10 MB)")
        }
        let target = args.text(OptionTable.importTo)
        if let target {
            do {
                _ = try PostgresURL(target)
            } catch let error as PostGISError {
                throw UsageError("--to: \(error)")
            }
        }
        let result: PlaceImportResult
        do {
            result = try PlaceImporter.importFile(at: URL(fileURLWithPath: path))
        } catch let error as PlaceImportError {
            throw UsageError("cannot import \(TextSanitizer.clean(path, maxLength: 120)): \(error)")
        } catch let error as CSVError {
            throw UsageError("cannot import \(TextSanitizer.clean(path, maxLength: 120)): \(error)")
        }
        let shown = TextSanitizer.clean(path, maxLength: 120)
        guard !result.places.isEmpty else { throw UsageError(refusal(shown, result.issues)) }
        for issue in result.issues { Diagnostics.say("\(shown): \(issue)") }
        if result.duplicates > 0 {
            Diagnostics.say(
                "\(shown): \(count(result.duplicates, "repeated id", "repeated ids")) skipped (the first of each was kept)"
            )
        }
        if let target {
            do {
                let count = try PostGISPlaceStore.forImport(url: target).import(result.places)
                Console.out(SafeText(sanitizing: summary(imported: count, rejected: result.issues.count)))
            } catch let error as PostGISError {
                throw UsageError("cannot import \(shown): \(error)")
            }
            return
        }
        let store = try PlaceDatabase.openDefault(resources: try ResourceLocator.locate().directory) { notice in
            Diagnostics.say(notice)
        }
        guard store.isPersistent else {
            throw UsageError("cannot import: \(store.notice ?? "the places database cannot be written")")
        }
        if let reason = store.notice {
            Diagnostics.say(reason)
        }
        let imported = try store.import(result.places)
        Console.out(SafeText(sanitizing: summary(imported: imported, rejected: result.issues.count)))
    }

    /// How many examples of bad rows a refusal shows.
    static let refusalExamples = 3

    /// "imported 1 place", "imported 12 places (1 row rejected)".
    static func summary(imported: Int, rejected: Int) -> String {
        let line = "imported \(count(imported, "place", "places"))"
        return rejected == 0 ? line : "\(line) (\(count(rejected, "row", "rows")) rejected)"
    }

    /// The one line for a file none of whose rows is a place: how many were rejected and the first
    /// `refusalExamples` reasons.
    static func refusal(_ path: String, _ issues: [PlaceImportIssue]) -> String {
        guard !issues.isEmpty else { return "\(path) holds no places" }
        let examples = issues.prefix(refusalExamples).map(\.description).joined(separator: "; ")
        let more = issues.count > refusalExamples ? "; …" : ""
        return "\(path) holds no valid places (\(count(issues.count, "row", "rows")) rejected: \(examples)\(more))"
    }

    /// "1 row", "3 rows".
    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
}
