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
    @Argument(help: "A JSON Feed file, or an image or folder (the image view); the demo when omitted.")
    var path: String?
    /// Path of the PNG file to write.
    @Option(help: "The PNG file to write.") var out: String
    /// Window size in points.
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// Device pixels per point, 1…4.
    @Option(help: "Pixels per point (HiDPI), 1–4.") var scale: Double = 1
    /// Name of the theme; nil means the first shipped theme.
    @Option(help: "Theme: original, green, dark or light.") var theme: String?
    /// Scroll offset in points from the top.
    @Option(help: "Scroll offset in points from the top.") var scroll: Double = 0
    /// Name of the section to show; nil means the first.
    @Option(help: "Section to show (e.g. Favorites, Media).") var section: String?
    /// Text size factor (clamped to 0.8…2).
    @Option(help: "Text size factor (0.8–2).") var textScale: Double = 1
    /// True to show the FPS overlay with a synthetic series.
    @Flag(help: "Show the FPS overlay (with a fixed synthetic series, so pixels are reproducible).") var fps = false
    /// True to draw the section picker open.
    @Flag(help: "Open the section picker.") var picker = false
    /// True to draw the key help overlay.
    @Flag(help: "Show the key help overlay (the ? key).") var keys = false
    @Option(help: "Open the image view on the feed's Nth photo (1-based) or on an image FILE.") var openImage: String?
    @Option(help: "Image view zoom: fit, fill, actual, or a factor (4 = 400 %).") var zoom: String?

    /// Rejects a scale outside 1…4.
    func validate() throws {
        guard (1...4).contains(scale) else { throw ValidationError("--scale must be between 1 and 4") }
        if let zoom, PhotoZoom(argument: zoom) == nil {
            throw ValidationError("--zoom takes fit, fill, actual or a factor such as 4 (got '\(zoom)')")
        }
    }

    /// Opens the image view as `--open-image` asks, or exits explaining why it cannot.
    func openImage(_ spec: String, in presenter: FeedPresenter) {
        if let n = Int(spec) {
            let all = presenter.app.feedPhotos
            guard (1...max(1, all.count)).contains(n), !all.isEmpty else {
                fail("--open-image \(n): the feed has \(all.count) photos")
            }
            let (item, photo) = all[n - 1]
            presenter.app.openPhotos(Photo.photos(of: presenter.app.source.items[item]), at: photo, canGoBack: true)
        } else {
            do {
                presenter.app.openPhotos(try PhotoList.load(paths: [spec]), at: 0, canGoBack: true)
            } catch {
                fail(error.description)
            }
        }
    }

    /// Renders the window headlessly and writes the PNG; exits with a message on failure.
    func run() throws {
        let startup = Startup(path: path)
        let theme = startup.theme(named: self.theme)
        do {
            try Video.initialize(headless: true)
            let displayScale = DisplayScale(scale)
            let canvas = try Canvas(size: displayScale.pixels(size.size))
            let presenter = try startup.presenter(theme: theme, renderer: canvas.renderer, systemEmoji: false)
            // Relative dates are measured from an hour after the newest item, so output never depends on today.
            let newest = startup.source.items.compactMap(\.date).max() ?? Timestamp(seconds: 0)
            presenter.app.fixedNow = Timestamp(seconds: newest.seconds + 3600)
            presenter.resize(points: size.size, scale: displayScale, at: 0)
            if let section, !presenter.app.selectSection(named: section) {
                fail("no section '\(section)'; sections are: \(startup.source.sections.map(\.name).joined(separator: ", "))")
            }
            presenter.app.setTextScale(textScale)
            if fps {
                presenter.app.showsFPS = true
                presenter.statistics = .synthetic(refreshHz: 60)
            }
            presenter.draw(at: 0)
            presenter.completeLayout(at: 0)
            presenter.app.scrollList(to: scroll, at: 0)
            if keys { _ = presenter.app.handle(.key(.character("?"), []), at: 0) }
            if picker { _ = presenter.app.handle(.pointerDown(.left, at: Point(x: size.size.width / 2, y: 26)), at: -1) }
            if let openImage { self.openImage(openImage, in: presenter) }
            presenter.drawSettled(at: 1)
            if let zoom, let z = PhotoZoom(argument: zoom) {
                guard presenter.app.photoViewer != nil else { fail("--zoom needs the image view (--open-image or an image path)") }
                presenter.app.setPhotoZoom(z)
                presenter.drawSettled(at: 1)
            }
            try canvas.savePNG(to: out)
        } catch {
            fail(error.description)
        }
    }
}
