import Foundation
import GeoCore
import Places
import Storage
import Terminal
import TextSafety

/// `mapterm pins [add LAT,LON [NAME] | rm N | rename N NAME] [--json | --geojson]`: the saved pins,
/// their midpoint and their meeting point; or a change to them.
///
/// Text: one line per pin ("1  37.33150, -121.89110  Mum"), then with 2 or more pins the geographic
/// midpoint and the meeting point (geometric median) with the sum of its great-circle distances to
/// the pins in km. `--json`: `{"pins":[{"number","lat","lon","name"}], "midpoint":{"lat","lon"}|null,
/// "meetingPoint":{"lat","lon","totalDistanceKm"}|null}` (degrees, km; "name" is "" for an unnamed
/// pin). `--geojson`: the pins file's features, then with 2 or more pins the midpoint and the meeting
/// point as Point features whose `role` property says which ("midpoint", "meeting-point").
///
/// A listing only reads: a pins file it cannot read is left where it is and the error thrown (main
/// prints it, exit 1). `add`, `rm` and `rename` change the saved pins as a map does, under the pins'
/// lock, so a map running at the same time keeps its changes and sees these; they refuse (exit 1) a
/// file they cannot read rather than move it aside.
enum PinsCommand {
    static let spec = CommandSpec(
        name: "pins", summary: "Lists your pins (dropped with p on the map), or adds, removes or renames one.",
        items: [
            .positional("[add LAT,LON [NAME] | rm N | rename N NAME]"),
            .oneOf([[OptionTable.json], [OptionTable.geojson]], required: false),
        ], maxPositional: 64, hidden: [OptionTable.stressSave],
        words: .words(["add", "rm", "rename"]))

    /// How long a change waits for another process's lock before giving up, in seconds.
    static let lockPatience = 5.0

    static func run(_ args: ArgumentList) throws {
        if let path = args.text(OptionTable.stressSave) { stressSave(URL(fileURLWithPath: path)) }
        if args.has(OptionTable.json) && args.has(OptionTable.geojson) {
            throw UsageError("--json and --geojson cannot be combined (\(spec.usage))")
        }
        let file = PinFile(url: PinFile.defaultURL())
        var pins = try file.read()
        if let verb = args.positional.first {
            let (change, said) = try change(verb, Array(args.positional.dropFirst()), pins: pins)
            pins = try apply(change, to: file)
            if !args.has(OptionTable.json) && !args.has(OptionTable.geojson) {
                Console.outRaw(SafeText(sanitizing: said(pins)) + "\n")
                return
            }
        }
        if args.has(OptionTable.geojson) {
            Console.outRaw(SafeText(json: String(decoding: PinFile.geoJSON(pins, withCentres: true), as: UTF8.self)))
        } else if args.has(OptionTable.json) {
            Console.outRaw(SafeText(json: json(pins)))
        } else {
            Console.outRaw(text(pins))
        }
    }

    // MARK: Changes

    /// The change `verb` with `words` asks for, and what to say once it is made (given the pins after it).
    /// - Throws: `UsageError` for an unknown verb or wrong words; `PinStoreError.noSuchPin`.
    static func change(_ verb: String, _ words: [String], pins: [Pin]) throws -> (PinChange, ([Pin]) -> String) {
        let usage = "(\(spec.usage))"
        switch verb {
        case "add":
            guard let where_ = words.first else { throw UsageError("pins add needs LAT,LON \(usage)") }
            let point = try PointArgument.parse(where_, option: "pins add")
            let name = Pin.cleanName(words.dropFirst().joined(separator: " "))
            let id = UUID().uuidString
            return (
                .add(point, id: id, name: name),
                { after in
                    after.first { $0.id == id }.map { "added \($0.title) at \($0.coordinate)" } ?? "added a pin"
                }
            )
        case "rm", "remove":
            guard words.count == 1 else { throw UsageError("pins rm needs one pin number \(usage)") }
            let pin = try pinNumbered(words[0], in: pins)
            return (.remove(id: pin.id), { _ in "removed \(pin.title)" })
        case "rename":
            guard words.count >= 1 else { throw UsageError("pins rename needs a pin number and a name \(usage)") }
            let pin = try pinNumbered(words[0], in: pins)
            let name = Pin.cleanName(words.dropFirst().joined(separator: " "))
            return (
                .rename(id: pin.id, name: name),
                { _ in name.isEmpty ? "pin \(pin.number) has no name now" : "pin \(pin.number) is now called \(name)" }
            )
        default:
            throw UsageError(
                "pins takes add, rm or rename (got '\(TextSanitizer.clean(verb, maxLength: 40))') \(usage)")
        }
    }

    /// The saved pin numbered `text`.
    static func pinNumbered(_ text: String, in pins: [Pin]) throws -> Pin {
        guard let number = Int(text), (1...Pin.maximumCount).contains(number) else {
            throw UsageError(
                "a pin number is 1...\(Pin.maximumCount) (got '\(TextSanitizer.clean(text, maxLength: 40))')")
        }
        guard let pin = pins.first(where: { $0.number == number }) else { throw PinStoreError.noSuchPin(number) }
        return pin
    }

    /// Applies `change` to the saved pins, waiting up to `lockPatience` seconds while a map holds their
    /// lock; the pins after it.
    static func apply(_ change: PinChange, to file: PinFile) throws -> [Pin] {
        let giveUp = Date().addingTimeInterval(lockPatience)
        while true {
            do {
                return try file.apply(change)
            } catch PinStoreError.busy where Date() < giveUp {
                usleep(20_000)
            }
        }
    }

    // MARK: Output

    /// The human listing, ending with a newline.
    static func text(_ pins: [Pin]) -> SafeText {
        guard !pins.isEmpty else { return "no pins (press p on the map to drop one)\n" }
        func point(_ point: LatLon) -> SafeText { SafeText(sanitizing: point.description) }
        var lines: [SafeText] = pins.map {
            let name: SafeText = $0.name.isEmpty ? "" : .spaces(2) + SafeText(sanitizing: $0.name)
            return "\($0.number)\(.spaces(2 - String($0.number).count)) \(point($0.coordinate))\(name)"
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
        let list = pins.map {
            "{\"number\":\($0.number),\"lat\":\($0.coordinate.lat),\"lon\":\($0.coordinate.lon),\"name\":\(PinFile.jsonString($0.name))}"
        }
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
