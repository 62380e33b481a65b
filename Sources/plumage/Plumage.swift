import ArgumentParser
import Foundation
import PlumageCore

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

    /// Parses the command line and runs the command; what it printed is flushed and checked, so
    /// output that could not be written (`dump > /dev/full`) is reported with status 1. Errors print
    /// as `swift-argument-parser` prints them, each line shortened (`MessageText.line`).
    static func main() {
        MallocTuning.apply(environment: ProcessInfo.processInfo.environment)
        do {
            var command = try parseAsRoot()
            try command.run()
            Output.finishStandardOutput()
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }
            // Usage errors echo the value given (`The value '…' is invalid for '--size'`): each line is
            // kept short and free of control characters, as every other message.
            let lines = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
            let text = lines.map { MessageText.line(String($0)) }.joined(separator: "\n")
            if !text.isEmpty { FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8)) }
            Foundation.exit(code.rawValue)
        }
    }
}
