import GeoCore
import Places
import TextSafety

/// Pins, the yes/no prompts that guard them, fitting, the user location and the way there.
enum PinsReducer {
    static let tooManyPins = "You already have \(Pin.maximumCount) pins."
    static let noLocation = "Your location is unknown."
    static let locationHint = "Start mapterm with --location LAT,LON or set MAPTERM_LOCATION."

    /// Answers the prompt with the key: at "(Y/n)", y or Enter is yes and any other key no; where a
    /// name is typed, Enter confirms, Esc cancels, Backspace deletes and printable characters type.
    static func answer(_ prompt: Prompt, key: Key, _ state: inout MapState) -> [MapEffect] {
        if let typed = prompt.typedName {
            switch key {
            case .enter: break
            case .escape:
                state.focus = .map
                return []
            case .backspace:
                state.focus = .prompt(prompt.typing(String(typed.dropLast())))
                return []
            case .character(let c) where TextSanitizer.clean(String(c)) == String(c):
                if typed.count < Pin.nameLimit { state.focus = .prompt(prompt.typing(typed + String(c))) }
                return []
            default: return []
            }
        }
        state.focus = .map
        let change: PinChange
        switch prompt {
        case .dropPin(let point, let name):
            guard let pin = state.pins.add(at: point, name: name) else {
                state.alert = Alert(tooManyPins, detail: "Remove one first: select it with Tab and press x.")
                return []
            }
            change = .add(pin.coordinate, id: pin.id, name: pin.name)
        case .removePin(let number):
            guard key == .character("y") || key == .character("Y") || key == .enter else { return [] }
            guard let pin = state.pins.pin(number) else { return [] }
            state.pins.remove(number: number)
            change = .remove(id: pin.id)
        case .renamePin(let number, let name):
            guard let pin = state.pins.pin(number) else { return [] }
            let clean = Pin.cleanName(name)
            guard clean != pin.name else { return [] }
            state.pins.rename(id: pin.id, to: clean)
            change = .rename(id: pin.id, name: clean)
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

    /// Asks to remove the selected pin; says why not when what is selected is not a pin.
    static func askToRemove(_ state: inout MapState) {
        switch state.selection {
        case .pin(let number):
            state.focus = .prompt(.removePin(number))
        case nil:
            state.notice = "x removes a pin: select one first (Tab, or its number 1-9)"
        case .midpoint, .meetingPoint:
            state.notice = "the centres follow the pins: remove a pin to move them"
        case .place, .cluster, .found, .layerFeature:
            state.notice = "only pins can be removed (x): this is not one of your pins"
        }
    }

    /// Asks a new name for the selected pin (`e`); says why not when no pin is selected.
    static func askToRename(_ state: inout MapState) {
        guard case .pin(let number) = state.selection, let pin = state.pins.pin(number) else {
            state.notice = "e names a pin: select one first (Tab, or its number 1-9)"
            return
        }
        state.focus = .prompt(.renamePin(number, name: pin.name))
    }

    /// Centres on pin `number` and selects it (`1`…`9`); says which pins there are when it is missing.
    static func jump(to number: Int, _ state: inout MapState) -> [MapEffect] {
        guard let pin = state.pins.pin(number) else {
            let numbers = state.pins.pins.map { String($0.number) }
            state.notice =
                numbers.isEmpty
                ? "no pins yet: p drops one at the crosshair"
                : "no pin \(number) (pins: \(numbers.joined(separator: ", ")))"
            return []
        }
        state.camera = Camera(center: pin.coordinate, zoom: state.camera.zoom)
        state.selection = .pin(number)
        state.route = nil
        return state.detailOpen ? SelectionReducer.paneEffects(&state) : []
    }

    /// Shows every pin and centre marker with a margin; says so when there are no pins.
    static func fit(_ state: inout MapState) {
        let points = state.pins.allPoints
        guard let camera = CameraFit.camera(showing: points, in: state.mapViewport) else {
            state.notice = "no pins to fit: p drops one at the crosshair"
            return
        }
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
