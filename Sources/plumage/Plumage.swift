import ArgumentParser

/// The `plumage` command line (SPEC §6): the window by default, plus headless subcommands.
@main
struct Plumage: ParsableCommand {
    /// The root command's name, abstract and subcommands (`run` by default).
    static let configuration = CommandConfiguration(
        commandName: "plumage",
        abstract: "A fast native viewer for feeds (JSON Feed, the bundled demo) and photos.",
        subcommands: [RunCommand.self, SnapshotCommand.self, BenchCommand.self, DumpCommand.self, SaveRecentsCommand.self],
        defaultSubcommand: RunCommand.self)

    /// Parses the command line and runs the command; what it printed is flushed and checked, so
    /// output that could not be written (`dump > /dev/full`) is reported with status 1.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
            Output.finishStandardOutput()
        } catch {
            exit(withError: error)
        }
    }
}
