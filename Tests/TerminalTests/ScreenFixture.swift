import Glibc
import Render

@testable import Terminal

/// A `TerminalScreen` on a temporary output file and an input pipe the test writes keys into.
final class ScreenFixture {
    let screen: TerminalScreen
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    private var writeFD: Int32

    init(term: String = "xterm-256color", cols: Int = 80, rows: Int = 24, colorMode: ColorMode? = .palette256) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0, let input = fdopen(fds[0], "r"), let output = tmpfile() else {
            throw FixtureError.setUp
        }
        self.input = input
        self.output = output
        writeFD = fds[1]
        screen = try TerminalScreen.open(
            term: term, input: input, output: output, cols: cols, rows: rows, colorMode: colorMode)
    }

    deinit {
        screen.close()
        if writeFD >= 0 { Glibc.close(writeFD) }
        fclose(input)
        fclose(output)
    }

    /// Writes bytes to the screen's input, as a terminal would.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) }
    }

    func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) }
    }

    /// Bytes the screen has written so far.
    var bytes: Int { screen.bytesWritten }

    /// What the screen wrote from byte `offset` (as counted by `bytes`) to now, as raw bytes.
    func written(from offset: Int) -> [UInt8] {
        let end = screen.bytesWritten  // flushes
        guard end > offset else { return [] }
        var buffer = [UInt8](repeating: 0, count: end - offset)
        let count = buffer.withUnsafeMutableBytes { pread(fileno(output), $0.baseAddress, end - offset, off_t(offset)) }
        return Array(buffer.prefix(max(count, 0)))
    }

    /// Draws and returns the bytes that draw wrote.
    @discardableResult
    func drawCounting(_ grid: CellGrid) -> Int {
        let before = bytes
        screen.draw(grid)
        return bytes - before
    }

    enum FixtureError: Error { case setUp }
}

/// Escape bytes made readable: ESC as `\e`, other control bytes as `^X`.
func visible(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes {
        if byte == 0x1B {
            text += "\\e"
        } else if byte < 0x20 {
            text += "^" + String(UnicodeScalar(byte + 0x40))
        } else {
            text.unicodeScalars.append(UnicodeScalar(byte))
        }
    }
    return text
}

/// The rows (1-based) of every absolute cursor move `ESC [ row ; col H` in `bytes`.
func cursorRows(_ bytes: [UInt8]) -> [Int] {
    var rows: [Int] = []
    var i = 0
    while i + 1 < bytes.count {
        guard bytes[i] == 0x1B, bytes[i + 1] == 0x5B else {
            i += 1
            continue
        }
        var j = i + 2
        var numbers: [Int] = [0]
        while j < bytes.count, (0x30...0x3B).contains(bytes[j]) {
            if bytes[j] == 0x3B {
                numbers.append(0)
            } else {
                numbers[numbers.count - 1] = numbers.last! * 10 + Int(bytes[j] - 0x30)
            }
            j += 1
        }
        if j < bytes.count, bytes[j] == 0x48 { rows.append(numbers[0] == 0 ? 1 : numbers[0]) }
        i = j
    }
    return rows
}
