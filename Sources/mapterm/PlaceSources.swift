import Foundation
import Network
import Places
import PostGIS
import Storage

/// Builds the place source named by `--source`: `embedded` (the SQLite database, built on first run),
/// `refuge` (the live Refuge Restrooms API at `--api-base`), a PostGIS database (`postgresql://…` or
/// `postgres://…`, filled by `mapterm import FILE --to URL`), or a JSON file of places.
enum PlaceSources {
    /// The source and, when the embedded database had to be rebuilt, why (for an alert).
    struct Opened {
        var source: any PlaceSource
        var notice: String?
    }

    /// `resources` is asked only when a source needs the shipped data. Filters (`--ada`, …) are not the
    /// source's business: every query carries its `PlaceFilter`.
    static func make(_ name: String, resources: () throws -> ResourceLocator, apiBase: String?) throws -> Opened {
        switch name {
        case "embedded":
            let file = PlaceDatabase.defaultDirectory().appendingPathComponent(PlaceDatabase.fileName)
            if !FileManager.default.fileExists(atPath: file.path) {
                Diagnostics.say("building the places database (first run)…")
            }
            do {
                let store = try PlaceDatabase.openDefault(resources: try resources().directory) { notice in
                    Diagnostics.say(notice)
                }
                return Opened(source: store, notice: store.notice)
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("cannot open the places database: \(error)")
            }
        case "refuge":
            let base = apiBase ?? RefugeRestroomsClient.defaultBaseURL.absoluteString
            guard let url = URL(string: base), let scheme = url.scheme, ["http", "https"].contains(scheme),
                url.host != nil
            else { throw UsageError("--api-base must be an http(s) URL (got '\(base)')") }
            return Opened(source: RefugeRestroomsClient(configuration: .init(baseURL: url)), notice: nil)
        case _ where PostgresURL.isPostgres(name):
            do {
                return Opened(source: try PostGISPlaceStore(url: name), notice: nil)
            } catch let error as PostGISError {
                throw UsageError("--source: \(error)")
            }
        default:
            guard FileManager.default.isReadableFile(atPath: name) else {
                throw UsageError(
                    "--source must be embedded, refuge, a postgresql:// URL or a readable JSON file of places (got '\(PostgresURL.redact(name))')"
                )
            }
            do {
                return Opened(source: try FixtureSource(path: name), notice: nil)
            } catch {
                throw UsageError("cannot read places from \(name): \(error)")
            }
        }
    }
}
