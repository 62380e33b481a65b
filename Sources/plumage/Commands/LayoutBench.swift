import ArgumentParser
import FeedImport
import Foundation
import Imaging
import PlumageCore
import SDLPlatform

/// `plumage bench layout [FEED]`: how long laying out one post takes with the platform's text stack
/// (a feed cell at the list's width: name, handle, date and text wrapped, with its entities
/// coloured): the first pass over the feed (fonts opened, glyph tables filled) apart, then
/// `--passes` more, every post timed on its own.
struct LayoutBench: ParsableCommand {
    /// The `layout` subcommand's name and abstract.
    static let configuration = CommandConfiguration(commandName: "layout", abstract: "Time laying out each post.")

    /// Path of the feed; nil means the bundled demo.
    @Argument(help: "A JSON Feed file or an archive; the bundled demo when omitted.", completion: .file()) var path: String?
    /// Warm passes over every post.
    @Option(help: "Passes over every post after the first.") var passes = 20
    /// The list column's width in points.
    @Option(help: "Width of the list column in points.") var width = 640.0
    /// True to print the report as one JSON object.
    @Flag(help: "Print JSON.") var json = false

    /// Rejects impossible counts.
    func validate() throws {
        guard (1...1000).contains(passes) else { throw ValidationError("--passes must be between 1 and 1000") }
        guard (100...4000).contains(width) else { throw ValidationError("--width must be between 100 and 4000") }
    }

    /// Lays out every post, times each, prints the percentiles; exits with a message on failure.
    func run() throws {
        let startup = Startup(path: path)
        let source = startup.dumpSource
        let theme = startup.theme(named: nil)
        let now = startup.reproducibleNow
        do {
            try Video.initialize(headless: true)
            let canvas = try Canvas(size: PixelSize(width: 64, height: 64))
            let backend = try startup.backend(renderer: canvas.renderer, systemEmoji: false)
            let measurer = backend.measurer
            let items = source.items
            guard !items.isEmpty else { fail("bench layout: the feed has no posts") }
            func time(_ item: Item) -> Double {
                let start = Video.seconds()
                _ = CellLayout.make(item, width: width, theme: theme, now: now, measurer: measurer)
                return (Video.seconds() - start) * 1000
            }
            let cold = items.map(time)
            var warm: [Double] = []
            warm.reserveCapacity(items.count * passes)
            for _ in 0..<passes { warm += items.map(time) }
            let slowest = items.indices.max { a, b in
                let x = stride(from: a, to: warm.count, by: items.count).map { warm[$0] }.sorted()[passes / 2]
                let y = stride(from: b, to: warm.count, by: items.count).map { warm[$0] }.sorted()[passes / 2]
                return x < y
            }!
            let fields: [(String, String)] = [
                ("posts", "\(items.count)"), ("passes", "\(passes)"), ("width", f(width)),
                ("p50_ms", f(FrameStatistics.percentile(warm, 0.5))), ("p99_ms", f(FrameStatistics.percentile(warm, 0.99))),
                ("max_ms", f(warm.max() ?? 0)), ("cold_p50_ms", f(FrameStatistics.percentile(cold, 0.5))),
                ("cold_max_ms", f(cold.max() ?? 0)), ("slowest_post", "\"\(items[slowest].id.prefix(40))\""),
                ("peak_rss_mb", f(peakRSSMegabytes())),
            ]
            if json {
                print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
            } else {
                for (k, v) in fields { print("\(k.padding(toLength: 14, withPad: " ", startingAt: 0)) \(v)") }
            }
        } catch {
            fail(error.description)
        }
    }

    /// `v` with three decimals.
    func f(_ v: Double) -> String { String(format: "%.3f", v) }
}
