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
            backend.executor.photoRendition = nil
            backend.executor.lastPhotoDraw = nil
            backend.drawFrame(of: &app, at: 1, statistics: nil)  // tiles; not repeated yet: nothing kept
            XCTAssertNil(backend.executor.photoRendition)
            backend.drawFrame(of: &app, at: 1, statistics: nil)  // tiles again, kept
            backend.renderer.flush()
            fromTiles = backend.renderer.readPixels(whole)
            XCTAssertNotNil(backend.executor.photoRendition)
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

