import Glibc
import Synchronization

/// Process-wide signal handling and terminal restore for the full-screen UI.
///
/// - Every signal whose default action ends the process and that says "stop" rather than "I crashed"
///   (`quitSignals`: SIGINT, SIGTERM, SIGHUP, SIGQUIT — ^\\, which would otherwise dump a backtrace over
///   the map —, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO, SIGPWR,
///   SIGSTKFLT and the real-time signals) only records the signal (`interruptRequested`); the run loop
///   polls it between `readEvents` calls, which return within ~50 ms once it is set, and then quits
///   through `TerminalScreen.close()`, exiting with 128 + the signal. A second one while the first is
///   still pending restores the terminal and kills the process with the default action (a stuck app
///   can still be stopped with ^C ^C).
/// - SIGPIPE is ignored (`ignoredSignals`): a write to a closed pipe or socket fails with EPIPE instead
///   of killing the map with the terminal in curses mode.
/// - SIGTSTP (^Z) is recorded too; the next `readEvents` leaves curses mode, stops the process and,
///   on `fg`, restores the screen and reports a `.resize` so the app redraws.
/// - SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSYS (`crashSignals`; Swift runtime traps
///   are SIGILL on x86-64, SIGTRAP on arm64) write a reset sequence with `write(2)` (leave the
///   alternate screen, mouse reporting off, attributes and scroll region reset, cursor shown), restore
///   the termios saved at open, then hand the signal to the previous handler (the Swift backtracer,
///   which borrows SIGPROF, SIGUSR1 and SIGUSR2 while it runs) or the default action.
/// - `atexit` does the same restore if a screen is still open when the process exits.
///
/// The handlers must be installed before ncurses starts (`newterm`), or ncurses installs its own
/// for SIGINT/SIGTERM/SIGTSTP; `TerminalScreen.open(colorMode:)` calls `installSignalHandlers()`.
public enum TerminalRestorer {
    /// Installs the handlers and the `atexit` hook. Idempotent. Signals that were ignored when the
    /// process started (e.g. SIGHUP under `nohup`) stay ignored.
    public static func installSignalHandlers() {
        guard !handlersInstalled.exchange(true, ordering: .sequentiallyConsistent) else { return }
        // Touch every global a handler reads, so none is lazily initialised inside a handler.
        _ = savedTermios
        _ = previousActions
        _ = interruptSignalNumber.load(ordering: .relaxed)
        _ = suspendFlag.load(ordering: .relaxed)
        _ = restoreFD.load(ordering: .relaxed)
        _ = termiosSaved.load(ordering: .relaxed)
        _ = resetSequence.utf8CodeUnitCount
        _ = quitSignals

        for signal in quitSignals {
            install(signal, flags: SA_RESTART, keepIgnored: true) {
                $0.__sigaction_handler.sa_handler = handleInterrupt
            }
        }
        for signal in ignoredSignals { Glibc.signal(signal, SIG_IGN) }
        install(SIGTSTP, flags: SA_RESTART, keepIgnored: true) { $0.__sigaction_handler.sa_handler = handleSuspend }
        for signal in crashSignals {
            install(signal, flags: SA_SIGINFO | SA_ONSTACK, keepIgnored: false) {
                $0.__sigaction_handler.sa_sigaction = handleCrash
            }
        }
        atexit(restoreAtExit)
    }

    /// Signals that ask the map to quit (see the type's notes): every signal whose default action ends
    /// the process, except the crashes and SIGPIPE (and SIGKILL, which cannot be caught).
    public static let quitSignals: [Int32] =
        [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ]
        + [SIGIO, SIGPWR, SIGSTKFLT] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

    /// Signals that mean the process is broken: the terminal is restored, then the previous handler
    /// (the Swift backtracer) or the default action runs.
    public static let crashSignals: [Int32] = [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSYS]

    /// Signals ignored while the handlers are installed.
    public static let ignoredSignals: [Int32] = [SIGPIPE]

    /// True once one of `quitSignals` arrived (or `requestInterrupt` was called).
    public static var interruptRequested: Bool { interruptSignalNumber.load(ordering: .sequentiallyConsistent) != 0 }

    /// The signal number that requested the interrupt, 0 if none. Exit with `128 + signal` to tell
    /// the shell how the program ended.
    public static var interruptSignal: Int32 { interruptSignalNumber.load(ordering: .sequentiallyConsistent) }

    /// Sets the interrupt flag as the signal handler would (for tests and for quitting from another
    /// thread).
    public static func requestInterrupt(signal: Int32 = SIGINT) {
        interruptSignalNumber.store(signal, ordering: .sequentiallyConsistent)
    }

