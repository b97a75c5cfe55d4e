/// Colour pairs allocated lazily, one per distinct (foreground, background), and reused.
///
/// Colours are terminal palette indices; -1 is the terminal's default colour (needs
/// `use_default_colors`). Pair 0 is the default pair and is never allocated. When every pair the
/// terminal has is taken, further combinations fall back to pair 0 (default colours): text stays
/// readable, only its colour is lost.
struct ColorPairTable {
    /// `COLOR_PAIRS`: pair numbers run 1..<pairLimit.
    let pairLimit: Int
    /// `COLORS`: palette indices run 0..<colorCount.
    let colorCount: Int
    /// True when -1 (terminal default) is usable as a colour.
    let hasDefaultColors: Bool

    private var pairs: [Int32: Int32] = [:]
    /// Pairs allocated so far (pair 0 not counted).
    private(set) var count = 0
    /// Combinations that got pair 0 because the table was full.
    private(set) var overflowCount = 0

    init(pairLimit: Int, colorCount: Int, hasDefaultColors: Bool) {
        self.pairLimit = pairLimit
        self.colorCount = colorCount
        self.hasDefaultColors = hasDefaultColors
    }

    /// The pair for a colour combination, allocating it through `initPair(pair, fg, bg)` (which
    /// returns false when the terminal refuses) on first use.
    mutating func pair(fg: Int16, bg: Int16, initPair: (Int32, Int32, Int32) -> Bool) -> Int32 {
        let f = color(fg, isForeground: true)
        let b = color(bg, isForeground: false)
        if f == -1 && b == -1 { return 0 }
        let key = (f + 1) << 16 | (b + 1)
        if let pair = pairs[key] { return pair }
        let next = Int32(count + 1)
        guard Int(next) < pairLimit, initPair(next, f, b) else {
            overflowCount += 1
            pairs[key] = 0
            return 0
        }
        count += 1
        pairs[key] = next
        return next
    }

    /// A colour the terminal can show: -1 stays when default colours work (else white on black),
    /// bright 8–15 become 0–7 on 8-colour terminals, anything else out of range becomes the default.
    private func color(_ index: Int16, isForeground: Bool) -> Int32 {
        var c = Int32(index)
        if c >= 0 && Int(c) >= colorCount { c = (c >= 8 && c < 16 && colorCount >= 8) ? c - 8 : -1 }
        if c < 0 && !hasDefaultColors { c = isForeground ? 7 : 0 }
        return c
    }
}
