import ArgumentParser
import FeedImport
import Foundation
import Jobs
import PlumageCore
import SDLPlatform
import Locking

/// `plumage bench load PATH…`: opening a large source as the window does, headlessly: the first
/// frame with its newest posts (the preview), the whole read, the search index and a query, the
/// index cache written and a relaunch from it, and the peak memory. The index cache goes to a
/// temporary folder (removed after), never the user's.
struct LoadBench: ParsableCommand {
    /// The `load` subcommand's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "load", abstract: "Time opening a large source (archive or feed) as the window does.")

    /// The source's paths.
    @Argument(
        help: "A Twitter/X or Mastodon archive (.zip or folder) or a JSON Feed; several are merged.", completion: .file())
    var paths: [String]
    /// Canvas size in points for the first frames.
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// Queries timed against the search index; by default a hashtag, a user and a word of the source.
    @Option(name: .customLong("query"), help: "A query to time (repeatable); default: the source's commonest #tag, @user and a word.")
    var queries: [String] = []
    /// True to print the report as one JSON object.
    @Flag(help: "Print JSON.") var json = false

    /// Measures and prints `items, first_frame_ms, full_ms, index_ms, searchable_ms, search_ms,
    /// cache_write_ms, relaunch_ms, peak_rss_mb`; exits with a message on failure.
    func run() throws {
        // Times from the process's start (as the window's first frame is): what ran before `run`
        // (loading the program, parsing arguments) counts.
        let origin = Video.seconds() - Self.processAge()
        func since(_ t: Double) -> Double { (Video.seconds() - t) * 1000 }
        let cacheFolder = NSTemporaryDirectory() + "plumage-bench-cache-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
        let store = SourceCacheStore(folder: cacheFolder)
        let startup = Startup(paths: [])
        do {
            try Video.initialize(headless: true)
            // A relaunch repeats this part (start, resources, themes, video) before reading its cache.
            let setupMs = since(origin)
            // What the window does at start: the preview (or the placeholder), then the whole read
            // and the search index on another thread while the first frame is drawn.
            let preview = SourceLoader.preview(paths: paths, archives: startup.archives)
            let paths = self.paths, archives = startup.archives
            let reading = Locked<(Result<FeedSource, SourceError>, SearchIndex?, full: Double, index: Double)?>(nil)
            let readStart = Video.seconds()
            let jobs = startup.jobs
            jobs.submit(on: .loading) {
                do throws(SourceError) {
                    let source = try SourceLoader.load(paths: paths, archives: archives, jobs: jobs)
                    let fullMs = (Video.seconds() - readStart) * 1000
                    let indexStart = Video.seconds()
                    let index = SearchIndexBuilder.build(items: source.items, jobs: jobs)
                    reading.withLock { $0 = (.success(source), index, fullMs, (Video.seconds() - indexStart) * 1000) }
                } catch {
                    reading.withLock { $0 = (.failure(error), nil, 0, 0) }
                }
            }
            try firstFrame(of: preview, startup: startup)
            let firstFrameMs = since(origin)
            while reading.withLock({ $0 == nil }) { usleep(1_000) }
            let searchable = since(origin)
            guard let (result, built, fullMs, indexMs) = reading.withLock({ $0 }) else { fail("the read did not finish") }
            let source = try result.get()
            guard let index = built else { fail("no search index") }
            let timed = (queries.isEmpty ? Self.defaultQueries(source) : queries).map { text -> (String, Int, Double) in
                let query = SearchQuery(text)
                var times: [Double] = []
                var count = 0
                for _ in 0..<5 {
                    let t = Video.seconds()
                    count = index.matches(query).count
                    times.append(since(t))
                }
                return (text, count, times.sorted()[2])
            }
            let writeStart = Video.seconds()
            _ = try SourceLoader.load(paths: paths, cache: store)
            let cacheWriteMs = since(writeStart) - fullMs
            let relaunchStart = Video.seconds()
            guard let head = SourceLoader.cachedHead(paths: paths, cache: store)
                ?? SourceLoader.cached(paths: paths, cache: store)
            else { fail("the index cache was not usable") }
            try firstFrame(of: head, startup: startup)
            let relaunchMs = setupMs + since(relaunchStart)
            let cacheReadStart = Video.seconds()
            guard SourceLoader.cached(paths: paths, cache: store)?.items.count
                == source.items.count
            else {
                fail("the index cache did not give the source back")
            }
            let cacheReadMs = since(cacheReadStart)
            let fields: [(String, String)] = [
                ("items", "\(source.items.count)"), ("first_frame_ms", f(firstFrameMs)),
                ("preview_items", "\(preview?.items.count ?? 0)"), ("full_ms", f(fullMs)), ("index_ms", f(indexMs)),
                ("searchable_ms", f(searchable)),
                ("search_ms", String(format: "%.3f", timed.map(\.2).max() ?? 0)), ("cache_write_ms", f(max(0, cacheWriteMs))),
                ("cache_read_ms", f(cacheReadMs)), ("relaunch_ms", f(relaunchMs)), ("peak_rss_mb", f(peakRSSMegabytes())),
            ]
            for warning in source.warnings.prefix(3) { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
            if json {
                let queriesJSON = timed.map { "{\"query\": \(DumpEncoder.quoted($0.0)), \"matches\": \($0.1), \"ms\": \(String(format: "%.3f", $0.2))}" }
                print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
                      + ", \"queries\": [" + queriesJSON.joined(separator: ", ") + "]}")
            } else {
                for (k, v) in fields { print("\(k.padding(toLength: 16, withPad: " ", startingAt: 0)) \(v)") }
                for (q, n, ms) in timed { print("  \(q): \(n) matches in \(String(format: "%.3f", ms)) ms") }
            }
        } catch {
            fail("\(error)")
        }
    }

