import GeoCore

/// The pure state machine of the map screen: `reduce` applies one action and returns the effects
/// the runtime must perform. It never sleeps, reads files or talks to the network.
public enum MapReducer {
    /// Where `0` goes: the whole world, centred here.
    public static let worldCenter = LatLon(lat: 20, lon: 0)

    /// Seconds between two steps of the loading spinner.
    public static let spinnerSeconds = 0.1

    public static func reduce(_ state: inout MapState, _ action: MapAction) -> [MapEffect] {
        let wasLoading = state.places.isLoading
        var effects = apply(&state, action)
        // The spinner steps while places load: a tick starts it, each tick asks for the next.
        let ticked: Bool
        if case .tick = action { ticked = true } else { ticked = false }
        if state.places.isLoading, !wasLoading || ticked, !effects.contains(.quit) {
            effects.append(.tick(afterSeconds: spinnerSeconds))
        }
        return effects
    }

    /// Applies one action; the effects it asks for.
    static func apply(_ state: inout MapState, _ action: MapAction) -> [MapEffect] {
        let before = state
        var effects: [MapEffect]
        switch action {
        case .key(let key): effects = handle(key, &state)
        case .mouse(let event): effects = handle(event, &state)
        case .resize(let cols, let rows):
            state.screen = Viewport(cols: cols, rows: rows)
            state.dragAnchor = nil
            effects = []
        case .select(let selection):
            state.selection = selection
            if selection == nil { state.detailOpen = false }
            return []
        case .openPane:
            guard state.selection != nil else { return [] }
            state.detailOpen = true
            effects = SelectionReducer.paneEffects(&state)
        case .pinDescribed(let number, let label):
            if state.pins.pins.contains(where: { $0.number == number }) { state.pins.labels[number] = label }
            return []
        case .pinsSaveFailed(let reason):
            return PinsReducer.saveFailed(reason, &state)
        case .pinsSaved(let pins):
            return PinsReducer.saved(pins, &state)
        case .pinsBusy:
            return PinsReducer.busy(&state)
        case .pinsRetryDue:
            return state.pins.unsaved.first.map { [.changePins($0)] } ?? []
        case .pinsReloaded(let pins):
            PinsReducer.reloaded(pins, &state)
            return []
        case .tilesLoaded(let snapshot, let status):
            // An answer for an older view still beats fewer tiles: its tiles are drawn where they are.
            if snapshot.version > state.tileSnapshot.version { state.tileSnapshot = snapshot }
            state.tiles = status
            return []
        case .searchAnswered(let generation, let answer):
            effects = SearchReducer.answered(generation, answer, &state)
        case .layers(let action):
            return LayersReducer.reduce(action, &state)
        case .appeared:
            return PlacesReducer.appeared(&state) + LiveReducer.ask(&state) + [.loadTiles(tileRequest(state))]
        case .settled(let generation):
            guard generation == state.places.generation else { return [] }
            return PlacesReducer.settled(generation, &state) + LiveReducer.ask(&state)
        case .liveAnswered(let request, let outcome):
            return LiveReducer.answered(request, outcome, &state)
        case .liveRetryDue(let attempt):
            return LiveReducer.retryDue(attempt, &state)
        case .markersLoaded(let request, let batch):
            return PlacesReducer.loaded(request, batch, &state)
        case .markersFailed(let request, let reason):
            return PlacesReducer.failed(request, reason: reason, &state)
        case .retryDue(let attempt):
            return PlacesReducer.retryDue(attempt, &state)
        case .detailsLoaded(let place, let time):
            PlacesReducer.detailsLoaded(place, at: time, &state)
            return []
        case .tilePlacesArrived:
            return PlacesReducer.sourceChanged(&state)
        case .routeAnswered(let request, let outcome):
            effects = RouteReducer.answered(request, outcome, &state)
        case .locationChanged(let location):
            effects = RouteReducer.located(location, &state)
        case .gps(let event, let at):
            effects = LocationReducer.reduce(event, at: at, &state)
        case .locationAged(let report, let seconds):
            return LocationReducer.aged(report: report, seconds: seconds, &state)
        case .trackStarted(let name):
            LocationReducer.trackStarted(name, &state)
            return []
        case .trackFailed(let reason):
            return LocationReducer.trackFailed(reason, &state)
        case .leadersLoaded(let key, let leaders):
            PlacesReducer.leadersLoaded(key, leaders, &state)
            return []
        case .tick:
            if state.places.isLoading { state.places.spinnerPhase += 1 }
            return []
        }
        if effects.contains(.quit) { return effects }
        // A key or click that moved the map (other than the one that started following) ends following.
        let startedFollowing = state.location.following && !before.location.following
        if action.isInput, !startedFollowing, centreMoved(from: before.camera, to: state.camera) {
            LocationReducer.userMoved(&state)
        }
        if state.selection != before.selection || !state.detailOpen { state.paneScroll = 0 }
        if state.detailOpen, !before.detailOpen || state.selection != before.selection || state.screen != before.screen
        {
            PaneClearance.keepBesidePane(&state)
        }
        let moved = PlacesReducer.regionChanged(from: before, to: &state)
        return moved.isEmpty ? effects : effects + moved + [.loadTiles(tileRequest(state))]
    }

