import Foundation

/// One ASCII character for each cell, for terminals whose locale is not UTF-8 (`LANG=C`): such a
/// terminal shows UTF-8 bytes as garbage, so names lose their accents ("Nièvre" → "Nievre"), braille
/// becomes the ASCII stroke of its dots, box lines become `-`, `|` and `+`, and what has no ASCII
/// likeness becomes `?`, a wide character `??` (its two columns kept).
public enum AsciiFold {
    /// The ASCII character shown for `value` (a scalar value of a cell; never called for ASCII).
    public static func character(_ value: UInt32) -> Unicode.Scalar {
        if value < 0x80, let scalar = Unicode.Scalar(value) { return scalar }
        if (0x2800...0x28FF).contains(value) { return AsciiStroke.character(for: UInt8(value - 0x2800)) }
        if (0x2500...0x257F).contains(value) { return boxLine(value) }
        if let scalar = Unicode.Scalar(value), let known = table[scalar] { return known }
        if (0xC0...0x24F).contains(value), let scalar = Unicode.Scalar(value) { return baseLetter(scalar) }
        return "?"
    }

    /// The letter under a Latin letter's accents (canonical decomposition), else "?".
    static func baseLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first
        guard let base, base.isASCII else { return "?" }
        return base
    }

    /// Box drawing: horizontal pieces as "-", vertical as "|", corners and joins as "+".
    static func boxLine(_ value: UInt32) -> Unicode.Scalar {
        switch value {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A:
            return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B:
            return "|"
        default: return "+"
        }
    }

    /// Letters without a decomposition, and the punctuation and symbols mapterm itself writes.
    static let table: [Unicode.Scalar: Unicode.Scalar] = [
        "ß": "s", "ø": "o", "Ø": "O", "æ": "a", "Æ": "A", "œ": "o", "Œ": "O", "ł": "l", "Ł": "L", "đ": "d",
        "Đ": "D", "ı": "i", "þ": "p", "Þ": "P", "ð": "d", "Ð": "D", "ħ": "h", "Ħ": "H", "ŋ": "n", "Ŋ": "N",
        "‘": "'", "’": "'", "‚": ",", "“": "\"", "”": "\"", "„": "\"", "–": "-", "—": "-", "−": "-", "…": ".",
        "·": ".", "•": "*", "°": "o", "×": "x", "←": "<", "→": ">", "↑": "^", "↓": "v", "✓": "x", "✚": "+",
        "\u{A0}": " ", "\u{202F}": " ",
    ]
}

extension CellGrid {
    /// Every cell as `AsciiFold` shows it, style kept; a wide character and its right half become "??".
    public mutating func foldToASCII() {
        for row in 0..<rows {
            for col in 0..<cols {
                let cell = self[col, row]
                guard cell.scalar >= 0x80 else { continue }
                let wide = cell.isContinuation || (col + 1 < cols && self[col + 1, row].isContinuation)
                self[col, row] = Cell(wide ? "?" : AsciiFold.character(cell.scalar), style: cell.style)
            }
        }
    }
}
