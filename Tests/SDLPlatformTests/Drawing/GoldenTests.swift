import Archives
import FeedImport
import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import SDLPlatform
import XCTest

/// Golden images of the feed drawn by SDL's software renderer on a memory surface, with the bundled
/// fonts and demo feed. Re-record with `RECORD_GOLDENS=1 swift test --filter GoldenTests`; a
/// recording run fails on purpose. On a mismatch, `actual` and `diff` PNGs are written next to
/// the golden under `.build/golden-failures/`.
/// XCTest (not Swift Testing) so that SDL runs on the process's main thread.
final class GoldenTests: XCTestCase {
    static let root = RepositoryPaths.root
    static let goldenDirectory = RepositoryPaths.path("Tests/SDLPlatformTests/Golden")
    static let small = Size(width: 560, height: 400)

    func loadThemes() throws -> ThemeLibrary { try Fixtures.shippedThemes() }

    /// Renders the demo feed (or `source`) at `size` points and `scale`, after `configure` adjusts
    /// the app (which the test owns, as the window loop does) through the backend drawing it, which
    /// reads zip members through `archives`.
    func render(theme: String = "original", size: Size = small, scale: Double = 1, statistics: FrameStatistics? = nil,
                source: FeedSource? = nil, archives: OpenArchives? = nil,
                configure: (inout AppState, SDLBackend) -> Void = { _, _ in }) throws -> Bitmap {
        try Video.initialize(headless: true)
        let source = try source ?? SourceLoader.load(path: nil, resources: DataRoot(rootPath: Self.root))
        let themes = try loadThemes()
        var app = AppState(root: FeedScreen(source: source), themes: themes, theme: themes.theme(named: theme)!)
        app.assetRoot = Self.root + "/Assets"
        app.fixedNow = Timestamp(seconds: (source.items.compactMap(\.date).max()?.seconds ?? 0) + 3600)
        let canvas = try Canvas(size: DisplayScale(scale).pixels(size))
        let backend = try SDLBackend(assetsDirectory: Self.root + "/Assets", fontsDirectory: Self.root + "/Fonts",
                                     renderer: canvas.renderer, systemEmoji: false, archives: archives)
        _ = app.handle(.resized(size, DisplayScale(scale)), at: 0)
        backend.drawFrame(of: &app, at: 0, statistics: statistics)
        app.completeFeedLayout(at: 0, measurer: backend.measurer)
        configure(&app, backend)
        backend.drawSettled(&app, at: 1, statistics: statistics)
        return canvas.bitmap()
    }

