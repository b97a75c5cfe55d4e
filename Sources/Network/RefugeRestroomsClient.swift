import Foundation
import GeoCore
import Places

/// Restrooms from the Refuge Restrooms API v1 (https://www.refugerestrooms.org/api/docs/).
///
/// A query asks `GET {baseURL}/api/v1/restrooms/by_location?lat=&lng=&page=&per_page=` around the
/// centre of the region (`PlaceRanking.center`), page 1, 2, … The API sorts by distance from that point,
/// so paging stops as soon as
/// - a page has fewer than `perPage` records (the last page),
/// - every valid record of a page lies farther from the centre than the region's radius
///   (`PlaceRanking.radiusKm`): the region is covered,
/// - `limit` places inside the region have been collected (farther pages cannot rank higher), or
/// - `maxPages` pages have been fetched.
/// The collected places are then filtered to the region and ranked like every `PlaceSource`. Records with
/// bad coordinates are skipped; all text is sanitised (`RefugeRestroomDTO.toPlace`). Only `.restroom` is
/// served: a query without it returns [] without a request. A filter asking for accessible or unisex
/// restrooms adds `ada=true` or `unisex=true`; every amenity it asks for is checked on the answer too.
///
/// Markers: the places of the region (at most `markerLimit`) are fetched and kept in a
/// `PlaceAccumulator`, which clusters everything seen so far; a region holding more than the limit
/// is answered with `MarkerBatch.cappedAt` set.
public struct RefugeRestroomsClient: PlaceSource {
    /// https://www.refugerestrooms.org
    public static let defaultBaseURL = URL(string: "https://www.refugerestrooms.org")!

    /// How the client talks to the API.
    public struct Configuration: Sendable, Hashable {
        /// Scheme, host and optional path prefix of the API; `--api-base URL`.
        public var baseURL: URL
        /// Seconds each HTTP request may take from start to last byte (default 10).
        public var timeout: TimeInterval
        /// Records per page, 1...100 (the API's maximum; default 100). Values outside are clamped.
        public var perPage: Int
        /// Most pages fetched for one query (default 5), at least 1.
        public var maxPages: Int
        /// Only wheelchair-accessible restrooms (`ada=true`).
        public var accessibleOnly: Bool
        /// Only unisex restrooms (`unisex=true`).
        public var unisexOnly: Bool
        /// Largest accepted response body in bytes (default 10 MiB); larger ones fail with `.tooLarge`.
        public var maxResponseBytes: Int

        public init(
            baseURL: URL = RefugeRestroomsClient.defaultBaseURL, timeout: TimeInterval = 10, perPage: Int = 100,
            maxPages: Int = 5, accessibleOnly: Bool = false, unisexOnly: Bool = false,
            maxResponseBytes: Int = 10 * 1_048_576
        ) {
            self.baseURL = baseURL
            self.timeout = timeout
            self.perPage = perPage
            self.maxPages = maxPages
            self.accessibleOnly = accessibleOnly
            self.unisexOnly = unisexOnly
            self.maxResponseBytes = maxResponseBytes
        }
    }

    /// The configuration in use, with `perPage` and `maxPages` already clamped.
    public let configuration: Configuration
    /// Most places fetched for one markers query.
    public var markerLimit: Int { configuration.perPage * configuration.maxPages }
    private let accumulator = PlaceAccumulator()

    public init(configuration: Configuration = Configuration()) {
        var clamped = configuration
        clamped.perPage = min(100, max(1, configuration.perPage))
        clamped.maxPages = max(1, configuration.maxPages)
        self.configuration = clamped
    }

    /// A client for `baseURL` with default settings otherwise.
    public init(baseURL: URL, timeout: TimeInterval = 10) {
        self.init(configuration: Configuration(baseURL: baseURL, timeout: timeout))
    }

    public func places(in region: GeoBounds, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        guard limit > 0, filter.kinds.contains(.restroom), region.south <= region.north else { return [] }
        let fetcher = HTTPFetcher(timeout: configuration.timeout, maxBodyBytes: configuration.maxResponseBytes)
        let center = PlaceRanking.center(of: region)
        let radius = PlaceRanking.radiusKm(of: region)
        var collected: [Place] = []
        var inside = 0
        for number in 1...configuration.maxPages {
            try Task.checkCancellation()
            let body = try await fetcher.get(pageURL(center: center, page: number, amenities: filter.amenities))
            let page = try Self.decodePage(body)
            let pagePlaces = page.records.compactMap { try? $0.toPlace() }.filter(filter.allows)
            collected += pagePlaces
            inside += pagePlaces.filter { region.contains($0.coordinate) }.count
            if page.elementCount < configuration.perPage || inside >= limit { break }
            if !pagePlaces.isEmpty
                && pagePlaces.allSatisfy({ Geodesy.sphericalDistance(center, $0.coordinate) > radius })
            {
                break
            }
        }
        return PlaceRanking.select(collected, in: region, filter: filter, limit: limit)
    }

    public func markers(in region: GeoBounds, zoom: Int, filter: PlaceFilter) async throws -> MarkerBatch {
        let fetched = try await places(in: region, filter: filter, limit: markerLimit)
        accumulator.add(fetched)
        return MarkerBatch(
            markers: accumulator.markers(in: region, zoom: zoom, filter: filter),
            cappedAt: fetched.count >= markerLimit ? markerLimit : nil)
    }

    public func mostImportant(in cluster: ClusterRef, filter: PlaceFilter, limit: Int) async throws -> [Place] {
        accumulator.mostImportant(in: cluster, filter: filter, limit: limit)
    }

    /// The URL of one page of `by_location` around `center` (coordinates with 6 decimals, about 0.1 m),
    /// asking for accessible or unisex restrooms when the configuration or `amenities` say so.
    public func pageURL(center: LatLon, page: Int, amenities: RestroomAmenities = []) -> URL {
        let endpoint = configuration.baseURL.appendingPathComponent("api/v1/restrooms/by_location")
        var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
        var items = [
            URLQueryItem(name: "lat", value: String(format: "%.6f", center.lat)),
            URLQueryItem(name: "lng", value: String(format: "%.6f", center.lon)),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "per_page", value: String(configuration.perPage)),
        ]
        if configuration.accessibleOnly || amenities.contains(.accessible) {
            items.append(URLQueryItem(name: "ada", value: "true"))
        }
        if configuration.unisexOnly || amenities.contains(.unisex) {
            items.append(URLQueryItem(name: "unisex", value: "true"))
        }
        components.queryItems = items
        return components.url!
    }

    // MARK: Decoding

    /// The records of one page, without elements that are not restroom objects, and the number of
    /// elements (which decides whether the page was the last one).
    /// - Throws: `PlaceSourceError.undecodable` when the body is not a JSON array.
    static func decodePage(_ body: Data) throws -> (elementCount: Int, records: [RefugeRestroomDTO]) {
        do throws(RefugeJSONError) {
            let elements = try RefugeRestroomDTO.records(inJSON: [UInt8](body))
            return (elements.count, elements.compactMap { try? $0.get() })
        } catch .notAnArray {
            throw PlaceSourceError.undecodable("expected a JSON array of restrooms")
        } catch {
            throw PlaceSourceError.undecodable("the response is not valid JSON")
        }
    }
}
