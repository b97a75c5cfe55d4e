import Render
import TextSafety

/// The layer list (`L`): each layer's number, whether it is shown, its colour and name (the legend),
/// what it holds. Its number or Space on the highlighted line toggles a layer, ↑ ↓ move, Enter or `f`
/// fits the highlighted layer into view; Esc, `L` or `q` close.
struct LayerListPanel {
    let theme: FrameComposer.Theme

    static func handle(_ key: Key, _ state: inout MapState) -> [MapEffect] {
        let count = state.layers.layers.count
        switch key {
        case .escape, .character("L"), .character("q"):
            state.focus = .map
        case .up, .character("k"):
            state.layers.cursor = max(state.layers.cursor - 1, 0)
        case .down, .character("j"):
            state.layers.cursor = min(state.layers.cursor + 1, max(count - 1, 0))
        case .character(" "):
            LayersReducer.toggle(at: state.layers.cursor, &state)
        case .enter, .character("f"):
            LayersReducer.fit(at: state.layers.cursor, &state)
            state.focus = .map
        case .character(let c):
            if let n = c.wholeNumberValue, n >= 1, n <= count { LayersReducer.toggle(at: n - 1, &state) }
        case .left, .right, .tab, .backTab, .backspace, .delete, .pageUp, .pageDown, .home, .end:
            break
        }
        return []
    }

    func draw(_ state: MapState, into grid: inout CellGrid) {
        let layers = state.layers.layers
        let lines: [String]
        if layers.isEmpty {
            lines = ["No layers: add one with --layer FILE", "(GeoJSON, CSV, TSV, GPX; - for stdin)", "", "Esc closes"]
        } else {
            lines =
                layers.enumerated().map { i, layer in Self.line(layer, number: i + 1, state) }
                + ["", "1-9 or Space: show/hide · Enter: fit into view · Esc closes"]
        }
        let box = PaneBox(theme: theme, ascii: state.ascii).drawCentered(title: "Layers", lines: lines, into: &grid)
        for (i, layer) in layers.enumerated() where i < box.height - 2 {
            let row = box.row + 1 + i
            // The swatch after "N [x] ": in the layer's colour, and the highlighted line marked.
            let swatch = box.col + 2 + "\(i + 1) [x] ".count
            if grid.contains(col: swatch, row: row) {
                grid[swatch, row] = Cell(
                    LayerMarker.symbol(ascii: state.ascii),
                    style: CellStyle(fg: layer.color.stroke, bg: theme.pane.bg, attributes: .bold))
            }
            if i == state.layers.cursor, grid.contains(col: box.col + 1, row: row) {
                grid[box.col + 1, row] = Cell(state.ascii ? ">" : "▸", style: theme.paneTitle)
            }
        }
    }

    /// Most layers the help's legend names one by one; with more, it points to this panel.
    static let legendLayers = 4

    /// The help's legend lines for layer points: each layer's symbol in its colour with its name (up to
    /// `legendLayers`), or one line pointing to this panel.
    static func helpLegend(ascii: Bool, layers: [UserLayer]) -> [(text: String, style: CellStyle)] {
        let symbol = LayerMarker.symbol(ascii: ascii)
        let style = { (color: LayerColor) in CellStyle(fg: color.stroke, bg: TermColor(234), attributes: .bold) }
        guard !layers.isEmpty, layers.count <= legendLayers else {
            return [("\(symbol) a point of your layers (L: their colours)", style(LayerColor.palette[0]))]
        }
        return layers.map { ("\(symbol) \($0.name) (layer \($0.id), L)", style($0.color)) }
    }

    /// "1 [x] ⬤ trips.geojson · 1 204 features · orange".
    static func line(_ layer: UserLayer, number: Int, _ state: MapState) -> String {
        let check = layer.visible ? (state.ascii ? "x" : "✓") : " "
        let n = layer.content.count
        var text =
            "\(number) [\(check)] o \(layer.name) · \(NumberText.grouped(n)) feature\(n == 1 ? "" : "s")"
        if layer.isStream { text += layer.streamEnded ? " · stream ended" : " · live" }
        if layer.problemCount > 0 { text += " · \(layer.problemCount) skipped" }
        return text + " · " + layer.color.name
    }
}