    /// True when the view's centre moved by a dot or more (a zoom that keeps the centre moves it by a
    /// rounding error only).
    static func centreMoved(from a: Camera, to b: Camera) -> Bool {
        let (p, q) = (a.centerWorld, b.centerWorld)
        return max(abs(p.x - q.x), abs(p.y - q.y)) * max(a.worldDots, b.worldDots) >= 1
    }

    /// The tiles of the view, under the generation of its places request.
    static func tileRequest(_ state: MapState) -> TileRequest {
        TileRequest(generation: state.places.generation, camera: state.camera, viewport: state.mapViewport)
    }

    // MARK: Keys

    /// The keys that only close an alert; any other key closes it and still goes to the focus.
    static let alertClosingKeys: Set<Key> = [.enter, .escape, .character(" "), .character("q")]

    /// Keys go first to an alert (closed by any key; a key other than q, Esc, Enter and Space still
    /// acts), then to the focus: the map's key bindings, the help (scrolled or closed), a panel, the
    /// search line or a prompt.
    static func handle(_ key: Key, _ state: inout MapState) -> [MapEffect] {
        state.notice = nil
        if state.alert != nil {
            state.alert = nil
            if alertClosingKeys.contains(key) { return [] }
        }
        switch state.focus {
        case .map:
            return KeyBindings.command(for: key).map { perform($0, &state) } ?? []
        case .help(let top): return HelpOverlay.handle(key, top: top, &state)
        case .filters: return FilterPanel.handle(key, &state)
        case .layers: return LayerListPanel.handle(key, &state)
        case .search(let search): return SearchReducer.handle(key, search, &state)
        case .prompt(let prompt): return PinsReducer.answer(prompt, key: key, &state)
        }
    }

    static func perform(_ command: Command, _ state: inout MapState) -> [MapEffect] {
        let view = state.mapViewport
        // A quarter screen in whole cells, so a pan moves the picture by exact cells.
        let stepX = Double(max(view.cols / 4, 1) * Viewport.dotsPerColumn)
        let stepY = Double(max(view.rows / 4, 1) * Viewport.dotsPerRow)
        switch command {
        case .panLeft: state.camera = state.camera.panned(dx: -stepX, dy: 0)
        case .panRight: state.camera = state.camera.panned(dx: stepX, dy: 0)
        case .panUp: state.camera = state.camera.panned(dx: 0, dy: -stepY)
        case .panDown: state.camera = state.camera.panned(dx: 0, dy: stepY)
        case .zoomIn: state.camera = state.camera.zoomed(to: nextZoom(state.camera.zoom, up: true))
        case .zoomOut: state.camera = state.camera.zoomed(to: nextZoom(state.camera.zoom, up: false))
        case .wholeWorld:
            state.camera = Camera(center: worldCenter, zoom: Camera.zoomToFill(dotsWide: view.dotsWide))
        case .toggleAscii: state.ascii.toggle()
        case .help: state.focus = .help(top: 0)
        case .filters: state.focus = .filters
        case .layers: state.focus = .layers
        case .follow: LocationReducer.toggleFollow(&state)
        case .track: return LocationReducer.toggleTrack(&state)
        case .attribution: state.alert = attribution(state)
        case .quit:
            if state.detailOpen {
                state.detailOpen = false
            } else if !state.pins.unsaved.isEmpty && !state.pins.quitWarned {
                // Pin changes still wait for another map's lock: quitting now would lose them.
                state.pins.quitWarned = true
                state.notice = PinsState.unsavedQuitNote
            } else {
                return [.quit]
            }
        case .dismiss:
            if state.detailOpen {
                state.detailOpen = false
            } else if state.route != nil {
                state.route = nil
            } else if state.selection != nil {
                state.selection = nil
            } else if let search = state.lastSearch {
                state.lastSearch = nil
                state.notice = "n and N select markers again (not the results of '\(search.text)')"
            } else {
                state.notice = "q quits"
            }
        case .refresh:
            if let stored = state.places.storedOnly, state.places.live == nil {
                state.notice = "nothing to refresh: the places are read from \(stored), nothing online"
                return []
            }
            state.places.generation += 1
            state.places.live?.backoff.waiting = false
            return PlacesReducer.fetchIfNeeded(&state, force: true) + LiveReducer.ask(&state, again: true)
        case .nextPlace: return SelectionReducer.cycle(&state, forward: true)
        case .previousPlace: return SelectionReducer.cycle(&state, forward: false)
        case .search: return SearchReducer.open(&state)
        case .nextResult, .previousResult:
            let forward = command == .nextResult
            if state.lastSearch != nil { return SearchReducer.step(forward: forward, &state) }
            return SelectionReducer.cycle(&state, forward: forward)
        case .openDetail: return SelectionReducer.openDetail(&state)
        case .dropPin: PinsReducer.askToDrop(&state)
        case .removePin: PinsReducer.askToRemove(&state)
        case .renamePin: PinsReducer.askToRename(&state)
        case .jumpToPin(let number): return PinsReducer.jump(to: number, &state)
        case .fit: PinsReducer.fit(&state)
        case .recenter: PinsReducer.recenter(&state)
        case .route: return RouteReducer.ask(&state)
        case .switchProfile: return RouteReducer.switchProfile(&state)
        case .scrollPaneUp, .scrollPaneDown:
            guard state.detailOpen, state.selection != nil else {
                state.notice = "PgUp and PgDn scroll an open pane"
                return []
            }
            // A page less the two lines that say more lies above and below.
            let page = max(1, DetailPane.bodyRows(state) - 2)
            let most = DetailPane.maxScroll(state)
            let next = min(state.paneScroll, most) + (command == .scrollPaneDown ? page : -page)
            state.paneScroll = min(max(0, next), most)
        }
        return []
    }

