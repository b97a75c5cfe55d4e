import TextSafety

/// The shells' completion scripts, made from the commands' `CommandSpec`s and the option table: the
/// command names, each command's options, the words each option's value takes (`ValueCompletion`,
/// next to the option's parser) and file paths where a file goes.
enum CompletionScript {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    /// The script for `shell`.
    static func text(for shell: Shell) -> SafeText {
        let lines: [String]
        switch shell {
        case .bash: lines = bash()
        case .zsh: lines = zsh()
        case .fish: lines = fish()
        }
        return lines.map(safeLine).joined(separator: "\n") + "\n"
    }

    // MARK: What is completed

    /// The commands typed after `mapterm` (`--about` too), in `--help`'s order.
    static var commands: [CommandSpec] { HelpText.everyCommand.filter { $0.name != nil } }

    /// The words `mapterm` alone takes as its first argument besides the map's options.
    static let topLevel = ["--version", "-V"]

    /// The options a command's line completes: the shown ones and `-h`.
    static func optionWords(_ command: CommandSpec) -> [String] {
        command.shownOptions.map { "--" + $0.name } + [ArgumentList.shortHelp]
            + (command.name == nil
                ? topLevel + commands.compactMap { $0.name?.hasPrefix("-") == true ? $0.name : nil } : [])
    }

    /// The options of `command` that take a value.
    static func valueOptions(_ command: CommandSpec) -> [any CommandOption] {
        command.shownOptions.filter { $0.placeholder != nil }
    }

    // MARK: bash

