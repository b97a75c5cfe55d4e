import CNcurses
import Glibc
import Render

/// The full-screen terminal: ncursesw sets it up (alternate screen, cbreak, keypad, mouse), reads keys,
/// mouse reports and resizes, and restores it; frames are sent by `TerminalEncoder`, which writes only
/// the cells that differ from what the terminal shows, with the shortest colour changes, and scrolls
/// lines that merely moved (a vertical pan) with the terminal's scroll region. (ncurses' own refresh
/// resends both colours at every colour-pair change, which doubled the bytes of a map frame.)
///
/// Use from one run loop:
/// ```
/// let screen = try TerminalScreen.open(colorMode: nil)   // installs the signal handlers too
/// defer { screen.close() }
/// while !TerminalRestorer.interruptRequested {
///     screen.draw(render(state, size: screen.size))
///     for event in screen.readEvents(timeoutMilliseconds: 100) { state = reduce(state, event) }
/// }
/// ```
/// Every method takes a process-wide lock around its ncurses calls, so the class is safe to share
/// between threads; ncurses itself is never entered concurrently.
// @unchecked: wraps ncurses' SCREEN and the terminal's FILE (C handles); every use holds NcursesLock.
public final class TerminalScreen: @unchecked Sendable {
    // MARK: State (guarded by NcursesLock)

    private let screen: OpaquePointer
    private let output: UnsafeMutablePointer<FILE>
    private let outputFD: Int32
    private let inputFD: Int32
    /// Wakes `readEvents` when something other than input is ready (see `wake`).
    private let wakePipe: WakePipe?
    /// Size of the output file at open when it is a regular file (tests, benchmarks); nil for a TTY.
    private let outputStartSize: Int?
    /// Opened on the process's own terminal: signal restore armed, ^Z handled.
    private let ownsTerminal: Bool
    /// LC_CTYPE is UTF-8, so non-ASCII scalars can be written.
    private let canWriteUTF8: Bool
    private var isClosed = false
    private var lastGrid: CellGrid?
    private var lastScreenSize = (cols: 0, rows: 0)
    private var encoder: TerminalEncoder
    private var decoder = InputDecoder()

    /// Colours actually used: the requested mode, limited to what the terminal supports.
    public let colorMode: ColorMode
    /// The user's locale is UTF-8. When false, prefer ASCII output: non-ASCII glyphs may show as
    /// garbage even though `LC_CTYPE` was switched to C.UTF-8 for ncurses.
    public let isUTF8: Bool

    /// Longest single wait inside `readEvents`, in milliseconds: how quickly it notices the
    /// interrupt flag and ^Z.
    static let pollSliceMilliseconds = 50
    /// How long `readEvents` waits for the rest of an escape sequence split between reads, in ms.
    static let sequenceGraceMilliseconds: Int32 = 30
    /// Most raw inputs one `readEvents` call consumes, so a flood cannot starve the run loop.
    static let maxBatch = 4096

    private static let mouseOn: StaticString = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    private static let mouseOff: StaticString = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"

    // MARK: - Opening

    /// Opens the process's terminal (stdin/stdout) full screen: alternate screen, cbreak (^C stays a
    /// signal, see `TerminalRestorer`), no echo, keypad decoding, cursor hidden, 25 ms Esc delay,
    /// mouse reporting (press, release, drag with xterm mode 1002, wheel; SGR 1006 coordinates).
    ///
    /// - Parameter colorMode: nil to detect: `NO_COLOR` set and non-empty → monochrome, else
    ///   256 colours if the terminal has them, 16 with 8 or more, else monochrome. An explicit mode
    ///   wins over `NO_COLOR` but is limited to what the terminal supports.
    /// - Parameter keysFromTTY: read keys from `/dev/tty` instead of stdin (stdin carries data, as
    ///   for `--layer -`).
    /// - Throws: `TerminalError` when stdin/stdout is not a terminal, or `TERM` is unknown or cannot move the cursor.
    public static func open(colorMode: ColorMode?, keysFromTTY: Bool = false) throws -> TerminalScreen {
        TerminalRestorer.installSignalHandlers()
        guard let input = keysFromTTY ? fopen("/dev/tty", "r") : mt_stdin() else { throw TerminalError.notATerminal }
        let output = mt_stdout()!
        guard isatty(fileno(input)) == 1, isatty(fileno(output)) == 1 else { throw TerminalError.notATerminal }
        return try NcursesLock.run {
            let locale = TerminalLocale.prepare(allCategories: true)
            TerminalRestorer.arm(fd: fileno(output))
            do {
                return try TerminalScreen(
                    term: nil, input: input, output: output, size: nil, colorMode: colorMode, locale: locale,
                    ownsTerminal: true)
            } catch {
                TerminalRestorer.disarm()
                throw error
            }
        }
    }

