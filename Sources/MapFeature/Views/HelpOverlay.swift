import GeoCore
import Places
import Render

/// A centred box listing the map's keys (`KeyTable`) and, beside them (below on narrow screens), a legend of
/// every glyph and colour on the map. It scrolls when it does not fit, so every line is reachable at any
/// terminal size, and its bottom line says how to scroll and close it.
struct HelpOverlay {
    let theme: FrameComposer.Theme

    /// One line of the help; a legend line colours its symbol, the cell at `symbolColumn`.
    struct Line: Equatable {
        var text: String
        var symbolColumn = 0
        var symbolStyle: CellStyle?
    }

    /// The help's lines at one screen size, the width of the box's text and how many lines show at once.
    struct Layout {
        var lines: [Line]
        var innerWidth: Int
        var visibleRows: Int

        /// The highest first line shown: the last line at the bottom of the box.
        var maxTop: Int { max(lines.count - visibleRows, 0) }
    }

    /// Columns of the box's borders and padding, both sides together.
    static let margin = 4

    /// The narrowest column of meanings beside the keys; narrower, a meaning goes under its keys.
    static let minimumMeaningWidth = 16

    /// The help laid out for `screen`: keys beside the legend when both fit, else the keys, a blank line
    /// and the legend, each wrapped to the box. The box takes at most every row above the status bar:
    /// two for its borders and one for the footer.
    static func layout(ascii: Bool, layers: [UserLayer], screen: Viewport) -> Layout {
        let entries = KeyTable.entries(in: .map)
        let legend = Self.legend(ascii: ascii, layers: layers)
        let keyWidth = entries.map { TextWidth.of($0.shown) }.max() ?? 0
        let keysWidth = keyWidth + 2 + (entries.map { TextWidth.of($0.meaning) }.max() ?? 0)
        let legendWidth = legend.map { TextWidth.of($0.text) }.max() ?? 0
        let available = max(screen.cols - margin, 1)
        var lines: [Line] = []
        if keysWidth + 3 + legendWidth <= available {
            let keys = keyLines(entries, keyWidth: keyWidth, width: keysWidth)
            for i in 0..<max(keys.count, legend.count) {
                let left = i < keys.count ? keys[i] : ""
                guard i < legend.count else {
                    lines.append(Line(text: left))
                    continue
                }
                let pad = String(repeating: " ", count: keysWidth - TextWidth.of(left) + 3)
                lines.append(
                    Line(text: left + pad + legend[i].text, symbolColumn: keysWidth + 3, symbolStyle: legend[i].style))
            }
        } else {
            let width = min(max(keysWidth, legendWidth), available)
            lines = keyLines(entries, keyWidth: keyWidth, width: width).map { Line(text: $0) } + [Line(text: "")]
            for item in legend {
                let wrapped = DetailPane.wrap(item.text, width: width)
                lines.append(Line(text: wrapped.first ?? "", symbolStyle: item.style))
                lines += wrapped.dropFirst().map { Line(text: "  " + $0) }
            }
        }
        let innerWidth = min(lines.map { TextWidth.of($0.text) }.max() ?? 0, available)
        let visibleRows = max(min(lines.count, screen.rows - 1 - 3), 0)
        return Layout(lines: lines, innerWidth: innerWidth, visibleRows: visibleRows)
    }

    /// The map's keys, each meaning wrapped beside its keys ("p      drop a pin…"), or under them,
    /// indented, when the column beside them would be narrower than `minimumMeaningWidth`.
    static func keyLines(_ entries: [KeyTable.Entry], keyWidth: Int, width: Int) -> [String] {
        let beside = width - keyWidth - 2 >= minimumMeaningWidth
        var lines: [String] = []
        for entry in entries {
            if beside {
                let meaning = DetailPane.wrap(entry.meaning, width: width - keyWidth - 2)
                let indent = String(repeating: " ", count: keyWidth + 2)
                let keys = entry.shown + String(repeating: " ", count: keyWidth - TextWidth.of(entry.shown)) + "  "
                lines += meaning.enumerated().map { ($0.offset == 0 ? keys : indent) + $0.element }
            } else {
                lines.append(Ellipsis.fit(entry.shown, width: width))
                lines += DetailPane.wrap(entry.meaning, width: width - 2).map { "  " + $0 }
            }
        }
        return lines
    }

