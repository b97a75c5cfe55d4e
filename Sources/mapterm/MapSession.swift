import Blocking
import Foundation
import GeoCore
import MapFeature
import Network
import Places
import Positioning
import Render
import Routing
import TileSources

/// The running map: the state, the runtime that performs its effects, and how frames are drawn.
/// Used by the interactive loop and by `render` (which waits for the first places before drawing).
final class MapSession {
    private(set) var state: MapState
    let runtime: MapRuntime
    let frames: FrameRenderer
    let tiles: TileWorker
    /// The places of the configured source and of the tiles read so far (`TilePlaceSource`).
    let places: TilePlaceCollector

    /// - Parameters:
    ///   - router: answers the way there (`g`); `NoRouter` when none may be asked.
    ///   - startTrack: makes a new track file for `T` (nil: tracks cannot be recorded).
    ///   - wake: called on any thread when an action is posted to the inbox (the run loop's wake-up).
    init(
        state: MapState, source: any PlaceSource, live: LivePlaceFeed? = nil,
        router: any RouteFinder = NoRouter(why: "none set up"), pinStore: (any PinStore)? = nil,
        describe: (@Sendable (LatLon) -> String)? = nil, search: MapSearch? = nil, composition: MapComposition,
        startTrack: (@Sendable () throws -> any TrackRecording)? = nil, wake: @escaping @Sendable () -> Void = {}
    ) {
        self.state = state
        var answer: SearchWorker.Answering?
        if let search { answer = { try await search.answer($0) } }
        let inbox = Inbox(wake: wake)
        let credits: @Sendable () -> TileCredits = {
            [loaders = composition.loaders, ids = composition.ids, services = composition.services] in
            MapComposition.credits(of: loaders.map(\.store), ids: ids, services: services)
        }
        // The Refuge API alone is not asked about every tile's toilets.
        let merged = TilePlaceSource(base: source, matchesBase: !(source is RefugeRestroomsClient))
        let places = TilePlaceCollector(source: merged) { inbox.post(.tilePlacesArrived) }
        self.places = places
        let builder = composition.makeBuilder()
        builder.tileDecoded = { [loaders = composition.loaders, ids = composition.ids] id, tile, vectorTile, schema in
            let maxZoom = ids.firstIndex(of: id).map { loaders[$0].maxZoom } ?? tile.z
            places.take(id, tile: tile, vectorTile, schema: schema, maxZoom: maxZoom)
        }
        let tiles = TileWorker(
            builder: builder, basemap: ShippedMap.basemap, sources: composition.userSources,
            credits: credits, inbox: inbox)
        self.tiles = tiles
        composition.userSources.onChange = { tiles.reload() }
        runtime = MapRuntime(
            source: places.source, live: live, router: router, pinStore: pinStore, describe: describe, search: answer,
            tiles: tiles, inbox: inbox, startTrack: startTrack)
        frames = FrameRenderer(composition: composition)
    }

    /// The generation of the newest tiles asked for.
    private var tilesAsked = 0

    /// Reduces one action and performs its effects; false when the map should quit.
    @discardableResult
    func send(_ action: MapAction) -> Bool {
        let effects = MapReducer.reduce(&state, action)
        for case .loadTiles(let request) in effects { tilesAsked = request.generation }
        return runtime.perform(effects)
    }

    /// True while the tiles of the view the state shows have been asked for and not answered yet.
    var awaitsTiles: Bool { state.tileSnapshot.generation < tilesAsked }

    /// Feeds the runtime's finished work back into the state; true when anything arrived.
    func absorbRuntimeActions() -> Bool {
        let actions = runtime.takeActions()
        for action in actions { send(action) }
        return !actions.isEmpty
    }

    /// Waits (blocking the caller) until everything started has come back and been reduced, including
    /// work that the results themselves started: for `render`, which draws one finished frame.
    func settle() {
        let (runtime, places) = (self.runtime, self.places)
        repeat {
            BlockingBridge.run {
                await runtime.waitForAll()
                await places.idle()
            }
        } while absorbRuntimeActions()
    }

    /// The frame for the current state: a pure function of it (the map from its tile snapshot).
    func frame() -> CellGrid { frames.frame(for: state) }
}
