import CNcurses

/// ncurses key codes (`KEY_*`, returned by `get_wch` with `KEY_CODE_YES`) as `TerminalKey`s.
enum NcursesKeys {
    /// Escape sequences terminals send in "normal" cursor mode, or as alternatives, that many terminfo
    /// entries do not list (xterm's entry names `ESC O A` for Up, not `ESC [ A`). Registered with
    /// `define_key` so ncurses decodes them with its escape-delay timing.
    static let extraDefinitions: [(sequence: String, code: Int32)] = [
        ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
        ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
        ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END), ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),
        ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
        ("\u{1B}[3~", KEY_DC), ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[Z", KEY_BTAB),
        ("\u{1B}OM", KEY_ENTER),
    ]

    /// The key for an ncurses key code, or nil for codes we do not use. Extended codes for modified
    /// keys (`kUP5` = Ctrl-Up, …) are matched by name and reported without the modifier.
    static func key(for code: Int32) -> TerminalKey? {
        switch code {
        case KEY_UP, KEY_SR: return .up
        case KEY_DOWN, KEY_SF: return .down
        case KEY_LEFT, KEY_SLEFT: return .left
        case KEY_RIGHT, KEY_SRIGHT: return .right
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC, KEY_SDC: return .delete
        case KEY_HOME, KEY_SHOME: return .home
        case KEY_END, KEY_SEND: return .end
        case KEY_PPAGE, KEY_SPREVIOUS: return .pageUp
        case KEY_NPAGE, KEY_SNEXT: return .pageDown
        default: break
        }
        let f0 = mt_key_f(0)
        if code > f0 && code <= f0 + 63 { return .function(Int(code - f0)) }
        return keyByName(code)
    }

    /// Modified cursor keys that ncurses reports as extended codes named like `kUP5`, `kLFT3`.
    private static func keyByName(_ code: Int32) -> TerminalKey? {
        guard let cName = keyname(code) else { return nil }
        let name = String(cString: cName)
        let prefixes: [(String, TerminalKey)] = [
            ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home),
            ("kEND", .end), ("kPRV", .pageUp), ("kNXT", .pageDown), ("kDC", .delete),
        ]
        for (prefix, key) in prefixes
        where name.hasPrefix(prefix) && name.dropFirst(prefix.count).allSatisfy(\.isNumber) {
            return key
        }
        return nil
    }
}