    /// Opens ncurses on arbitrary files, no TTY needed: for tests and byte-count benchmarks.
    /// Only `LC_CTYPE` is touched (UTF-8, C.UTF-8 as fallback); no signal handlers are installed.
    ///
    /// - Parameters:
    ///   - term: terminfo name, e.g. `"xterm-256color"`.
    ///   - input: where keys are read from (a pipe lets a test feed bytes while it runs).
    ///   - output: where the escape sequences go; when it is a regular file, `bytesWritten` counts.
    ///   - cols, rows: the screen size in cells.
    ///   - colorMode: as for `open(colorMode:)`.
    public static func open(
        term: String, input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, cols: Int, rows: Int,
        colorMode: ColorMode?
    ) throws -> TerminalScreen {
        try NcursesLock.run {
            let locale = TerminalLocale.prepare(allCategories: false)
            return try TerminalScreen(
                term: term, input: input, output: output, size: (max(cols, 1), max(rows, 1)), colorMode: colorMode,
                locale: locale, ownsTerminal: false)
        }
    }

    /// Starts ncurses. Caller holds the lock.
    private init(
        term: String?, input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>,
        size: (cols: Int, rows: Int)?,
        colorMode requested: ColorMode?, locale: (userLocaleIsUTF8: Bool, canWriteUTF8: Bool), ownsTerminal: Bool
    ) throws {
        let started: OpaquePointer?
        if let term { started = newterm(term, output, input) } else { started = newterm(nil, output, input) }
        let name = term ?? getenv("TERM").map { String(cString: $0) } ?? ""
        guard let started else { throw TerminalError.unknownTerminal(name) }
        // Nothing has been written yet: a terminal that cannot address the cursor is refused before any
        // escape sequence reaches it.
        guard Self.canAddressCursor() else {
            delscreen(started)
            throw TerminalError.incapableTerminal(name)
        }
        screen = started
        self.output = output
        outputFD = fileno(output)
        inputFD = fileno(input)
        wakePipe = WakePipe()
        self.ownsTerminal = ownsTerminal
        canWriteUTF8 = locale.canWriteUTF8
        isUTF8 = locale.userLocaleIsUTF8
        var info = Glibc.stat()
        outputStartSize = fstat(outputFD, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil

        set_term(screen)
        if let size { resize_term(Int32(size.rows), Int32(size.cols)) }
        let window: UnsafeMutablePointer<WINDOW> = mt_stdscr()
        cbreak()
        Self.disableFlowControl(fileno(input))
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        leaveok(window, true)  // the cursor is hidden: never spend bytes moving it back
        idlok(window, true)  // allow insert/delete line where the terminal lacks a scroll region
        scrollok(window, false)  // writing the bottom-right cell must not scroll
        curs_set(0)
        set_escdelay(25)
        keyok(KEY_MOUSE, false)  // mouse reports reach InputDecoder as characters, in order
        for (sequence, code) in NcursesKeys.extraDefinitions { define_key(sequence, code) }

        let terminalColors = has_colors() ? Int(tigetnum("colors")) : 0
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        self.colorMode = Self.resolveColorMode(requested: requested, terminalColors: terminalColors, noColor: noColor)
        let scrollRegion = tigetstr("csr").map { Int(bitPattern: $0) != -1 } ?? false
        encoder = TerminalEncoder(
            capabilities: .init(
                colorMode: self.colorMode, utf8: locale.canWriteUTF8, backgroundColorErase: tigetflag("bce") == 1,
                scrollRegions: scrollRegion))

        wrefresh(window)  // enter the alternate screen, clear it, flush the set-up
        sendControl(Self.mouseOn)
    }

    /// True when the current terminal's terminfo has `cup` (cursor_address): every full-screen frame
    /// moves the cursor; `dumb` and printing terminals have no such capability.
    static func canAddressCursor() -> Bool {
        guard let cup = tigetstr("cup") else { return false }
        return Int(bitPattern: cup) != -1 && cup.pointee != 0
    }

    /// Turns XON/XOFF flow control off on the input terminal, so ^S cannot freeze the map and ^Q reaches
    /// it as a key (ncurses' cbreak leaves IXON on); `endwin` restores the modes saved at start.
    static func disableFlowControl(_ fd: Int32) {
        var modes = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &modes) == 0 else { return }
        modes.c_iflag &= ~tcflag_t(IXON | IXOFF)
        tcsetattr(fd, TCSANOW, &modes)
        def_prog_mode()  // so that coming back from ^Z restores these modes, not the ones before
    }

