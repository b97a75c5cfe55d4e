import Blocking
import Foundation
import GeoCore
import Routing
import Terminal
import TextSafety
import TileSources

/// `mapterm route FROM TO`: the way along roads from a router (OSRM), as text, JSON, GeoJSON or GPX.
/// FROM and TO are points in any form `--center` takes, or names (the search's best result, said on
/// stderr). Exit status 2 with one line for bad input, an unreachable router, `--offline`, a bad answer
/// or a refusal (the straight-line distance in the line when no router answered); 1 when the router
/// found no way; 0 for identical points, without asking.
enum RouteCommand {
    static let spec = CommandSpec(
        name: "route",
        summary:
            "The way along roads between two points (coordinates or names) from an OSRM server: distance, time and steps.",
        items: [
            .positional("FROM"), .positional("TO"), .optional(OptionTable.profile),
            .oneOf([[OptionTable.json], [OptionTable.geojson], [OptionTable.gpx]], required: false),
            .optional(OptionTable.router), .optional(OptionTable.offline), .optional(OptionTable.timeout),
        ], maxPositional: 2)

    /// Points closer than this many metres are the same point.
    static let samePointMeters = 0.5

    /// The output asked for.
    enum Format {
        case text, json, geojson, gpx
    }

    static func run(_ args: ArgumentList) throws {
        guard args.positional.count == 2 else { throw spec.missing("FROM and TO") }
        let format = try format(args)
        let profile = try args.value(OptionTable.profile) ?? .car
        let timeout = try args.value(OptionTable.timeout) ?? 10
        let from = try point(args.positional[0], label: "FROM")
        let to = try point(args.positional[1], label: "TO")
        let straight = Geodesy.distance(from, to) * 1000
        if straight < samePointMeters {
            let line: SafeText = "FROM and TO are the same point: 0 m"
            if format == .text {
                Console.out(line)
            } else {
                Console.err(line)
                let plan = RoutePlan(
                    profile: profile, path: [from, to], distanceMeters: 0, durationSeconds: 0, steps: [])
                Console.outRaw(try output(plan, format: format, credit: ""))
            }
            return
        }
        let setup = try RouterSetup.make(
            option: args.text(OptionTable.router), config: try UserConfig.load(),
            offline: args.has(OptionTable.offline),
            timeout: timeout)
        let query = RouteQuery(from: from, to: to, profile: profile)
        switch ask(setup, query) {
        case .success(let plan):
            Console.outRaw(try output(plan, format: format, credit: setup.credit))
        case .failure(let problem):
            let straightLine = problem.serverAnswered ? "" : "; straight line \(RouteText.distance(straight))"
            Diagnostics.say(problem.message + straightLine)
            TerminalRestorer.exitNow(status: exitStatus(problem))
        }
    }

    /// 1 when the router found no way, 2 for every other problem.
    static func exitStatus(_ problem: RouteProblem) -> Int32 {
        if case .noRoute = problem { return 1 }
        return 2
    }

    /// The router's answer to `query`, waited for (the request's time-out bounds the wait).
    private static func ask(_ setup: RouterSetup, _ query: RouteQuery) -> Result<RoutePlan, RouteProblem> {
        guard let finder = setup.finder else { return .failure(.noServer(setup.whyNone ?? "none configured")) }
        return BlockingBridge.run { await finder.answer(query) }
    }

    private static func format(_ args: ArgumentList) throws -> Format {
        let asked: [(SwitchOption, Format)] = [
            (OptionTable.json, .json), (OptionTable.geojson, .geojson), (OptionTable.gpx, .gpx),
        ].filter { args.has($0.0) }
        guard asked.count <= 1 else { throw UsageError("route takes one of --json, --geojson and --gpx") }
        return asked.first?.1 ?? .text
    }

    private static func output(_ plan: RoutePlan, format: Format, credit: String) throws -> SafeText {
        switch format {
        case .text: return RouteOutput.text(plan, credit: credit)
        case .json: return try RouteOutput.json(plan, credit: credit)
        case .geojson: return try RouteOutput.geojson(plan, credit: credit)
        case .gpx: return RouteOutput.gpx(plan, credit: credit)
        }
    }

    /// FROM or TO: a point in any form `PointArgument` reads, else a place name looked up by the search.
    /// - Throws: `UsageError` for a point off the Earth, text that is neither, or a name nothing has.
    static func point(_ text: String, label: String) throws -> LatLon {
        if let read = PointArgument.read(text) {
            return try read.mapError { UsageError("\(label): \($0.description)") }.get()
        }
        guard text.contains(where: \.isLetter), TextSanitizer.clean(text) == text else {
            throw UsageError(
                "\(label) must be \(PointArgument.forms) or a place name (got '\(TextSanitizer.clean(text, maxLength: 60))')"
            )
        }
        return try NamedCenter.resolve(text, label: label, announce: true).coordinate
    }
}
