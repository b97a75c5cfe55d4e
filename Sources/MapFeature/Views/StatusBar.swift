import Foundation
import GeoCore
import Places
import Render
import Routing
import TextSafety

/// The bottom line: centre coordinates, zoom, what is on screen, active filters, whether the location
/// is known, a scale bar in km and miles, and key hints. When the line is too narrow, parts give way
/// in a fixed order (the location note shortens, then goes; the scale bar loses its miles, then goes;
/// the filters shorten; … the centre shortens, the counts go last), each whole, and "? help" stays; only
/// on the narrowest screens does a part that cannot give way any more end in "…" before it.
struct StatusBar {
    let theme: FrameComposer.Theme

    static let spinner: [Unicode.Scalar] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    static let asciiSpinner: [Unicode.Scalar] = ["|", "/", "-", "\\"]

    /// One piece of the line: its texts from fullest to shortest ("" means gone), and whether it is
    /// drawn in the accent style.
    struct Part {
        var variants: [String]
        var accent = false
    }

    func draw(_ state: MapState, counts: (markers: Int, places: Int), into grid: inout CellGrid) {
        let row = grid.rows - 1
        grid.fill(cols: 0..<grid.cols, rows: row..<row + 1, with: Cell(" ", style: theme.statusBar))
        if let prompt = state.prompt {
            grid.put(
                " " + Self.promptText(prompt, state, cols: grid.cols - 1), col: 0, row: row, style: theme.statusAccent)
            return
        }
        var parts = Self.parts(state, counts: counts)
        let hints = ["? help  q quit ", "? help "]
        var choice = [Int](repeating: 0, count: parts.count)
        var hint = 0
        // Part indices (see `parts`) that give way one step each, in this order; -1 is the key hint.
        var steps = [4, 4, 6, 5, 3, 5, 6, 2, 3, -1, 1, 0, 2, 0, 0][...]
        var taken: [Int] = []
        let cols = grid.cols
        let fits = { (choice: [Int], hint: Int) in width(parts, choice) + TextWidth.of(hints[hint]) + 2 <= cols }
        while !fits(choice, hint), let step = steps.popFirst() {
            if step < 0 {
                hint = 1
            } else if choice[step] < parts[step].variants.count - 1 {
                choice[step] += 1
            }
            taken.append(step)
        }
        // Later steps may have made room for what earlier ones took away: give it back where it fits.
        for step in taken.reversed() where step >= 0 && choice[step] > 0 {
            var wider = choice
            wider[step] -= 1
            if fits(wider, hint) { choice = wider }
        }
        parts = parts.enumerated().map { Part(variants: [$1.variants[choice[$0]]], accent: $1.accent) }
        // "? help" stays: a part that still does not fit ends with "…" before it.
        let hintText = hints[hint]
        let hintCol = max(grid.cols - TextWidth.of(hintText), 0)
        var col = 0
        for part in parts where col < hintCol {
            let text = Ellipsis.fit(part.variants[0], width: hintCol - col)
            col = grid.put(text, col: col, row: row, style: part.accent ? theme.statusAccent : theme.statusBar)
        }
        grid.put(hintText, col: hintCol, row: row, style: theme.statusBar)
    }

    /// The fullest form of the prompt that fits `cols`; when none does, the end of the shortest (where
    /// the typing is), starting with "…".
    static func promptText(_ prompt: Prompt, _ state: MapState, cols: Int) -> String {
        let texts = prompt.texts(state.pins, ascii: state.ascii)
        if let fitting = texts.first(where: { TextWidth.of($0) <= cols }) { return fitting }
        var tail = ""
        for character in (texts.last ?? "").reversed() {
            if TextWidth.of(String(character) + tail) + 1 > cols { break }
            tail = String(character) + tail
        }
        return cols > 1 ? "…" + tail : ""
    }

    private func width(_ parts: [Part], _ choice: [Int]) -> Int {
        parts.indices.reduce(0) { $0 + TextWidth.of(parts[$1].variants[choice[$1]]) }
    }

    /// The parts, in drawing order: 0 centre, 1 zoom, 2 places (or a notice), 3 filters, 4 location,
    /// 5 scale bar, 6 tiles (loading, failing, none at street zoom).
    static func parts(_ state: MapState, counts: (markers: Int, places: Int)) -> [Part] {
        let c = state.camera.center
        let center = Part(
            variants: [
                " \(c)", String(format: " %.3f,%.3f", c.lat, c.lon), String(format: " %.1f,%.1f", c.lat, c.lon), "",
            ],
            accent: true)
        let zoom = Part(variants: [String(format: "  z %.1f", state.camera.zoom), ""])
        let places =
            (state.notice ?? (state.pins.busyCount > 0 ? PinsState.waitingNote : nil))
            .map { Part(variants: ["  " + $0, "  " + $0], accent: true) }
            ?? routePart(state)
            ?? selectionPart(state)
            ?? placesPart(state, counts).withLayers(state.layers)
        let filterText = state.places.filter.description
        let filters = Part(variants: filterText.isEmpty ? [""] : ["  [\(filterText)]", "  [filtered]", ""])
        let location = locationPart(state)
        return [center, zoom, places, filters, location, scalePart(state), tilesPart(state)]
    }

