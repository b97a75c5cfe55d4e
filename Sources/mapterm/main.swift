import Foundation
import Terminal
import TextSafety
import TileSources

/// Entry point: dispatches to a subcommand (`mapterm CMD --help` or `-h` prints its usage and options);
/// a usage error prints one line and exits 2.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
do {
    switch arguments.first {
    case "render": try RenderCommand.spec.run(rest, RenderCommand.run)
    case "pins": try PinsCommand.spec.run(rest, PinsCommand.run)
    case "places": try PlacesCommand.spec.run(rest, PlacesCommand.run)
    case "search": try SearchCommand.spec.run(rest, SearchCommand.run)
    case "route": try RouteCommand.spec.run(rest, RouteCommand.run)
    case "layer": try LayerCommand.spec.run(rest, LayerCommand.run)
    case "track": try TrackCommand.spec.run(rest, TrackCommand.run)
    case "import": try ImportCommand.spec.run(rest, ImportCommand.run)
    case "download": try DownloadCommand.spec.run(rest, DownloadCommand.run)
    case "manual": try ManualCommand.spec.run(rest, ManualCommand.run)
    case "completions": try CompletionsCommand.spec.run(rest, CompletionsCommand.run)
    case "--help", "-h", "help":
        _ = UserConfig.loadOrDefaults()
        Console.out(HelpText.usage)
    case "--version", "-V":
        _ = UserConfig.loadOrDefaults()
        Console.out(BuildInfo.versionLine)
    case "--about": try AboutCommand.spec.run(rest, AboutCommand.run)
    default: try InteractiveCommand.spec.run(arguments, InteractiveCommand.run)
    }
} catch let error as UsageError {
    Diagnostics.say(error.description)
    TerminalRestorer.exitNow(status: 2)
} catch {
    Diagnostics.say(Diagnostics.text(error))
    TerminalRestorer.exitNow(status: 1)
}
TerminalRestorer.exitNow(status: 0)
