/// Makes names from tile files safe to draw: control characters, escape sequences (CSI, OSC and
/// two-character ones) and bidi controls are removed, and runs of white space collapse to one space.
public enum LabelText {
    enum State { case text, escape, csi, osc, oscEscape }

    public static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var state = State.text
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch state {
            case .escape:
                state = v == 0x5B ? .csi : (v == 0x5D || v == 0x50 || v == 0x5F || v == 0x5E) ? .osc : .text
                continue
            case .csi:
                if (0x40...0x7E).contains(v) { state = .text }
                continue
            case .osc:
                if v == 0x07 || v == 0x9C { state = .text } else if v == 0x1B { state = .oscEscape }
                continue
            case .oscEscape:
                state = v == 0x5C ? .text : .osc
                continue
            case .text:
                break
            }
            if v == 0x1B {
                state = .escape
            } else if v == 0x9B {
                state = .csi
            } else if v == 0x9D {
                state = .osc
            } else if v == 0x20 || v == 0x09 || v == 0x0A || v == 0x0D || v == 0xA0 {
                pendingSpace = !out.isEmpty
            } else if v < 0x20 || (0x7F...0x9F).contains(v) || isBidiControl(v) {
                continue
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func isBidiControl(_ v: UInt32) -> Bool {
        (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
            || v == 0x061C
    }
}