    /// "  location unknown" without any; for GPS, the fix, its error and speed ("  GPS 3D ±5 m 12 km/h"),
    /// its age when stale ("  GPS 3D ±5 m, 30 s old"), "  GPS: no fix", "  GPS lost: <why>, retrying",
    /// then "following" and the track being recorded ("● rec 120").
    static func locationPart(_ state: MapState) -> Part {
        let location = state.location
        switch location.source {
        case .fixed: return Part(variants: [""])
        case .none:
            return Part(variants: state.userLocation == nil ? ["  location unknown", "  no location", ""] : [""])
        case .gpsd(let name):
            let dot = state.ascii ? "-" : "·"
            var extras: [String] = []
            if location.following { extras.append("following") }
            if let track = location.recording { extras.append("\(state.ascii ? "*" : "●") rec \(track.points.count)") }
            let tail = extras.isEmpty ? "" : " \(dot) " + extras.joined(separator: " \(dot) ")
            let (full, short) = gpsTexts(location, source: name)
            return Part(
                variants: ["  " + full + tail, "  " + short + tail, "  " + short, ""], accent: !location.isFresh)
        }
    }

    /// The GPS state in full and short: "GPS 3D ±5 m 12 km/h" / "GPS 3D".
    static func gpsTexts(_ location: LocationState, source: String) -> (String, String) {
        if case .lost(let why) = location.link { return ("GPS lost: \(why), retrying", "GPS lost") }
        if location.link == .connecting, location.fix == nil { return ("GPS: connecting to \(source)", "GPS…") }
        guard location.hasFix, let fix = location.fix else {
            let age = location.age > 0 ? ", no report for \(ageText(location.age))" : ""
            return ("GPS: no fix" + age, "GPS: no fix")
        }
        var full = "GPS \(fix.mode.label)"
        if let error = fix.horizontalError { full += " ±" + RouteText.shortDistance(error) }
        if let speed = fix.speed, speed >= UserHeading.movingSpeed {
            full += String(format: " %.0f km/h", speed * 3.6)
        }
        if location.age > 0 { return (full + ", \(ageText(location.age)) old", "GPS \(ageText(location.age)) old") }
        return (full, "GPS \(fix.mode.label)")
    }

    /// "10 s", "2 min", "1 h".
    static func ageText(_ seconds: Int) -> String {
        seconds < 60 ? "\(seconds) s" : seconds < 3600 ? "\(seconds / 60) min" : "\(seconds / 3600) h"
    }

    /// "  ↓ 12 tiles" while tiles load; "  tiles: <problem>" while a source fails; "  no street tiles
    /// here (add a source with --tiles)" at street zoom without any; else nothing.
    static func tilesPart(_ state: MapState) -> Part {
        let tiles = state.tiles
        if let problem = tiles.problem {
            return Part(variants: ["  " + problem, "  tiles failing", ""], accent: true)
        }
        if tiles.loading > 0 {
            let arrow = state.ascii ? "v" : "↓"
            return Part(variants: [
                "  \(arrow) \(tiles.loading) tile\(tiles.loading == 1 ? "" : "s")", "  \(arrow)", "",
            ])
        }
        if tiles.noStreets {
            return Part(variants: [
                "  no street tiles here (add a source with --tiles)", "  no streets here: try --tiles", "",
            ])
        }
        return Part(variants: [""])
    }

    /// "  ⠋ loading · 38 markers · 2 140 places in view", "  12 places in view", "  no places in view";
    /// while the source fails, "  places unavailable (3 tries): The server did not answer in time"; while
    /// the live part of the source fails, "  12 places in view · stored only, Refuge Restrooms unavailable
    /// (2 tries): …".
    static func placesPart(_ state: MapState, _ counts: (markers: Int, places: Int)) -> Part {
        let dot = state.ascii ? "-" : "·"
        var full: String
        var short: String
        if counts.places == 0 {
            full = "no places in view"
            short = "no places"
        } else if counts.markers == counts.places {
            short = "\(NumberText.grouped(counts.places)) place\(counts.places == 1 ? "" : "s")"
            full = short + " in view"
        } else {
            let places = NumberText.grouped(counts.places)
            let markers = "\(NumberText.grouped(counts.markers)) marker\(counts.markers == 1 ? "" : "s")"
            full = "\(markers) \(dot) \(places) places in view"
            short = "\(places) places"
        }
        let backoff = state.places.backoff
        if backoff.failures > 0 {
            let reason = (backoff.reason ?? "").trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            let tries = backoff.failures == 1 ? "1 try" : "\(backoff.failures) tries"
            full = reason.isEmpty ? "places unavailable (\(tries))" : "places unavailable (\(tries)): \(reason)"
            short = "places unavailable (\(tries))"
        } else if let cap = state.places.cappedAt {
            full += " \(dot) capped at \(NumberText.grouped(cap))"
            short += " (capped)"
        }
        if let live = state.places.live, live.backoff.failures > 0 {
            let reason = (live.backoff.reason ?? "").trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            let tries = live.backoff.failures == 1 ? "1 try" : "\(live.backoff.failures) tries"
            full += " \(dot) stored only, \(live.name) unavailable (\(tries))" + (reason.isEmpty ? "" : ": \(reason)")
            short += " (stored only)"
        }
        if state.places.isLoading {
            let frames = state.ascii ? asciiSpinner : spinner
            let spin = String(frames[state.places.spinnerPhase % frames.count])
            full = "\(spin) loading \(dot) " + full
            short = "\(spin) " + short
        }
        return Part(variants: ["  " + full, "  " + short, ""])
    }

