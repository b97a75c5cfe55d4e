import Testing

@testable import mapterm

/// The completion scripts: made from the option table, so each names every command, every option
/// and every fixed word an option's value takes.
struct CompletionScriptTests {
    @Test(arguments: CompletionScript.Shell.allCases)
    func everyCommandAndOptionIsInTheScript(shell: CompletionScript.Shell) {
        let script = CompletionScript.text(for: shell).string
        for command in HelpText.everyCommand {
            if let name = command.name { #expect(script.contains(name), "\(shell) lacks \(name)") }
            for option in command.shownOptions {
                let spelled = shell == .fish ? "-l \(option.name) " : "--\(option.name)"
                #expect(script.contains(spelled), "\(shell) lacks \(option.synopsis) of \(command.usage)")
                for word in option.completion.words + option.completion.qualifierWords {
                    #expect(script.contains(word), "\(shell) lacks \(word) of \(option.synopsis)")
                }
            }
        }
    }

    @Test func bashCompletesEachOptionWithItsOwnCommandsValues() {
        let script = CompletionScript.text(for: .bash).string
        #expect(script.contains("'places --kind')\n            _mapterm_list restroom airport"))
        #expect(script.contains("'search --kind')\n            _mapterm_list country region city coordinate"))
        #expect(script.contains("'render --layer')\n            _mapterm_words -\n            _mapterm_files"))
        #expect(script.contains("complete -F _mapterm mapterm"))
    }

    @Test func quotingKeepsWordsWhole() {
        #expect(CompletionScript.bashWord("render") == "render")
        #expect(CompletionScript.bashWord("it's a") == "'it'\\''s a'")
        #expect(CompletionScript.fishQuoted("it's \\") == "'it\\'s \\\\'")
        #expect(CompletionScript.zshText("a [b]: c") == "a \\[b\\]\\: c")
        #expect(CompletionScript.safeLine("    echo \u{1B}[2J hi").string == "    echo hi")
    }
}
