import Foundation
import GeoCore
import Layers
import Positioning
import Routing
import Storage
import TextSafety

/// `mapterm track list` and `mapterm track show FILE`: the tracks recorded with `T` in the map, in
/// `$XDG_DATA_HOME/mapterm/tracks/` (`TrackFolder`).
///
/// `list`: one line per track, oldest first: its file name, start (UTC), points, length and duration;
/// a file that cannot be read says why on its line. Nothing, and a note on stderr, without tracks.
/// `show FILE` (a path, or a name `list` prints, with or without `.gpx`): points, start and end, length,
/// duration, moving time, average moving speed and bounds, then what was left out of the file. Every
/// text from a file, file names included, is sanitised. A FILE that is missing or not GPX is one line
/// and exit 2; a folder that cannot be listed exit 1.
enum TrackCommand {
    static let spec = CommandSpec(
        name: "track",
        summary:
            "Lists the tracks you recorded (T in the map), or shows one's length, duration, moving time and bounds.",
        items: [.positional("(list | show FILE)")], maxPositional: 2,
        words: ValueCompletion(words: ["list", "show"], files: true))

    static func run(_ args: ArgumentList) throws {
        let directory = TrackFolder.defaultDirectory()
        let usage = "(\(spec.usage))"
        switch args.positional.first {
        case "list":
            guard args.positional.count == 1 else { throw UsageError("track list takes no FILE \(usage)") }
            let entries: [TrackFolder.Entry]
            do {
                entries = try TrackFolder.list(directory: directory)
            } catch {
                throw TrackListFailure(description: error.description)
            }
            guard !entries.isEmpty else {
                Diagnostics.say("no tracks in \(directory.path) yet (T in the map records one)")
                return
            }
            Console.outRaw(entries.map(line).joined())
        case "show":
            guard args.positional.count == 2 else { throw UsageError("track show needs a FILE \(usage)") }
            let path = resolve(args.positional[1], in: directory)
            let track: GPXTrackReader.Track
            do {
                track = try TrackFolder.read(path: path)
            } catch {
                throw UsageError(error.description)
            }
            Console.outRaw(show(track, path: path))
        case nil:
            throw spec.missing("list or show FILE")
        case let verb?:
            throw UsageError("track takes list or show (got '\(TextSanitizer.clean(verb, maxLength: 40))') \(usage)")
        }
    }

    /// A folder that cannot be listed: exit 1.
    struct TrackListFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// `argument` as a path when it names a file there or has a slash, else the track of that name (with
    /// or without ".gpx") in `directory`.
    static func resolve(_ argument: String, in directory: URL) -> String {
        if argument.contains("/") || FileManager.default.fileExists(atPath: argument) { return argument }
        let name = argument.hasSuffix(".gpx") ? argument : argument + ".gpx"
        return directory.appendingPathComponent(name).path
    }

    // MARK: Output

    /// "2026-12-02T17-30-05Z.gpx  2026-12-02T17:30:05Z  1 204 points  4.2 km (2.6 mi)  1 h 05 min\n".
    static func line(_ entry: TrackFolder.Entry) -> SafeText {
        let name = SafeText(sanitizing: entry.name, maxLength: 80)
        guard let stats = entry.stats else {
            return name + .spaces(2) + "cannot be read: " + SafeText(sanitizing: entry.problem ?? "", maxLength: 200)
                + "\n"
        }
        var fields = [
            stats.start.map(startText) ?? "no timed points", points(stats.pointCount),
            RouteText.distance(stats.length), RouteText.duration(stats.duration),
        ]
        if let problem = entry.problem { fields.append("(\(problem))") }
        return ([name] + fields.map { SafeText(sanitizing: $0, maxLength: 200) }).joined(separator: .spaces(2)) + "\n"
    }

    /// What `track show` prints, every line sanitised.
    static func show(_ track: GPXTrackReader.Track, path: String) -> SafeText {
        let stats = TrackStats(points: track.points)
        var lines = [
            "track: \(path)" + (track.name.map { " (\($0))" } ?? ""),
            "points: \(NumberText.grouped(stats.pointCount))",
        ]
        if let start = stats.start, let end = stats.end {
            lines.append("start: \(startText(start))")
            lines.append("end: \(startText(end))")
        }
        lines += [
            "length: \(RouteText.distance(stats.length))",
            "duration: \(RouteText.duration(stats.duration))",
            "moving time: \(RouteText.duration(stats.movingTime))",
            "average moving speed: " + (stats.averageMovingSpeed.map(speed) ?? "none (it did not move)"),
        ]
        if let bounds = stats.bounds {
            lines.append(
                "bounds (S,W,N,E): "
                    + String(format: "%.5f,%.5f,%.5f,%.5f", bounds.south, bounds.west, bounds.north, bounds.east))
        }
        if let omitted = TrackFolder.omissions(track) { lines.append("left out: \(omitted)") }
        return lines.map { SafeText(sanitizing: $0, maxLength: 400) }.joined(separator: "\n") + "\n"
    }

    /// "2026-12-02T17:30:05Z": a time to the second, UTC.
    static func startText(_ seconds: Double) -> String { String(UTCTime.iso8601(seconds).prefix(19)) + "Z" }

    static func points(_ count: Int) -> String {
        "\(NumberText.grouped(count)) point\(count == 1 ? "" : "s")"
    }

    /// "4.8 km/h (3.0 mph)" of metres per second.
    static func speed(_ metresPerSecond: Double) -> String {
        let kmh = metresPerSecond * 3.6
        return String(format: "%.1f km/h (%.1f mph)", kmh, kmh / Geodesy.kmPerMile)
    }
}
