import Render

/// A centred box listing every key binding.
struct HelpOverlay {
    let theme: FrameComposer.Theme

    func draw(ascii: Bool, into grid: inout CellGrid) {
        let entries = KeyBindings.help
        let keyWidth = entries.map { TextWidth.of($0.keys) }.max() ?? 0
        let lines = entries.map { entry in
            entry.keys + String(repeating: " ", count: keyWidth - TextWidth.of(entry.keys)) + "  " + entry.meaning
        }
        PaneBox(theme: theme, ascii: ascii).drawCentered(
            title: "Keys", lines: lines + ["", "any key closes"], into: &grid)
    }
}

/// A bordered box with a title, drawn centred or at a given rectangle, text clipped with an ellipsis.
struct PaneBox {
    let theme: FrameComposer.Theme
    let ascii: Bool

    func drawCentered(title: String, lines: [String], into grid: inout CellGrid, style: CellStyle? = nil) {
        let width = min((lines + [title]).map(TextWidth.of).max()! + 4, grid.cols)
        let height = min(lines.count + 2, grid.rows - 1)
        let col = (grid.cols - width) / 2, row = max((grid.rows - 1 - height) / 2, 0)
        draw(title: title, lines: lines, col: col, row: row, width: width, height: height, into: &grid, style: style)
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
