import Foundation
import GeoCore
import Places
import Render
import TextSafety

/// The pane describing the selected place: right of the map on wide screens (100 columns or more),
/// along the bottom on narrow ones. Long text wraps; what does not fit ends with an ellipsis.
struct DetailPane {
    let theme: FrameComposer.Theme
    /// Width of the pane on the right side, in cells.
    static let sideWidth = 44

    /// True when a screen `cols` wide shows the pane at its right side (full height), false when
    /// across its bottom half.
    static func isSide(cols: Int) -> Bool { cols >= 100 }

    func draw(_ selection: Selection, state: MapState, into grid: inout CellGrid) {
        let (title, lines) = DetailPane.content(for: selection, state: state)
        draw(title: title, lines: lines, ascii: state.ascii, scroll: state.paneScroll, into: &grid)
    }

    /// Where the pane lies on a screen of `cols` × `rows` cells (the last row is the status bar).
    static func frame(cols: Int, rows: Int) -> (col: Int, row: Int, width: Int, height: Int) {
        let mapRows = rows - 1
        let side = isSide(cols: cols)
        let width = side ? sideWidth : cols
        let height = side ? mapRows : min(max(mapRows / 2, 6), mapRows)
        return (cols - width, mapRows - height, width, height)
    }

    /// Rows of text the pane shows at once on this state's screen.
    static func bodyRows(_ state: MapState) -> Int {
        max(0, frame(cols: state.screen.cols, rows: state.screen.rows).height - 2)
    }

    /// The most lines the selection's pane can be scrolled by on this state's screen (0 when it fits).
    static func maxScroll(_ state: MapState) -> Int {
        guard let selection = state.selection else { return 0 }
        let width = frame(cols: state.screen.cols, rows: state.screen.rows).width
        let count = content(for: selection, state: state).1.reduce(0) { $0 + wrap($1, width: width - 4).count }
        return max(0, count - bodyRows(state))
    }

    /// Title and paragraphs of the pane for a selection.
    static func content(for selection: Selection, state: MapState) -> (String, [String]) {
        var title: String
        var lines: [String]
        switch selection {
        case .place(let place):
            title = place.name
            lines = Self.lines(for: place, ascii: state.ascii, now: state.places.detailsAt)
        case .cluster(let cluster):
            title = "\(NumberText.grouped(cluster.marker.count)) places here"
            lines = Self.lines(for: cluster, state: state)
        case .pin(let number):
            let name = state.pins.pin(number)?.name ?? ""
            title = name.isEmpty ? "Pin \(number)" : "Pin \(number) · \(name)"
            let coordinate = selection.coordinate(state)
            lines = [coordinate?.description ?? "", state.pins.labels[number] ?? "finding where this is…"]
        case .midpoint, .meetingPoint:
            let isMid = selection == .midpoint
            title = isMid ? "Midpoint of the pins" : "Meeting point (least total distance)"
            lines = centreLines(selection.coordinate(state), pins: state.pins.pins)
        case .found(let result):
            title = result.name
            lines = Self.lines(for: result)
        case .layerFeature(let pick):
            (title, lines) = LayerFeaturePane.content(pick, state: state)
        }
        if let route = state.route, let target = selection.coordinate(state), route.to == target {
            // First, so that a short pane still shows the way there.
            lines = RoutePane.lines(route, credit: state.routerCredit) + [""] + lines
        }
        return (title, lines)
    }

    /// How many of each kind, the most important ones, and where Enter goes.
    static func lines(for cluster: ClusterSelection, state: MapState) -> [String] {
        let marker = cluster.marker
        var lines: [String] = []
        for kind in PlaceKind.allCases where marker.kindCounts[kind] > 0 {
            let n = marker.kindCounts[kind]
            let glyph = PlaceGlyphs.glyph(kind).scalar(ascii: state.ascii)
            lines.append("\(glyph) \(NumberText.grouped(n)) \(kind.noun(plural: n != 1))")
        }
        lines += ["", "Most important:"]
        if let leaders = cluster.leaders {
            lines += leaders.map { "  \(PlaceGlyphs.glyph($0).scalar(ascii: state.ascii)) \($0.name)" }
            if leaders.isEmpty { lines.append("  (none could be listed)") }
        } else {
            lines.append("  finding them…")
        }
        lines.append("")
        if marker.expansionZoom > MarkerRequest.level(state.camera) {
            lines.append("Enter zooms in to z\(marker.expansionZoom), where it splits.")
        } else {
            lines.append("These places share one spot.")
        }
        lines.append(marker.coordinate.description)
        return lines
    }

    /// What a search result is, where it lies and how far it is from where the search was made.
    static func lines(for result: SearchResult) -> [String] {
        var lines = [result.kind.label.prefix(1).uppercased() + result.kind.label.dropFirst()]
        if !result.whereText.isEmpty { lines.append(result.whereText) }
        lines += [
            "", result.coordinate.description, SearchPane.distanceText(result.distanceKm) + " from where you searched",
        ]
        return lines
    }

