import Foundation
import Layers
import MapFeature
import Storage
import TextSafety
import TileSources

/// The layer options of the map and `render`: `--layer FILE[:color=NAME]` (repeatable; `-` is stdin,
/// read while the map runs), `--trail N`, `--lat-col NAME`, `--lon-col NAME`; without `--layer`, the
/// config file's `layers`.
struct LayerOptions {
    /// One `--layer` value.
    struct Spec: Equatable {
        var path: String
        var color: LayerColor?
        var isStdin: Bool { path == "-" }
    }

    /// The usage items of the map and `render`.
    static let usage: [CommandSpec.Item] = [
        .repeated(OptionTable.layer), .optional(OptionTable.trail), .optional(OptionTable.latColumn),
        .optional(OptionTable.lonColumn),
    ]

    var specs: [Spec]
    var trail: Int
    var read: LayerReadOptions

    /// The layers the arguments name, else those of the settings file.
    init(_ args: ArgumentList, settings: UserConfig) throws {
        let given = try args.values(OptionTable.layer)
        specs = try given.isEmpty ? settings.layers.map(Self.parse) : given
        trail = try args.value(OptionTable.trail) ?? 0
        read = LayerReadOptions(
            latColumn: args.text(OptionTable.latColumn), lonColumn: args.text(OptionTable.lonColumn))
        if specs.filter(\.isStdin).count > 1 { throw UsageError("--layer - (stdin) can be given only once") }
        if trail > 0, !specs.contains(where: \.isStdin) {
            throw UsageError("--trail keeps the positions of a moving feature: it needs --layer - (stdin)")
        }
    }

    /// What comes between a `--layer` file and its colour.
    static let colorQualifier = ":color="

    /// "PATH" or "PATH:color=NAME" (the last `:color=` counts, so a path may hold colons); a leading
    /// `~` is the home folder (the config file's paths are not seen by a shell).
    static func parse(_ text: String) throws -> Spec {
        guard let range = text.range(of: colorQualifier, options: .backwards) else { return Spec(path: expanded(text)) }
        let name = text[range.upperBound...].lowercased()
        guard let color = LayerColor.named[name] else {
            throw UsageError(
                "unknown layer colour '\(name)' in --layer \(text) (one of \(LayerColor.names.joined(separator: ", ")))"
            )
        }
        return Spec(path: expanded(String(text[..<range.lowerBound])), color: color)
    }

    static func expanded(_ path: String) -> String {
        path == "-" ? path : NSString(string: path).expandingTildeInPath
    }

    /// The layer feature `render --select layer:L:F` names (layer L, its feature F, both from 1).
    static func selection(_ id: String, in state: MapState) -> Selection? {
        let parts = id.split(separator: ":")
        guard parts.count == 3, parts[0] == "layer", let layer = Int(parts[1]), let number = Int(parts[2]),
            let index = state.layers.index(of: layer), number >= 1
        else { return nil }
        let features = state.layers.layers[index].content.features
        guard number <= features.count, let feature = features[number - 1] else { return nil }
        let place = LayerContent.firstPoint(feature) ?? LayerContent.positions(of: feature).first
        guard let place else { return nil }
        return .layerFeature(LayerPick(layer: layer, slot: number - 1, count: 1, coordinate: place))
    }

    /// The layers of the files, read (each problem reported on stderr, one line per file, naming the
    /// file and the line or feature), and the stream's layer, empty, in the order given. A file that is
    /// not a layer file at all is a usage error (exit 2). Returns the layers, the stream's layer id and
    /// the lines said about problems (the map shows the first in its status bar too).
    func load() throws -> (state: LayersState, streamLayer: Int?, notes: [String]) {
        var state = LayersState()
        var streamLayer: Int?
        var notes: [String] = []
        for spec in specs {
            if spec.isStdin {
                state.add(
                    name: "stdin", content: LayerContent(streamIdentity: state.layers.count + 1, trail: trail),
                    color: spec.color, isStream: true)
                streamLayer = state.layers.count
                continue
            }
            let data: LayerData
            do {
                data = try LayerReader.read(path: spec.path, options: read)
            } catch {
                throw UsageError(error.description)
            }
            if let first = data.problems.first {
                let more = data.problems.count > 1 ? " (and \(data.problems.count - 1) more skipped)" : ""
                notes.append(TextSanitizer.clean("layer \(spec.path): \(first)\(more)", maxLength: 300))
                Diagnostics.say(notes[notes.count - 1])
            }
            let name = URL(fileURLWithPath: spec.path).lastPathComponent
            state.add(
                name: name, content: LayerContent(features: data.features, identity: state.layers.count + 1),
                color: spec.color)
            state.layers[state.layers.count - 1].problemCount = data.problems.count
        }
        return (state, streamLayer, notes)
    }
}
