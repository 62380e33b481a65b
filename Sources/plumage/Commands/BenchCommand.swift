import ArgumentParser
import FeedImport
import Foundation
import PlumageCore
import SDLPlatform

/// `plumage bench …`: headless performance measurements.
struct BenchCommand: ParsableCommand {
    /// The `bench` command's name, abstract and subcommands.
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure frame times headlessly.",
        subcommands: [ScrollBench.self, ImageBench.self, SearchBench.self, NavigateBench.self, PlacesBench.self,
                      LoadBench.self, NetBench.self, LayoutBench.self])
}

/// `plumage bench scroll`: a deterministic scroll script over the feed, photos decoded and uploaded
/// during the run as in real use, and between frames the idle-time work the window does at 60 Hz
/// (text and images of rows about to scroll in); reports frame-time percentiles (the frames' own
/// work) and the idle work's median.
struct ScrollBench: ParsableCommand {
    /// The `scroll` subcommand's name and abstract.
    static let configuration = CommandConfiguration(commandName: "scroll", abstract: "Scripted feed scrolling.")

    /// Path of the JSON Feed file; nil means the bundled demo.
    @Argument(help: "A JSON Feed file; the bundled demo when omitted.", completion: .file()) var path: String?
    /// Number of frames to draw (at least 10).
    @Option(help: "Frames to draw.") var frames = 600
    /// Canvas size in points (drawn at scale 1).
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// Name of the theme; nil means the first shipped theme.
    @Option(help: "Theme.", completion: .list(ThemeLibrary.shippedNames)) var theme: String?
    /// True to scroll top to bottom at constant speed instead of the scripted pattern.
    @Flag(help: "Scroll from top to bottom at constant speed instead (memory over the whole feed).") var sweep = false
    /// A search whose results feed is scrolled instead of the feed itself; nil scrolls the feed.
    @Option(help: "Scroll the search feed of QUERY ('#tag', '@user', words) instead.") var search: String?
    /// True to show the FPS overlay while measuring.
    @Flag(help: "Show the FPS overlay while measuring (fed by the measured frames, as in the window).") var fps = false
    /// True to print the report as one JSON object.
    @Flag(help: "Print JSON.") var json = false
    /// Path of an optional per-frame CSV file; nil writes none.
    @Option(help: "Also write one CSV line per frame (frame,offset,work_ms,uploads,text_renders).", completion: .file())
    var csv: String?

    /// Rejects fewer than 10 frames.
    func validate() throws {
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10") }
    }

    /// Runs the benchmark headlessly and prints the report; exits with a message on failure.
    func run() throws {
        let startup = Startup(path: path)
        let theme = startup.theme(named: self.theme)
        do {
            try Video.initialize(headless: true)
            let canvas = try Canvas(size: DisplayScale.one.pixels(size.size))
            let backend = try startup.backend(renderer: canvas.renderer, systemEmoji: false)
            var app = startup.app(theme: theme)
            guard let feed = app.top(as: FeedScreen.self) else { fail("bench scroll needs a feed; for images use 'bench image'") }
            if let search { app.push(FeedScreen.search(search, in: feed.source), at: 0, animated: false) }
            app.fixedNow = startup.reproducibleNow
            _ = app.handle(.resized(size.size, .one), at: 0)
            app.showsFPS = fps
            var statistics = FrameStatistics(refreshHz: 60)
            let firstStart = Video.seconds()
            backend.drawFrame(of: &app, at: 0, statistics: statistics)
            canvas.renderer.presentFrame()
            let firstFrameMs = (Video.seconds() - firstStart) * 1000
            // The script's offsets are exact positions, so finish the layout before measuring
            // (the window does this in idle time).
            let layoutStart = Video.seconds()
            app.completeFeedLayout(at: 0, measurer: backend.measurer)
            let layoutMs = (Video.seconds() - layoutStart) * 1000
            let content = app.top(as: FeedScreen.self)?.list.contentHeight ?? 0
            let script = sweep
                ? BenchScrollScript.sweep(contentHeight: content, viewportHeight: size.size.height, frames: frames)
                : BenchScrollScript(contentHeight: content, viewportHeight: size.size.height, frames: frames)
            var work: [Double] = []
            var intervals: [Double] = []
            var ahead: [Double] = []
            var lines: [String] = []
            var last = Video.seconds()
            for frame in 0..<frames {
                let start = Video.seconds()
                let time = Double(frame + 1) / 60
                app.updateTop(FeedScreen.self) { $0.scrollList(to: script.offset(frame: frame), at: time) }
                backend.drawFrame(of: &app, at: time, statistics: statistics)
                canvas.renderer.presentFrame()
                let end = Video.seconds()
                work.append((end - start) * 1000)
                intervals.append((end - last) * 1000)
                statistics.record(workMs: work.last!, intervalMs: intervals.last!, at: time)
                ahead.append(ImageBench.workAhead(backend, frameStart: start) * 1000)
                // Idle work happens in the slack before the next frame, not between two frames' work.
                last = Video.seconds()
                if csv != nil {
                    lines.append("\(frame),\(Int(script.offset(frame: frame))),\(String(format: "%.3f", work.last!)),"
                                 + "\(backend.images.uploadsLastFrame),\(backend.executor.textRendersLastFrame)")
                }
            }
            if let csv {
                Output.write((["frame,offset,work_ms,uploads,text_renders"] + lines).joined(separator: "\n"), toFile: csv)
            }
            report(work: work, intervals: intervals, ahead: ahead, firstFrameMs: firstFrameMs, layoutMs: layoutMs,
                   renderer: canvas.renderer.name,
                   items: app.top(as: FeedScreen.self)?.list.rows.count ?? 0)
        } catch {
            fail(error.description)
        }
    }

    /// Prints frame-time percentiles (ms), 1 % low fps, budget misses and peak RSS, as text or JSON.
    func report(work: [Double], intervals: [Double], ahead: [Double], firstFrameMs: Double, layoutMs: Double,
                renderer: String, items: Int) {
        let p = { (q: Double) in FrameStatistics.percentile(work, q) }
        let budget = 1000.0 / 60
        let fields: [(String, String)] = [
            ("frames", "\(work.count)"), ("width", "\(Int(size.size.width))"), ("height", "\(Int(size.size.height))"),
            ("renderer", "\"\(renderer)\""), ("items", "\(items)"),
            ("p50_ms", f(p(0.5))), ("p95_ms", f(p(0.95))), ("p99_ms", f(p(0.99))), ("max_ms", f(work.max() ?? 0)),
            ("low1_fps", f(1000 / max(0.001, FrameStatistics.percentile(intervals, 0.99)))),
            ("over_budget", "\(work.filter { $0 > budget }.count)"),
            ("ahead_p50_ms", f(FrameStatistics.percentile(ahead, 0.5))), ("ahead_max_ms", f(ahead.max() ?? 0)),
            ("first_frame_ms", f(firstFrameMs)), ("full_layout_ms", f(layoutMs)), ("peak_rss_mb", f(peakRSSMegabytes())),
        ]
        if json {
            print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
        } else {
            for (k, v) in fields { print("\(k.padding(toLength: 16, withPad: " ", startingAt: 0)) \(v)") }
        }
    }

    /// `v` with three decimals.
    func f(_ v: Double) -> String { String(format: "%.3f", v) }
}

/// The process's peak resident set size in MiB (getrusage's ru_maxrss).
func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}
