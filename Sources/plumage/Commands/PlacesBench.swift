import ArgumentParser
import FeedImport
import Foundation
import PlumageCore
import SDLPlatform

/// `plumage bench places FOLDER`: the folder scanned in the background, as the window does, while
/// frames are drawn at 60 Hz and the list scrolls slowly (a folder without sub-folders opens, as in
/// the window, on its own photo list: one place, not scrolled); reports how soon the first place shows,
/// how long the whole scan takes and the frame times while it runs, one JSON line per run; first,
/// the scan alone on the calling thread (`scan_only_ms`, no drawing, normal priority).
struct PlacesBench: ParsableCommand {
    /// The `places` subcommand's name and abstract.
    static let configuration = CommandConfiguration(commandName: "places", abstract: "Time a photo folder's scan.")

    /// The folder of photos to scan.
    @Argument(help: "A folder of photos (scripts/make-photo-tree.py makes one).", completion: .directory) var path: String
    /// How many times to scan it.
    @Option(help: "Runs (each with a new app and backend).") var runs = 3
    /// Canvas size in points (drawn at scale 1).
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// True to print JSON lines instead of text.
    @Flag(help: "Print one JSON line per run.") var json = false

    /// Rejects a run count below 1.
    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }

    /// Runs the scans headlessly and prints their figures; exits with a message on failure.
    func run() throws {
        let startup = Startup(path: path)
        guard let root = startup.placesRoot else { fail("bench places needs a folder of photos") }
        let theme = startup.theme(named: nil)
        do {
            try Video.initialize(headless: true)
            for _ in 0..<runs {
                // The scan alone, on this thread at normal priority: its own cost, without drawing.
                let scanStart = Video.seconds()
                PlaceScanner(rootPath: root).scan(generation: 1) { _ in }
                let scanOnlyMs = (Video.seconds() - scanStart) * 1000
                let canvas = try Canvas(size: DisplayScale.one.pixels(size.size))
                let backend = try startup.backend(renderer: canvas.renderer, systemEmoji: false)
                var app = startup.app(theme: theme)
                _ = app.handle(.resized(size.size, .one), at: 0)
                var figures = measure(root: root, app: &app, backend: backend, canvas: canvas)
                figures.scanOnlyMs = scanOnlyMs
                report(figures)
            }
        } catch {
            fail(error.description)
        }
    }

    /// What one run measured.
    struct Figures {
        var firstPlaceMs = 0.0, scanMs = 0.0, scanOnlyMs = 0.0
        /// Wall time of each frame, and the main thread's CPU time in it (without time other
        /// processes took from it), in milliseconds.
        var work: [Double] = [], cpu: [Double] = []
        /// Time taken by handing each frame's scan batches to the app (part of its frame), in milliseconds.
        var apply: [Double] = []
        var places = 0, photos = 0
    }

    /// Scans `root` in the background and draws a frame every 1/60 s until the last batch has been
    /// drawn, scrolling 4 points a frame.
    func measure(root: String, app: inout AppState, backend: SDLBackend, canvas: Canvas) -> Figures {
        var figures = Figures()
        let pump = EventPump(wakeTypes: backend.wakeEventTypes)
        let start = Video.seconds()
        backend.runInBackground { post in
            PlaceScanner(rootPath: root).scan(generation: 1) { post(.placesScanned($0)) }
        }
        var deadline = start
        var frame = 0
        while Video.seconds() - start < 120 {
            deadline += 1.0 / 60
            _ = pump.wait(timeout: max(0, deadline - Video.seconds()))
            EventPump.sleep(until: deadline)
            let t0 = Video.seconds(), c0 = ThreadUsage.cpuMs()
            frame += 1
            app.updateTop(PlacesScreen.self) { $0.scrollList(to: $0.scrollOffset + 4, at: t0 - start) }
            for event in backend.news() { backend.handle(event, of: &app, at: t0 - start) }
            figures.apply.append((Video.seconds() - t0) * 1000)
            backend.drawFrame(of: &app, at: t0 - start, statistics: nil)
            canvas.renderer.presentFrame()
            let t1 = Video.seconds()
            figures.work.append((t1 - t0) * 1000)
            figures.cpu.append(ThreadUsage.cpuMs() - c0)
            let progress = Self.progress(of: app)
            if figures.firstPlaceMs == 0, (progress?.places ?? 0) > 0 { figures.firstPlaceMs = (t1 - start) * 1000 }
            if let progress, progress.isComplete {
                figures.scanMs = (t1 - start) * 1000
                figures.places = progress.places
                figures.photos = progress.photos
                break
            }
        }
        return figures
    }

    /// How far the scan shown on top has got: the places list's places and photos, or the photo
    /// list of a folder without sub-folders (one place once it has a photo); nil for other screens.
    static func progress(of app: AppState) -> (places: Int, photos: Int, isComplete: Bool)? {
        if let catalog = app.top(as: PlacesScreen.self)?.catalog {
            return (catalog.places.count, catalog.photoCount, catalog.isComplete)
        }
        guard let list = app.top(as: PlaceScreen.self) else { return nil }
        return (list.place.photos.isEmpty ? 0 : 1, list.place.photos.count, !list.isScanning)
    }

    /// Prints one run's figures.
    func report(_ figures: Figures) {
        let p = { (q: Double) in FrameStatistics.percentile(figures.work, q) }
        let cpu = { (q: Double) in FrameStatistics.percentile(figures.cpu, q) }
        let fields: [(String, String)] = [
            ("places", "\(figures.places)"), ("photos", "\(figures.photos)"), ("frames", "\(figures.work.count)"),
            ("first_place_ms", f(figures.firstPlaceMs)), ("scan_ms", f(figures.scanMs)),
            ("scan_only_ms", f(figures.scanOnlyMs)),
            ("frame_p50_ms", f(p(0.5))), ("frame_p99_ms", f(p(0.99))), ("frame_max_ms", f(figures.work.max() ?? 0)),
            ("over_budget", "\(figures.work.filter { $0 > 1000.0 / 60 }.count)"),
            ("frame_cpu_p50_ms", f(cpu(0.5))), ("frame_cpu_p99_ms", f(cpu(0.99))), ("frame_cpu_max_ms", f(figures.cpu.max() ?? 0)),
            ("batch_apply_max_ms", f(figures.apply.max() ?? 0)), ("peak_rss_mb", f(peakRSSMegabytes())),
        ]
        if json {
            print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
        } else {
            print(fields.map { "\($0.0) \($0.1)" }.joined(separator: "  "))
        }
    }

    /// `v` with three decimals.
    func f(_ v: Double) -> String { String(format: "%.3f", v) }
}
