import ArgumentParser
import FeedImport
import Foundation
import PlumageCore

/// `plumage dump`: the parsed source, as the JSON contract of SPEC §6 or a short summary.
struct DumpCommand: ParsableCommand {
    /// The `dump` command's name and abstract.
    static let configuration = CommandConfiguration(commandName: "dump", abstract: "Print the parsed source.")

    /// Paths of the sources (merged newest first); empty means the bundled demo.
    @Argument(
        help: "Sources: a Twitter/X or Mastodon archive (.zip or folder), a JSON Feed file, or a photo folder; several are merged; the bundled demo when omitted.",
        completion: .file())
    var paths: [String] = []
    /// A search query the items are filtered by; nil keeps all.
    @Option(help: "Only items matching: '#tag', '@user' or words.") var search: String?
    /// True to print the SPEC §6 JSON instead of the summary.
    @Flag(help: "Print the SPEC §6 JSON.") var json = false

    /// Prints the source as JSON or as a summary of its sections and first 20 items.
    func run() throws {
        var source = Startup(paths: paths).dumpSource
        for warning in source.warnings { warn(warning) }
        if let search { source = SearchQuery(search).results(in: source) }
        if json {
            print(DumpEncoder.encode(source))
            return
        }
        print("\(source.title) (\(source.kind.rawValue)): \(source.items.count) items")
        for section in source.sections { print("  \(section.name): \(section.itemIndices.count)") }
        for item in source.items.prefix(20) {
            // The first 80 characters only (a post may be 50 MB), newlines shown as spaces.
            let text = String(item.text.prefix(80).map { $0.isNewline ? " " : $0 })
            print("\(item.dateDescription)  @\(item.author.handle)  \(text)")
        }
        if source.items.count > 20 { print("… \(source.items.count - 20) more") }
    }
}