    /// The box `i` opens: the whole attribution of each tile source drawn in view, then where the places
    /// come from (what is not drawn here is not named).
    static func attribution(_ state: MapState) -> Alert {
        let tiles = state.tiles.inView
        var lines = tiles.isEmpty ? ["Map: nothing credited is drawn in this view."] : tiles.map { "Map: " + $0 }
        lines += state.placesCredit
        if !state.routerCredit.isEmpty && state.route != nil { lines.append(state.routerCredit) }
        return Alert("Where this map comes from", lines: lines)
    }

    /// The next whole zoom step up or down from `zoom` (a fractional zoom snaps to a whole one).
    static func nextZoom(_ zoom: Double, up: Bool) -> Double {
        let epsilon = 1e-9
        return up ? (zoom + epsilon).rounded(.down) + 1 : (zoom - epsilon).rounded(.up) - 1
    }

    // MARK: Mouse

    static func handle(_ event: MouseEvent, _ state: inout MapState) -> [MapEffect] {
        let view = state.mapViewport
        guard event.row < view.rows || event.kind == .release else { return [] }
        switch event.kind {
        case .press:
            state.dragAnchor = MouseAnchor(col: event.col, row: event.row)
            state.dragged = false
        case .drag:
            if let anchor = state.dragAnchor, anchor.col != event.col || anchor.row != event.row {
                let dx = Double((anchor.col - event.col) * Viewport.dotsPerColumn)
                let dy = Double((anchor.row - event.row) * Viewport.dotsPerRow)
                state.camera = state.camera.panned(dx: dx, dy: dy)
                state.dragged = true
            }
            state.dragAnchor = MouseAnchor(col: event.col, row: event.row)
        case .release:
            var effects: [MapEffect] = []
            if state.dragAnchor != nil, !state.dragged {
                effects = SelectionReducer.select(col: event.col, row: event.row, &state)
            }
            state.dragAnchor = nil
            state.dragged = false
            return effects
        case .click:
            state.dragAnchor = nil
            return SelectionReducer.select(col: event.col, row: event.row, &state)
        case .wheelUp, .wheelDown:
            let ox = (Double(event.col) + 0.5) * Double(Viewport.dotsPerColumn) - Double(view.dotsWide) / 2
            let oy = (Double(event.row) + 0.5) * Double(Viewport.dotsPerRow) - Double(view.dotsHigh) / 2
            state.camera = state.camera.zoomed(by: event.kind == .wheelUp ? 1 : -1, anchorDX: ox, anchorDY: oy)
        }
        return []
    }
}