    /// The colour mode to use: `requested`, or detected when nil, never beyond what a terminal with
    /// `terminalColors` colours (terminfo `colors`, ≤ 0 when none) can show.
    static func resolveColorMode(requested: ColorMode?, terminalColors: Int, noColor: Bool) -> ColorMode {
        let capability: ColorMode = terminalColors >= 256 ? .palette256 : terminalColors >= 8 ? .ansi16 : .monochrome
        guard let requested else { return noColor ? .monochrome : capability }
        let rank: [ColorMode: Int] = [.monochrome: 0, .ansi16: 1, .palette256: 2]
        return rank[requested, default: 0] <= rank[capability, default: 0] ? requested : capability
    }

    deinit { close() }

    // MARK: - Properties

    /// The screen size in cells, as ncurses knows it (updated when a `.resize` event is read).
    public var size: (cols: Int, rows: Int) {
        NcursesLock.run {
            guard !isClosed else { return (0, 0) }
            set_term(screen)
            return (Int(mt_cols()), Int(mt_lines()))
        }
    }

    /// Bytes written to the output since open, when the output is a regular file (tests,
    /// benchmarks); 0 for a terminal. Includes the set-up sequences written by `open`.
    public var bytesWritten: Int {
        NcursesLock.run {
            guard let start = outputStartSize else { return 0 }
            fflush(output)
            var info = Glibc.stat()
            return fstat(outputFD, &info) == 0 ? Int(info.st_size) - start : 0
        }
    }

    // MARK: - Drawing

    /// Shows `grid` (clipped to the screen, blank beyond it). Only what differs from the last frame is
    /// sent; when the screen size changed since then, or after `invalidate`, the screen is cleared and
    /// everything repainted. The last row (the status bar) never scrolls with the rows above it.
    public func draw(_ grid: CellGrid) {
        NcursesLock.run {
            guard !isClosed else { return }
            set_term(screen)
            let screenSize = (cols: Int(mt_cols()), rows: Int(mt_lines()))
            if screenSize != lastScreenSize { encoder.invalidate() }
            var fitted = Self.fit(grid, cols: screenSize.cols, rows: screenSize.rows)
            // The user's locale is not UTF-8 (LANG=C): the terminal gets ASCII only.
            if !isUTF8 { fitted.foldToASCII() }
            send(encoder.encode(fitted, scrollableRows: fitted.rows - 1))
            lastGrid = grid
            lastScreenSize = screenSize
        }
    }

    /// Forgets what the terminal shows: the next `draw` clears and repaints everything (after the
    /// terminal was disturbed by other output; ^L).
    public func invalidate() {
        NcursesLock.run { encoder.invalidate() }
    }

    /// `grid` cut or padded with blanks to the screen size.
    static func fit(_ grid: CellGrid, cols: Int, rows: Int) -> CellGrid {
        guard grid.cols != cols || grid.rows != rows else { return grid }
        var fitted = CellGrid(cols: cols, rows: rows)
        for row in 0..<min(rows, grid.rows) {
            for col in 0..<min(cols, grid.cols) { fitted[col, row] = grid[col, row] }
            // A wide character cut in half at the edge would spill over: show a blank instead.
            if cols < grid.cols, cols > 0, fitted[cols - 1, row].scalar >= 0x1100, grid[cols, row].isContinuation {
                fitted[cols - 1, row] = Cell(" ", style: fitted[cols - 1, row].style)
            }
        }
        return fitted
    }

