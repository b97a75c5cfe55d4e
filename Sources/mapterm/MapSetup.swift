import Foundation
import GeoCore
import MapFeature
import Places
import Positioning
import Routing
import Storage

/// The one set-up of the map: opens what a `MapConfiguration` names (the shipped resources, the layer
/// files, the tile sources, the place source, the gazetteer) and builds the first state and the
/// `MapSession`. The interactive map and `render` both start here and differ only in their loop, and in
/// what a one-frame `render` cannot do: it shows the pins but saves none, searches nothing, reads a
/// `--layer -` stream to its end before drawing, and says on stderr what the map shows in an alert.
struct MapSetup {
    /// What the session is for.
    enum Purpose {
        /// The full-screen map: pins are saved, the search runs, stdin streams while the map runs.
        case interactive
        /// `render`: one frame.
        case oneFrame
    }

    let configuration: MapConfiguration
    let purpose: Purpose
    let resources: ResourceLocator
    /// `--center`, a name looked up, and the zoom that fits what it named.
    let center: (point: LatLon, zoom: Double?)?
    let layers: (state: LayersState, streamLayer: Int?, notes: [String])
    /// The `--layer -` stream of the interactive map, not started yet.
    let stream: LayerStream?
    let composition: MapComposition
    let places: PlaceSources.Opened
    let pinFile: PinFile
    /// One gazetteer for the search and the pins' descriptions, loaded once by whichever asks first.
    let gazetteer: ReverseGeocoder.Lazy

    /// Opens everything the configuration names.
    /// - Throws: `UsageError` for a name nothing is called, a layer or tile file that cannot be used, a
    ///   place source that cannot be opened.
    init(_ configuration: MapConfiguration, purpose: Purpose) throws {
        self.configuration = configuration
        self.purpose = purpose
        center = try configuration.center.map { center in
            switch center {
            case .point(let point): return (point, nil)
            case .named(let name):
                let result = try NamedCenter.resolve(name)
                return (result.coordinate, result.kind.zoom)
            }
        }
        let resources = try ResourceLocator.locate()
        self.resources = resources
        layers = try configuration.layers.load()
        stream = try purpose == .interactive ? layers.streamLayer.map { _ in try LayerStream.forStdin() } : nil
        composition = try MapComposition(
            resources: resources, tiles: configuration.tiles, config: configuration.settings,
            cacheDirectory: configuration.tileCacheURL, offline: configuration.offline)
        places = try PlaceSources.make(
            configuration.placeSource, resources: { resources }, apiBase: configuration.apiBase,
            offline: configuration.offline)
        if purpose == .oneFrame, let notice = places.notice { Diagnostics.say(notice) }
        pinFile = PinFile(url: configuration.pinsURL)
        gazetteer = ReverseGeocoder.Lazy(directory: resources.gazetteer)
    }

    /// The session on a screen of `screen` cells (`utf8`: it shows braille), in its first state;
    /// `wake` is called whenever an action is posted to its inbox.
    func session(screen: Viewport, utf8: Bool, wake: @escaping @Sendable () -> Void = {}) -> MapSession {
        let pins = Result { try pinFile.load() }
        var state = StartupState.make(
            center: center, zoom: configuration.zoom, location: configuration.location?.point,
            pins: try? pins.get(), lastView: configuration.lastView, screen: screen,
            ascii: configuration.ascii || !utf8)
        state.places.filter = configuration.filter
        state.location = LocationState(source: locationSource, centresOnFirstFix: center == nil)
        state.places.live = places.live.map { LivePlacesState(name: $0.name) }
        state.places.alertsOnFailure = !places.quietFailures
        state.places.storedOnly = places.storedName
        state.placesCredit = places.credits
        state.layers = layers.state
        if center == nil { state.fitLayers() }
        let describe = Self.describer(gazetteer)
        switch purpose {
        case .interactive:
            var pinsProblem: (any Error)?
            if case .failure(let problem) = pins { pinsProblem = problem }
            state.alert = StartupState.alert(location: configuration.location, pinsProblem: pinsProblem)
            if let note = layers.notes.first { state.notice = note }
            if state.notice == nil {
                state.notice = configuration.settings.unknownKeysNote(file: configuration.settingsURL)
            }
            if state.alert == nil, let notice = places.notice {
                state.alert = Alert("About the places database", detail: notice)
            }
            let search = MapSearch(store: places.source as? any SearchSource, resources: resources, geocoder: gazetteer)
            let router = configuration.router
            state.routerCredit = router.credit
            return MapSession(
                state: state, source: places.source, live: places.live,
                router: router.finder ?? NoRouter(why: router.whyNone ?? "none set up"), pinStore: pinFile,
                describe: describe, search: search, composition: composition,
                startTrack: {
                    try TrackFile.start(directory: TrackFolder.defaultDirectory(), now: Date().timeIntervalSince1970)
                },
                wake: wake)
        case .oneFrame:
            if let id = layers.streamLayer {
                LayerStream.readAll(fd: STDIN_FILENO, into: id, &state)
                if center == nil { state.fitLayers() }
            }
            if case .failure(let problem) = pins { Diagnostics.say("pins not shown: \(problem)") }
            return MapSession(
                state: state, source: places.source, live: places.live, describe: describe, composition: composition)
        }
    }

    /// Where the user's position comes from, as the state names it.
    var locationSource: LocationState.Source {
        if let endpoint = configuration.location?.gpsd { return .gpsd(endpoint.description) }
        return configuration.location?.point == nil ? .none : .fixed
    }

    /// The gpsd the interactive map reads, and whether it is only tried (nothing was asked for: a gpsd on
    /// this machine is used when one answers, and nothing is said when none does); nil for a fixed point.
    var gpsd: (endpoint: GPSDEndpoint, optional: Bool)? {
        guard let location = configuration.location else { return (.local, true) }
        return location.gpsd.map { ($0, false) }
    }

    /// Describes the pins' positions with `geocoder` (loaded on first use, or already by the search).
    private static func describer(_ geocoder: ReverseGeocoder.Lazy) -> @Sendable (LatLon) -> String {
        { geocoder.describe($0)?.label ?? "place names unavailable" }
    }
}
