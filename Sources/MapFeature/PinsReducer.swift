import GeoCore
import Places

/// Pins, the yes/no prompts that guard them, fitting, the user location and the way there.
enum PinsReducer {
    static let tooManyPins = "You already have \(Pin.maximumCount) pins."
    static let noLocation = "Your location is unknown."
    static let locationHint = "Start mapterm with --location LAT,LON or set MAPTERM_LOCATION."

    /// Answers the prompt with the key; any key other than y closes it.
    static func answer(_ prompt: Prompt, key: Key, _ state: inout MapState) -> [MapEffect] {
        state.prompt = nil
        guard key == .character("y") || key == .character("Y") else { return [] }
        switch prompt {
        case .dropPin(let point):
            guard state.pins.add(at: point) else {
                state.alert = Alert(tooManyPins, detail: "Remove one first: select it with Tab and press x.")
                return []
            }
        case .removePin(let number):
            state.pins.remove(number: number)
            if state.selection == .pin(number) {
                state.selection = nil
                state.detailOpen = false
            }
        }
        return pinsChanged(&state)
    }

    /// After an add or remove: save. The camera stays where it is (fitting is what `f` is for).
    static func pinsChanged(_ state: inout MapState) -> [MapEffect] {
        if state.selection == .midpoint || state.selection == .meetingPoint, state.pins.midpoint == nil {
            state.selection = nil
            state.detailOpen = false
        }
        return [.savePins(state.pins.pins)]
    }

    static func askToDrop(_ state: inout MapState) {
        guard state.pins.nextNumber != nil else {
            state.alert = Alert(tooManyPins, detail: "Remove one first: select it with Tab and press x.")
            return
        }
        state.prompt = .dropPin(state.camera.center)
    }

    static func askToRemove(_ state: inout MapState) {
        if case .pin(let number) = state.selection { state.prompt = .removePin(number) }
    }

    /// Shows every pin and centre marker (or the route's two ends) with a margin.
    static func fit(_ state: inout MapState) {
        let points = state.pins.allPoints
        guard let camera = CameraFit.camera(showing: points, in: state.mapViewport) else { return }
        state.camera = camera
    }

    static func recenter(_ state: inout MapState) {
        guard let location = state.userLocation else {
            state.alert = Alert(noLocation, detail: locationHint)
            return
        }
        state.camera = Camera(center: location, zoom: state.camera.zoom)
    }

    /// Draws the way from the user to the selection and fits both ends into view.
    static func route(_ state: inout MapState) {
        guard let location = state.userLocation else {
            state.alert = Alert(noLocation, detail: locationHint)
            return
        }
        guard let target = state.selection?.coordinate(state) else {
            state.alert = Alert("Select a place first.", detail: "Tab selects the nearest place; then press g.")
            return
        }
        state.route = Route(from: location, to: target)
        state.detailOpen = true
        if let camera = CameraFit.camera(showing: [location, target], in: state.mapViewport) { state.camera = camera }
    }
}