    /// Makes a backend and draws the first frame of `source` (an empty feed when nil), as the
    /// window's first frame.
    func firstFrame(of source: FeedSource?, startup: Startup) throws {
        let canvas = try Canvas(size: DisplayScale.one.pixels(size.size))
        let backend = try startup.backend(renderer: canvas.renderer, systemEmoji: false)
        let shown = source ?? FeedSource(kind: .jsonFeed, title: "", sections: [Section(name: "Loading…", itemIndices: [])],
                                         items: [])
        var app = AppState(root: FeedScreen(source: shown), themes: startup.themes, theme: startup.theme(named: nil))
        app.assetRoot = startup.resources.assetsURL.path
        _ = app.handle(.resized(size.size, .one), at: 0)
        backend.drawFrame(of: &app, at: 0, statistics: nil)
        canvas.renderer.presentFrame()
    }

    /// Seconds since this process started (`/proc/self/stat`'s start time against the boot clock,
    /// to 10 ms); 0 when unknown.
    static func processAge() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name: state is field 3, start time field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return 0 }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        let boot = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return max(0, boot - ticks / Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The source's commonest hashtag and mentioned user, and a word of its first item.
    static func defaultQueries(_ source: FeedSource) -> [String] {
        var tags: [String: Int] = [:], users: [String: Int] = [:]
        for item in source.items.prefix(20_000) {
            for e in item.entities {
                if e.kind == .hashtag { tags[e.target.lowercased(), default: 0] += 1 }
                if e.kind == .mention { users[e.target.lowercased(), default: 0] += 1 }
            }
        }
        let word = source.items.first?.text.split(separator: " ").first { $0.count >= 4 }.map(String.init) ?? "the"
        return [tags.max { $0.value < $1.value }.map { "#" + $0.key }, users.max { $0.value < $1.value }.map { "@" + $0.key }, word]
            .compactMap { $0 }
    }

    /// `v` with one decimal.
    func f(_ v: Double) -> String { String(format: "%.1f", v) }
}
