import GeoCore
import Layers
import TextSafety

/// What happens to the layers from outside the keys: a stream's arrivals and its end.
public enum LayerAction: Sendable {
    /// Features (and skipped lines) a stream sent since the last frame, in order.
    case streamed(layer: Int, features: [LayerFeature], problems: [LayerProblem])
    /// The stream closed (with a reason when reading failed); what it sent stays on the map.
    case streamEnded(layer: Int, reason: String?)
}

/// The layers half of the reducer: stream arrivals, showing and hiding, fitting into view.
enum LayersReducer {
    static func reduce(_ action: LayerAction, _ state: inout MapState) -> [MapEffect] {
        switch action {
        case .streamed(let id, let features, let problems):
            guard let i = state.layers.index(of: id) else { return [] }
            state.layers.layers[i].content.add(features)
            state.layers.layers[i].problemCount += problems.count
            if let problem = problems.last {
                state.notice = TextSanitizer.clean("\(state.layers.layers[i].name) \(problem)", maxLength: 200)
            }
            dropStaleSelection(&state)
        case .streamEnded(let id, let reason):
            guard let i = state.layers.index(of: id) else { return [] }
            state.layers.layers[i].streamEnded = true
            let name = state.layers.layers[i].name
            state.notice = TextSanitizer.clean(reason.map { "\(name): \($0)" } ?? "\(name) ended", maxLength: 200)
        }
        return []
    }

    /// Shows or hides the layer at `index`; hiding it drops a selection in it.
    static func toggle(at index: Int, _ state: inout MapState) {
        guard state.layers.layers.indices.contains(index) else { return }
        state.layers.layers[index].visible.toggle()
        if !state.layers.layers[index].visible, state.selection?.layerPick?.layer == state.layers.layers[index].id {
            state.selection = nil
            state.detailOpen = false
        }
    }

    /// Moves the camera to show the whole layer at `index` (shown, if it was hidden).
    static func fit(at index: Int, _ state: inout MapState) {
        guard state.layers.layers.indices.contains(index) else { return }
        state.layers.layers[index].visible = true
        let positions = state.layers.layers[index].content.allPositions
        guard let camera = CameraFit.camera(showing: positions, in: state.mapViewport) else {
            state.notice = "\(state.layers.layers[index].name) has nothing to show yet"
            return
        }
        state.camera = camera
    }

    /// A selected feature that a stream removed is no longer selected.
    static func dropStaleSelection(_ state: inout MapState) {
        guard let pick = state.selection?.layerPick, pick.slot != nil else { return }
        if LayerSelection.coordinate(pick, state) == nil {
            state.selection = nil
            state.detailOpen = false
        }
    }
}

extension MapState {
    /// Moves the camera to show every shown layer with a margin (what the map does at the start when
    /// layers are given and `--center` did not say where to look); nothing when no layer has anything
    /// to show yet (a stream still to come).
    public mutating func fitLayers() {
        let positions = layers.layers.filter(\.visible).flatMap(\.content.allPositions)
        if let fitted = CameraFit.camera(showing: positions, in: mapViewport) { camera = fitted }
    }
}
