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

    init(
        state: MapState, source: any PlaceSource, pinStore: (any PinStore)? = nil,
        describe: (@Sendable (LatLon) -> String)? = nil, composition: MapComposition
    ) {
        self.state = state
        runtime = MapRuntime(source: source, pinStore: pinStore, describe: describe)
        frames = FrameRenderer(composition: composition)
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

    func frame() -> CellGrid { frames.frame(for: state) }
}
