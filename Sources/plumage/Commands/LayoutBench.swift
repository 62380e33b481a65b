import ArgumentParser
import FeedImport
import Foundation
import Imaging
import PlumageCore
import SDLPlatform

/// `plumage bench layout [FEED]`: how long laying out one post takes with the platform's text stack
/// (a feed cell at the list's width: name, handle, date and text wrapped, with its entities
/// coloured): the first pass over the feed (fonts opened, glyph tables filled) apart, then
/// `--passes` more, every post timed on its own. `--engine body` times only the body text with
/// today's engine and `--engine pango` the same body text with the Pango engine (issue 20), each
/// layout made afresh (Pango's layout cache emptied before each, outside the timing).
struct LayoutBench: ParsableCommand {
    /// What is laid out, and with which engine.
    enum Engine: String, ExpressibleByArgument, CaseIterable {
        /// The whole feed cell with today's engine (SDL_ttf measuring).
        case cell
        /// The body text alone with today's engine, as `pango` lays it out.
        case body
        /// The body text alone with `PangoTextEngine`.
        case pango
    }

    /// The `layout` subcommand's name and abstract.
    static let configuration = CommandConfiguration(commandName: "layout", abstract: "Time laying out each post.")

    /// Path of the feed; nil means the bundled demo.
    @Argument(help: "A JSON Feed file or an archive; the bundled demo when omitted.", completion: .file()) var path: String?
    /// Warm passes over every post.
    @Option(help: "Passes over every post after the first.") var passes = 20
    /// The list column's width in points.
    @Option(help: "Width of the list column in points.") var width = 640.0
    /// Which engine and what text.
    @Option(help: "cell (the whole cell, today's engine), body (the body text, today's engine) or pango (the body text, Pango).")
    var engine = Engine.cell
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
            // The body text column: the cell's width less the avatar column and paddings (88 points at 640).
            let bodyWidth = width - 88
            let pango = engine == .pango ? try PangoTextEngine(fontsDirectory: startup.resources.fontsURL.path) : nil
            let bodies = items.map { CellLayout.bodySpans($0, theme: theme) }
            func time(_ index: Int) -> Double {
                pango?.removeAllCachedLayouts()
                let start = Video.seconds()
                switch engine {
                case .cell:
                    _ = CellLayout.make(items[index], width: width, theme: theme, now: now, measurer: measurer)
                case .body:
                    _ = TextLayout.layout(bodies[index], style: .a2, maxWidth: bodyWidth, lineSpacing: 1.3, maxLines: 12,
                                          measurer: measurer)
                case .pango:
                    _ = pango?.layout(spans: bodies[index], style: .a2, maxWidth: bodyWidth, lineSpacing: 1.3, maxLines: 12)
                }
                return (Video.seconds() - start) * 1000
            }
            let cold = items.indices.map(time)
            var warm: [Double] = []
            warm.reserveCapacity(items.count * passes)
            for _ in 0..<passes { warm += items.indices.map(time) }
            let slowest = items.indices.max { a, b in
                let x = stride(from: a, to: warm.count, by: items.count).map { warm[$0] }.sorted()[passes / 2]
                let y = stride(from: b, to: warm.count, by: items.count).map { warm[$0] }.sorted()[passes / 2]
                return x < y
            }!
            let fields: [(String, String)] = [
                ("engine", "\"\(engine.rawValue)\""), ("posts", "\(items.count)"), ("passes", "\(passes)"), ("width", f(width)),
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
