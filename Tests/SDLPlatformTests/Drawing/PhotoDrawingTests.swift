import FeedImport
import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
@testable import SDLPlatform
import XCTest

/// The image view while tiles are still uploading: what the user sees in the frames between a
/// zoom and the last tile arriving. XCTest, like the goldens, so SDL runs on the main thread.
extension GoldenTests {
    /// A bright 3000×2000 gradient PNG in a temporary folder (its path); `red` sets its red channel.
    func brightGradientPNG(name: String = "gradient", red: UInt8 = 220) throws -> String {
        let (width, height) = (3000, 2000)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(128 + x * 127 / width)
                pixels[i + 1] = UInt8(160 + y * 95 / height)
                pixels[i + 2] = red
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-drawing-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/\(name).png"
        try Canvas.writePNG(Bitmap(width: width, height: height, pixels: pixels), to: path)
        return path
    }

    /// A fitted photo at rest is drawn once from its tiles, kept, and then copied 1:1: the copy puts
    /// exactly the pixels the tiles did on the output; a view the user zoomed draws from its tiles.
    func testAFittedPhotoAtRestIsCopiedFromItsRenditionPixelForPixel() throws {
        let path = try brightGradientPNG(name: "rendition", red: 90)
        var fromTiles: Bitmap?, fromRendition: Bitmap?, zoomed: Bitmap?
        var copiesAtRest = 0, copiesAfterZoom = 0
        let whole = PixelRect(x: 0, y: 0, width: 1000, height: 700)
        _ = try render(theme: "dark") { app, backend in
            app.openPhotos([Photo(source: .file(path), title: "rendition.png")], at: 0)
            backend.drawSettled(&app, at: 1)
            let before = backend.executor.renditionCopies
            backend.executor.renditions.removeAll()
            backend.executor.lastPhotoDraw = nil
            backend.drawFrame(of: &app, at: 1, statistics: nil)  // tiles; not repeated yet: nothing kept
            XCTAssertTrue(backend.executor.renditions.held.isEmpty)
            backend.drawFrame(of: &app, at: 1, statistics: nil)  // tiles again, kept
            backend.renderer.flush()
            fromTiles = backend.renderer.readPixels(whole)
            XCTAssertEqual(backend.executor.renditions.held.map(\.key.source), [.file(path)])
            backend.drawFrame(of: &app, at: 1, statistics: nil)  // the copy
            backend.renderer.flush()
            fromRendition = backend.renderer.readPixels(whole)
            copiesAtRest = backend.executor.renditionCopies - before
            let env = app.environment(at: 1)
            app.updateTop(PhotoScreen.self) { $0.setZoom(.factor(1), env: env) }
            backend.drawSettled(&app, at: 1)
            backend.renderer.flush()
            zoomed = backend.renderer.readPixels(whole)
            copiesAfterZoom = backend.executor.renditionCopies - before
        }
        XCTAssertEqual(copiesAtRest, 1)
        XCTAssertEqual(try XCTUnwrap(fromRendition), try XCTUnwrap(fromTiles))
        XCTAssertNotEqual(try XCTUnwrap(zoomed), try XCTUnwrap(fromTiles), "the zoom shows")
        // Zoomed by the user (100 %), tiles draw every frame: no copy, however still the view.
        XCTAssertEqual(copiesAfterZoom, copiesAtRest)
    }

    /// Draws frames as the loop would (idle work between them) until `done`, for at most 20 s.
    func drawUntil(_ app: inout AppState, _ backend: SDLBackend, at time: Seconds, _ done: () -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !done(), Date() < deadline {
            backend.drawFrame(of: &app, at: time, statistics: nil)
            if backend.hasWorkAhead { backend.workAhead(until: Video.seconds() + 0.004) } else { usleep(10_000) }
        }
    }

    /// The paths of the photos whose renditions `backend` holds.
    func heldRenditions(_ backend: SDLBackend) -> Set<String> { Set(backend.executor.renditions.held.compactMap(\.key.source.path)) }