    /// Writes bytes to the terminal and flushes them. Caller holds the lock; ncurses' own buffer is empty
    /// (it writes only while opening, suspending and closing, each ending with a flush).
    private func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, output) }
        fflush(output)
    }

    // MARK: - Input

    /// Waits up to `timeoutMilliseconds` (negative: no limit) for input, then also takes everything
    /// already queued without waiting, so a burst of keys comes back from one call (redraw once per
    /// call, not once per key). Returns [] on timeout, and returns early (within ~50 ms) once
    /// `TerminalRestorer.interruptRequested` is set. A pending ^Z suspends the process here.
    public func readEvents(timeoutMilliseconds: Int32) -> [TerminalEvent] {
        NcursesLock.run {
            guard !isClosed else { return [] }
            set_term(screen)
            let window: UnsafeMutablePointer<WINDOW> = mt_stdscr()
            var events: [TerminalEvent] = []
            let clock = ContinuousClock()
            let start = clock.now
            let limit: Duration? = timeoutMilliseconds < 0 ? nil : .milliseconds(Int(timeoutMilliseconds))
            // Wait for the first input in short slices, watching the signal flags; a wake-up ends the
            // wait with no events.
            while true {
                if ownsTerminal && TerminalRestorer.takeSuspendRequest() { suspend(window) }
                if TerminalRestorer.interruptRequested { return [] }
                var slice = Self.pollSliceMilliseconds
                if let limit {
                    let left = (limit - (clock.now - start)) / .milliseconds(1)
                    slice = max(0, min(slice, Int(left.rounded(.up))))
                }
                // What ncurses already holds comes first: poll cannot see its buffer.
                wtimeout(window, 0)
                if let raw = readRaw(window) {
                    decoder.feed(raw, into: &events)
                    break
                }
                if let limit, clock.now - start >= limit { return [] }
                if waitForInputOrWake(milliseconds: Int32(slice)) { return [] }
            }
            // Take what is already queued.
            var count = 1
            while count < Self.maxBatch, let raw = readRaw(window) {
                decoder.feed(raw, into: &events)
                count += 1
            }
            // An escape sequence split between reads: give its rest a moment. (A lone ESC needs no
            // wait: ncurses already waited its escape delay before handing it over.)
            if decoder.isInsideSequence && !decoder.isAfterLoneEscape {
                wtimeout(window, Self.sequenceGraceMilliseconds)
                while decoder.isInsideSequence && !decoder.isAfterLoneEscape && count < Self.maxBatch,
                    let raw = readRaw(window)
                {
                    decoder.feed(raw, into: &events)
                    count += 1
                }
            }
            decoder.finish(into: &events)
            return events
        }
    }

    /// Makes a `readEvents` waiting now (or the next one) return at once, without events: call it from
    /// any thread when the program has something other than input to handle.
    public func wake() { wakePipe?.signal() }

    /// Waits up to `milliseconds` for input or a wake-up; true (and the wake-up taken) when woken.
    private func waitForInputOrWake(milliseconds: Int32) -> Bool {
        var fds = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)]
        if let wakePipe { fds.append(pollfd(fd: wakePipe.readFD, events: Int16(POLLIN), revents: 0)) }
        guard poll(&fds, nfds_t(fds.count), milliseconds) > 0, fds.count > 1, fds[1].revents != 0 else {
            return false
        }
        wakePipe?.drain()
        return true
    }

    /// One `wget_wch` result, nil when nothing came before the window's timeout.
    private func readRaw(_ window: UnsafeMutablePointer<WINDOW>) -> InputDecoder.RawInput? {
        var value: wint_t = 0
        let status = wget_wch(window, &value)
        if status == KEY_CODE_YES {
            let code = Int32(bitPattern: value)
            if code == KEY_RESIZE { return .event(.resize(cols: Int(mt_cols()), rows: Int(mt_lines()))) }
            if let key = NcursesKeys.key(for: code) { return .event(.key(key)) }
            return .ignored
        }
        return status == OK ? .char(UInt32(value)) : nil
    }

    /// ^Z: leave curses mode, stop, and on `fg` come back with the screen repainted. A size change
    /// while stopped is then picked up by ncurses' SIGWINCH handling as a `.resize` event.
    private func suspend(_ window: UnsafeMutablePointer<WINDOW>) {
        sendControl(Self.mouseOff)
        endwin()
        TerminalRestorer.disarm()
        TerminalRestorer.stopProcess()
        TerminalRestorer.arm(fd: outputFD)
        clearok(mt_curscr(), true)
        wrefresh(window)  // back to curses mode: alternate screen, keypad mode, a cleared screen
        sendControl(Self.mouseOn)
        encoder.invalidate()
        if let lastGrid {
            let size = (cols: Int(mt_cols()), rows: Int(mt_lines()))
            let fitted = Self.fit(lastGrid, cols: size.cols, rows: size.rows)
            send(encoder.encode(fitted, scrollableRows: fitted.rows - 1))
        }
        raise(SIGWINCH)  // the terminal may have been resized while we were stopped
    }

    /// Writes a control sequence ncurses does not know about straight to the output. Call only
    /// when ncurses' own output buffer is empty (after `doupdate`/`wrefresh`, before `endwin`).
    /// (`putp` would not do: it writes to stdout, not to the file given to `newterm`.)
    /// Only the program's own sequences (a `StaticString`) are sent this way.
    private func sendControl(_ sequence: StaticString) {
        sequence.withUTF8Buffer { _ = fwrite($0.baseAddress, 1, $0.count, output) }
        fflush(output)
    }

    /// Test hook: resizes the screen as a SIGWINCH would (ncurses queues a KEY_RESIZE).
    func simulateResize(cols: Int, rows: Int) {
        NcursesLock.run {
            guard !isClosed else { return }
            set_term(screen)
            resizeterm(Int32(rows), Int32(cols))
        }
    }

    // MARK: - Closing

    /// Leaves full-screen mode and restores the terminal (mouse reporting off, `endwin`), then frees
    /// the ncurses screen. Idempotent; also run on deinit. The files passed to `open` stay open.
    public func close() {
        NcursesLock.run {
            guard !isClosed else { return }
            isClosed = true
            set_term(screen)
            sendControl(Self.mouseOff)
            endwin()
            delscreen(screen)
            if ownsTerminal { TerminalRestorer.disarm() }
        }
    }
}
