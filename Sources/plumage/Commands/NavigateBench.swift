import ArgumentParser
import Foundation
import PlumageCore
import SDLPlatform

/// `plumage bench navigate [PATH]`: frame times of navigation, headless at 1280×800: the frame
/// after Enter pushes a post's details (and after Back pops it), for each of the first posts; and
/// the frame after each keystroke of a query typed in the search box, with the search index.
struct NavigateBench: ParsableCommand {
    /// The `navigate` subcommand's name and abstract.
    static let configuration = CommandConfiguration(commandName: "navigate", abstract: "Time pushes, pops and search keystrokes.")

    /// Path of the JSON Feed file; nil means the bundled demo.
    @Argument(help: "A JSON Feed file; the bundled demo when omitted.", completion: .file()) var path: String?
    /// Canvas size in points (drawn at scale 1).
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// The query typed one character a frame.
    @Option(help: "The query typed into the search box.") var query = "#photography coffee"
    /// Number of posts whose details are pushed and popped.
    @Option(help: "Posts to open.") var posts = 20

    /// Runs the script and prints one JSON object with the medians and maxima.
    func run() throws {
        let startup = Startup(path: path)
        do {
            try Video.initialize(headless: true)
            let canvas = try Canvas(size: DisplayScale.one.pixels(size.size))
            let backend = try startup.backend(renderer: canvas.renderer, systemEmoji: false)
            var app = startup.app(theme: startup.theme(named: nil))
            guard let feed = app.top(as: FeedScreen.self) else { fail("bench navigate needs a feed") }
            app.fixedNow = startup.reproducibleNow
            _ = app.handle(.resized(size.size, .one), at: 0)
            _ = app.handle(.searchIndex(SearchIndex(items: feed.source.items)), at: 0)
            backend.drawSettled(&app, at: 0)
            var time = 1.0
            func frame(after events: [InputEvent]) -> Double {
                time += 1.0 / 60
                let start = Video.seconds()
                for event in events { backend.handle(event, of: &app, at: time) }
                backend.drawFrame(of: &app, at: time, statistics: nil)
                canvas.renderer.presentFrame()
                return (Video.seconds() - start) * 1000
            }
            var pushes: [Double] = [], pops: [Double] = [], keys: [Double] = []
            for _ in 0..<posts {
                _ = frame(after: [.key(.down, [])])
                pushes.append(frame(after: [.key(.enter, [])]))
                time += 1
                _ = frame(after: [])
                pops.append(frame(after: [.key(.escape, [])]))
                time += 1
                _ = frame(after: [])
            }
            _ = frame(after: [.key(.character("/"), [])])
            for character in query { keys.append(frame(after: [.text(String(character))])) }
            func p50(_ v: [Double]) -> String { String(format: "%.3f", FrameStatistics.percentile(v, 0.5)) }
            func top(_ v: [Double]) -> String { String(format: "%.3f", v.max() ?? 0) }
            print("{\"items\": \(feed.source.items.count), \"push_p50_ms\": \(p50(pushes)), \"push_max_ms\": \(top(pushes)), "
                  + "\"pop_p50_ms\": \(p50(pops)), \"pop_max_ms\": \(top(pops)), "
                  + "\"keystroke_p50_ms\": \(p50(keys)), \"keystroke_max_ms\": \(top(keys))}")
        } catch {
            fail(error.description)
        }
    }
}