    /// The coordinate, the distance from every pin and their sum.
    static func centreLines(_ point: LatLon?, pins: [Pin]) -> [String] {
        guard let point else { return [] }
        var lines = [point.description, "", "Distance from each pin:"]
        var total = 0.0
        for pin in pins {
            let km = Geodesy.distance(point, pin.coordinate)
            total += km
            lines.append(String(format: "  pin %d: %.1f km", pin.number, km))
        }
        lines.append(String(format: "  total: %.1f km", total))
        return lines
    }

    /// Draws the pane with its first `scroll` lines scrolled past (as far as there is more to show);
    /// a line says where more lies above (PgUp) or below (PgDn).
    func draw(title: String, lines paragraphs: [String], ascii: Bool, scroll: Int = 0, into grid: inout CellGrid) {
        let (col, row, width, height) = Self.frame(cols: grid.cols, rows: grid.rows)
        let rows = height - 2
        let lines = paragraphs.flatMap { Self.wrap($0, width: width - 4) }
        let more = ascii ? "..." : "⋯"
        let first = min(max(scroll, 0), max(0, lines.count - rows))
        var body = Array(lines.dropFirst(first))
        if first > 0, rows > 2 { body[0] = "\(more) PgUp: above" }
        if body.count > rows, rows > 0 {
            body = Array(body.prefix(rows - 1))
            while body.last?.isEmpty == true { body.removeLast() }
            body.append("\(more) PgDn: more")
        }
        PaneBox(theme: theme, ascii: ascii).draw(
            title: title, lines: body + ["", "Esc closes"].suffix(max(0, height - 2 - body.count)), col: col,
            row: row, width: width, height: height, into: &grid)
    }

    /// The text of the pane, one entry per paragraph; `now` (seconds since 1970, UTC) ages the time a
    /// live place was fetched.
    static func lines(for place: Place, ascii: Bool, now: Double? = nil) -> [String] {
        var lines: [String] = []
        switch place.details {
        case .restroom(let r):
            if !r.address.isEmpty { lines.append(r.address) }
            var amenities: [String] = []
            if r.accessible { amenities.append(ascii ? "accessible" : "♿ accessible") }
            if r.unisex { amenities.append("unisex") }
            if r.changingTable { amenities.append("changing table") }
            if amenities.isEmpty { amenities.append("no accessible, unisex or changing-table facilities listed") }
            lines.append(amenities.joined(separator: " · "))
            if let comment = r.comment, !comment.isEmpty { lines += ["", "Comment: " + comment] }
            if let directions = r.directions, !directions.isEmpty { lines += ["", "Directions: " + directions] }
            if r.upvote > 0 || r.downvote > 0 { lines += ["", "Votes: +\(r.upvote) / -\(r.downvote)"] }
            if let tile = r.openStreetMap {
                lines += ["", "Sources: \(storedSource(place.id)) and OpenStreetMap (the map's \(tile.schema) tiles)"]
                lines += ["The tile says:"] + tileLines(tile)
            }
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
        case .openStreetMap(let tile):
            let noun = place.kind.noun(plural: false)
            lines.append(noun.prefix(1).uppercased() + noun.dropFirst() + ", from OpenStreetMap")
            lines.append("(the map's \(tile.schema) tiles)")
            if place.kind == .restroom {
                let known = tile.value("wheelchair").map { "wheelchair: " + $0 }
                lines += [
                    "", known ?? "Accessible: unknown", "Unisex: unknown", "Changing table: unknown",
                ]
            }
            lines += ["", "The tile says:"] + tileLines(tile)
        case .none:
            break
        }
        if let fetched = place.fetchedAt {
            lines += ["", "From Refuge Restrooms, " + fetchedText(fetched, now: now)]
        }
        lines += ["", place.coordinate.description]
        return lines
    }

    /// "fetched 3 hours ago (2026-11-30)", "fetched just now"; without `now`, the date alone. Times are
    /// seconds since 1970 (UTC); a fetch time after `now` (a clock set back) reads as just now.
    static func fetchedText(_ fetched: Double, now: Double?) -> String {
        let date = UTCDate.day(secondsSince1970: fetched)
        guard let now else { return "fetched \(date)" }
        let seconds = max(0, now - fetched)
        let (count, unit): (Double, String) =
            switch seconds {
            case ..<60: (0, "")
            case ..<3600: (seconds / 60, "minute")
            case ..<86400: (seconds / 3600, "hour")
            default: (seconds / 86400, "day")
            }
        guard count >= 1 else { return "fetched just now" }
        let whole = count.checkedInt(in: 1...1_000_000) ?? 1_000_000
        let age = "\(whole) \(unit)\(whole == 1 ? "" : "s") ago"
        return unit == "day" ? "fetched \(age) (\(date))" : "fetched \(age)"
    }

    /// Where a stored place's id says it comes from: "Refuge Restrooms" for "rr:1234".
    static func storedSource(_ id: String) -> String {
        if id.hasPrefix("rr:") { return "Refuge Restrooms" }
        if id.hasPrefix("osm:") { return "the places database (OpenStreetMap)" }
        return "the places database"
    }

    /// A tile's tags, one per line ("  cuisine: italian"), or that it gives none.
    static func tileLines(_ tile: OpenStreetMapDetails) -> [String] {
        tile.tags.isEmpty ? ["  nothing more"] : tile.tags.map { "  \($0.key): \($0.value)" }
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