    /// Paging to a warmed neighbour copies its rendition, made ahead in idle time, in the very first
    /// frame, and that frame's pixels are exactly those of the same view drawn from the photo's
    /// tiles; on an ARGB8888 output, on an XRGB8888 one (an X11 window's software renderer), and in
    /// the split view of a wide window (the photo beside the list, clipped to its pane).
    func testPagingToAWarmedNeighbourDrawsTheSettledPixelsAtOnce() throws {
        let first = try brightGradientPNG(name: "page-first", red: 40)
        let second = try brightGradientPNG(name: "page-second", red: 200)
        let wide = Size(width: 1200, height: 500)
        for (windowLike, size) in [(false, Self.small), (true, Self.small), (false, wide), (true, wide)] {
            var before: Bitmap?, paged: Bitmap?, fromTiles: Bitmap?
            var copiesOnPaging = 0, copiesFromTiles = 0, split = false
            let whole = PixelRect(x: 0, y: 0, width: Int(size.width), height: Int(size.height))
            try withPhotoApp(windowLike: windowLike, size: size, [first, second]) { app, backend in
                split = app.split != nil
                drawUntil(&app, backend, at: 1) { heldRenditions(backend).contains(second) }
                XCTAssertTrue(heldRenditions(backend).contains(second), "the neighbour's rendition was never made")
                backend.renderer.flush()
                before = backend.renderer.readPixels(whole)
                let copies = backend.executor.renditionCopies
                backend.handle(.key(.character("n"), []), of: &app, at: 1)
                backend.drawFrame(of: &app, at: 1, statistics: nil)
                backend.renderer.flush()
                paged = backend.renderer.readPixels(whole)
                copiesOnPaging = backend.executor.renditionCopies - copies
                // The oracle: the same frame drawn from the tiles (all up: the rendition drew them).
                backend.executor.renditions.removeAll()
                backend.executor.lastPhotoDraw = nil
                backend.drawFrame(of: &app, at: 1, statistics: nil)
                backend.renderer.flush()
                fromTiles = backend.renderer.readPixels(whole)
                copiesFromTiles = backend.executor.renditionCopies - copies - copiesOnPaging
            }
            let variant = "windowLike \(windowLike), \(size)"
            XCTAssertEqual(split, size == wide, "the premise: a split view only in the wide window")
            XCTAssertEqual(copiesOnPaging, 1, "the first frame after paging was not a copy (\(variant))")
            XCTAssertEqual(copiesFromTiles, 0)
            XCTAssertNotEqual(try XCTUnwrap(paged), try XCTUnwrap(before), "the page shows")
            XCTAssertEqual(try XCTUnwrap(paged), try XCTUnwrap(fromTiles), variant)
        }
    }