    static func bash() -> [String] {
        let names = commands.compactMap(\.name)
        var lines = [
            "# bash completion for mapterm, made by `mapterm completions bash` from its option table.",
            "_mapterm_words() {", "    local IFS=$'\\n'", "    COMPREPLY+=($(compgen -W \"$*\" -- \"$cur\"))", "}",
            "_mapterm_list() {", "    local head=\"\" last=$cur IFS=$'\\n'",
            "    if [[ $cur == *,* ]]; then head=${cur%,*},; last=${cur##*,}; fi",
            "    COMPREPLY+=($(compgen -P \"$head\" -W \"$*\" -- \"$last\"))", "}",
            "_mapterm_files() {", "    local IFS=$'\\n'", "    compopt -o filenames 2>/dev/null",
            "    COMPREPLY+=($(compgen -f -- \"$cur\"))", "}",
            "_mapterm() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=\"\" before=\"\" command=\"\"",
            "    COMPREPLY=()",
            "    if ((COMP_CWORD > 0)); then prev=${COMP_WORDS[COMP_CWORD - 1]}; fi",
            "    if ((COMP_CWORD > 1)); then before=${COMP_WORDS[COMP_CWORD - 2]}; fi",
            "    # --option=value and FILE:color=NAME: bash splits words at = and :",
            "    if [[ $cur == = ]]; then cur=\"\"; elif [[ $prev == = ]]; then prev=$before; fi",
            "    if ((COMP_CWORD > 1)); then",
            "        case ${COMP_WORDS[1]} in",
            "            \(names.map(bashWord).joined(separator: " | "))) command=${COMP_WORDS[1]} ;;",
            "        esac",
            "    fi",
        ]
        for option in HelpText.everyCommand.flatMap(valueOptions) where !option.completion.qualifier.isEmpty {
            let key = option.completion.qualifier.filter { $0.isLetter }
            lines += [
                "    if [[ $prev == \(key) || $prev == *:\(key) ]]; then",
                "        _mapterm_words \(option.completion.qualifierWords.map(bashWord).joined(separator: " "))",
                "        return",
                "    fi",
            ]
        }
        lines += ["    case \"$command $prev\" in"]
        for command in HelpText.everyCommand {
            for option in valueOptions(command) {
                lines.append("        \(bashWord((command.name ?? "") + " --" + option.name)))")
                lines += bashValue(option.completion).map { "            " + $0 }
                lines.append("            return ;;")
            }
        }
        lines += ["    esac", "    case $command in"]
        for command in HelpText.everyCommand {
            lines.append("        \(command.name.map(bashWord) ?? "\"\""))")
            lines.append("            if [[ $cur == -* ]]; then")
            lines.append("                _mapterm_words \(optionWords(command).map(bashWord).joined(separator: " "))")
            if command.name == nil {
                lines.append("            elif ((COMP_CWORD == 1)); then")
                lines.append(
                    "                _mapterm_words \(commands.compactMap(\.name).filter { !$0.hasPrefix("-") }.map(bashWord).joined(separator: " "))"
                )
            } else if command.words != .none {
                lines.append("            else")
                lines += bashValue(command.words).map { "                " + $0 }
            }
            lines += ["            fi", "            ;;"]
        }
        lines += ["    esac", "}", "complete -F _mapterm mapterm"]
        return lines
    }

    /// The calls that complete a value.
    static func bashValue(_ completion: ValueCompletion) -> [String] {
        var calls: [String] = []
        let words = completion.words.map(bashWord).joined(separator: " ")
        if !completion.words.isEmpty {
            calls.append((completion.isList ? "_mapterm_list " : "_mapterm_words ") + words)
        }
        if completion.files { calls.append("_mapterm_files") }
        return calls.isEmpty ? [":"] : calls
    }

    /// A word for a bash script: as it is when it holds only safe characters, else in single quotes.
    static func bashWord(_ word: String) -> String {
        word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.,/+@%".contains($0)) }
            ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: zsh

    static func zsh() -> [String] {
        var lines = [
            "#compdef mapterm",
            "# zsh completion for mapterm, made by `mapterm completions zsh` from its option table.",
            "# _mapterm_qualified QUALIFIER 'QWORDS' ACTION: after FILE:color= one of QWORDS, else ACTION.",
            "_mapterm_qualified() {",
            "  if [[ $PREFIX == *$1* ]]; then",
            "    compset -P \"*$1\"",
            "    compadd - ${=2}",
            "  else",
            "    _alternative \"$3\" 'files:file:_files'",
            "  fi",
            "}",
            "_mapterm() {",
            "  local -a commands",
            "  commands=(",
        ]
        for command in commands {
            guard let name = command.name, !name.hasPrefix("-") else { continue }
            lines.append("    " + zshQuoted(name + ":" + zshText(command.summary)))
        }
        lines += [
            "  )",
            "  if ((CURRENT == 2)) && [[ $words[2] != -* ]]; then",
            "    _describe -t commands 'mapterm command' commands",
            "    return",
            "  fi",
            "  case $words[2] in",
        ]
        for command in HelpText.everyCommand where command.name != nil {
            lines += ["    \(zshQuoted(command.name ?? "")))", "      shift words", "      ((CURRENT--))"]
            lines += zshArguments(command).map { "      " + $0 }
            lines.append("      ;;")
        }
        if let map = HelpText.everyCommand.first(where: { $0.name == nil }) {
            lines += ["    *)"] + zshArguments(map).map { "      " + $0 } + ["      ;;"]
        }
        lines += ["  esac", "}", "_mapterm \"$@\""]
        return lines
    }

    /// The `_arguments` call of a command, a line per option.
    static func zshArguments(_ command: CommandSpec) -> [String] {
        var specs = command.shownOptions.map { option -> String in
            let head = "*--" + option.name + (option.placeholder == nil ? "" : "=")
            let text = "[" + zshText(option.help.first ?? "") + "]"
            guard let placeholder = option.placeholder else { return zshQuoted(head + text) }
            return zshQuoted(head + text + ":" + zshText(placeholder) + ":" + zshAction(option.completion))
        }
        specs.append(zshQuoted("-h[this help]"))
        if command.name == nil {
            specs += [zshQuoted("--version[the version and the build]"), zshQuoted("-V[the version and the build]")]
            specs.append(zshQuoted("--about[where the map data comes from]"))
        }
        if command.words != .none {
            specs.append(zshQuoted("*:" + zshText(positionalName(command)) + ":" + zshAction(command.words)))
        }
        return ["_arguments -s -S \\"] + specs.map { "  " + $0 + " \\" } + ["  && return 0"]
    }

    /// What the words of a command are called in messages ("FILE", "bash|zsh|fish").
    static func positionalName(_ command: CommandSpec) -> String {
        for item in command.items { if case .positional(let word) = item { return word } }
        return "word"
    }

    /// The action of a value: its words, a comma-separated list of them, files, or nothing.
    static func zshAction(_ completion: ValueCompletion) -> String {
        let words = completion.words.map(zshWord).joined(separator: " ")
        if !completion.qualifier.isEmpty {
            let qualified = completion.qualifierWords.map(zshWord).joined(separator: " ")
            return "_mapterm_qualified \(zshWord(completion.qualifier)) \"\(qualified)\" \"words:word:(\(words))\""
        }
        switch (completion.words.isEmpty, completion.files) {
        case (true, true): return "_files"
        case (true, false): return " "
        case (false, true): return "_alternative \"words:word:(\(words))\" \"files:file:_files\""
        case (false, false): return completion.isList ? "_sequence compadd - \(words)" : "(\(words))"
        }
    }

    /// Text inside a spec: its brackets and colons escaped, no quotes.
    static func zshText(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "[", "]", ":", "\\": out += "\\" + String(character)
            case "'", "\"", "`", "$": continue
            default: out.append(character)
            }
        }
        return out
    }

    /// A word of a zsh action's list.
    static func zshWord(_ word: String) -> String {
        word.filter { $0.isLetter || $0.isNumber || "-_.,/+@%=".contains($0) }
    }

    /// `text` in single quotes for zsh.
    static func zshQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    // MARK: fish

    static func fish() -> [String] {
        let names = commands.compactMap(\.name).map(fishQuoted).joined(separator: " ")
        var lines = [
            "# fish completion for mapterm, made by `mapterm completions fish` from its option table.",
            "function __mapterm_command",
            "    set -l words (commandline -opc)",
            "    if set -q words[2]; and contains -- $words[2] \(names)",
            "        echo $words[2]",
            "    end",
            "end",
            "function __mapterm_in",
            "    set -l command (__mapterm_command)",
            "    test \"$command\" = \"$argv[1]\"",
            "end",
            "function __mapterm_qualified --description 'after FILE:color=, FILE:color=WORD for each word'",
            "    set -l token (commandline -ct)",
            "    set -l parts (string split -r -m 1 -- $argv[1] $token)",
            "    if test (count $parts) -eq 2",
            "        for word in $argv[2..-1]",
            "            echo $parts[1]$argv[1]$word",
            "        end",
            "    end",
            "end",
            "function __mapterm_first",
            "    test (count (commandline -opc)) -eq 1",
            "end",
            "complete -c mapterm -f",
        ]
        for command in commands {
            guard let name = command.name, !name.hasPrefix("-") else { continue }
            lines.append("complete -c mapterm -n __mapterm_first -a \(name) -d \(fishQuoted(command.summary))")
        }
        for command in HelpText.everyCommand {
            let condition = "-n " + fishQuoted("__mapterm_in " + fishQuoted(command.name ?? ""))
            for option in command.shownOptions {
                var line = "complete -c mapterm \(condition) -l \(option.name)"
                if option.placeholder != nil { line += fishValue(option.completion) }
                lines.append(line + " -d " + fishQuoted(option.help.first ?? ""))
            }
            lines.append("complete -c mapterm \(condition) -s h -d 'this help'")
            if command.words != .none { lines.append("complete -c mapterm \(condition)" + fishValue(command.words)) }
        }
        lines += [
            "complete -c mapterm -n __mapterm_first -s V -l version -d 'the version and the build'",
            "complete -c mapterm -n __mapterm_first -l about -d 'where the map data comes from'",
        ]
        return lines
    }

    /// The flags of a value: `-r` (needs one), `-F` (files), `-x -a 'WORDS'` (only these).
    static func fishValue(_ completion: ValueCompletion) -> String {
        var offered = completion.words
        if !completion.qualifier.isEmpty {
            offered.append(
                "(__mapterm_qualified \(([completion.qualifier] + completion.qualifierWords).joined(separator: " ")))")
        }
        let words = offered.isEmpty ? "" : " -a " + fishQuoted(offered.joined(separator: " "))
        if completion.files { return " -r -F" + words }
        return completion.words.isEmpty ? " -r" : " -x" + words
    }

    /// `text` in single quotes for fish (a backslash and a quote escaped).
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// A script line as safe text: its indentation kept, the rest sanitised.
    static func safeLine(_ line: String) -> SafeText {
        let indent = line.prefix { $0 == " " }.count
        return .spaces(indent) + SafeText(sanitizing: String(line.dropFirst(indent)))
    }
}
