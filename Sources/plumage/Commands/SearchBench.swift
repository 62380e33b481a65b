import ArgumentParser
import FeedImport
import Foundation
import PlumageCore
import SDLPlatform

/// `plumage bench search [PATH] QUERY…`: how long building the search index takes and how long
/// each query then answers (median of 5), against a plain scan of the items.
struct SearchBench: ParsableCommand {
    /// The `search` subcommand's name and abstract.
    static let configuration = CommandConfiguration(commandName: "search", abstract: "Time searches of a feed.")

    /// Path of the JSON Feed file; nil means the bundled demo.
    @Option(help: "A JSON Feed file; the bundled demo when omitted.", completion: .file()) var path: String?
    /// The queries to time.
    @Argument(help: "Queries: words, '#tag', '@user'.") var queries: [String] = ["#photography", "coffee", "@priya"]

    /// Builds the index, times every query both ways and prints one JSON line per query.
    func run() throws {
        let startup = Startup(path: path)
        let source = startup.dumpSource
        let start = Video.seconds()
        let index = SearchIndexBuilder.build(items: source.items, jobs: startup.jobs)
        let buildMs = (Video.seconds() - start) * 1000
        print("{\"items\": \(source.items.count), \"index_build_ms\": \(f(buildMs))}")
        for query in queries.map(SearchQuery.init) {
            var indexed: [Double] = [], scanned: [Double] = []
            var count = 0
            for _ in 0..<5 {
                var t = Video.seconds()
                count = index.matches(query).count
                indexed.append((Video.seconds() - t) * 1000)
                t = Video.seconds()
                _ = query.matchingIndices(in: source)
                scanned.append((Video.seconds() - t) * 1000)
            }
            print("{\"query\": \"\(query)\", \"matches\": \(count), \"index_ms\": \(f(median(indexed))), "
                  + "\"scan_ms\": \(f(median(scanned)))}")
        }
    }

    /// The middle value of `values`.
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    /// `v` with three decimals.
    func f(_ v: Double) -> String { String(format: "%.3f", v) }
}
