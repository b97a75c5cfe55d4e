import Foundation
import GeoCore
import MapFeature
import Network
import Places
import Render
import Storage
import TextSafety
import TileSources

/// `mapterm render`: one frame as text on stdout, exactly ROWS lines of COLS cells, with the places
/// of the view (waiting for them) and, with `--select ID`, that place selected and its pane open.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Draws one frame of the map as text to the standard output (ANSI colours with --color) and exits.",
        items: [
            .required(OptionTable.center), .required(OptionTable.zoom), .required(OptionTable.size),
            .repeated(OptionTable.tiles), .optional(OptionTable.offline), .optional(OptionTable.timeout),
            .optional(OptionTable.ascii),
            .optional(OptionTable.color), .optional(OptionTable.attribution), .optional(OptionTable.source),
            .optional(OptionTable.apiBase), .optional(OptionTable.select), .optional(OptionTable.location),
        ] + LayerOptions.usage + [FilterOptions.mapGroup])

    /// Seconds to wait for remote tiles without `--timeout`.
    static let defaultTimeout = 10.0

    static func run(_ args: ArgumentList) throws {
        // A one-frame render shows only the location it is given.
        var environment = ProcessInfo.processInfo.environment
        environment["MAPTERM_LOCATION"] = nil
        var configuration = try MapConfiguration(args, environment: environment, settings: try UserConfig.load())
        if args.text(OptionTable.location) == nil { configuration.location = nil }
        let timeout = try args.value(OptionTable.timeout) ?? defaultTimeout
        // `--location gpsd`: one fix, waited for, is where the user is (and the centre, when none is given).
        let fix = try configuration.location?.gpsd.map { endpoint in
            try GPSDClient.firstFix(endpoint, timeout: timeout).get()
        }
        if let fix, configuration.center == nil { configuration.center = .point(fix.position) }
        guard let center = configuration.center else { throw spec.missing(OptionTable.center) }
        if case .point = center, configuration.zoom == nil { throw spec.missing(OptionTable.zoom) }
        guard let size = try args.value(OptionTable.size) else {
            throw spec.missing(OptionTable.size)
        }
        let setup = try MapSetup(configuration, purpose: .oneFrame)
        let session = setup.session(screen: size, utf8: Locale.isUTF8Environment)
        if let fix { session.send(.gps(.report(.fix(fix)), at: 0)) }
        session.send(.appeared)
        session.settle()
        if let live = session.state.places.live, let reason = live.backoff.reason {
            Diagnostics.say("\(live.name) not reached (\(reason)); drawn with the stored places")
        }
        if let id = args.text(OptionTable.select) { try select(id, in: session) }
        let composition = setup.composition
        var frame = try waitForTiles(session, composition: composition, seconds: timeout)
        // A locale that is not UTF-8 (LANG=C) gets ASCII only, names without their accents.
        if !Locale.isUTF8Environment { frame.foldToASCII() }
        Console.out(frame, color: args.has(OptionTable.color))
        if args.has(OptionTable.attribution) {
            let attribution = SafeText(sanitizing: composition.attribution)
            Console.out(attribution.isEmpty ? "no attribution" : "map data: \(attribution)")
        }
        let damaged = composition.damagedTileCount
        if damaged > 0 { Diagnostics.say("skipped \(damaged) damaged tile(s)") }
    }

    /// Waits until every tile the view needs has come (or `seconds` have passed, or nothing more is
    /// coming), then names what is missing on stderr and draws the frame. A remote source that
    /// delivered nothing and failed is an error (exit 2), but for the default source: without a network
    /// the shipped map is drawn, and that is said.
    static func waitForTiles(_ session: MapSession, composition: MapComposition, seconds: Double) throws -> CellGrid {
        let sources = composition.userSources
        let deadline = Date().addingTimeInterval(seconds)
        session.settle()
        while !session.state.tileSnapshot.pendingTiles.isEmpty, deadline.timeIntervalSinceNow > 0 {
            let arrived = sources.arrivalCount
            sources.waitUntilIdle(seconds: deadline.timeIntervalSinceNow)
            session.settle()
            if sources.arrivalCount == arrived, !sources.isResolving { break }
        }
        let missing = session.state.tileSnapshot.pendingTiles
        if let problem = sources.cacheProblem { Diagnostics.say(problem) }
        for id in sources.ids where sources.remote[id] == nil {
            if let problem = sources.problem(ofSource: id) { Diagnostics.say(problem) }
        }
        for (id, store) in zip(sources.ids, sources.stores) where sources.remote[id] != nil {
            let lacking = missing.filter { $0.source == id }
            if let problem = sources.problem(ofSource: id), sources.arrivalCount == 0, !lacking.isEmpty {
                guard composition.usesDefaultTiles else { throw UsageError(problem) }
                Diagnostics.say("\(problem) (drawn without its streets)")
                continue
            }
            guard !lacking.isEmpty else {
                if let problem = sources.problem(ofSource: id) {
                    Diagnostics.say("\(problem) (drawn from the cache)")
                }
                continue
            }
            let names = lacking.prefix(4).map { "\($0.tile.z)/\($0.tile.x)/\($0.tile.y)" }.joined(separator: ", ")
            let more = lacking.count > 4 ? " and \(lacking.count - 4) more" : ""
            let why = sources.problem(ofSource: id).map { ": \($0)" } ?? " (timed out after \(seconds) s)"
            Diagnostics.say("drawn without \(lacking.count) tile(s) of \(store.metadata.name) (\(names)\(more))\(why)")
        }
        return session.frame()
    }

    /// Selects the place (or "pin:N", "midpoint", "meeting-point", "cluster" for the drawn cluster nearest
    /// the centre) with this id in view and opens its pane.
    static func select(_ id: String, in session: MapSession) throws {
        let state = session.state
        let markers = state.places.markers.compactMap(\.place).map { Selection.place($0) }
        let candidates: [Selection] =
            markers + state.pins.pins.map { .pin($0.number) } + [.midpoint, .meetingPoint]
        var selection =
            candidates.first { matches($0, id) && $0.isAvailable(in: state) } ?? LayerOptions.selection(id, in: state)
        if id == "cluster" {
            selection = state.selectionOrder.first { if case .cluster = $0 { return true } else { return false } }
        }
        guard let selection else {
            throw UsageError("no place with id '\(TextSanitizer.clean(id, maxLength: 80))' in this view")
        }
        session.send(.select(selection))
        session.send(.openPane)
        session.settle()
    }

    static func matches(_ selection: Selection, _ id: String) -> Bool {
        switch selection {
        case .place(let place): return place.id == id
        case .cluster: return false
        case .pin(let number): return id == "pin:\(number)"
        case .midpoint: return id == "midpoint"
        case .meetingPoint: return id == "meeting-point"
        case .found: return false
        case .layerFeature: return false
        }
    }
}