    func assertGolden(_ actual: Bitmap, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = "\(Self.goldenDirectory)/\(name).png"
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] != nil {
            try Canvas.writePNG(actual, to: path)
            XCTFail("recorded \(name).png; run again without RECORD_GOLDENS", file: file, line: line)
            return
        }
        guard case let .success(expected) = ImageDecoder.decode(source: .file(path), cover: nil) else {
            XCTFail("missing golden \(path); record it with RECORD_GOLDENS=1", file: file, line: line)
            return
        }
        let comparison = BitmapComparison(actual: actual, expected: expected.bitmap)
        if !comparison.matches() {
            let out = Self.root + "/.build/golden-failures"
            try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            try? Canvas.writePNG(actual, to: "\(out)/\(name)-actual.png")
            if let diff = comparison.diff { try? Canvas.writePNG(diff, to: "\(out)/\(name)-diff.png") }
            XCTFail("\(name): \(comparison); see \(out)", file: file, line: line)
        }
    }

    func testFeedInEachTheme() throws {
        for theme in ThemeLibrary.shippedNames {
            try assertGolden(try render(theme: theme), "feed-\(theme)")
        }
    }

    func testBarOverScrolledText() throws {
        try assertGolden(try render { app, _ in app.updateTop(FeedScreen.self) { $0.scrollList(to: 160, at: 0) } }, "bar-over-text")
    }

    func testSectionPickerOpen() throws {
        let image = try render { app, _ in
            _ = app.handle(.pointerDown(.left, at: Point(x: Self.small.width / 2, y: 26)), at: -1)
        }
        try assertGolden(image, "picker-open")
    }

    func testMediaSection() throws {
        try assertGolden(try render(theme: "dark") { app, _ in app.updateTop(FeedScreen.self) { $0.selectSection(named: "Media") } }, "section-media")
    }

    func testFPSOverlay() throws {
        let image = try render(theme: "dark", statistics: .synthetic(refreshHz: 60)) { app, _ in app.showsFPS = true }
        try assertGolden(image, "fps-overlay")
    }

    func testNarrowWindowAndLargeText() throws {
        try assertGolden(try render(theme: "light", size: Size(width: 360, height: 560)) { app, _ in app.setTextScale(1.4) },
                         "narrow-large-text")
    }

    func testHiDPI() throws {
        try assertGolden(try render(theme: "green", size: Size(width: 320, height: 240), scale: 2), "hidpi-2x")
    }

    func testMissingPhotoPlaceholder() throws {
        let image = try render(theme: "dark") { app, _ in
            app.updateTop(FeedScreen.self) { feed in
                let items = feed.source.items
                guard let row = feed.list.rows.firstIndex(where: { items[$0].media.contains { $0.locator == nil } }) else {
                    return XCTFail("the demo has an item with a missing photo")
                }
                feed.scrollList(to: feed.list.rowTops[row], at: 0)
            }
        }
        try assertGolden(image, "missing-photo")
    }

    /// An archive's cells as they arrive from its reader: authors without pictures, a video with its
    /// running time, a GIF beside a photo, a photo missing from the archive beside a remote one.
    static func archiveSource() -> FeedSource {
        let photo = root + "/Assets/demo/photos/coffee.jpg"
        let media: [(Author, String, [Media])] = [
            (Author(name: "Ada Lovelace", handle: "ada"), "The engine at work",
             [Media(kind: .video, locator: .file("/archive/data/tweets_media/1-clip.mp4"), width: 1280, height: 720, duration: 42.3)]),
            (Author(name: "Ωμέγα Σ", handle: "omega"), "A GIF and a photo",
             [Media(kind: .gif, locator: .file("/archive/data/tweets_media/2-loop.mp4"), width: 480, height: 270),
              Media(kind: .photo, locator: .file(photo), width: 1600, height: 1067)]),
            (Author(name: "", handle: "_zed"), "One left behind, one never fetched",
             [Media(kind: .photo, locator: nil, width: 1600, height: 1200),
              Media(kind: .photo, locator: nil, width: 0, height: 0, remoteHost: "cdn.example.com")]),
        ]
        let items = media.enumerated().map { i, entry in
            Item(id: "\(i + 1)", date: Timestamp(seconds: 1_790_000_000 - Int64(i) * 3600), author: entry.0,
                 text: entry.1, media: entry.2)
        }
        return FeedSource(kind: .twitterArchive, title: "Archive",
                          sections: [Section(name: "Tweets", itemIndices: Array(items.indices))], items: items)
    }

    func testArchiveCells() throws {
        try assertGolden(try render(theme: "light", size: Size(width: 560, height: 1100), source: Self.archiveSource()),
                         "archive-cells")
    }

    func testImageViewWithAltText() throws {
        let image = try render(theme: "dark", source: Self.archiveSource()) { app, backend in
            let alt = "A cup of coffee on a wooden table, steam rising, morning light from a window on the left; "
                + "a spoon rests on the saucer and a notebook lies open beside it with a few handwritten lines."
            app.openPhotos([Photo(source: .file(Self.root + "/Assets/demo/photos/coffee.jpg"), title: "coffee.jpg", alt: alt)], at: 0)
            backend.drawSettled(&app, at: 1)
        }
        try assertGolden(image, "photo-alt")
    }

    /// The image view on a demo photo at an absolute zoom, after every decode has landed.
    func renderPhoto(_ zoom: PhotoZoom, theme: String = "dark") throws -> Bitmap {
        try render(theme: theme) { app, backend in
            let path = Self.root + "/Assets/demo/photos/coffee.jpg"
            app.openPhotos([Photo(source: .file(path), title: "coffee.jpg")], at: 0)
            backend.drawSettled(&app, at: 1)
            let env = app.environment(at: 1)
            app.updateTop(PhotoScreen.self) { $0.setZoom(zoom, env: env) }
        }
    }

    func testImageViewFit() throws {
        try assertGolden(try renderPhoto(.fit), "photo-fit")
    }

    func testImageViewFill() throws {
        try assertGolden(try renderPhoto(.fill), "photo-fill")
    }

    func testImageViewAt400PercentIsCrisp() throws {
        try assertGolden(try renderPhoto(.factor(4)), "photo-400")
    }

    /// The details of the demo's `n`th post (1-based) in the shown list.
    func renderDetails(ofPost n: Int, theme: String = "original", size: Size = Size(width: 560, height: 700)) throws
        -> Bitmap
    {
        try render(theme: theme, size: size) { app, _ in
            guard let feed = app.top(as: FeedScreen.self) else { return XCTFail("the demo opens on its feed") }
            app.push(feed.detailsScreen(item: feed.list.rows[n - 1]), at: 0, animated: false)
        }
    }

    func testDetailsWithImages() throws {
        try assertGolden(try renderDetails(ofPost: 1), "details-images")
    }

    func testDetailsWithoutImages() throws {
        try assertGolden(try renderDetails(ofPost: 2, theme: "dark"), "details-text")
    }

    func testSearchFeed() throws {
        let image = try render(theme: "light") { app, backend in
            guard let feed = app.top(as: FeedScreen.self) else { return XCTFail("the demo opens on its feed") }
            app.push(FeedScreen.search("#photography", in: feed.source), at: 0, animated: false)
            app.completeFeedLayout(at: 0, measurer: backend.measurer)
        }
        try assertGolden(image, "search-feed")
    }

    func testSearchBoxWithText() throws {
        let image = try render(theme: "dark") { app, backend in
            backend.handle(.key(.character("/"), []), of: &app, at: 0)
            _ = app.handle(.text("#photography"), at: 0)
            _ = app.handle(.composition(" 夕焼"), at: 0)
            app.completeFeedLayout(at: 0, measurer: backend.measurer)
        }
        try assertGolden(image, "search-box")
    }

    func testSplitView() throws {
        let image = try render(theme: "green", size: Size(width: 1100, height: 560)) { app, backend in
            _ = app.handle(.key(.down, []), at: 0)
            backend.handle(.key(.down, []), of: &app, at: 0)
            backend.handle(.key(.enter, []), of: &app, at: 0)
            app.completeFeedLayout(at: 0, measurer: backend.measurer)
        }
        try assertGolden(image, "split-view")
    }

    /// The image view on a PNG whose alpha runs from 0 (left) to 255 (right), like libpng's
    /// `basn6a08.png`, written at test time (square, so it fits: backdrop beside it); Shift+A pressed when `backdrop`.
    func renderTransparentPhoto(backdrop: Bool) throws -> Bitmap {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("alpha-ramp.png").path
        try Canvas.writePNG(TransparentFiles.alphaRamp(width: 160, height: 160), to: path)
        return try render(theme: "dark") { app, backend in
            app.openPhotos([Photo(source: .file(path), title: "alpha-ramp.png")], at: 0)
            backend.drawSettled(&app, at: 1)
            if backdrop { _ = app.handle(.key(.character("a"), .shift), at: 1) }
        }
    }

    func testTransparentPhotoOverTheCheckerboard() throws {
        try assertGolden(try renderTransparentPhoto(backdrop: false), "photo-alpha-checkerboard")
    }

    func testTransparentPhotoOverTheBackdrop() throws {
        try assertGolden(try renderTransparentPhoto(backdrop: true), "photo-alpha-backdrop")
    }

    /// Drawing a post whose text has links reports where its runs really are, close to where they
    /// were laid out (shaping moves them by a pixel or two), so clicks hit what is drawn.
    func testDrawnTextReportsWhereItsRunsAre() throws {
        var feed: FeedScreen?
        _ = try render(theme: "original") { app, _ in feed = app.top(as: FeedScreen.self) }
        let firstPost = try XCTUnwrap(feed).source.items[0]
        var reported: [String: [[RunExtent]]] = [:]
        _ = try render(theme: "original") { app, backend in
            backend.drawSettled(&app, at: 1)
            reported = app.top(as: FeedScreen.self)?.renderedRuns ?? [:]
        }
        let key = try XCTUnwrap(reported.keys.first { $0.hasPrefix("body:") && $0.hasSuffix(":" + firstPost.id) })
        let runs = try XCTUnwrap(reported[key])
        XCTAssertGreaterThan(runs.count, 1)
        XCTAssertTrue(runs.allSatisfy { line in zip(line, line.dropFirst()).allSatisfy { abs($0.x + $0.width - $1.x) < 0.01 } },
                      "a line's runs follow one another")
    }
}

