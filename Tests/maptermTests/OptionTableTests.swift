import GeoCore
import Testing

@testable import mapterm

/// The option table: every command's options are in its help and in `mapterm --help`; what is not
/// an option is refused as before.
struct OptionTableTests {
    @Test func everyOptionOfEveryCommandIsInItsHelp() {
        let general = HelpText.usage.string
        for command in HelpText.commands {
            let own = command.help.string
            for option in command.options where !option.isHidden {
                let first = option.help.first ?? ""
                #expect(own.contains(option.synopsis), "\(command.usage): \(option.synopsis)")
                #expect(own.contains(first), "\(command.usage): \(option.synopsis)")
                #expect(general.contains(option.synopsis), "mapterm --help lacks \(option.synopsis)")
                #expect(general.contains(first), "mapterm --help lacks the help of \(option.synopsis)")
            }
        }
    }

    @Test func usageLinesNameEveryShownOption() {
        for command in HelpText.commands {
            let usage = command.usage
            for option in command.options where !option.isHidden && option.name != "help" {
                let shown = usage.contains(option.synopsis) || usage.contains("[FILTERS]")
                #expect(shown, "\(usage) lacks \(option.synopsis)")
            }
        }
    }

    @Test func hiddenOptionsAreAcceptedButNotShown() throws {
        let args = try PinsCommand.spec.parse(["--stress-save", "/tmp/x"])
        #expect(args.text(OptionTable.stressSave) == "/tmp/x")
        #expect(!PinsCommand.spec.help.string.contains("stress-save"))
        #expect(!HelpText.usage.string.contains("stress-save"))
    }

    @Test func helpLinesKeepTheirColumn() {
        let lines = CommandSpec.helpLines(OptionTable.zoom).map(\.string)
        #expect(lines == ["  --zoom Z           zoom 0...18, fractional allowed (0 shows the whole world)"])
        let long = CommandSpec.helpLines(OptionTable.center).map(\.string)
        #expect(long.first == "  --center LAT,LON|NAME")
        #expect(long.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 21)) })
    }

