/// `mapterm manual`: prints the manual page mapterm(1), in roff, made from the option table
/// (`ManualPage`); `make install` writes it to share/man/man1/mapterm.1.
enum ManualCommand {
    static let spec = CommandSpec(
        name: "manual", summary: "Prints this manual page (roff) to the standard output: mapterm manual | man -l -",
        items: [])

    static func run(_ args: ArgumentList) throws {
        Console.outRaw(ManualPage.text)
    }
}