    /// Ends the process at once with `status`: restores the terminal if a screen is still armed, then
    /// `_exit`, without the C libraries' exit handlers. Those can crash while a background transfer
    /// still uses its library (OpenSSL under libcurl tearing down beneath a tile fetch). Output is
    /// written unbuffered (`Console`), so nothing waits in a buffer.
    public static func exitNow(status: Int32) -> Never {
        restoreTerminalRaw()
        _exit(status)
    }

    /// Clears the interrupt flag.
    public static func clearInterrupt() {
        interruptSignalNumber.store(0, ordering: .sequentiallyConsistent)
    }

    // MARK: - Used by TerminalScreen

    /// Remembers the terminal on `fd` (and its current termios) as the one to restore on a crash or
    /// at exit.
    static func arm(fd: Int32) {
        var mode = termios()
        let saved = tcgetattr(fd, &mode) == 0
        if saved { savedTermios.pointee = mode }
        termiosSaved.store(saved, ordering: .sequentiallyConsistent)
        restoreFD.store(fd, ordering: .sequentiallyConsistent)
    }

    /// The terminal was restored properly (`endwin`): nothing left to do on a crash or at exit.
    static func disarm() {
        restoreFD.store(-1, ordering: .sequentiallyConsistent)
    }

    /// Takes a pending ^Z request.
    static func takeSuspendRequest() -> Bool {
        suspendFlag.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// Stops the process as the default SIGTSTP action would; returns after `fg` (SIGCONT).
    static func stopProcess() {
        kill(getpid(), SIGSTOP)
    }

    // MARK: - Installing

    private static func install(_ signal: Int32, flags: Int32, keepIgnored: Bool, setHandler: (inout sigaction) -> Void)
    {
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        setHandler(&action)
        let previous = previousActions + Int(signal)
        guard sigaction(signal, &action, previous) == 0 else { return }
        if keepIgnored && unsafeBitCast(previous.pointee.__sigaction_handler.sa_handler, to: Int.self) == 1 {
            sigaction(signal, previous, nil)  // SIG_IGN is handler value 1: keep ignoring
        }
    }
}

// MARK: - State read by signal handlers (allocated once, never freed)

private let interruptSignalNumber = Atomic<Int32>(0)
private let suspendFlag = Atomic<Bool>(false)
private let handlersInstalled = Atomic<Bool>(false)
/// The terminal's file descriptor while a screen is open, -1 otherwise.
private let restoreFD = Atomic<Int32>(-1)
private let termiosSaved = Atomic<Bool>(false)
nonisolated(unsafe) private let savedTermios: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
}()
/// The actions replaced by ours, indexed by signal number.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let count = 65
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: count)
    pointer.initialize(repeating: sigaction(), count: count)
    return pointer
}()

// MARK: - Handlers (async-signal-safe: atomics, write, tcsetattr, sigaction, raise, kill only)

private func handleInterrupt(_ signal: Int32) {
    if interruptSignalNumber.exchange(signal, ordering: .sequentiallyConsistent) != 0 {
        restoreTerminalRaw()
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)  // handler nil = SIG_DFL
        raise(signal)  // blocked until we return, then kills the process
    }
}

private func handleSuspend(_ signal: Int32) {
    if restoreFD.load(ordering: .sequentiallyConsistent) < 0 {
        kill(getpid(), SIGSTOP)  // no screen open: behave like the default action
    } else {
        suspendFlag.store(true, ordering: .sequentiallyConsistent)
    }
}

private func handleCrash(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?)
{
    restoreTerminalRaw()
    sigaction(signal, previousActions + Int(signal), nil)
    // A fault raised by the kernel (si_code > 0) happens again when we return, now reaching the
    // previous handler with its real siginfo. Anything else (abort, raise, int3) is raised again;
    // it stays blocked until we return.
    let code = info?.pointee.si_code ?? 0
    let isFault = signal == SIGSEGV || signal == SIGBUS || signal == SIGILL || signal == SIGFPE
    if !(isFault && code > 0) { raise(signal) }
}

private func restoreAtExit() {
    restoreTerminalRaw()
}

/// Mouse reporting off, attributes and scroll region reset, keypad mode off, cursor on, main screen.
private let resetSequence: StaticString =
    "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[0m\u{1B}[r\u{1B}[?1l\u{1B}>\u{1B}[?25h\u{1B}[?1049l"

/// Writes the reset sequence and restores the saved termios, once per `arm`.
private func restoreTerminalRaw() {
    let fd = restoreFD.exchange(-1, ordering: .sequentiallyConsistent)
    guard fd >= 0 else { return }
    var bytes = UnsafeRawPointer(resetSequence.utf8Start)
    var left = resetSequence.utf8CodeUnitCount
    var attempts = 0
    while left > 0 && attempts < 16 {
        let written = write(fd, bytes, left)
        if written > 0 {
            bytes += written
            left -= written
        }
        attempts += 1
    }
    if termiosSaved.load(ordering: .sequentiallyConsistent) {
        tcsetattr(fd, TCSANOW, savedTermios)
    }
}
