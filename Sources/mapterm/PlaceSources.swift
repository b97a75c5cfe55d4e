import Foundation
import Network
import Places
import PostGIS
import Storage
import TextSafety

/// Builds the place source named by `--source` (else the settings file's `source`): by default the
/// places database (built on first run from the shipped places) with the live Refuge Restrooms API at
/// `--api-base` as its live part, whose answers it keeps; `embedded` (the database alone), `refuge`
/// (the live API alone), a PostGIS database (`postgresql://…` or `postgres://…`, filled by
/// `mapterm import FILE --to URL`), or a JSON file of places.
enum PlaceSources {
    /// The source, its live part (the default source's), and, when the embedded database had to be
    /// rebuilt, why (for an alert).
    struct Opened {
        var source: any PlaceSource
        var notice: String?
        var live: LivePlaceFeed?
        /// The source's failures are a status-bar note, not an alert (a PostGIS database).
        var quietFailures = false
        /// What the places are read from when nothing online answers anew ("the places database", "FILE"),
        /// for what `r` says; nil for a source that does (the live API, a PostGIS database).
        var storedName: String?
        /// Where the places come from, one credit a line, for the map's `i`.
        var credits: [String] = []

        init(source: any PlaceSource, notice: String? = nil, live: LivePlaceFeed? = nil) {
            self.source = source
            self.notice = notice
            self.live = live
        }
    }

    /// The credit of the Refuge Restrooms API's data.
    static let refugeCredit = "Restrooms: Refuge Restrooms (refugerestrooms.org)"
    /// The credits of the shipped places database (as `mapterm --about` gives them).
    static let embeddedCredits = [
        refugeCredit + " and © OpenStreetMap contributors (ODbL)",
        "Airports and runways: OurAirports (ourairports.com), public domain",
        "Place names for search and pins: GeoNames (geonames.org), CC BY 4.0",
    ]

    /// `--source embedded`: the places database alone.
    static let embeddedKeyword = "embedded"
    /// `--source refuge`: the live API alone.
    static let refugeKeyword = "refuge"
    /// The words `--source` takes besides a URL or a file.
    static let keywords = [embeddedKeyword, refugeKeyword]

    /// The name of the live part of the default source.
    static let liveName = "Refuge Restrooms"

    /// The source named `name`, nil for the default. `offline` leaves out the default's live part.
    /// `resources` is asked only when a source needs the shipped data. Filters (`--ada`, …) are not the
    /// source's business: every query carries its `PlaceFilter`.
    static func make(
        _ name: String?, resources: () throws -> ResourceLocator, apiBase: String?, offline: Bool = false
    ) throws -> Opened {
        guard let name else {
            var opened = try make(embeddedKeyword, resources: resources, apiBase: apiBase)
            guard !offline, let store = opened.source as? PlaceStore else { return opened }
            let client = RefugeRestroomsClient(configuration: .init(baseURL: try refugeURL(apiBase)))
            opened.live = LivePlaceFeed(
                name: liveName, live: client, keeper: store, limit: client.markerLimit,
                now: { Date().timeIntervalSince1970 })
            return opened
        }
        switch name {
        case embeddedKeyword:
            let file = PlaceDatabase.defaultDirectory().appendingPathComponent(PlaceDatabase.fileName)
            if !FileManager.default.fileExists(atPath: file.path) {
                Diagnostics.say("building the places database (first run)…")
            }
            do {
                let store = try PlaceDatabase.openDefault(resources: try resources().directory) { notice in
                    Diagnostics.say(notice)
                }
                var opened = Opened(source: store, notice: store.notice)
                opened.storedName = "the places database"
                opened.credits = embeddedCredits
                return opened
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("cannot open the places database: \(error)")
            }
        case refugeKeyword:
            var opened = Opened(source: RefugeRestroomsClient(configuration: .init(baseURL: try refugeURL(apiBase))))
            opened.credits = [refugeCredit]
            return opened
        case _ where PostgresURL.isPostgres(name):
            do {
                var opened = Opened(source: try PostGISPlaceStore(url: name))
                opened.quietFailures = true
                opened.credits = ["Places: your PostGIS database (" + PostgresURL.redact(name) + ")"]
                return opened
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
                var opened = Opened(source: try FixtureSource(path: name))
                let file = TextSanitizer.clean(URL(fileURLWithPath: name).lastPathComponent, maxLength: 40)
                opened.storedName = "the file " + file
                opened.credits = ["Places: your file " + file]
                return opened
            } catch {
                throw UsageError("cannot read places from \(TextSanitizer.clean(name, maxLength: 120)): \(error)")
            }
        }
    }

    /// The Refuge Restrooms API at `--api-base`, else the public one.
    private static func refugeURL(_ apiBase: String?) throws -> URL {
        let base = apiBase ?? RefugeRestroomsClient.defaultBaseURL.absoluteString
        guard let url = URL(string: base), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else { throw UsageError("--api-base must be an http(s) URL (got '\(TextSanitizer.clean(base))')") }
        return url
    }
}
