import ArgumentParser

/// The `plumage` command line (SPEC §6): the window by default, plus headless subcommands.
@main
struct Plumage: ParsableCommand {
    /// The root command's name, abstract and subcommands (`run` by default).
    static let configuration = CommandConfiguration(
        commandName: "plumage",
        abstract: "A fast native viewer for Twitter/X and Mastodon archives, JSON Feeds and photos.",
        version: PlumageVersion.banner,
        subcommands: [RunCommand.self, SnapshotCommand.self, BenchCommand.self, DumpCommand.self, SaveRecentsCommand.self,
                      SaveSettingsCommand.self],
        defaultSubcommand: RunCommand.self)
}
