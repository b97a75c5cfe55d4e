/// Turns what ncurses hands over (characters and already-decoded key codes) into `TerminalEvent`s.
///
/// ncurses decodes the keys its terminfo entry knows. Everything else arrives as plain characters
/// and is decoded here:
/// - mouse reports, which we request ourselves (xterm modes 1000 + 1002 + 1006) so that drags work
///   and so the event order is kept (ncurses' own mouse layer regroups queued events): SGR
///   `ESC [ < b ; x ; y M|m` and the legacy X10 `ESC [ M b x y`;
/// - CSI/SS3 keys a terminal sends although terminfo names others (`ESC [ A` vs `ESC O A`);
/// - unknown escape sequences (bracketed paste marks, focus reports), which are swallowed so that
///   their leading Esc never reads as the Esc key.
///
/// Pure value type: feed inputs in order, then `finish` at the end of a batch.
struct InputDecoder {
    /// One unit of input as ncurses returned it.
    enum RawInput: Equatable {
        /// A character (Unicode scalar value) that ncurses did not turn into a key code.
        case char(UInt32)
        /// A key or resize ncurses already decoded.
        case event(TerminalEvent)
        /// A key code we have no name for: dropped, and it ends any escape sequence in progress.
        case ignored
    }

    private enum State: Equatable {
        case ground
        /// Just saw ESC.
        case escape
        /// `ESC [` plus parameter/intermediate bytes so far.
        case csi([UInt8])
        /// `ESC O`.
        case ss3
        /// `ESC [ M` plus the coded bytes so far (3 in all).
        case x10([UInt32])
        /// A CSI sequence too long to be one we know: skipped up to its final byte.
        case skipCSI
    }

    private var state = State.ground
    /// Left button down, as far as the reports told us.
    private var leftButtonDown = false
    /// A drag report arrived since the last press.
    private var draggedSincePress = false

    /// Longest CSI parameter string we collect before giving the sequence up as garbage.
    private static let maxCSILength = 32

    /// True while an escape sequence has started but not ended.
    var isInsideSequence: Bool { state != .ground }

    /// True while only a lone ESC is pending (ncurses has already waited its escape delay for it).
    var isAfterLoneEscape: Bool { state == .escape }

    /// Decodes one input, appending finished events.
    mutating func feed(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch state {
        case .ground:
            ground(input, into: &events)
        case .escape:
            switch input {
            case .char(0x5B):  // [
                state = .csi([])
            case .char(0x4F):  // O
                state = .ss3
            case .char(0x1B):
                events.append(.key(.escape))
            default:
                // Esc followed by something else: Alt+key, or Esc typed before another key.
                events.append(.key(.escape))
                state = .ground
                ground(input, into: &events)
            }
        case .csi(var bytes):
            guard case .char(let c) = input else { return abort(input, into: &events) }
            if bytes.isEmpty && c == 0x4D {  // ESC [ M: X10 mouse, three coded bytes follow
                state = .x10([])
            } else if (0x20...0x3F).contains(c) {
                bytes.append(UInt8(c))
                state = bytes.count > Self.maxCSILength ? .skipCSI : .csi(bytes)
            } else if (0x40...0x7E).contains(c) {
                state = .ground
                csi(bytes, final: UInt8(c), into: &events)
            } else {
                abort(input, into: &events)
            }
        case .skipCSI:
            guard case .char(let c) = input, (0x20...0x7E).contains(c) else { return abort(input, into: &events) }
            if c >= 0x40 { state = .ground }
        case .ss3:
            guard case .char(let c) = input, (0x40...0x7E).contains(c) else { return abort(input, into: &events) }
            state = .ground
            if let key = Self.ss3Key(UInt8(c)) { events.append(.key(key)) }
        case .x10(var values):
            guard case .char(let c) = input else { return abort(input, into: &events) }
            values.append(c)
            if values.count < 3 {
                state = .x10(values)
            } else {
                state = .ground
                x10Mouse(values, into: &events)
            }
        }
    }

    /// Ends a batch: a pending lone ESC becomes the Esc key, an unfinished sequence is dropped.
    mutating func finish(into events: inout [TerminalEvent]) {
        if state == .escape { events.append(.key(.escape)) }
        state = .ground
    }

    // MARK: - Ground state

