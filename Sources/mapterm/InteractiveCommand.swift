enum InteractiveCommand {
    static func run(_ arguments: [String]) throws { throw UsageError("interactive mode not wired yet") }
}
