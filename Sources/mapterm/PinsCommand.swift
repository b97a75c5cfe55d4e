import Foundation
import GeoCore
import Places
import Storage
import Terminal
import TextSafety

/// `mapterm pins [--json | --geojson]`: the saved pins, their midpoint and their meeting point.
///
/// Text: one line per pin ("1  37.33150, -121.89110"), then with 2 or more pins the geographic
/// midpoint and the meeting point (geometric median) with the sum of its great-circle distances to
/// the pins in km. `--json`: `{"pins":[{"number","lat","lon"}], "midpoint":{"lat","lon"}|null,
/// "meetingPoint":{"lat","lon","totalDistanceKm"}|null}` (degrees, km). `--geojson`: the pins file's
/// GeoJSON. A corrupt pins file is moved aside and the error thrown (main prints it, exit 1).
enum PinsCommand {
    static let spec = CommandSpec(
        name: "pins", items: [.oneOf([[OptionTable.json], [OptionTable.geojson]], required: false)],
        hidden: [OptionTable.stressSave])

    static func run(_ args: ArgumentList) throws {
        if let path = args.text(OptionTable.stressSave) { stressSave(URL(fileURLWithPath: path)) }
        if args.has(OptionTable.json) && args.has(OptionTable.geojson) {
            throw UsageError("--json and --geojson cannot be combined (\(spec.usage))")
        }
        let pins = try PinFile(url: PinFile.defaultURL()).load()
        if args.has(OptionTable.geojson) {
            Console.outRaw(SafeText(json: String(decoding: PinFile.geoJSON(pins), as: UTF8.self)))
        } else if args.has(OptionTable.json) {
            Console.outRaw(SafeText(json: json(pins)))
        } else {
            Console.outRaw(text(pins))
        }
    }

    // MARK: Output

    /// The human listing, ending with a newline.
    static func text(_ pins: [Pin]) -> SafeText {
        guard !pins.isEmpty else { return "no pins (press p on the map to drop one)\n" }
        func point(_ point: LatLon) -> SafeText { SafeText(sanitizing: point.description) }
        var lines: [SafeText] = pins.map {
            "\($0.number)\(.spaces(2 - String($0.number).count)) \(point($0.coordinate))"
        }
        let points = pins.map(\.coordinate)
        if points.count >= 2 {
            lines.append("midpoint       \(Geodesy.midpoint(points).map(point) ?? "none (the pins cancel out)")")
            if let median = Geodesy.geometricMedian(points) {
                let total = Geodesy.totalDistance(from: median, to: points)
                lines.append("meeting point  \(point(median))  (\(total, format: "%.1f") km in total)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The machine listing: one JSON object on one line, ending with a newline.
    static func json(_ pins: [Pin]) -> String {
        let points = pins.map(\.coordinate)
        let list = pins.map { "{\"number\":\($0.number),\"lat\":\($0.coordinate.lat),\"lon\":\($0.coordinate.lon)}" }
        var midpoint = "null"
        var meeting = "null"
        if points.count >= 2 {
            if let mid = Geodesy.midpoint(points) { midpoint = "{\"lat\":\(mid.lat),\"lon\":\(mid.lon)}" }
            if let median = Geodesy.geometricMedian(points) {
                let total = (Geodesy.totalDistance(from: median, to: points) * 1000).rounded() / 1000
                meeting = "{\"lat\":\(median.lat),\"lon\":\(median.lon),\"totalDistanceKm\":\(total)}"
            }
        }
        return "{\"pins\":[\(list.joined(separator: ","))],\"midpoint\":\(midpoint),\"meetingPoint\":\(meeting)}\n"
    }

    // MARK: Crash testing

    /// Hidden `--stress-save FILE`: saves to FILE forever, changing the pins on every save, until
    /// killed (the kill -9 test in StorageTests). Iteration i writes `stressPins(iteration: i)`.
    /// Exits 1 if a save fails.
    static func stressSave(_ url: URL) -> Never {
        let file = PinFile(url: url)
        var iteration = 0
        while true {
            do {
                try file.save(stressPins(iteration: iteration))
            } catch {
                Diagnostics.say(Diagnostics.text(error))
                TerminalRestorer.exitNow(status: 1)
            }
            iteration += 1
        }
    }

    /// The pins of stress iteration i: pins 1...(1 + i % 10), pin n at latitude 15n - 80 and every
    /// pin at longitude -179 + (i % 358 000) / 1000, so a file from one save is self-consistent.
    static func stressPins(iteration: Int) -> [Pin] {
        let lon = -179 + Double(iteration % 358_000) / 1000
        return (1...(1 + iteration % 10)).map {
            Pin(number: $0, coordinate: LatLon(lat: Double($0 * 15 - 80), lon: lon))
        }
    }
}