    private mutating func ground(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .event(let event):
            events.append(event)
        case .ignored:
            break
        case .char(let c):
            switch c {
            case 0x1B: state = .escape
            case 0x0D, 0x0A: events.append(.key(.enter))
            case 0x09: events.append(.key(.tab))
            case 0x7F, 0x08: events.append(.key(.backspace))
            default:
                if let scalar = Unicode.Scalar(c) { events.append(.key(.character(Character(scalar)))) }
            }
        }
    }

    /// Drops the sequence in progress and handles `input` afresh.
    private mutating func abort(_ input: RawInput, into events: inout [TerminalEvent]) {
        state = .ground
        ground(input, into: &events)
    }

    // MARK: - Sequences

    private mutating func csi(_ bytes: [UInt8], final: UInt8, into events: inout [TerminalEvent]) {
        if bytes.first == 0x3C, final == 0x4D || final == 0x6D {  // ESC [ < b ; x ; y M|m
            let numbers = Self.numbers(bytes.dropFirst())
            guard numbers.count == 3 else { return }
            mouse(code: numbers[0], x: numbers[1], y: numbers[2], release: final == 0x6D, into: &events)
            return
        }
        let numbers = Self.numbers(bytes[...])
        let key: TerminalKey?
        switch final {
        case 0x41: key = .up  // A
        case 0x42: key = .down  // B
        case 0x43: key = .right  // C
        case 0x44: key = .left  // D
        case 0x48: key = .home  // H
        case 0x46: key = .end  // F
        case 0x5A: key = .backTab  // Z
        case 0x50, 0x51, 0x52, 0x53: key = .function(Int(final) - 0x50 + 1)  // P Q R S: F1–F4 with modifiers
        case 0x7E:  // ~
            switch numbers.first ?? 0 {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 3: key = .delete
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 11...15: key = .function(numbers[0] - 10)
            case 17...21: key = .function(numbers[0] - 11)
            case 23...26: key = .function(numbers[0] - 12)
            case 28, 29: key = .function(numbers[0] - 13)
            case 31...34: key = .function(numbers[0] - 14)
            default: key = nil  // 200/201 bracketed paste marks, insert, …
            }
        default: key = nil
        }
        if let key { events.append(.key(key)) }
    }

    private static func ss3Key(_ final: UInt8) -> TerminalKey? {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        case 0x44: return .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x4D: return .enter  // keypad Enter
        case 0x50, 0x51, 0x52, 0x53: return .function(Int(final) - 0x50 + 1)
        default: return nil
        }
    }

    /// Decimal numbers separated by `;` (empty fields count as 0).
    private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int] {
        var result: [Int] = []
        var current = 0
        for byte in bytes {
            if byte == 0x3B {
                result.append(current)
                current = 0
            } else if (0x30...0x39).contains(byte) {
                current = min(current * 10 + Int(byte - 0x30), 1_000_000)
            }
        }
        result.append(current)
        return result
    }

    // MARK: - Mouse

    private mutating func x10Mouse(_ values: [UInt32], into events: inout [TerminalEvent]) {
        guard values.allSatisfy({ $0 >= 32 }) else { return }
        let code = Int(values[0]) - 32
        let isRelease = code & 3 == 3 && code & (32 | 64) == 0
        mouse(code: code, x: Int(values[1]) - 32, y: Int(values[2]) - 32, release: isRelease, into: &events)
    }

    /// One xterm mouse report. `code` is the button byte (low 2 bits button, 32 motion, 64 wheel,
    /// 128 extra buttons, 4/8/16 modifiers); `x`, `y` are 1-based cells.
    private mutating func mouse(code: Int, x: Int, y: Int, release: Bool, into events: inout [TerminalEvent]) {
        let col = max(x - 1, 0)
        let row = max(y - 1, 0)
        let button = code & 3
        func emit(_ kind: MouseInput.Kind) { events.append(.mouse(MouseInput(col: col, row: row, kind: kind))) }

        if code & 128 != 0 { return }  // buttons 8–11
        if code & 64 != 0 {  // wheel: no release reports
            if release { return }
            if button == 0 { emit(.wheelUp) } else if button == 1 { emit(.wheelDown) }
            return
        }
        if code & 32 != 0 {  // motion
            guard button == 0 else { return }  // motion with another button or none (mode 1003)
            leftButtonDown = true
            draggedSincePress = true
            emit(.drag)
            return
        }
        if release {
            // SGR names the button; X10 reports "a button went up" (3), meaning ours if it was down.
            guard button == 0 || (button == 3 && leftButtonDown) else { return }
            guard leftButtonDown else { return emit(.release) }
            leftButtonDown = false
            emit(.release)
            if !draggedSincePress { emit(.click) }
            return
        }
        guard button == 0 else { return }
        leftButtonDown = true
        draggedSincePress = false
        emit(.press)
    }
}
