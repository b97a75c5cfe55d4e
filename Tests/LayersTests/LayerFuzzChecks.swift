import Layers
import TestSupport
import Testing
import TextSafety

/// What each layer-file fuzzer asserts of every case: reading ends in data or a `LayerFileError`; what
/// a user sees of the result is safe to print; what the reader holds is bounded by the input's size.
struct LayerFuzzChecks {
    /// Cases that loaded.
    var loaded = 0
    /// Cases refused with a `LayerFileError`.
    var refused = 0
    /// Cases whose raw text held something unsafe to print (so the sanitising was put to work).
    var hostile = 0

    /// Reads `bytes` as `format` and checks the result.
    mutating func check(_ bytes: [UInt8], format: LayerFormat, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let data = try LayerReader.read(bytes: bytes, name: "fuzz", format: format)
            loaded += 1
            let raw = Self.rawTexts(data)
            if !raw.allSatisfy(FuzzText.isTerminalSafe) { hostile += 1 }
            for text in Self.shownTexts(data) where !FuzzText.isTerminalSafe(text) {
                Issue.record(
                    "unsafe text shown: \(text.unicodeScalars.prefix(80).map(\.value))", sourceLocation: sourceLocation)
            }
            let held = raw.reduce(0) { $0 + $1.utf8.count } + Self.positionCount(data) * 16
            #expect(
                held <= 8 * bytes.count + 4096, "holds \(held) bytes of \(bytes.count)", sourceLocation: sourceLocation)
        } catch {
            refused += 1
            let shown = TextSanitizer.clean(error.description, maxLength: 400)
            #expect(FuzzText.isTerminalSafe(shown), sourceLocation: sourceLocation)
            #expect(error.description.utf8.count < 4096, "error: \(shown)", sourceLocation: sourceLocation)
        }
    }

    /// Every string the data holds: ids, names, property values, problem messages, and each distinct
    /// property key once (a CSV reader shares one header string among all its rows).
    static func rawTexts(_ data: LayerData) -> [String] {
        var texts = data.problems.map(\.description)
        var keys: Set<String> = []
        for feature in data.features {
            texts += [feature.id, feature.name].compactMap { $0 }
            for property in feature.properties {
                keys.insert(property.key)
                texts.append(property.value)
            }
        }
        return texts + keys
    }

    /// The text a user sees of the data, sanitised as the layer pane (name, id, properties) and
    /// `mapterm layer --info` (property names, problems) show it.
    static func shownTexts(_ data: LayerData) -> [String] {
        var shown = data.problems.map { TextSanitizer.clean($0.description, maxLength: 400) }
        for feature in data.features {
            shown += [feature.id, feature.name].compactMap { $0 }.map { TextSanitizer.clean($0, maxLength: 200) }
            for property in feature.properties {
                shown.append(TextSanitizer.clean(property.key, maxLength: 80))
                shown.append(TextSanitizer.clean(property.value, maxLength: 2000))
            }
        }
        return shown
    }

    /// The positions of every geometry of the data.
    static func positionCount(_ data: LayerData) -> Int {
        data.features.reduce(0) { sum, feature in
            feature.geometries.reduce(sum) { sum, geometry in
                switch geometry {
                case .point: return sum + 1
                case .line(let line): return sum + line.count
                case .polygon(let rings): return rings.reduce(sum) { $0 + $1.count }
                }
            }
        }
    }
}
