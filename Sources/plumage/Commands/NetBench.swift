import ArgumentParser
import FeedImport
import Foundation
import Network
import PlumageCore
import SDLPlatform

/// `plumage bench net`: live feeds measured against a local fixture server it starts itself
/// (scripts/live-fixture-server.py on 127.0.0.1, a Mastodon tag of `--posts` posts, each with a
/// photo and an avatar, images answered after `--delay-ms`), with its own empty web cache:
/// parsing a 40-post page, the frame that shows the first page, a scroll through every page while
/// the remote images stream in, and a relaunch from the cache.
struct NetBench: ParsableCommand {
    /// The `net` subcommand's name and abstract.
    static let configuration = CommandConfiguration(commandName: "net", abstract: "Live feeds against a local server.")

    /// Posts the tag has (pages of 40).
    @Option(help: "Posts of the fixture tag (pages of 40).") var posts = 200
    /// How long the server waits before answering each image.
    @Option(help: "Milliseconds the server waits before each image.") var delayMs = 20
    /// Frames of the scroll through the feed.
    @Option(help: "Frames of the scroll from top to bottom while the images stream in.") var frames = 600
    /// Canvas size in points (drawn at scale 1).
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// True to print the report as one JSON object.
    @Flag(help: "Print JSON.") var json = false

    /// Rejects impossible counts.
    func validate() throws {
        guard (1...2000).contains(posts) else { throw ValidationError("--posts must be between 1 and 2000") }
        guard frames >= 10 else { throw ValidationError("--frames must be at least 10") }
        guard (0...1000).contains(delayMs) else { throw ValidationError("--delay-ms must be between 0 and 1000") }
    }

    /// Runs the measurements and prints the report; exits with a message on failure.
    func run() throws {
        let startup = Startup(path: nil)
        let cacheHome = NSTemporaryDirectory() + "plumage-bench-net-\(getpid())"
        try? FileManager.default.createDirectory(atPath: cacheHome, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: cacheHome) }
        // The bench's own web cache: runs are comparable, the user's cache is untouched.
        setenv("XDG_CACHE_HOME", cacheHome, 1)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome
        do {
            let domains = try PublicSuffixList.installed()
            try Video.initialize(headless: true)
            let canvas = try Canvas(size: DisplayScale.one.pixels(size.size))
            let backend = try startup.backend(renderer: canvas.renderer, systemEmoji: false)
            let theme = startup.theme(named: nil)
            // A relaunch repeats this part (start, resources, themes, video, fonts) before its cache.
            let setupMs = LoadBench.processAge() * 1000
            let server = FixtureServer(root: startup.resources.rootPath, posts: posts, delayMs: delayMs)
            defer { server.stop() }
            let address = server.base + "/tags/cats"

            // Parsing one 40-post page (bytes in, a source out), median of 30.
            let client = HTTPClient(configuration: .fromEnvironment(version: PlumageVersion.number, environment: environment))
            let pageURL = server.base + "/api/v1/timelines/tag/cats?limit=40"
            let bytes = try client.fetch(HTTPRequest(url: pageURL, limits: .feed)).body
            var parse: [Double] = []
            for _ in 0..<30 {
                let start = Video.seconds()
                let page = try MastodonStatusesReader.read(bytes, url: pageURL)
                _ = page.source(kind: .mastodonTag, title: "#cats")
                parse.append((Video.seconds() - start) * 1000)
            }

            // The window's way: the first page asked for by the screen, read on the loading lane;
            // the frame that shows it is timed.
            var app = AppState(root: FeedScreen(live: LiveFeed(addresses: [address])),
                               themes: ThemeLibrary(themes: [theme]), theme: theme)
            app.fixedNow = startup.reproducibleNow
            _ = app.handle(.resized(size.size, .one), at: 0)
            var platform = BenchPlatform(backend: backend)
            let pump = EventPump(wakeTypes: backend.wakeEventTypes)
            var pageFrameMs = 0.0
            let firstStart = Video.seconds()
            while app.top(as: FeedScreen.self)?.source.items.isEmpty ?? true {
                guard Video.seconds() - firstStart < 30 else { fail("bench net: the first page never arrived") }
                _ = pump.wait(timeout: 0.05)
                let start = Video.seconds()
                backend.drawFrame(of: &app, at: 0, statistics: nil, platform: &platform)
                pageFrameMs = (Video.seconds() - start) * 1000
            }
            let firstPageMs = (Video.seconds() - firstStart) * 1000

            // Every page, read as the window reads them, then a scroll through all of them while the
            // images (never fetched yet) stream in.
            let reader = LivePageReader(fetcher: LiveFetcher(domains: domains, environment: environment))
            var feed = LiveFeed(addresses: [address])
            var request = LivePageRequest(address: address, part: .first)
            while true {
                var last: InputEvent?
                reader.read(request) { last = $0 }
                guard case .livePage(_, let result)? = last, case .page(_, let older, _) = result else {
                    fail("bench net: a page failed: \(String(describing: last))")
                }
                _ = feed.receive(request, result)
                guard let older else { break }
                request = LivePageRequest(address: address, part: .older(older))
            }
            app = AppState(root: FeedScreen(live: feed), themes: ThemeLibrary(themes: [theme]), theme: theme)
            app.fixedNow = startup.reproducibleNow
            _ = app.handle(.resized(size.size, .one), at: 0)
            backend.drawFrame(of: &app, at: 0, statistics: nil, platform: &platform)
            app.completeFeedLayout(at: 0, measurer: backend.measurer)
            let content = app.top(as: FeedScreen.self)?.list.contentHeight ?? 0
            let script = BenchScrollScript.sweep(contentHeight: content, viewportHeight: size.size.height, frames: frames)
            var work: [Double] = []
            var statistics = FrameStatistics(refreshHz: 60)
            for frame in 0..<frames {
                let start = Video.seconds()
                let time = Double(frame + 1) / 60
                app.updateTop(FeedScreen.self) { $0.scrollList(to: script.offset(frame: frame), at: time) }
                backend.drawFrame(of: &app, at: time, statistics: statistics, platform: &platform)
                canvas.renderer.presentFrame()
                work.append((Video.seconds() - start) * 1000)
                statistics.record(workMs: work.last!, intervalMs: 1000 / 60, at: time)
                // The window's idle work between frames, then the rest of the 60 Hz slot.
                _ = ImageBench.workAhead(backend, frameStart: start)
                let slot = start + 1.0 / 60
                if Video.seconds() < slot { _ = pump.wait(timeout: slot - Video.seconds()) }
            }
            let cached = WebCache(folder: cacheHome + "/plumage/" + WebCache.subfolder).totalBytes
            let remote = app.resources.entries.filter { if case .url = $0.key.source { true } else { false } }
            let ready = remote.filter { if case .ready = $0.value.status { true } else { false } }.count
            let failed = remote.filter { if case .failed = $0.value.status { true } else { false } }.count

            // A relaunch: the start-up above, then a new reader opens the cache (its folder scanned
            // again) and shows the stored first page.
            let relaunchStart = Video.seconds()
            let cache = WebCache(folder: cacheHome + "/plumage/" + WebCache.subfolder)
            let again = LivePageReader(fetcher: LiveFetcher(domains: domains, client: client, cache: cache,
                                                            environment: environment))
            guard let stored = again.storedFirstPage(address) else { fail("bench net: no stored first page") }
            var relaunched = AppState(root: FeedScreen(live: LiveFeed(addresses: [address])),
                                      themes: ThemeLibrary(themes: [theme]), theme: theme)
            relaunched.fixedNow = startup.reproducibleNow
            _ = relaunched.handle(.resized(size.size, .one), at: 0)
            _ = relaunched.handle(.livePage(LivePageRequest(address: address, part: .first),
                                            .page(stored.source, older: stored.older?.url, copy: .stored)), at: 0)
            var quiet = HeadlessPlatform(backend: backend)
            backend.drawFrame(of: &relaunched, at: 0, statistics: nil, platform: &quiet)
            canvas.renderer.presentFrame()
            let relaunchMs = setupMs + (Video.seconds() - relaunchStart) * 1000

            let budget = 1000.0 / 60
            let fields: [(String, String)] = [
                ("posts", "\(feed.merged.items.count)"), ("delay_ms", "\(delayMs)"), ("frames", "\(work.count)"),
                ("page_parse_ms", f(FrameStatistics.percentile(parse, 0.5))),
                ("first_page_ms", f(firstPageMs)), ("page_frame_ms", f(pageFrameMs)),
                ("scroll_p50_ms", f(FrameStatistics.percentile(work, 0.5))),
                ("scroll_p99_ms", f(FrameStatistics.percentile(work, 0.99))), ("scroll_max_ms", f(work.max() ?? 0)),
                ("over_budget", "\(work.filter { $0 > budget }.count)"),
                ("remote_images_ready", "\(ready)"), ("remote_images_failed", "\(failed)"),
                ("web_cache_mb", f(Double(cached) / 1_048_576)),
                ("relaunch_first_frame_ms", f(relaunchMs)), ("peak_rss_mb", f(peakRSSMegabytes())),
            ]
            if json {
                print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
            } else {
                for (k, v) in fields { print("\(k.padding(toLength: 24, withPad: " ", startingAt: 0)) \(v)") }
            }
        } catch let error as SDLError {
            fail(error.description)
        } catch let error as HTTPError {
            fail("bench net: \(error)")
        } catch let error as SourceError {
            fail(error.description)
        }
    }

    /// `v` with three decimals.
    func f(_ v: Double) -> String { String(format: "%.3f", v) }
}