    /// While a route is shown, in place of the places: "  by car 2.9 km (1.8 mi) · 4 min 30 s",
    /// "  finding the way by car…", "  straight line: no route server · 2.1 km (1.3 mi)".
    static func routePart(_ state: MapState) -> Part? {
        guard let route = state.route else { return nil }
        let dot = state.ascii ? "-" : "·"
        switch route.phase {
        case .asking:
            return Part(variants: ["  finding the way \(route.profile.phrase)…", "  routing…"], accent: true)
        case .found(let plan):
            let distance = RouteText.distance(plan.distanceMeters)
            let time = RouteText.duration(plan.durationSeconds)
            let short = RouteText.shortDistance(plan.distanceMeters)
            return Part(
                variants: ["  \(route.profile.phrase) \(distance) \(dot) \(time)", "  \(short) \(dot) \(time)"],
                accent: true)
        case .straight(let problem):
            let why: String
            switch problem {
            case .noRoute: why = "no way along roads"
            case .refused: why = "route server refused"
            case .noServer, .unreachable, .badAnswer: why = "no route server"
            }
            let distance = route.straight.distanceText
            return Part(
                variants: ["  straight line: \(why) \(dot) \(distance)", "  straight line \(dot) \(distance)"],
                accent: true)
        }
    }

    /// While something is selected, in place of the places: its glyph, name, kind and distance from
    /// the user's location (else from the view centre): "  ⌂ Pentacle Coffee · restroom · 120 m",
    /// then without the kind, then glyph and name only. Names are sanitised and cut to 40 characters.
    static func selectionPart(_ state: MapState) -> Part? {
        guard let selection = state.selection, let point = selection.coordinate(state) else { return nil }
        let dot = state.ascii ? "-" : "·"
        let (glyph, name, kind) = describe(selection, state)
        let head = "  \(glyph) \(TextSanitizer.clean(name, maxLength: 40))"
        let km = Geodesy.distance(state.userLocation ?? state.camera.center, point)
        let distance = SearchPane.distanceText(km) + (state.userLocation == nil ? " from the centre" : " away")
        return Part(
            variants: [
                "\(head) \(dot) \(kind) \(dot) \(distance)", "\(head) \(dot) \(SearchPane.distanceText(km))", head,
            ],
            accent: true)
    }

    /// The glyph, name and kind of what is selected, as the status bar names it.
    static func describe(_ selection: Selection, _ state: MapState) -> (glyph: String, name: String, kind: String) {
        func symbol(_ pair: (Unicode.Scalar, Unicode.Scalar)) -> String { String(state.ascii ? pair.1 : pair.0) }
        switch selection {
        case .place(let place):
            return (
                String(PlaceGlyphs.glyph(place).scalar(ascii: state.ascii)), place.name, place.kind.noun(plural: false)
            )
        case .cluster(let cluster):
            let count = cluster.marker.count
            return (String(count), "\(NumberText.grouped(count)) places here", "a count")
        case .pin(let number):
            let pin = state.pins.pin(number)
            let name = pin.map { $0.name.isEmpty ? "Pin \(number)" : $0.name } ?? "Pin \(number)"
            return (String(number % 10), name, "pin \(number)")
        case .midpoint: return (symbol(MarkerPass.midpointSymbol), "Midpoint", "of the pins")
        case .meetingPoint: return (symbol(MarkerPass.meetingSymbol), "Meeting point", "least total distance")
        case .found(let result): return (symbol(MarkerPass.foundSymbol), result.name, result.kind.label)
        case .layerFeature(let pick):
            return (state.ascii ? "*" : "•", LayerFeaturePane.content(pick, state: state).0, "layer feature")
        }
    }

    /// "  ├──┤ 100 km · 62 mi", then "  ├──┤ 100 km", then nothing.
    static func scalePart(_ state: MapState) -> Part {
        let metersPerCell = state.transform.metersPerDot * Double(Viewport.dotsPerColumn)
        guard let bar = ScaleBar.fitting(metersPerCell: metersPerCell, maxCells: 12) else {
            return Part(variants: [""])
        }
        let inner = max(bar.cells - 2, 0)
        let line =
            state.ascii
            ? "|" + String(repeating: "-", count: inner) + "|" : "├" + String(repeating: "─", count: inner) + "┤"
        let dot = state.ascii ? "-" : "·"
        return Part(variants: [
            "  \(line) \(bar.metricText) \(dot) \(bar.imperialText)", "  \(line) \(bar.metricText)", "",
        ])
    }
}
