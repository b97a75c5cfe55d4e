import Blocking
import Foundation
import GeoCore
import MapFeature
import Network
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
        summary: "Opens the map full screen: pan, zoom, search, pins and routes; press ? in it for the keys.",
        items: [
            .optional(OptionTable.center), .optional(OptionTable.zoom), .repeated(OptionTable.tiles),
            .optional(OptionTable.offline), .optional(OptionTable.ascii), .optional(OptionTable.source),
            .optional(OptionTable.apiBase),
            .optional(OptionTable.location), .optional(OptionTable.router),
        ] + LayerOptions.usage + [FilterOptions.mapGroup])

    static func run(_ args: ArgumentList) throws {
        let environment = ProcessInfo.processInfo.environment
        let configuration = try MapConfiguration(
            args, environment: environment,
            settings: try UserConfig.load(from: UserConfig.defaultURL(environment: environment), warn: false))
        let setup = try MapSetup(configuration, purpose: .interactive)
        let screen = try TerminalScreen.open(colorMode: nil, keysFromTTY: setup.stream != nil)
        let size = screen.size
        let session = setup.session(
            screen: Viewport(cols: size.cols, rows: size.rows), utf8: screen.isUTF8, wake: screen.wake)
        let runtime = session.runtime
        if let stream = setup.stream, let layer = setup.layers.streamLayer {
            stream.start(layer: layer, inbox: runtime.inbox)
        }
        let watcher = FileWatcher(url: setup.pinFile.url) { runtime.pinsMayHaveChanged() }
        let gpsd = setup.gpsd.map { wanted in
            let client = GPSDClient(endpoint: wanted.endpoint)
            client.start(optional: wanted.optional) { runtime.located($0) }
            return client
        }
        withExtendedLifetime(watcher) { runLoop(session, screen: screen) }
        gpsd?.stop()
        // The points still on their way to the track file are written before the program ends.
        BlockingBridge.run { await runtime.waitForTrack() }
        screen.close()
        configuration.lastView.save(session.state.camera)
        if TerminalRestorer.interruptRequested {
            TerminalRestorer.exitNow(status: 128 + TerminalRestorer.interruptSignal)
        }
    }

    /// Draw, wait for input or for the inbox (the screen wakes when an action is posted) or the next
    /// timer, reduce it all, draw again; until quit or a signal. A frame whose view's tiles were just
    /// asked for waits for them up to `tileWaitMilliseconds` (their answer wakes the loop), so a pan
    /// is drawn once, whole, instead of once without its new edge and again with it.
    static func runLoop(_ session: MapSession, screen: TerminalScreen) {
        session.send(.appeared)
        var needsDraw = true
        var heldSince: UInt64?
        while !TerminalRestorer.interruptRequested {
            let now = DispatchTime.now().uptimeNanoseconds
            var waitMs = Int32(min(1, session.runtime.secondsUntilNextTimer ?? 1) * 1000)
            if needsDraw {
                let held = heldSince.map { (now - $0) / 1_000_000 } ?? 0
                if session.awaitsTiles && held < tileWaitMilliseconds {
                    heldSince = heldSince ?? now
                    waitMs = min(waitMs, Int32(tileWaitMilliseconds - held))
                } else {
                    screen.draw(session.frame())
                    needsDraw = false
                    heldSince = nil
                }
            }
            if session.runtime.hasPendingActions { waitMs = 0 }
            let before = session.state
            for event in screen.readEvents(timeoutMilliseconds: waitMs) {
                guard let action = action(for: event) else { continue }
                if !session.send(action) { return }
            }
            _ = session.absorbRuntimeActions()
            needsDraw = needsDraw || session.state != before
        }
    }

    /// Longest a frame waits for the tiles of its view, milliseconds.
    static let tileWaitMilliseconds: UInt64 = 10

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
