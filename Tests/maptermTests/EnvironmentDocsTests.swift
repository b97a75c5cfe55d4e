import Foundation
import Testing

@testable import mapterm

/// `--help` and the man page's ENVIRONMENT name every variable the program reads: the sources are
/// searched for `environment["NAME"]`, `getenv("NAME")`, the XDG `folder("NAME", …)` and the locale
/// variables (test helpers and the benchmark aside).
struct EnvironmentDocsTests {
    @Test func everyVariableTheProgramReadsIsDocumented() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let pattern = try NSRegularExpression(
            pattern: #"(?:environment\[|getenv\(|folder\()"([A-Za-z_]+)"|"(LC_[A-Z]+|LANG)""#)
        let documented = Set(
            HelpText.environment.flatMap {
                $0.name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            })
        var read = Set<String>()
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = url.path
            if path.contains("/Sources/TestSupport/") || path.contains("/Sources/mapterm-bench/") { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let group = match.range(at: 1).location != NSNotFound ? 1 : 2
                let name = try #require(Range(match.range(at: group), in: text))
                read.insert(String(text[name]))
            }
        }
        #expect(read.count >= 10, "found only \(read.sorted())")
        for name in read.sorted() {
            #expect(documented.contains(name), "\(name) is read but not in --help's environment")
        }
    }
}
