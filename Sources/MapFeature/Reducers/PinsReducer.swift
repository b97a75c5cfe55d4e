import GeoCore
import Places

/// Pins, the yes/no prompts that guard them, fitting, the user location and the way there.
enum PinsReducer {
    static let tooManyPins = "You already have \(Pin.maximumCount) pins."
    static let noLocation = "Your location is unknown."
    static let locationHint = "Start mapterm with --location LAT,LON or set MAPTERM_LOCATION."

    /// Answers the prompt with the key; any key other than y closes it.
    static func answer(_ prompt: Prompt, key: Key, _ state: inout MapState) -> [MapEffect] {
        state.focus = .map
        guard key == .character("y") || key == .character("Y") else { return [] }
        let change: PinChange
        switch prompt {
        case .dropPin(let point):
            guard let pin = state.pins.add(at: point) else {
                state.alert = Alert(tooManyPins, detail: "Remove one first: select it with Tab and press x.")
                return []
            }
            change = .add(pin.coordinate, id: pin.id)
        case .removePin(let number):
            guard let pin = state.pins.pins.first(where: { $0.number == number }) else { return [] }
            state.pins.remove(number: number)
            change = .remove(id: pin.id)
        }
        dropStaleSelection(&state)
        // Shown at once; saved, after the changes before it, as a change to what is saved.
        return state.pins.queue(change) ? [.changePins(change)] : []
    }

    /// The saved pins arrived: they replace the shown ones, with the unsaved changes on top (the camera
    /// stays: fitting is what `f` is for).
    static func reloaded(_ pins: [Pin], _ state: inout MapState) {
        state.pins.show(saved: pins)
        dropStaleSelection(&state)
    }

    /// The first unsaved change was saved: the pins as saved replace the shown ones; the next goes.
    static func saved(_ pins: [Pin], _ state: inout MapState) -> [MapEffect] {
        let next = state.pins.finishFirst(saved: pins)
        dropStaleSelection(&state)
        return next.map { [.changePins($0)] } ?? []
    }

    /// Another process holds the pins' lock: try again after a wait that doubles from 0.05 s up to 1 s.
    static func busy(_ state: inout MapState) -> [MapEffect] {
        let count = state.pins.noteBusy()
        return [.retryPins(afterSeconds: retryDelay(afterBusy: count))]
    }

    /// Seconds to wait after the lock was found busy `count` times in a row: 0.05, 0.1, 0.2, … 1.
    static func retryDelay(afterBusy count: Int) -> Double {
        min(1, 0.05 * Double(1 << min(max(count - 1, 0), 5)))
    }

    /// Saving failed: the change is dropped (the saved pins come back); said once in a box, then in the
    /// status bar only. The next unsaved change goes.
    static func saveFailed(_ reason: String, _ state: inout MapState) -> [MapEffect] {
        if state.pins.saveProblem == nil {
            state.alert = Alert("Your pins cannot be saved.", detail: reason)
        } else {
            state.notice = "pins not saved: " + reason
        }
        state.pins.saveProblem = reason
        return state.pins.finishFirst(saved: nil).map { [.changePins($0)] } ?? []
    }

    /// Clears a selection of a pin or centre that no longer exists.
    static func dropStaleSelection(_ state: inout MapState) {
        guard let selection = state.selection else { return }
        switch selection {
        case .pin, .midpoint, .meetingPoint:
            if !selection.isAvailable(in: state) {
                state.selection = nil
                state.detailOpen = false
            }
        case .place, .cluster, .found, .layerFeature:
            break
        }
    }

    static func askToDrop(_ state: inout MapState) {
        guard state.pins.nextNumber != nil else {
            state.alert = Alert(tooManyPins, detail: "Remove one first: select it with Tab and press x.")
            return
        }
        state.focus = .prompt(.dropPin(state.camera.center))
    }

    static func askToRemove(_ state: inout MapState) {
        if case .pin(let number) = state.selection { state.focus = .prompt(.removePin(number)) }
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
}
