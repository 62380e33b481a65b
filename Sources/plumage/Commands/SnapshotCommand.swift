import ArgumentParser
import FeedImport
import Foundation
import PlumageCore
import SDLPlatform

/// `plumage snapshot`: renders the window headlessly to a PNG, after visible photos have decoded.
struct SnapshotCommand: ParsableCommand {
    /// The `snapshot` command's name and abstract.
    static let configuration = CommandConfiguration(
        commandName: "snapshot", abstract: "Render the feed to a PNG without a display.")

    /// Path of the JSON Feed file; nil means the bundled demo.
    @Argument(
        help: "A JSON Feed file, an image (the image view) or a folder of photos (its places); the demo when omitted.",
        completion: .file())
    var path: String?
    /// Path of the PNG file to write.
    @Option(help: "The PNG file to write.", completion: .file(extensions: ["png"])) var out: String
    /// Window size in points.
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// Device pixels per point, 1…4.
    @Option(help: "Pixels per point (HiDPI), 1–4.") var scale: Double = 1
    /// Name of the theme; nil means the first shipped theme.
    @Option(help: "Theme: original, green, dark or light.", completion: .list(ThemeLibrary.shippedNames)) var theme: String?
    /// Scroll offset in points from the top.
    @Option(help: "Scroll offset in points from the top.") var scroll: Double = 0
    /// Name of the section to show; nil means the first.
    @Option(help: "Section to show (e.g. Favorites, Media).") var section: String?
    /// Text size factor, 0.8…2 (anything else is a usage error).
    @Option(help: "Text size factor (0.8–2).") var textScale: Double = 1
    /// True to show the FPS overlay with a synthetic series.
    @Flag(help: "Show the FPS overlay (with a fixed synthetic series, so pixels are reproducible).") var fps = false
    /// True to draw the section picker open.
    @Flag(help: "Open the section picker.") var picker = false
    /// True to draw the key help overlay.
    @Flag(help: "Show the key help overlay (the ? key).") var keys = false
    /// A search whose results feed is shown ("#tag", "@user", words); nil shows the feed itself.
    @Option(help: "Show the search feed of QUERY ('#tag', '@user', words).") var search: String?
    /// The shown list's Nth post (1-based) whose details to open, or the Nth place; nil opens none.
    @Option(help: "Open the details of the shown list's Nth post, or the Nth place of a folder (1-based).")
    var openItem: Int?
    /// The feed's or the place's Nth photo (1-based) or an image file to open the image view on; nil opens none.
    @Option(
        help: "Open the image view on the feed's or the place's Nth photo (1-based) or on an image FILE.",
        completion: .file())
    var openImage: String?
    /// The image view's zoom (fit, fill, actual or a factor); nil keeps the automatic zoom.
    @Option(help: "Image view zoom: fit, fill, actual, or a factor (4 = 400 %).", completion: .list(["fit", "fill", "actual"]))
    var zoom: String?
    /// A JSON file the drawn text is reported to (boxes drawn, fonts used); nil writes none.
    @Option(help: "Also write what the text drew to FILE.json: missing_glyphs (characters drawn as boxes), missing (U+XXXX), fonts.",
            completion: .file(extensions: ["json"]))
    var report: String?

    /// Rejects a scale outside 1…4 and a text scale outside 0.8…2 (usage errors, status 64).
    func validate() throws {
        guard (1...4).contains(scale) else { throw ValidationError("--scale must be between 1 and 4") }
        guard (0.8...2).contains(textScale) else {
            throw ValidationError("--text-scale must be between 0.8 and 2 (got \(MessageText.clipped(String(textScale))))")
        }
        if let zoom, PhotoZoom(argument: zoom) == nil {
            throw ValidationError("--zoom takes fit, fill, actual or a factor such as 4 (got '\(MessageText.clipped(zoom))')")
        }
    }

    /// The image view `--open-image` asks for, pushed over `app`, or exits explaining why it cannot.
    func openImage(_ spec: String, in app: inout AppState, context: String) {
        if let n = Int(spec), let place = app.top(as: PlaceScreen.self) {
            guard let photo = place.photoScreen(index: n - 1) else {
                fail("--open-image \(n): the place has \(place.place.photos.count) photos")
            }
            app.push(photo, at: 0, animated: false)
        } else if let n = Int(spec) {
            guard let feed = app.top(as: FeedScreen.self) else { fail("--open-image \(n) needs a feed") }
            let all = feed.feedPhotos
            guard (1...max(1, all.count)).contains(n), !all.isEmpty else {
                fail("--open-image \(n): the feed has \(all.count) photos")
            }
            let (item, photo) = all[n - 1]
            app.push(feed.photoScreen(item: item, photo: photo), at: 0, animated: false)
        } else {
            do {
                let photos = try PhotoList.load(paths: [spec])
                app.push(PhotoScreen(photos: photos, index: 0, context: context), at: 0, animated: false)
            } catch {
                fail(error.description)
            }
        }
    }

