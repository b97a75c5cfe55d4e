import Foundation
import Render
import Testing

/// Text snapshots of frames: the characters, then a blank line, then the style plane. With
/// `RECORD_SNAPSHOTS=1` in the environment the file is (re)written instead of compared.
public enum Snapshot {
    /// Compares `grid` with `directory/name.txt`, recording an issue that shows the first differing line.
    public static func assert(
        _ grid: CellGrid, named name: String, in directory: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let file = directory.appendingPathComponent(name + ".txt")
        let actual = grid.text + "\n\n" + grid.styleText + "\n"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record(
                "no snapshot \(file.lastPathComponent); run with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
            return
        }
        guard expected != actual else { return }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
        let failed = directory.appendingPathComponent(name + ".actual.txt")
        try? actual.write(to: failed, atomically: true, encoding: .utf8)
        Issue.record(
            """
            snapshot \(name) differs at line \(line + 1) (actual written to \(failed.lastPathComponent)):
            expected: \(line < e.count ? String(e[line]) : "<end>")
            actual:   \(line < a.count ? String(a[line]) : "<end>")
            """, sourceLocation: sourceLocation)
    }
}
