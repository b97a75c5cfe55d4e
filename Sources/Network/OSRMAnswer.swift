import Foundation
import GeoCore
import Routing
import TextSafety

/// Reads an OSRM `route` answer into a `RoutePlan` or the `RouteProblem` it says, trusting nothing:
/// wrong JSON types, numbers out of range and a bad polyline are each a `.badAnswer`.
enum OSRMAnswer {
    /// What an answer may hold at most.
    struct Limits: Sendable, Equatable {
        /// Most points of the drawn way.
        var maxPathPoints = 500_000
        /// Most steps of a route.
        var maxSteps = 5_000
    }

    /// Longest route or snap distance believed, metres (twice the Earth's circumference).
    static let maxMeters = 80_000_000.0
    /// Longest route duration believed, seconds (a walk twice around the Earth: about 3.2 years).
    static let maxSeconds = 100_000_000.0
    /// Highest roundabout exit believed.
    static let maxExit = 1_000

    /// The problem an answer that is not "Ok" says, nil for "Ok".
    /// - Throws: `.badAnswer` when the body is not an OSRM answer at all.
    static func problem(in body: Data) throws(RouteProblem) -> RouteProblem? {
        let status: OSRMStatusDTO
        do {
            status = try JSONDecoder().decode(OSRMStatusDTO.self, from: body)
        } catch {
            throw .badAnswer(describe(error))
        }
        let code = TextSanitizer.clean(status.code, maxLength: 40)
        let message = TextSanitizer.clean(status.message ?? "", maxLength: 160)
        switch status.code {
        case "Ok": return nil
        case "NoRoute": return .noRoute(message.isEmpty ? "no way between the points" : message)
        default: return .refused(message.isEmpty ? code : "\(code): \(message)")
        }
    }

    /// The route of an "Ok" answer to `query`.
    /// - Throws: `.badAnswer` saying what is wrong.
    static func plan(from body: Data, query: RouteQuery, limits: Limits = Limits()) throws(RouteProblem) -> RoutePlan {
        let answer: OSRMRouteAnswerDTO
        do {
            answer = try JSONDecoder().decode(OSRMRouteAnswerDTO.self, from: body)
        } catch {
            throw .badAnswer(describe(error))
        }
        guard let route = answer.routes.first else { throw .badAnswer("no route in an \"Ok\" answer") }
        guard answer.waypoints.count >= 2, let first = answer.waypoints.first, let last = answer.waypoints.last
        else { throw .badAnswer("fewer than 2 waypoints") }
        let distance = try meters(route.distance, "the route's distance")
        let duration = try seconds(route.duration, "the route's duration")
        guard let path = Polyline.decode(route.geometry, precision: 6, maxPoints: limits.maxPathPoints) else {
            throw .badAnswer("the route's geometry is not a polyline6 of at most \(limits.maxPathPoints) points")
        }
        guard path.count >= 2 else { throw .badAnswer("the route's geometry has fewer than 2 points") }
        let stepCount = answer.routes[0].legs.reduce(0) { $0 + ($1.steps?.count ?? 0) }
        guard stepCount <= limits.maxSteps else { throw .badAnswer("more than \(limits.maxSteps) steps") }
        var steps: [RouteStep] = []
        steps.reserveCapacity(stepCount)
        for leg in route.legs {
            for step in leg.steps ?? [] { steps.append(try self.step(step)) }
        }
        return RoutePlan(
            profile: query.profile, path: path, distanceMeters: distance, durationSeconds: duration, steps: steps,
            startSnapMeters: try snap(first, asked: query.from, "the start"),
            endSnapMeters: try snap(last, asked: query.to, "the end"))
    }

    private static func step(_ dto: OSRMStepDTO) throws(RouteProblem) -> RouteStep {
        let maneuver = dto.maneuver
        let bearing = maneuver.bearingAfter ?? 0
        guard bearing.isFinite, (0...360).contains(bearing) else {
            throw .badAnswer("a step's bearing is not 0...360 degrees")
        }
        let exit = maneuver.exit ?? 0
        guard (0...maxExit).contains(exit) else { throw .badAnswer("a step's exit is not 0...\(maxExit)") }
        let name = dto.name ?? ""
        return RouteStep(
            type: maneuver.type, modifier: maneuver.modifier ?? "",
            street: name.isEmpty ? dto.ref ?? "" : name,
            distanceMeters: try meters(dto.distance, "a step's distance"),
            durationSeconds: try seconds(dto.duration, "a step's duration"),
            location: try point(maneuver.location, "a step's location"), bearingAfter: bearing, exit: exit)
    }

    /// Metres from the asked point to where the way starts or ends: the waypoint's `distance`, else the
    /// geodesic distance to its location.
    private static func snap(_ waypoint: OSRMWaypointDTO, asked: LatLon, _ what: String) throws(RouteProblem)
        -> Double
    {
        let location = try point(waypoint.location, "\(what)'s waypoint")
        guard let given = waypoint.distance else { return Geodesy.distance(asked, location) * 1000 }
        return try meters(given, "\(what)'s snap distance")
    }

    private static func meters(_ value: Double, _ what: String) throws(RouteProblem) -> Double {
        guard value.isFinite, (0...maxMeters).contains(value) else {
            throw .badAnswer("\(what) is not 0...\(Int(maxMeters)) m")
        }
        return value
    }

    private static func seconds(_ value: Double, _ what: String) throws(RouteProblem) -> Double {
        guard value.isFinite, (0...maxSeconds).contains(value) else {
            throw .badAnswer("\(what) is not 0...\(Int(maxSeconds)) s")
        }
        return value
    }

    /// `[lon, lat]` on the Earth.
    private static func point(_ pair: [Double], _ what: String) throws(RouteProblem) -> LatLon {
        guard pair.count == 2 else { throw .badAnswer("\(what) is not [lon, lat]") }
        let point = LatLon(lat: pair[1], lon: pair[0])
        guard pair.allSatisfy(\.isFinite), point.isValid else { throw .badAnswer("\(what) is off the Earth") }
        return point
    }

    /// A decoding error in a few words (which key, which type), without the answer's text.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            var text = ""
            for key in context.codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "the answer" : TextSanitizer.clean(text, maxLength: 80)
        }
        switch error {
        case .typeMismatch(_, let context): return "\(path(context)) has the wrong type"
        case .valueNotFound(_, let context): return "\(path(context)) is null"
        case .keyNotFound(let key, let context):
            let name = TextSanitizer.clean(key.stringValue, maxLength: 40)
            return "\(path(context)) has no \"\(name)\""
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\(path(context)) is out of range"
        @unknown default: return "not an OSRM answer"
        }
    }
}
