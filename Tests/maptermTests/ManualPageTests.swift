import Foundation
import MapFeature
import Testing

@testable import mapterm

/// mapterm(1): made from the option table, so every command and option is in it; its text is roff
/// that starts no request by accident.
struct ManualPageTests {
    @Test func everyOptionOfEveryCommandIsInThePage() {
        let page = ManualPage.text.string
        for command in HelpText.everyCommand {
            #expect(page.contains(ManualPage.quoted(command.name.map { "mapterm " + $0 } ?? "mapterm (the map)")))
            #expect(page.contains(ManualPage.roff(command.summary)), "\(command.usage)")
            for option in command.shownOptions {
                #expect(page.contains(ManualPage.bold("--" + option.name)), "the page lacks \(option.synopsis)")
                #expect(page.contains(ManualPage.roff(option.help.joined(separator: " "))), "\(option.synopsis)")
            }
        }
        for variable in HelpText.environment {
            #expect(page.contains(ManualPage.bold(variable.name)), "the page lacks \(variable.name)")
        }
    }

    @Test func theSectionsAreThere() {
        let headings = ManualPage.text.string.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
        #expect(
            headings == [
                ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH KEYS", ".SH ENVIRONMENT",
                ".SH FILES", ".SH EXIT STATUS", ".SH EXAMPLES", ".SH DATA", ".SH SEE ALSO",
            ])
    }

    @Test func everyKeyOfTheKeyTableIsInThePage() {
        let page = ManualPage.text.string
        for entry in KeyTable.entries {
            #expect(page.contains(ManualPage.bold(ManualPage.keys(of: entry))), "the page lacks \(entry.shown)")
            #expect(page.contains(ManualPage.roff(entry.meaning)), "the page lacks \(entry.meaning)")
        }
    }

    @Test func theCreditsOfAboutAreThePagesData() {
        let page = ManualPage.text.string
        for line in HelpText.about.string.split(separator: "\n").dropFirst() {
            let text = ManualPage.roff(line.trimmingCharacters(in: .whitespaces))
            #expect(page.contains("\n" + text + "\n"), "the page lacks the credit \(line)")
        }
    }

    @Test func theExamplesAreCommandLinesTheCommandsTake() throws {
        for example in ManualPage.examples {
            let name = try #require(example.arguments.first)
            let command = HelpText.everyCommand.first { $0.name == name } ?? InteractiveCommand.spec
            let rest = command.name == nil ? example.arguments : Array(example.arguments.dropFirst())
            let args = try command.parse(rest)
            for option in command.shownOptions where option.placeholder != nil {
                guard let index = rest.firstIndex(of: "--" + option.name) else { continue }
                #expect(option.accepts(rest[index + 1]), "\(example.arguments): \(option.synopsis)")
            }
            #expect(!args.has(OptionTable.help))
        }
    }

    @Test func roffTextStartsNoRequestAndSpellsSpecialCharacters() {
        #expect(ManualPage.roff(".hidden") == "\\&.hidden")
        #expect(ManualPage.roff("'quote") == "\\&'quote")
        #expect(ManualPage.roff("a\\b") == "a\\eb")
        #expect(ManualPage.roff("--zoom") == "\\-\\-zoom")
        #expect(ManualPage.roff("café…") == "caf\\[u00E9]\\[u2026]")
        #expect(ManualPage.roff("🚻") == "\\[u1F6BB]")
        #expect(ManualPage.roff("a\nb\u{1B}[31m") == "a b[31m")
        #expect(ManualPage.roff("a,b, c/d") == "a,\\:b, c/\\:d")
        #expect(ManualPage.quoted("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }

    @Test func everyLineIsARequestOrTextThatStartsNone() {
        for line in ManualPage.text.string.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            #expect(!line.isEmpty, "an empty line is a blank line in roff")
            #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "\(line)")
            if line.hasPrefix(".") {
                #expect(line.prefix(3).dropFirst().allSatisfy { $0.isLetter }, "\(line)")
            }
            #expect(!line.hasPrefix("'") && !line.hasPrefix(" "), "\(line)")
            #expect(!line.replacingOccurrences(of: "\\-", with: "").contains("-"), "an unescaped hyphen: \(line)")
        }
    }
}
