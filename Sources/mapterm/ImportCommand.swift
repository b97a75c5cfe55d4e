import Foundation
import Places
import PostGIS
import Storage
import TextSafety

/// `mapterm import FILE`: adds Refuge-style restrooms (API JSON or CSV, see `PlaceImporter`) to the
/// user's place store, or with `--to postgresql://…` to a PostGIS database (`PostGISPlaceStore.import`,
/// creating its tables when missing), replacing places with the same id.
///
/// Prints "imported N places (M rows rejected)" on stdout and one line per rejected row on stderr
/// ("mapterm: FILE: line 17: latitude 123.4 out of range"). A file that cannot be read, is over 10 MB,
/// is malformed or holds no valid place is a usage error (exit 2) and changes nothing.
enum ImportCommand {
    static let spec = CommandSpec(
        name: "import", items: [.positional("FILE"), .optional(OptionTable.importTo)], maxPositional: 1)

    static func run(_ args: ArgumentList) throws {
        guard let path = args.positional.first else {
            throw spec.missing("a FILE (Refuge Restrooms API JSON or CSV, at most 10 MB)")
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
            throw UsageError("cannot import \(path): \(error)")
        } catch let error as CSVError {
            throw UsageError("cannot import \(path): \(error)")
        }
        for issue in result.issues { Diagnostics.say("\(path): \(issue)") }
        if result.duplicates > 0 {
            Diagnostics.say("\(path): \(result.duplicates) repeated ids skipped (the first of each was kept)")
        }
        guard !result.places.isEmpty else {
            throw UsageError("\(path) holds no valid places (\(result.issues.count) rows rejected)")
        }
        if let target {
            do {
                let count = try PostGISPlaceStore.forImport(url: target).import(result.places)
                Console.out("imported \(count) places (\(result.issues.count) rows rejected)")
            } catch let error as PostGISError {
                throw UsageError("cannot import \(path): \(error)")
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
        let count = try store.import(result.places)
        Console.out("imported \(count) places (\(result.issues.count) rows rejected)")
    }
}
