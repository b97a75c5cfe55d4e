import Foundation
import Places
import Render

/// The pane describing the selected place: right of the map on wide screens (100 columns or more),
/// along the bottom on narrow ones. Long text wraps; what does not fit ends with an ellipsis.
struct DetailPane {
    let theme: FrameComposer.Theme
    /// Width of the pane on the right side, in cells.
    static let sideWidth = 44

    func draw(_ place: Place, ascii: Bool, into grid: inout CellGrid) {
        let mapRows = grid.rows - 1
        let side = grid.cols >= 100
        let width = side ? Self.sideWidth : grid.cols
        let height = side ? mapRows : min(max(mapRows / 2, 6), mapRows)
        let col = grid.cols - width, row = mapRows - height
        let lines = DetailPane.lines(for: place, ascii: ascii).flatMap { Self.wrap($0, width: width - 4) }
        var body = lines
        if body.count > height - 2 {
            body = Array(body.prefix(height - 2))
            if let last = body.popLast() { body.append(Ellipsis.fit(last + " …", width: width - 4)) }
        }
        PaneBox(theme: theme, ascii: ascii).draw(
            title: place.name, lines: body + ["", "Esc closes"].suffix(max(0, height - 2 - body.count)), col: col,
            row: row, width: width, height: height, into: &grid)
    }

    /// The text of the pane, one entry per paragraph.
    static func lines(for place: Place, ascii: Bool) -> [String] {
        var lines: [String] = []
        switch place.details {
        case .restroom(let r):
            if !r.address.isEmpty { lines.append(r.address) }
            var amenities: [String] = []
            if r.accessible { amenities.append(ascii ? "accessible" : "♿ accessible") }
            if r.unisex { amenities.append(ascii ? "unisex" : "🚻 unisex") }
            if r.changingTable { amenities.append(ascii ? "changing table" : "🚼 changing table") }
            if !amenities.isEmpty { lines.append(amenities.joined(separator: "  ")) }
            if let comment = r.comment, !comment.isEmpty { lines += ["", "Comment: " + comment] }
            if let directions = r.directions, !directions.isEmpty { lines += ["", "Directions: " + directions] }
            if r.upvote > 0 || r.downvote > 0 { lines += ["", "Votes: +\(r.upvote) / -\(r.downvote)"] }
        case .airport(let a):
            let codes = [
                a.iataCode.map { "IATA \($0)" }, a.icaoCode.map { "ICAO \($0)" }, a.gpsCode.map { "GPS \($0)" },
            ]
            .compactMap { $0 }
            if !codes.isEmpty { lines.append(codes.joined(separator: "  ")) }
            lines.append(a.typeDescription)
            if let elevation = a.elevationFt { lines.append("Elevation \(elevation) ft") }
            let place = [a.municipality, a.region, a.country].compactMap { $0 }.filter { !$0.isEmpty }
            if !place.isEmpty { lines.append(place.joined(separator: ", ")) }
            if a.runwayCount > 0 {
                var text = "\(a.runwayCount) runway\(a.runwayCount == 1 ? "" : "s")"
                if let longest = a.longestRunway, let length = longest.lengthFt {
                    text += "; longest \(longest.name) \(length) ft" + (longest.surface.map { " \($0)" } ?? "")
                }
                lines.append(text)
            }
        case .none:
            break
        }
        lines += ["", place.coordinate.description]
        return lines
    }

    /// Splits a paragraph into lines of at most `width` columns at spaces (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        if text.isEmpty { return [""] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if TextWidth.of(candidate) <= width {
                current = candidate
            } else {
                if !current.isEmpty { lines.append(current) }
                current = TextWidth.of(String(word)) <= width ? String(word) : Ellipsis.fit(String(word), width: width)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