    /// A neighbour's rendition is released when paging makes it no neighbour any more (its texture
    /// serves the next one made, which still copies exactly), and every rendition when the image
    /// view closes; at most the two neighbours' and the shown photo's are held.
    func testNeighbourRenditionsAreReleasedWhenNoLongerNeighbours() throws {
        let paths = try (0..<4).map { try brightGradientPNG(name: "release-\($0)", red: UInt8(40 + 50 * $0)) }
        var mostHeld = 0
        try withPhotoApp(windowLike: false, paths, at: 1) { app, backend in
            drawUntil(&app, backend, at: 1) { heldRenditions(backend).isSuperset(of: [paths[0], paths[2]]) }
            XCTAssertTrue(heldRenditions(backend).isSuperset(of: [paths[0], paths[2]]), "the neighbours' renditions")
            mostHeld = max(mostHeld, backend.executor.renditions.held.count)
            backend.handle(.key(.character("n"), []), of: &app, at: 2)  // shows 2: 0 is no neighbour now
            backend.drawFrame(of: &app, at: 2, statistics: nil)
            XCTAssertFalse(heldRenditions(backend).contains(paths[0]), "photo 0 is two away")
            XCTAssertTrue(heldRenditions(backend).contains(paths[2]), "the shown photo copies its rendition")
            drawUntil(&app, backend, at: 2) { heldRenditions(backend).isSuperset(of: [paths[1], paths[3]]) }
            XCTAssertEqual(heldRenditions(backend), Set(paths[1...3]))
            mostHeld = max(mostHeld, backend.executor.renditions.held.count)
            // 3's rendition was drawn into the texture 0's left behind: paging to it still shows
            // exactly what its tiles draw.
            let whole = PixelRect(x: 0, y: 0, width: Int(Self.small.width), height: Int(Self.small.height))
            let copies = backend.executor.renditionCopies
            backend.handle(.key(.character("n"), []), of: &app, at: 2)
            backend.drawFrame(of: &app, at: 2, statistics: nil)
            backend.renderer.flush()
            let paged = backend.renderer.readPixels(whole)
            XCTAssertEqual(backend.executor.renditionCopies - copies, 1, "paging to 3 copied its rendition")
            backend.executor.renditions.removeAll()
            backend.executor.lastPhotoDraw = nil
            backend.drawFrame(of: &app, at: 2, statistics: nil)
            backend.renderer.flush()
            XCTAssertEqual(paged, backend.renderer.readPixels(whole), "3 as its tiles draw it")
            backend.handle(.key(.escape, []), of: &app, at: 3)
            backend.drawSettled(&app, at: 4)
            XCTAssertNil(app.photoScreen)
            XCTAssertTrue(backend.executor.renditions.held.isEmpty, "the closed view's renditions")
        }
        XCTAssertLessThanOrEqual(mostHeld, 3)
    }

    /// Runs `body` with an app showing `paths` at `index` in the image view on a fresh backend (as
    /// `render`, settled), drawing into an ARGB8888 surface or, `windowLike`, an XRGB8888 one.
    func withPhotoApp(windowLike: Bool, size: Size = small, _ paths: [String], at index: Int = 0,
                      _ body: (inout AppState, SDLBackend) throws -> Void) throws {
        try Video.initialize(headless: true)
        let source = try SourceLoader.load(path: nil, resources: DataRoot(rootPath: Self.root))
        let themes = try loadThemes()
        var app = AppState(root: FeedScreen(source: source), themes: themes, theme: themes.theme(named: "dark")!)
        app.assetRoot = Self.root + "/Assets"
        let renderer = try Renderer(headless: DisplayScale.one.pixels(size), windowLike: windowLike)
        let backend = try SDLBackend(assetsDirectory: Self.root + "/Assets", fontsDirectory: Self.root + "/Fonts",
                                     renderer: renderer, systemEmoji: false)
        _ = app.handle(.resized(size, .one), at: 0)
        app.openPhotos(paths.enumerated().map { Photo(source: .file($0.element), title: "photo \($0.offset)") }, at: index)
        backend.drawSettled(&app, at: 1)
        try body(&app, backend)
    }

