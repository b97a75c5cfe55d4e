import Foundation
import GeoCore
import MapFeature
import Places
import Render
import Storage
import Terminal
import TileSources

/// `mapterm [options]`: the full-screen map. Reads input, reduces it to a new state, draws one frame
/// per batch of input (a burst of queued keys costs one redraw), and always restores the terminal.
enum InteractiveCommand {
    static let options = Set(["center", "zoom", "tiles", "source", "api-base", "location", "hide"])
        .union(LayerOptions.names)

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentList(arguments, options: options, switches: FilterOptions.switches.union(["ascii"]))
        let filter = try FilterOptions.filter(args, kindOption: "hide")
        let options = try MapOptions(args)
        let resources = try ResourceLocator.locate()
        let config = try UserConfig.load()
        let layers = try LayerOptions(args, config: config).load()
        let stream = try layers.streamLayer.map { ($0, try LayerStream.forStdin()) }
        let composition = try MapComposition(
            resources: resources, tiles: options.tiles, config: config,
            cacheDirectory: UserConfig.tileCacheURL())
        let opened = try PlaceSources.make(
            args["source"] ?? "embedded", resources: { resources }, apiBase: args["api-base"])
        let pinFile = PinFile(url: PinFile.defaultURL())
        let lastView = LastViewFile.defaultFile()
        let screen = try TerminalScreen.open(colorMode: nil, keysFromTTY: stream != nil)
        let size = screen.size
        var state = StartupState.make(
            options: options, locationText: args["location"] ?? ProcessInfo.processInfo.environment["MAPTERM_LOCATION"],
            pins: pinFile, lastView: lastView, screen: Viewport(cols: size.cols, rows: size.rows), utf8: screen.isUTF8)
        state.places.filter = filter
        state.layers = layers.state
        if let note = layers.notes.first { state.notice = note }
        if state.alert == nil, let notice = opened.notice {
            state.alert = Alert("About the places database", detail: notice)
        }
        // One gazetteer for the search and the pins' descriptions, loaded once by whichever asks first.
        let gazetteer = ReverseGeocoder.Lazy(directory: resources.file("gazetteer"))
        let search = MapSearch(store: opened.source as? PlaceStore, resources: resources, geocoder: gazetteer)
        let session = MapSession(
            state: state, source: opened.source, pinStore: pinFile, describe: RenderCommand.describer(gazetteer),
            search: search, composition: composition, wake: screen.wake)
        if let (layer, stream) = stream { stream.start(layer: layer, inbox: session.runtime.inbox) }
        let runtime = session.runtime
        let watcher = FileWatcher(url: pinFile.url) { runtime.pinsMayHaveChanged() }
        withExtendedLifetime(watcher) { runLoop(session, screen: screen) }
        screen.close()
        lastView.save(session.state.camera)
        if TerminalRestorer.interruptRequested { exit(128 + TerminalRestorer.interruptSignal) }
    }

    /// Draw, wait for input or for the inbox (the screen wakes when an action is posted) or the next
    /// timer, reduce it all, draw again; until quit or a signal.
    static func runLoop(_ session: MapSession, screen: TerminalScreen) {
        session.send(.appeared)
        var needsDraw = true
        while !TerminalRestorer.interruptRequested {
            if needsDraw { screen.draw(session.frame()) }
            let before = session.state
            let runtime = session.runtime
            let waitMs = runtime.hasPendingActions ? 0 : Int32(min(1, runtime.secondsUntilNextTimer ?? 1) * 1000)
            for event in screen.readEvents(timeoutMilliseconds: waitMs) {
                guard let action = action(for: event) else { continue }
                if !session.send(action) { return }
            }
            _ = session.absorbRuntimeActions()
            needsDraw = session.state != before
        }
    }

    /// Translates a terminal event into a map action.
    static func action(for event: TerminalEvent) -> MapAction? {
        switch event {
        case .resize(let cols, let rows): return .resize(cols: cols, rows: rows)
        case .mouse(let mouse): return .mouse(MouseEvent(col: mouse.col, row: mouse.row, kind: kind(mouse.kind)))
        case .key(let key): return key.mapKey.map(MapAction.key)
        }
    }

    static func kind(_ kind: MouseInput.Kind) -> MouseEvent.Kind {
        switch kind {
        case .press: return .press
        case .release: return .release
        case .drag: return .drag
        case .click: return .click
        case .wheelUp: return .wheelUp
        case .wheelDown: return .wheelDown
        }
    }
}

extension TerminalKey {
    /// The map's name for this key, or nil for keys the map ignores.
    var mapKey: Key? {
        switch self {
        case .character(let c): return .character(c)
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .enter: return .enter
        case .escape: return .escape
        case .tab: return .tab
        case .backTab: return .backTab
        case .backspace: return .backspace
        case .delete: return .delete
        case .home: return .home
        case .end: return .end
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .function: return nil
        }
    }
}
