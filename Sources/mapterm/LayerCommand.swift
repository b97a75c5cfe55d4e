import Foundation
import Layers
import Storage
import TextSafety

/// `mapterm layer FILE --info`: what a layer file holds (format, features by type, names, bounds,
/// property names with counts) and every problem found in it, the first `shownProblems` listed.
/// Exit 0 when the file is the format (even with problems); a file that is not, or cannot be read,
/// prints one line `mapterm: FILE: reason` and exits 2.
enum LayerCommand {
    static let spec = CommandSpec(
        name: "layer",
        summary: "Tells what a file of your data holds, or where it is wrong, before you draw it with --layer.",
        items: [
            .positional("FILE"), .required(OptionTable.info), .optional(OptionTable.latColumn),
            .optional(OptionTable.lonColumn),
        ], maxPositional: 1, words: .file)
    /// Problems listed before "… and K more".
    static let shownProblems = 10

    static func run(_ args: ArgumentList) throws {
        guard let path = args.positional.first else { throw spec.missing("a FILE") }
        guard args.has(OptionTable.info) else { throw spec.missing(OptionTable.info) }
        let options = LayerReadOptions(
            latColumn: args.text(OptionTable.latColumn), lonColumn: args.text(OptionTable.lonColumn))
        let format = LayerFormat(path: path)
        let data: LayerData
        do {
            data = try LayerReader.read(path: path, options: options)
        } catch {
            throw UsageError(error.description)
        }
        let formatName = (format ?? sniffedFormat(path))?.name ?? "layer"
        Console.outRaw(info(data, path: path, format: formatName))
    }

    private static func sniffedFormat(_ path: String) -> LayerFormat? {
        FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 4096) }.flatMap {
            LayerFormat(sniffing: $0)
        }
    }

    // MARK: Output

    /// The report, every line sanitised, ending with a newline.
    static func info(_ data: LayerData, path: String, format: String) -> SafeText {
        let summary = LayerSummary(data)
        var lines = ["\(path): \(format)"]
        let kinds = [
            (summary.points, "point", "points"), (summary.lines, "line", "lines"),
            (summary.polygons, "polygon", "polygons"), (summary.mixed, "mixed", "mixed"),
            (summary.empty, "empty", "empty"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
        lines.append("features: \(data.features.count)" + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))"))
        lines.append("named: \(summary.named)")
        if let bounds = summary.bounds {
            lines.append(
                "bounds (S,W,N,E): "
                    + String(format: "%.5f,%.5f,%.5f,%.5f", bounds.south, bounds.west, bounds.north, bounds.east)
                    + (bounds.crossesAntimeridian ? " (crosses the antimeridian)" : ""))
        }
        if !summary.properties.isEmpty {
            lines.append("properties: " + summary.properties.map { "\($0.key) (\($0.count))" }.joined(separator: ", "))
        }
        lines.append("problems: \(data.problemCount)")
        lines += data.problems.prefix(shownProblems).map { "  \($0)" }
        if data.problemCount > shownProblems {
            lines.append("  … and \(data.problemCount - shownProblems) more")
        }
        return lines.map { line in
            (line.hasPrefix("  ") ? "  " : "") + SafeText(sanitizing: line, maxLength: 400)
        }.joined(separator: "\n") + "\n"
    }
}
