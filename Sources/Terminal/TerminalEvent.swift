/// One input event from the terminal, in arrival order.
public enum TerminalEvent: Equatable, Sendable {
    /// A key press.
    case key(TerminalKey)
    /// A mouse report (left button, wheel).
    case mouse(MouseInput)
    /// The terminal now has this size, in cells. Render the next frame at this size.
    case resize(cols: Int, rows: Int)
}

/// A key press, without modifier information (Shift/Ctrl/Alt arrows arrive as plain arrows).
public enum TerminalKey: Equatable, Sendable {
    /// A character key. Printable text, or a control character that has no case of its own
    /// (Ctrl-L arrives as `"\u{0C}"`).
    case character(Character)
    case up, down, left, right
    /// Return/Enter: `"\r"`, `"\n"` or the keypad Enter key.
    case enter
    /// A lone Esc (not the start of an escape sequence).
    case escape
    case tab
    /// Shift-Tab.
    case backTab
    case backspace
    /// The Delete (forward delete) key.
    case delete
    case home, end, pageUp, pageDown
    /// F1…F63.
    case function(Int)
}

/// A mouse report in screen cells, 0-based, (0, 0) top left.
public struct MouseInput: Equatable, Sendable {
    public var col: Int
    public var row: Int
    public var kind: Kind

    public init(col: Int, row: Int, kind: Kind) {
        self.col = col
        self.row = row
        self.kind = kind
    }

    /// What happened. Only the left button is reported (plus the wheel).
    public enum Kind: Equatable, Sendable {
        /// Left button went down.
        case press
        /// Left button went up.
        case release
        /// The pointer moved to another cell with the left button held.
        case drag
        case wheelUp
        case wheelDown
        /// Sent right after `.release` when no `.drag` happened since the `.press`: a click.
        case click
    }
}