    @Test func unknownOptionsAreRefusedAsBefore() {
        #expect(
            message { try InteractiveCommand.spec.parse(["--frobnicate"]) }
                == "unknown option --frobnicate (see mapterm --help)")
        #expect(
            message { try RenderCommand.spec.parse(["--near", "1,2"]) }
                == "unknown option --near (see mapterm --help)")
        #expect(message { try PinsCommand.spec.parse(["--json=1"]) } == "unknown option --json=1 (see mapterm --help)")
        #expect(message { try PlacesCommand.spec.parse(["--near"]) } == "--near needs a value")
        #expect(message { try SearchCommand.spec.parse(["a", "--limit"]) } == "--limit needs a value")
        #expect(message { try ImportCommand.spec.parse(["a", "b"]) } == "unexpected argument 'b' (see mapterm --help)")
    }

    @Test func valuesAreReadByTheirOwnParser() throws {
        let args = try RenderCommand.spec.parse(["--zoom=3.5", "--size", "80x24", "--tiles", "a", "--tiles", "b"])
        #expect(try args.value(OptionTable.zoom) == 3.5)
        #expect(try args.value(OptionTable.size) == Viewport(cols: 80, rows: 24))
        #expect(try args.values(OptionTable.tiles) == ["a", "b"])
        let bad = try RenderCommand.spec.parse(["--zoom", "19"])
        #expect(message { _ = try bad.value(OptionTable.zoom) } == "zoom 19 is out of range 0...18")
    }

    @Test func aSizeBelowTheMapsSmallestScreenIsRefused() throws {
        let size = { (text: String) in try RenderCommand.spec.parse(["--size", text]).value(OptionTable.size) }
        #expect(try size("20x5") == Viewport(cols: 20, rows: 5))
        #expect(message { _ = try size("10x3") } == "--size 10x3 is too small: the map needs at least 20x5")
        #expect(message { _ = try size("80x4") } == "--size 80x4 is too small: the map needs at least 20x5")
        #expect(message { _ = try size("1001x24") } == "--size 1001x24 is too large: at most 1000x1000")
    }

    @Test func helpIsAnOptionOfEveryCommand() throws {
        for command in HelpText.everyCommand {
            #expect(try command.parse(["--help"]).has(OptionTable.help), "\(command.usage)")
            #expect(try command.parse(["-h"]).has(OptionTable.help), "\(command.usage) -h")
            #expect(!command.summary.isEmpty, "\(command.usage) says nothing of what it does")
            #expect(command.help.string.contains(command.summary), "\(command.usage)")
        }
    }

    @Test func afterTwoDashesEveryArgumentIsAWord() throws {
        let args = try SearchCommand.spec.parse(["--", "-h", "--json"])
        #expect(args.positional == ["-h", "--json"])
        #expect(!args.has(OptionTable.help))
        #expect(!args.has(OptionTable.json))
        let before = try SearchCommand.spec.parse(["--json", "--", "--help"])
        #expect(before.has(OptionTable.json) && before.positional == ["--help"])
        #expect(
            message { try ImportCommand.spec.parse(["--", "a", "b"]) } == "unexpected argument 'b' (see mapterm --help)"
        )
    }

    @Test func generalHelpListsEveryOptionOncePerMeaningAndTheEnvironment() {
        let general = HelpText.usage.string
        let options = HelpText.options + HelpText.filters
        let identities = options.map { HelpText.identity(of: $0) }
        #expect(Set(identities).count == identities.count)
        for command in HelpText.everyCommand {
            for option in command.shownOptions {
                #expect(identities.contains(HelpText.identity(of: option)), "--help lacks \(option.synopsis)")
            }
        }
        for name in [
            "--radius KM", "--around LAT,LON", "--json", "--geojson", "-V", "--about", "manual", "completions",
        ] {
            #expect(general.contains(name), "--help lacks \(name)")
        }
        for variable in HelpText.environment {
            #expect(general.contains(variable.name), "--help lacks \(variable.name)")
        }
        #expect(general.contains("MAPTERM_RESOURCES"))
    }

    @Test func completionWordsAreWhatTheParsersTake() {
        for command in HelpText.everyCommand {
            for option in command.shownOptions {
                let completion = option.completion
                for word in completion.words {
                    #expect(option.accepts(word), "\(option.synopsis) offers \(word), which its parser refuses")
                }
                if completion.isList, completion.words.count > 1 {
                    #expect(option.accepts(completion.words.prefix(2).joined(separator: ",")), "\(option.synopsis)")
                }
                for word in completion.qualifierWords {
                    #expect(option.accepts("a.csv" + completion.qualifier + word), "\(option.synopsis): \(word)")
                }
            }
        }
        #expect(OptionTable.profile.completion.words == ["car", "bike", "foot"])
        #expect(OptionTable.placesKind.completion.words.contains("restroom"))
        #expect(OptionTable.layer.completion.files && OptionTable.tiles.completion.files)
        #expect(ImportCommand.spec.words.files && LayerCommand.spec.words.files)
    }

    @Test func aMissingOptionIsNamedWithTheUsage() {
        let error = RenderCommand.spec.missing(OptionTable.size)
        #expect(error.description.hasPrefix("render needs --size COLSxROWS (mapterm render --center LAT,LON|NAME"))
        #expect(InteractiveCommand.spec.missing("a FILE").description.hasPrefix("mapterm needs a FILE (mapterm ["))
    }

    private func message(_ work: () throws -> Void) -> String? {
        do {
            try work()
            return nil
        } catch {
            return (error as? UsageError)?.description
        }
    }

    private func message(_ work: () throws -> ArgumentList) -> String? {
        message { _ = try work() }
    }
}