    /// Renders the window headlessly and writes the PNG; exits with a message on failure.
    func run() throws {
        let pixels = DisplayScale(scale).pixels(size.size)
        if let problem = Canvas.sizeProblem(pixels) {
            fail("--size \(Int(size.size.width))x\(Int(size.size.height)) at --scale \(String(format: "%g", scale)): \(problem); lower --size or --scale")
        }
        let startup = Startup(path: path)
        let theme = startup.theme(named: self.theme)
        do {
            try Video.initialize(headless: true)
            let displayScale = DisplayScale(scale)
            let canvas = try Canvas(size: pixels)
            let backend = try startup.backend(renderer: canvas.renderer, systemEmoji: false)
            var app = startup.app(theme: theme)
            // Relative dates are measured from an hour after the newest item, so output never depends on today.
            app.fixedNow = startup.reproducibleNow
            _ = app.handle(.resized(size.size, displayScale), at: 0)
            startup.scanPlacesNow(into: &app)
            if let section {
                let sections = startup.feed?.sections.map(\.name) ?? []
                guard app.updateTop(FeedScreen.self, { $0.selectSection(named: section) }) == true else {
                    fail("no section '\(MessageText.clipped(section))'; sections are: \(sections.joined(separator: ", "))")
                }
            }
            app.setTextScale(textScale)
            app.showsFPS = fps
            let statistics: FrameStatistics? = fps ? .synthetic(refreshHz: 60) : nil
            backend.drawFrame(of: &app, at: 0, statistics: statistics)
            app.completeFeedLayout(at: 0, measurer: backend.measurer)
            if let search {
                guard let feed = app.top(as: FeedScreen.self) else { fail("--search needs a feed") }
                app.push(FeedScreen.search(search, in: feed.source), at: 0, animated: false)
                app.completeFeedLayout(at: 0, measurer: backend.measurer)
            }
            app.updateTop(FeedScreen.self) { $0.scrollList(to: scroll, at: 0) }
            app.updateTop(PlacesScreen.self) { $0.scrollList(to: scroll, at: 0) }
            if let openItem, let places = app.top(as: PlacesScreen.self) {
                guard let place = places.placeScreen(row: openItem - 1) else {
                    fail("--open-item \(openItem): the folder has \(places.catalog.order.count) places")
                }
                app.push(place, at: 0, animated: false)
            } else if let openItem {
                guard let feed = app.top(as: FeedScreen.self) else { fail("--open-item needs a feed or a folder of places") }
                let rows = feed.list.rows
                guard (1...max(1, rows.count)).contains(openItem), !rows.isEmpty else {
                    fail("--open-item \(openItem): the list has \(rows.count) posts")
                }
                app.push(feed.detailsScreen(item: rows[openItem - 1]), at: 0, animated: false)
            }
            if keys { _ = app.handle(.key(.character("?"), []), at: 0) }
            if picker { _ = app.handle(.pointerDown(.left, at: Point(x: size.size.width / 2, y: 26)), at: -1) }
            app.readPlaceHeadersNow()
            if let openImage { self.openImage(openImage, in: &app, context: startup.feed?.title ?? startup.photosTitle) }
            backend.drawSettled(&app, at: 1, statistics: statistics)
            if let zoom, let z = PhotoZoom(argument: zoom) {
                let env = app.environment(at: 1)
                guard app.updateTop(PhotoScreen.self, { $0.setZoom(z, env: env) }) != nil else {
                    fail("--zoom needs the image view (--open-image or an image path)")
                }
                backend.drawSettled(&app, at: 1, statistics: statistics)
            }
            try canvas.savePNG(to: out)
            if let report {
                let frame = app.frame(at: 1, measurer: backend.measurer, statistics: statistics)
                Output.write(backend.measurer.report(frame).json + "\n", toFile: report)
            }
        } catch {
            fail(error.description)
        }
    }
}
