import Foundation
import GeoCore
import Network
import Routing
import TextSafety

/// What `mapterm route` prints for a route: text, JSON, GeoJSON or GPX 1.1. The route's texts were
/// cleaned by `RouteStep`; every output is made `SafeText` once more on its way out.
enum RouteOutput {
    /// "By car: 2.9 km (1.8 mi), 4 min 30 s (CREDIT)", the snap distances worth saying, then the steps
    /// numbered, each with its distance.
    static func text(_ plan: RoutePlan, credit: String) -> SafeText {
        let head =
            plan.profile.title
            + ": \(RouteText.distance(plan.distanceMeters)), \(RouteText.duration(plan.durationSeconds)) (\(credit))"
        var lines = [SafeText(sanitizing: head)]
        lines += RouteText.snapNotes(plan).map { SafeText(sanitizing: $0) }
        let width = String(plan.steps.count).count
        for (index, step) in plan.steps.enumerated() {
            let number = String(index + 1)
            let distance = step.distanceMeters > 0 ? " (\(RouteText.shortDistance(step.distanceMeters)))" : ""
            lines.append(
                .spaces(2 + width - number.count) + SafeText(sanitizing: "\(number). \(step.instruction)\(distance)"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    private struct Document: Encodable {
        var profile: String
        var distanceM: Double
        var durationS: Double
        var snap: Snap
        var credit: String
        var steps: [Step]
        var path: [[Double]]

        enum CodingKeys: String, CodingKey {
            case profile, snap, credit, steps, path
            case distanceM = "distance_m"
            case durationS = "duration_s"
        }
    }

    private struct Snap: Encodable {
        var startM: Double
        var endM: Double

        enum CodingKeys: String, CodingKey {
            case startM = "start_m"
            case endM = "end_m"
        }
    }

    private struct Step: Encodable {
        var instruction: String
        var street: String
        var type: String
        var modifier: String
        var distanceM: Double
        var durationS: Double
        var lat: Double
        var lon: Double

        init(_ step: RouteStep) {
            instruction = step.instruction
            street = step.street
            type = step.type
            modifier = step.modifier
            distanceM = step.distanceMeters
            durationS = step.durationSeconds
            lat = step.location.lat
            lon = step.location.lon
        }

        enum CodingKeys: String, CodingKey {
            case instruction, street, type, modifier, lat, lon
            case distanceM = "distance_m"
            case durationS = "duration_s"
        }
    }

    /// One JSON object: profile, distance_m, duration_s, snap {start_m, end_m}, credit, steps
    /// [{instruction, street, type, modifier, distance_m, duration_s, lat, lon}], path [[lon, lat], …].
    static func json(_ plan: RoutePlan, credit: String) throws -> SafeText {
        let document = Document(
            profile: plan.profile.rawValue, distanceM: plan.distanceMeters, durationS: plan.durationSeconds,
            snap: Snap(startM: plan.startSnapMeters, endM: plan.endSnapMeters), credit: credit,
            steps: plan.steps.map(Step.init), path: plan.path.map { [$0.lon, $0.lat] })
        return try encode(document)
    }

    // MARK: GeoJSON

    private struct FeatureCollection: Encodable {
        var type = "FeatureCollection"
        var features: [Feature]
    }

    private struct Feature: Encodable {
        var type = "Feature"
        var geometry: Geometry
        var properties: [String: Property]
    }

    private struct Geometry: Encodable {
        var type: String
        var coordinates: Coordinates
    }

    private enum Coordinates: Encodable {
        case point([Double])
        case line([[Double]])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .point(let pair): try container.encode(pair)
            case .line(let pairs): try container.encode(pairs)
            }
        }
    }

    private enum Property: Encodable {
        case text(String)
        case number(Double)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }

    /// A FeatureCollection: the way as a LineString (properties distance_m, duration_s, profile,
    /// credit), then one Point per step (step, instruction, street, type, modifier, distance_m,
    /// duration_s).
    static func geojson(_ plan: RoutePlan, credit: String) throws -> SafeText {
        let line = Feature(
            geometry: Geometry(type: "LineString", coordinates: .line(plan.path.map { [$0.lon, $0.lat] })),
            properties: [
                "distance_m": .number(plan.distanceMeters), "duration_s": .number(plan.durationSeconds),
                "profile": .text(plan.profile.rawValue), "credit": .text(credit),
            ])
        let points = plan.steps.enumerated().map { index, step in
            Feature(
                geometry: Geometry(type: "Point", coordinates: .point([step.location.lon, step.location.lat])),
                properties: [
                    "step": .number(Double(index + 1)), "instruction": .text(step.instruction),
                    "street": .text(step.street), "type": .text(step.type), "modifier": .text(step.modifier),
                    "distance_m": .number(step.distanceMeters), "duration_s": .number(step.durationSeconds),
                ])
        }
        return try encode(FeatureCollection(features: [line] + points))
    }

    private static func encode(_ value: some Encodable) throws -> SafeText {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return SafeText(json: String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
    }

    // MARK: GPX

    /// GPX 1.1: the steps as a `<rte>` (each point named with its instruction, its distance as the
    /// description), the way as a `<trk>`; every text XML-escaped.
    static func gpx(_ plan: RoutePlan, credit: String) -> SafeText {
        let name = escape(
            "Route \(plan.profile.phrase): \(RouteText.distance(plan.distanceMeters)), \(RouteText.duration(plan.durationSeconds))"
        )
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="mapterm \#(escape(MaptermRelease.version))" xmlns="http://www.topografix.com/GPX/1/1">"#,
            "  <metadata><name>\(name)</name><desc>\(escape(credit))</desc></metadata>",
            "  <rte>",
            "    <name>\(name)</name>",
        ]
        for (index, step) in plan.steps.enumerated() {
            lines.append(
                "    <rtept \(coordinates(step.location))><name>\(index + 1). \(escape(step.instruction))</name>"
                    + "<desc>\(escape(RouteText.shortDistance(step.distanceMeters)))</desc></rtept>")
        }
        lines += ["  </rte>", "  <trk>", "    <name>\(name)</name>", "    <trkseg>"]
        lines += plan.path.map { "      <trkpt \(coordinates($0))/>" }
        lines += ["    </trkseg>", "  </trk>", "</gpx>"]
        return lines.map { SafeText(sanitizing: $0) }.joined(separator: "\n") + "\n"
    }

    private static func coordinates(_ point: LatLon) -> String {
        String(format: #"lat="%.6f" lon="%.6f""#, point.lat, point.lon)
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` written as entities.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
