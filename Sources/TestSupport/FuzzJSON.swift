/// JSON text for structure-aware fuzz tests: string literals that escape whatever they hold, random
/// values (extreme numbers, hostile strings, duplicate keys, nesting) and nesting past a limit.
public enum FuzzJSON {
    /// `text` as a JSON string literal (quotes, backslashes and controls escaped).
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A random valid value: a string (hostile at times), a number (extreme at times), a boolean, null,
    /// or up to `depth` levels of arrays and objects (with duplicate keys).
    public static func value(using rng: inout SeededGenerator, depth: Int = 3) -> String {
        switch Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &rng) {
        case 0, 1: return string(FuzzText.random(using: &rng))
        case 2: return String(Double.random(in: -1e6...1e6, using: &rng))
        case 3: return FuzzText.extremeJSONNumbers.randomElement(using: &rng)!
        case 4: return Bool.random(using: &rng) ? "true" : "false"
        case 5: return "null"
        case 6:
            let items = (0..<Int.random(in: 0...4, using: &rng)).map { _ in value(using: &rng, depth: depth - 1) }
            return "[" + items.joined(separator: ",") + "]"
        default:
            let key = string(FuzzText.random(using: &rng, giantLength: 2_000))
            let members = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                (Bool.random(using: &rng) ? key : string(FuzzText.random(using: &rng, giantLength: 2_000))) + ":"
                    + value(using: &rng, depth: depth - 1)
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    /// `inner` wrapped in `levels` arrays (or, when `objects`, objects under the key "k").
    public static func nested(_ inner: String, levels: Int, objects: Bool = false) -> String {
        let open = objects ? "{\"k\":" : "["
        let close = objects ? "}" : "]"
        return String(repeating: open, count: levels) + inner + String(repeating: close, count: levels)
    }
}
