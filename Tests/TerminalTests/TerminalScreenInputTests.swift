import Foundation
import Glibc
import Render
import Testing

@testable import Terminal

extension TerminalScreenTests {
    @Test func keysAreDecoded() throws {
        let fixture = try ScreenFixture()
        fixture.send(
            "\u{1B}[A\u{1B}OBab\t\u{1B}[Z\r\n\u{7F}é😀\u{1B}[3~\u{1B}[H\u{1B}[F\u{1B}[5~\u{1B}[6~\u{1B}OP\u{1B}[15~\u{1B}[1;5D"
        )
        let events = fixture.screen.readEvents(timeoutMilliseconds: 500)
        let expected: [TerminalKey] = [
            .up, .down, .character("a"), .character("b"), .tab, .backTab, .enter, .enter, .backspace,
            .character("é"), .character("😀"), .delete, .home, .end, .pageUp, .pageDown, .function(1), .function(5),
            .left,
        ]
        #expect(events == expected.map(TerminalEvent.key))
    }

    @Test func keysAreDecodedForTmux() throws {
        let fixture = try ScreenFixture(term: "tmux-256color")
        fixture.send("\u{1B}[A\u{1B}OA\u{1B}[Zq")
        #expect(
            fixture.screen.readEvents(timeoutMilliseconds: 500) == [
                .key(.up), .key(.up), .key(.backTab), .key(.character("q")),
            ])
    }

    @Test func aLoneEscapeArrivesAfterTheEscapeDelay() throws {
        let fixture = try ScreenFixture()
        fixture.send("\u{1B}")
        let clock = ContinuousClock()
        let start = clock.now
        let events = fixture.screen.readEvents(timeoutMilliseconds: 1000)
        let elapsed = clock.now - start
        #expect(events == [.key(.escape)])
        #expect(elapsed < .milliseconds(200), "\(elapsed)")
    }

    @Test func aBurstOfKeysComesBackFromOneCall() throws {
        let fixture = try ScreenFixture()
        fixture.send(String(repeating: "j", count: 30) + String(repeating: "\u{1B}[C", count: 20))
        let events = fixture.screen.readEvents(timeoutMilliseconds: 500)
        #expect(events.count == 50)
        #expect(events.first == .key(.character("j")) && events.last == .key(.right))
        #expect(fixture.screen.readEvents(timeoutMilliseconds: 0) == [])
    }

    @Test func sgrMouseReportsDecodeToCells() throws {
        let fixture = try ScreenFixture()
        fixture.send("\u{1B}[<0;10;5M\u{1B}[<32;11;5M\u{1B}[<32;12;6M\u{1B}[<0;12;6m\u{1B}[<64;3;3M\u{1B}[<65;3;3M")
        #expect(
            fixture.screen.readEvents(timeoutMilliseconds: 500) == [
                .mouse(MouseInput(col: 9, row: 4, kind: .press)), .mouse(MouseInput(col: 10, row: 4, kind: .drag)),
                .mouse(MouseInput(col: 11, row: 5, kind: .drag)), .mouse(MouseInput(col: 11, row: 5, kind: .release)),
                .mouse(MouseInput(col: 2, row: 2, kind: .wheelUp)),
                .mouse(MouseInput(col: 2, row: 2, kind: .wheelDown)),
            ])
        fixture.send("\u{1B}[<0;150;40M\u{1B}[<0;150;40m")
        #expect(
            fixture.screen.readEvents(timeoutMilliseconds: 500) == [
                .mouse(MouseInput(col: 149, row: 39, kind: .press)),
                .mouse(MouseInput(col: 149, row: 39, kind: .release)),
                .mouse(MouseInput(col: 149, row: 39, kind: .click)),
            ])
    }

    @Test func x10MouseReportsDecodeToCells() throws {
        // tmux-256color names the X10 prefix ESC [ M; a terminal ignoring mode 1006 sends it.
        let fixture = try ScreenFixture(term: "tmux-256color")
        let code = { (value: Int) in UInt8(32 + value) }
        fixture.send(
            bytes: [0x1B, 0x5B, 0x4D, code(0), code(10), code(5)] + [0x1B, 0x5B, 0x4D, code(3), code(10), code(5)]
                + Array("k".utf8))
        #expect(
            fixture.screen.readEvents(timeoutMilliseconds: 500) == [
                .mouse(MouseInput(col: 9, row: 4, kind: .press)), .mouse(MouseInput(col: 9, row: 4, kind: .release)),
                .mouse(MouseInput(col: 9, row: 4, kind: .click)), .key(.character("k")),
            ])
    }

    @Test func unknownEscapeSequencesAreSwallowed() throws {
        let fixture = try ScreenFixture()
        fixture.send("\u{1B}[200~hi\u{1B}[201~\u{1B}[I\u{1B}[O")
        #expect(fixture.screen.readEvents(timeoutMilliseconds: 500) == [.key(.character("h")), .key(.character("i"))])
    }

    @Test func readEventsTimesOutWithNothing() throws {
        let fixture = try ScreenFixture()
        let clock = ContinuousClock()
        let start = clock.now
        #expect(fixture.screen.readEvents(timeoutMilliseconds: 120) == [])
        let elapsed = clock.now - start
        #expect(elapsed >= .milliseconds(110) && elapsed < .milliseconds(400), "\(elapsed)")
    }

    @Test func readEventsReturnsPromptlyOnceInterruptIsRequested() throws {
        let fixture = try ScreenFixture()
        defer { TerminalRestorer.clearInterrupt() }
        let screen = fixture.screen
        let clock = ContinuousClock()
        let start = clock.now
        // Asked from a thread of its own: on a small machine every thread of the test pool may be busy.
        Thread.detachNewThread {
            usleep(100_000)
            TerminalRestorer.requestInterrupt()
        }
        #expect(screen.readEvents(timeoutMilliseconds: 5000) == [])
        let elapsed = clock.now - start
        #expect(elapsed < .milliseconds(400), "\(elapsed)")
        // With the flag already set, the call returns at once.
        let again = clock.now
        #expect(screen.readEvents(timeoutMilliseconds: 5000) == [])
        #expect(clock.now - again < .milliseconds(50))
    }

    @Test func sigtermSetsTheInterruptFlag() {
        TerminalRestorer.installSignalHandlers()
        defer { TerminalRestorer.clearInterrupt() }
        #expect(!TerminalRestorer.interruptRequested)
        // Test threads block most signals: unblock SIGTERM here so raise() delivers it now.
        var set = sigset_t()
        var old = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, &old)
        raise(SIGTERM)
        pthread_sigmask(SIG_SETMASK, &old, nil)
        #expect(TerminalRestorer.interruptRequested)
        #expect(TerminalRestorer.interruptSignal == SIGTERM)
    }

    @Test func everySignalThatWouldEndTheMapIsCaughtOrIgnored() {
        TerminalRestorer.installSignalHandlers()
        // Signals whose default action is to ignore, stop or continue, and SIGKILL/SIGSTOP (which
        // cannot be caught); every other one would end the process with the terminal left as it is.
        // 32 and 33 are glibc's own, below SIGRTMIN.
        let harmless: Set<Int32> = [SIGCHLD, SIGURG, SIGWINCH, SIGCONT, SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU, SIGKILL]
        let numbers = Array(1...31) + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        let ending = numbers.filter { !harmless.contains($0) }
        let handled = Set(
            TerminalRestorer.quitSignals + TerminalRestorer.crashSignals + TerminalRestorer.ignoredSignals)
        #expect(ending.filter { !handled.contains($0) } == [])
        #expect(TerminalRestorer.ignoredSignals == [SIGPIPE])
        for signal in ending {
            var current = sigaction()
            sigaction(signal, nil, &current)
            let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            #expect(handler != 0, "signal \(signal) still has its default action")  // 0 is SIG_DFL
            if signal == SIGPIPE { #expect(handler == 1) }  // 1 is SIG_IGN
        }
    }
}
