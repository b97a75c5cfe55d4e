import Foundation
import TextSafety

/// Entry point: dispatches to a subcommand; a usage error prints one line and exits 2.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "render": try RenderCommand.run(Array(arguments.dropFirst()))
    case "pins": try PinsCommand.run(Array(arguments.dropFirst()))
    case "places": try PlacesCommand.run(Array(arguments.dropFirst()))
    case "search": try SearchCommand.run(Array(arguments.dropFirst()))
    case "layer": try LayerCommand.run(Array(arguments.dropFirst()))
    case "import": try ImportCommand.run(Array(arguments.dropFirst()))
    case "download": try DownloadCommand.run(Array(arguments.dropFirst()))
    case "--help", "-h", "help": Console.out(HelpText.usage)
    case "--version": Console.out("mapterm \(HelpText.version)")
    case "--about": try AboutCommand.run(Array(arguments.dropFirst()))
    default: try InteractiveCommand.run(arguments)
    }
} catch let error as UsageError {
    Diagnostics.say(error.description)
    exit(2)
} catch {
    Diagnostics.say(Diagnostics.text(error))
    exit(1)
}
