import ArgumentParser
import FeedImport
import PlumageCore

/// `plumage dump`: the parsed source, as the JSON contract of SPEC §6 or a short summary.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dump", abstract: "Print the parsed source.")

    @Argument(help: "A JSON Feed file; the bundled demo when omitted.") var path: String?
    @Option(help: "Only items matching: '#tag', '@user' or words.") var search: String?
    @Flag(help: "Print the SPEC §6 JSON.") var json = false

    func run() throws {
        var source = Startup(path: path).source
        if let search { source = SearchQuery(search).results(in: source) }
        if json {
            print(DumpEncoder.encode(source))
            return
        }
        print("\(source.title) (\(source.kind.rawValue)): \(source.items.count) items")
        for section in source.sections { print("  \(section.name): \(section.itemIndices.count)") }
        for item in source.items.prefix(20) {
            let text = item.text.replacingOccurrences(of: "\n", with: " ")
            print("\(item.date.iso8601)  @\(item.author.handle)  \(text.prefix(80))")
        }
        if source.items.count > 20 { print("… \(source.items.count - 20) more") }
    }
}