    /// The bottom line: how to close the help and, when it scrolls, how to scroll and where it is; the
    /// longest form that fits `width`.
    static func footer(top: Int, layout: Layout, ascii: Bool) -> String {
        guard layout.maxTop > 0 else { return Ellipsis.fit("Esc or q closes", width: layout.innerWidth) }
        let (arrows, dash) = ascii ? ("Up/Down", "-") : ("↑↓", "–")
        let shown = "\(top + 1)\(dash)\(top + layout.visibleRows) of \(layout.lines.count)"
        let variants = [
            "\(arrows) PgUp PgDn scroll · Esc or q closes · lines \(shown)",
            "\(arrows) PgDn scroll · q closes · \(shown)",
            "\(arrows) PgDn · q closes · \(shown)",
            "\(arrows) PgDn · q closes",
        ].map { ascii ? $0.replacingOccurrences(of: "·", with: "-") : $0 }
        let fitting = variants.first { TextWidth.of($0) <= layout.innerWidth }
        return fitting ?? Ellipsis.fit(variants[variants.count - 1], width: layout.innerWidth)
    }

    /// The help from its line `top` (clamped to the layout), centred over the map.
    func draw(top: Int, ascii: Bool, layers: [UserLayer], into grid: inout CellGrid) {
        let layout = Self.layout(ascii: ascii, layers: layers, screen: Viewport(cols: grid.cols, rows: grid.rows))
        guard layout.visibleRows > 0 else { return }
        let top = min(max(top, 0), layout.maxTop)
        let shown = Array(layout.lines[top..<top + layout.visibleRows])
        let width = min(max(layout.innerWidth, TextWidth.of(Self.title)) + Self.margin, grid.cols)
        let height = layout.visibleRows + 3
        let col = (grid.cols - width) / 2, row = max((grid.rows - 1 - height) / 2, 0)
        let footer = Self.footer(top: top, layout: layout, ascii: ascii)
        PaneBox(theme: theme, ascii: ascii).draw(
            title: Self.title, lines: shown.map(\.text) + [footer], col: col, row: row, width: width, height: height,
            into: &grid)
        // Colour each legend symbol as on the map.
        for (i, line) in shown.enumerated() {
            guard let style = line.symbolStyle else { continue }
            let cellCol = col + 2 + line.symbolColumn, cellRow = row + 1 + i
            guard grid.contains(col: cellCol, row: cellRow), cellCol < col + width - 2 else { continue }
            grid[cellCol, cellRow].style = style
        }
        var dim = theme.pane
        dim.attributes.insert(.dim)
        grid.put(Ellipsis.fit(footer, width: width - 4), col: col + 2, row: row + height - 2, style: dim)
    }

    static let title = "Keys and legend"

    /// The help's keys: lines and pages up and down, the top and the bottom, and `Esc`, `q`, `?` or
    /// `Enter` to close it; other keys do nothing (the footer says how to close it).
    static func handle(_ key: Key, top: Int, _ state: inout MapState) -> [MapEffect] {
        let layout = layout(ascii: state.ascii, layers: state.layers.layers, screen: state.screen)
        let page = max(layout.visibleRows - 1, 1)
        let current = min(max(top, 0), layout.maxTop)
        let next: Int
        switch key {
        case .escape, .enter, .character("q"), .character("?"):
            state.focus = .map
            return []
        case .up, .character("k"): next = current - 1
        case .down, .character("j"): next = current + 1
        case .pageUp: next = current - page
        case .pageDown, .character(" "): next = current + page
        case .home: next = 0
        case .end: next = layout.maxTop
        default: return []
        }
        state.focus = .help(top: min(max(next, 0), layout.maxTop))
        return []
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
                MarkerPass.pinStyle(Pin(number: 1, coordinate: LatLon(lat: 0, lon: 0)))
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
