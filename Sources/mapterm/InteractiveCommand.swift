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
    static let spec = CommandSpec(
        name: nil,
        items: [
            .optional(OptionTable.center), .optional(OptionTable.zoom), .repeated(OptionTable.tiles),
            .optional(OptionTable.ascii), .optional(OptionTable.source), .optional(OptionTable.apiBase),
            .optional(OptionTable.location),
        ] + LayerOptions.usage + [FilterOptions.mapGroup])

    static func run(_ args: ArgumentList) throws {
        let environment = ProcessInfo.processInfo.environment
        let configuration = try MapConfiguration(args, environment: environment, settings: try UserConfig.load())
        let setup = try MapSetup(configuration, purpose: .interactive)
        let screen = try TerminalScreen.open(colorMode: nil, keysFromTTY: setup.stream != nil)
        let size = screen.size
        let session = setup.session(screen: Viewport(cols: size.cols, rows: size.rows), utf8: screen.isUTF8)
        setup.stream?.start()
        runLoop(session, screen: screen, stream: setup.stream)
        screen.close()
        configuration.lastView.save(session.state.camera)
        if TerminalRestorer.interruptRequested { exit(128 + TerminalRestorer.interruptSignal) }
    }

    /// Draw, wait for input or finished work, reduce it all, draw again; until quit or a signal.
    static func runLoop(_ session: MapSession, screen: TerminalScreen, stream: LayerStream? = nil) {
        session.send(.appeared)
        var lastTick = DispatchTime.now().uptimeNanoseconds
        var needsDraw = true
        while !TerminalRestorer.interruptRequested {
            if needsDraw { screen.draw(session.frame()) }
            let before = session.state
            // Finished work that is already waiting is taken without sleeping; while a fetch runs the
            // loop looks again every 10 ms, otherwise it sleeps until the next timer (at most 100 ms).
            let runtime = session.runtime
            let waitMs =
                runtime.hasPendingActions
                ? 0
                : runtime.isFetching || session.isLoadingTiles
                    ? 10 : Int32(min(100, (runtime.secondsUntilNextTimer ?? 1) * 1000))
            let streamWait = stream?.isOpen == true ? Int32(1000 / LayerStream.maximumRate) : waitMs
            let events = screen.readEvents(timeoutMilliseconds: min(waitMs, streamWait))
            for event in events {
                guard let action = action(for: event) else { continue }
                if !session.send(action) { return }
            }
            session.runtime.watchPins()
            _ = session.absorbRuntimeActions()
            let now = DispatchTime.now().uptimeNanoseconds
            if let arrived = stream?.take(now: Double(now) / 1e9) { session.send(.layers(arrived)) }
            if session.state.places.isLoading, now - lastTick > 100_000_000 {
                session.send(.tick)
                lastTick = now
            }
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
