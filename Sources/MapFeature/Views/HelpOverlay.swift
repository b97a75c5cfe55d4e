import Places
import Render

/// A centred box listing the map's keys (`KeyTable`) and, beside them (below on narrow screens), a legend of
/// every glyph and colour on the map.
struct HelpOverlay {
    let theme: FrameComposer.Theme

    /// `layers` are the user's layers, each named in the legend in its colour.
    func draw(ascii: Bool, layers: [UserLayer], into grid: inout CellGrid) {
        let entries = KeyTable.entries(in: .map)
        let keyWidth = entries.map { TextWidth.of($0.shown) }.max() ?? 0
        let keys = entries.map { entry in
            entry.shown + String(repeating: " ", count: keyWidth - TextWidth.of(entry.shown)) + "  " + entry.meaning
        }
        let legend = Self.legend(ascii: ascii, layers: layers)
        let keysWidth = keys.map(TextWidth.of).max() ?? 0
        let legendWidth = legend.map(\.text).map(TextWidth.of).max() ?? 0
        let sideBySide = keysWidth + legendWidth + 3 + 4 <= grid.cols
        var lines: [String] = []
        var colored: [(line: Int, col: Int, style: CellStyle)] = []
        if sideBySide {
            for i in 0..<max(keys.count, legend.count) {
                let left = i < keys.count ? keys[i] : ""
                let pad = String(repeating: " ", count: keysWidth - TextWidth.of(left) + 3)
                if i < legend.count { colored.append((i, keysWidth + 3, legend[i].style)) }
                lines.append(left + pad + (i < legend.count ? legend[i].text : ""))
            }
        } else {
            lines = keys + [""]
            for item in legend {
                colored.append((lines.count, 0, item.style))
                lines.append(item.text)
            }
        }
        lines += ["", "any key closes"]
        let box = PaneBox(theme: theme, ascii: ascii)
        let frame = box.drawCentered(title: "Keys and legend", lines: lines, into: &grid)
        // Colour each legend symbol as on the map.
        for item in colored where item.line < frame.height - 2 {
            let col = frame.col + 2 + item.col, row = frame.row + 1 + item.line
            guard grid.contains(col: col, row: row), col < frame.col + frame.width - 2 else { continue }
            grid[col, row].style = item.style
        }
    }

    /// One line per glyph: the symbol (first cell, drawn in its style) and what it means.
    static func legend(ascii: Bool, layers: [UserLayer]) -> [(text: String, style: CellStyle)] {
        var items: [(String, CellStyle)] = [
            ("Legend", CellStyle(fg: TermColor(229), bg: TermColor(234), attributes: .bold))
        ]
        for glyph in PlaceGlyphs.legend {
            items.append(
                (
                    "\(glyph.scalar(ascii: ascii)) \(glyph.meaning)",
                    CellStyle(fg: glyph.color, bg: TermColor(234), attributes: .bold)
                ))
        }
        items.append(("7 places together (Enter zooms in)", PlaceGlyphs.countStyle(.restroom, selected: false)))
        items.append(("3 ...coloured by their main kind", PlaceGlyphs.countStyle(.airport, selected: false)))
        let mark = { (pair: (Unicode.Scalar, Unicode.Scalar)) in ascii ? pair.1 : pair.0 }
        items.append(
            (
                "\(mark(MarkerPass.userSymbol)) you",
                CellStyle(fg: MarkerPass.userColor, bg: TermColor(234), attributes: .bold)
            ))
        items.append(
            (
                "1 a pin (its number)",
                CellStyle(fg: TermColor(16), bg: TermColor(Pin.palette[0].xterm), attributes: .bold)
            ))
        items.append(
            (
                "\(mark(MarkerPass.midpointSymbol)) midpoint of the pins",
                CellStyle(fg: MarkerPass.midpointColor, bg: TermColor(234), attributes: .bold)
            ))
        items.append(
            (
                "\(mark(MarkerPass.meetingSymbol)) fair meeting point",
                CellStyle(fg: MarkerPass.meetingColor, bg: TermColor(234), attributes: .bold)
            ))
        items.append(
            (
                "\(mark(MarkerPass.foundSymbol)) the city, country, point searched",
                CellStyle(fg: MarkerPass.foundColor, bg: TermColor(234), attributes: .bold)
            ))
        items.append(
            (
                "\(ascii ? "+" : "✚") the centre of the view",
                CellStyle(fg: TermColor(226), bg: TermColor(234), attributes: .bold)
            ))
        items += LayerListPanel.helpLegend(ascii: ascii, layers: layers)
        return items
    }
}

/// A bordered box with a title, drawn centred or at a given rectangle, text clipped with an ellipsis.
struct PaneBox {
    let theme: FrameComposer.Theme
    let ascii: Bool

    /// Draws the box centred over the map area; returns where it went.
    @discardableResult
    func drawCentered(title: String, lines: [String], into grid: inout CellGrid, style: CellStyle? = nil)
        -> (col: Int, row: Int, width: Int, height: Int)
    {
        let width = min((lines + [title]).map(TextWidth.of).max()! + 4, grid.cols)
        let height = min(lines.count + 2, grid.rows - 1)
        let col = (grid.cols - width) / 2, row = max((grid.rows - 1 - height) / 2, 0)
        draw(title: title, lines: lines, col: col, row: row, width: width, height: height, into: &grid, style: style)
        return (col, row, width, height)
    }

    func draw(
        title: String, lines: [String], col: Int, row: Int, width: Int, height: Int, into grid: inout CellGrid,
        style: CellStyle? = nil
    ) {
        guard width >= 4, height >= 2 else { return }
        let body = style ?? theme.pane
        let border = style ?? theme.paneBorder
        let (h, v, corners) = ascii ? ("-", "|", ["+", "+", "+", "+"]) : ("─", "│", ["╭", "╮", "╰", "╯"])
        grid.fill(cols: col..<col + width, rows: row..<row + height, with: Cell(" ", style: body))
        let horizontal = String(repeating: h, count: width - 2)
        grid.put(corners[0] + horizontal + corners[1], col: col, row: row, style: border)
        grid.put(corners[2] + horizontal + corners[3], col: col, row: row + height - 1, style: border)
        for y in row + 1..<row + height - 1 {
            grid.put(v, col: col, row: y, style: border)
            grid.put(v, col: col + width - 1, row: y, style: border)
        }
        var titleStyle = style ?? theme.paneTitle
        titleStyle.attributes.insert(.bold)
        grid.put(" " + Ellipsis.fit(title, width: width - 4) + " ", col: col + 1, row: row, style: titleStyle)
        for (i, line) in lines.prefix(height - 2).enumerated() {
            grid.put(Ellipsis.fit(line, width: width - 4), col: col + 2, row: row + 1 + i, style: body)
        }
    }
}

/// Cuts text to a width in columns, ending with "…" when something was cut.
public enum Ellipsis {
    public static func fit(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.of(text) <= width { return text }
        var out = ""
        var used = 0
        for scalar in text.unicodeScalars {
            let w = TextWidth.of(scalar)
            if used + w > width - 1 { break }
            out.unicodeScalars.append(scalar)
            used += w
        }
        return out + "…"
    }
}
