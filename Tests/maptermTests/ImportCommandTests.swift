import Places
import Testing

@testable import mapterm

/// What `mapterm import` says: counts with their plurals, and one line for a file with no place in it.
struct ImportCommandTests {
    @Test func countsTakeTheirPlurals() {
        #expect(ImportCommand.summary(imported: 1, rejected: 0) == "imported 1 place")
        #expect(ImportCommand.summary(imported: 2, rejected: 0) == "imported 2 places")
        #expect(ImportCommand.summary(imported: 12, rejected: 1) == "imported 12 places (1 row rejected)")
        #expect(ImportCommand.summary(imported: 1, rejected: 3) == "imported 1 place (3 rows rejected)")
    }

    @Test func aFileWithoutPlacesIsOneLineWithTheFirstReasons() {
        let issues = (1...5).map { PlaceImportIssue(line: $0 + 1, record: $0, message: "latitude is missing") }
        let line = ImportCommand.refusal("x.csv", issues)
        #expect(
            line
                == "x.csv holds no valid places (5 rows rejected: line 2: latitude is missing; line 3: latitude is missing; line 4: latitude is missing; …)"
        )
        #expect(!line.contains("\n"))
        #expect(ImportCommand.refusal("x.csv", Array(issues.prefix(1))).contains("(1 row rejected: line 2"))
    }
}
