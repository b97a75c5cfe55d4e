import Foundation
import GeoCore
import MapFeature
import Places
import Render

/// The running map: the state, the runtime that performs its effects, and how frames are drawn.
/// Used by the interactive loop and by `render` (which waits for the first places before drawing).
final class MapSession {
    private(set) var state: MapState
    let runtime: MapRuntime
    let frames: FrameRenderer
    private let tileNews: TileNews

    init(
        state: MapState, source: any PlaceSource, pinStore: (any PinStore)? = nil,
        describe: (@Sendable (LatLon) -> String)? = nil, search: MapSearch? = nil, composition: MapComposition
    ) {
        self.state = state
        var answer: SearchWorker.Answering?
        if let search { answer = { try await search.answer($0) } }
        runtime = MapRuntime(source: source, pinStore: pinStore, describe: describe, search: answer)
        frames = FrameRenderer(composition: composition)
        tileNews = TileNews(composition: composition, runtime: runtime)
        let news = tileNews
        composition.userSources.onChange = { news.report() }
        news.report()
    }

    /// Reduces one action and performs its effects; false when the map should quit.
    @discardableResult
    func send(_ action: MapAction) -> Bool {
        runtime.perform(MapReducer.reduce(&state, action))
    }

    /// Feeds the runtime's finished work back into the state; true when anything arrived.
    func absorbRuntimeActions() -> Bool {
        let actions = runtime.takeActions()
        for action in actions { send(action) }
        return !actions.isEmpty
    }

    /// Waits (blocking the caller) until everything started has come back and been reduced, including
    /// work that the results themselves started: for `render`, which draws one finished frame.
    func settle() {
        let runtime = self.runtime
        repeat {
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                await runtime.waitForAll()
                done.signal()
            }
            done.wait()
        } while absorbRuntimeActions()
    }

    /// Draws the frame for the current state and hands the tiles it lacked to their sources; what the
    /// tile sources then report comes back as `.tilesChanged`.
    func frame() -> CellGrid {
        let grid = frames.frame(for: state)
        tileNews.frameDrawn(camera: state.camera)
        return grid
    }

    /// True while remote tiles are on their way (the run loop then looks for news more often).
    var isLoadingTiles: Bool { frames.composition.userSources.loadingCount > 0 }
}

/// Turns what the tile sources report into `.tilesChanged` actions for the run loop, each only when
/// the status differs from the one last sent. Thread-safe: sources report from any thread.
final class TileNews: @unchecked Sendable {
    private let composition: MapComposition
    private let runtime: MapRuntime
    private let lock = NSLock()
    // Guarded by `lock`.
    private var noStreets = false
    private var sent: TileStatus?

    init(composition: MapComposition, runtime: MapRuntime) {
        self.composition = composition
        self.runtime = runtime
    }

    /// After a frame (main thread): hands its missing tiles to the sources and notes whether the view
    /// has streets.
    func frameDrawn(camera: Camera) {
        composition.afterFrame(camera: camera)
        let lacking = composition.lacksStreets(camera: camera)
        lock.withLock { noStreets = lacking }
        report()
    }

    /// Sends the sources' status when it changed.
    func report() {
        let sources = composition.userSources
        lock.withLock {
            let status = TileStatus(
                loading: sources.loadingCount, problem: sources.problem, noStreets: noStreets,
                arrivals: sources.arrivalCount, attribution: composition.attribution)
            guard status != sent else { return }
            sent = status
            runtime.post(.tilesChanged(status))
        }
    }
}
