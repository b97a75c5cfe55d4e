import Foundation
import GeoCore
import MapFeature
import Render
import Terminal

/// `mapterm [options]`: the full-screen map. Reads input, reduces it to a new state, draws one frame
/// per batch of input (a burst of queued keys costs one redraw), and always restores the terminal.
enum InteractiveCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentList(arguments, options: ["center", "zoom", "tiles"], switches: ["ascii"])
        let options = try MapOptions(args)
        let composition = try MapComposition(resources: try ResourceLocator.locate(), tilesPath: options.tilesPath)
        TerminalRestorer.installSignalHandlers()
        let screen = try TerminalScreen.open(colorMode: nil)
        defer { screen.close() }
        var state = initialState(options, size: screen.size, utf8: screen.isUTF8)
        let frames = FrameRenderer(composition: composition)
        var needsDraw = true
        while !TerminalRestorer.interruptRequested {
            if needsDraw { screen.draw(frames.frame(for: state)) }
            let events = screen.readEvents(timeoutMilliseconds: 100)
            needsDraw = false
            for event in events {
                guard let action = action(for: event) else { continue }
                let before = state
                if MapReducer.reduce(&state, action).contains(.quit) { return }
                needsDraw = needsDraw || state != before
            }
        }
    }

    static func initialState(_ options: MapOptions, size: (cols: Int, rows: Int), utf8: Bool) -> MapState {
        let screen = Viewport(cols: size.cols, rows: size.rows)
        let zoom = options.zoom ?? Camera.zoomToFill(dotsWide: screen.dotsWide)
        let center = options.center ?? MapReducer.worldCenter
        return MapState(camera: Camera(center: center, zoom: zoom), screen: screen, ascii: options.ascii || !utf8)
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