    /// Zooming from fit to 100 % needs level 0's tiles; with no upload budget the first frame has
    /// almost none of them, and the coarse level must fill their place: no dark holes.
    func testMissingTilesShowTheCoarseLevelInsteadOfHoles() throws {
        let path = try brightGradientPNG()
        var canvasPixels: Bitmap?
        var settledPixels: Bitmap?
        _ = try render(theme: "dark") { app, backend in
            app.openPhotos([Photo(source: .file(path), title: "gradient.png")], at: 0)
            backend.drawSettled(&app, at: 1)
            let env = app.environment(at: 1)
            app.updateTop(PhotoScreen.self) { $0.setZoom(.factor(1), env: env) }
            backend.executor.photoUploadBudgetMs = 0
            backend.drawFrame(of: &app, at: 1, statistics: nil)
            backend.renderer.flush()
            canvasPixels = backend.renderer.readPixels(PixelRect(x: 0, y: 60, width: 560, height: 330))
            backend.executor.photoUploadBudgetMs = 1
            backend.drawSettled(&app, at: 1)
            backend.renderer.flush()
            settledPixels = backend.renderer.readPixels(PixelRect(x: 0, y: 60, width: 560, height: 330))
        }
        let early = try XCTUnwrap(canvasPixels), settled = try XCTUnwrap(settledPixels)
        var dark = 0, far = 0
        for y in 0..<early.height {
            for x in 0..<early.width {
                let a = early.pixel(x: x, y: y), b = settled.pixel(x: x, y: y)
                if Int(a.r) + Int(a.g) + Int(a.b) < 300 { dark += 1 }
                if abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b)) > 24 { far += 1 }
            }
        }
        XCTAssertEqual(dark, 0, "dark pixels where tiles were missing")
        XCTAssertLessThan(Double(far) / Double(early.width * early.height), 0.01)
    }

    /// Moving to a neighbour the loader has already decoded draws it in the very next frame: no
    /// frame shows the backdrop or a spinner in its place.
    func testPreloadedNeighbourShowsInTheNextFrame() throws {
        let first = try brightGradientPNG(name: "first", red: 40), second = try brightGradientPNG(name: "second")
        var shown: Bitmap?
        _ = try render(theme: "dark") { app, backend in
            app.openPhotos([Photo(source: .file(first), title: "first"), Photo(source: .file(second), title: "second")], at: 0)
            backend.drawSettled(&app, at: 1)
            // The premise: the neighbour's decode has arrived (on a loaded machine it may come after
            // the shown photo settles); wait for it, drawing as the loop would, for at most 20 s.
            let deadline = Date().addingTimeInterval(20)
            while app.photoScreen?.status[.file(second)]?.levels.isEmpty ?? true, Date() < deadline {
                usleep(10_000)
                backend.drawFrame(of: &app, at: 1, statistics: nil)
            }
            XCTAssertFalse(app.photoScreen?.status[.file(second)]?.levels.isEmpty ?? true, "the neighbour was never decoded")
            _ = app.handle(.key(.character("n"), []), at: 1)
            backend.drawFrame(of: &app, at: 1, statistics: nil)
            backend.renderer.flush()
            shown = backend.renderer.readPixels(PixelRect(x: 0, y: 60, width: 560, height: 330))
        }
        let frame = try XCTUnwrap(shown)
        var reddish = 0
        for y in stride(from: 0, to: frame.height, by: 3) {
            for x in stride(from: 0, to: frame.width, by: 3) where frame.pixel(x: x, y: y).r > 200 { reddish += 1 }
        }
        // The second photo (red 220) fills the view; the first (red 40) or the dark backdrop would not.
        XCTAssertGreaterThan(Double(reddish) / Double((frame.width / 3 + 1) * (frame.height / 3 + 1)), 0.95)
    }

    /// Opening a photo viewed before draws it in the very first frame of the new image view: its
    /// decoded levels are replayed from the cache and heard before the frame is drawn.
    func testReopenedPhotoShowsInItsFirstFrame() throws {
        let path = try brightGradientPNG(name: "again")
        var first: Frame?
        _ = try render(theme: "dark") { app, backend in
            app.openPhotos([Photo(source: .file(path), title: "again")], at: 0)
            backend.drawSettled(&app, at: 1)
            backend.handle(.key(.escape, []), of: &app, at: 1)
            backend.drawSettled(&app, at: 2)
            XCTAssertNil(app.photoScreen)
            app.openPhotos([Photo(source: .file(path), title: "again")], at: 0, time: 3)
            first = backend.drawFrame(of: &app, at: 3, statistics: nil)
        }
        let commands = try XCTUnwrap(first).commands
        XCTAssertTrue(commands.contains { if case .photo = $0 { true } else { false } }, "a spinner instead of the photo")
    }
}

