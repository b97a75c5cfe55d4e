import Render

/// A modal message box in the middle of the screen: a title line, an optional reason, and how to close it.
struct AlertBox {
    let theme: FrameComposer.Theme

    func draw(_ alert: Alert, into grid: inout CellGrid) {
        var lines = [alert.title]
        if let detail = alert.detail { lines.append(detail) }
        lines.append("")
        lines.append("Enter or Esc to close")
        PaneBox(theme: theme, ascii: false).drawCentered(
            title: "mapterm", lines: lines, into: &grid, style: theme.alert)
    }
}
