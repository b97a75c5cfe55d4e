import Render

/// A modal message box in the middle of the screen: a title line, an optional reason and list, and how
/// to close it. Text wraps at spaces to the box's width (at most `maxWidth`, at most the screen's); a
/// word wider than the box (a file's path) breaks after a "/" where it can, else anywhere, so every
/// character of it shows. Only when the screen is too short for all the lines does the box end with
/// a line "…".
struct AlertBox {
    let theme: FrameComposer.Theme
    /// The widest the box grows, in cells.
    static let maxWidth = 76
    static let closing = "Enter or Esc to close"

    func draw(_ alert: Alert, into grid: inout CellGrid) {
        let paragraphs = [alert.title] + (alert.detail.map { [$0] } ?? []) + alert.lines
        let natural = (paragraphs + [Self.closing]).map(TextWidth.of).max() ?? 0
        let width = min(natural + 4, Self.maxWidth, grid.cols)
        var lines = paragraphs.flatMap { Self.wrap($0, width: width - 4) }
        // The box may use every row above the status bar, less its two borders and the closing lines.
        let room = max(grid.rows - 1 - 2 - 2, 1)
        if lines.count > room { lines = Array(lines.prefix(room - 1)) + ["…"] }
        lines += ["", Self.closing]
        PaneBox(theme: theme, ascii: false).drawCentered(
            title: "mapterm", lines: lines, into: &grid, style: theme.alert)
    }

    /// `text` in lines at most `width` cells wide, broken at spaces; a longer word is broken after a
    /// "/" (else anywhere) and never cut short.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        if text.isEmpty { return [""] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if TextWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            var pieces = breakWord(word, width: width)
            current = pieces.removeLast()
            lines += pieces
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// A word in pieces at most `width` cells wide: each piece ends after the last "/" that fits, or
    /// is as wide as fits when none does.
    static func breakWord(_ word: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(word)
        while TextWidth.of(String(rest)) > width {
            var end = rest.startIndex
            var used = 0
            var lastSlash: String.Index?
            while end < rest.endIndex {
                let w = TextWidth.of(String(rest[end]))
                if used + w > width { break }
                used += w
                if rest[end] == "/" { lastSlash = rest.index(after: end) }
                end = rest.index(after: end)
            }
            if end == rest.startIndex { end = rest.index(after: end) }
            let cut = lastSlash ?? end
            pieces.append(String(rest[..<cut]))
            rest = rest[cut...]
        }
        pieces.append(String(rest))
        return pieces
    }
}