/// The bench's platform: the backend's share of the effects, and live pages read on the loading
/// lane as the window reads them.
struct BenchPlatform: Platform {
    /// The backend that decodes, draws and runs the background work.
    let backend: SDLBackend
    /// Reads live pages.
    let reading = LiveReading()

    /// Hands `effects` to the backend, and live page reads to the loading lane; answers with nothing.
    mutating func perform(_ effects: [Effect]) -> [InputEvent] {
        backend.carryOut(effects)
        for case let .readLivePages(pages) in effects {
            let reading = reading
            for page in pages { backend.runInBackground { post in reading.read(page, post: post) } }
        }
        return []
    }
}

/// The fixture server of `scripts/live-fixture-server.py`, started on a free loopback port.
final class FixtureServer {
    /// The server process.
    private let process = Process()
    /// `http://127.0.0.1:PORT`.
    let base: String

    /// Starts the server of the repository at `root` serving `posts` posts, images after `delayMs`;
    /// exits with a message when it cannot start.
    init(root: String, posts: Int, delayMs: Int) {
        let script = root + "/scripts/live-fixture-server.py"
        guard FileManager.default.fileExists(atPath: script) else {
            fail("bench net needs the repository's \(script) (run it from a checkout, or set PLUMAGE_DATA_DIR)")
        }
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--root", root, "--posts", "\(posts)", "--delay-ms", "\(delayMs)"]
        process.standardOutput = output
        do { try process.run() } catch { fail("cannot start the fixture server: \(error.localizedDescription)") }
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { fail("the fixture server did not start") }
            line.append(chunk)
        }
        let port = String(decoding: line.prefix { $0 != 0x0A }, as: UTF8.self)
        guard Int(port) != nil else { fail("the fixture server said '\(port)', not its port") }
        base = "http://127.0.0.1:" + port
    }

    /// Stops the server.
    func stop() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }
}
