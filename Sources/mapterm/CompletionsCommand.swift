/// `mapterm completions bash|zsh|fish`: prints the shell's completion script, made from the option
/// table (`CompletionScript`); `make install` writes them where each shell looks.
enum CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions",
        summary:
            "Prints the completion script of a shell (bash, zsh or fish) to the standard output, for its completion folder.",
        items: [.positional("bash|zsh|fish")], maxPositional: 1,
        words: .words(CompletionScript.Shell.allCases.map(\.rawValue)))

    static func run(_ args: ArgumentList) throws {
        guard let name = args.positional.first else { throw spec.missing("a shell: bash, zsh or fish") }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            throw UsageError("completions knows bash, zsh and fish (got '\(name.prefix(40))')")
        }
        Console.outRaw(CompletionScript.text(for: shell))
    }
}
