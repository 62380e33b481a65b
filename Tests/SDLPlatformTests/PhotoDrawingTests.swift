import Foundation
import PlumageCore
@testable import SDLPlatform
import XCTest

/// The image view while tiles are still uploading: what the user sees in the frames between a
/// zoom and the last tile arriving. XCTest, like the goldens, so SDL runs on the main thread.
extension GoldenTests {
    /// A bright 3000×2000 gradient PNG in a temporary folder (its path).
    func brightGradientPNG() throws -> String {
        let (width, height) = (3000, 2000)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8(128 + x * 127 / width)
                pixels[i + 1] = UInt8(160 + y * 95 / height)
                pixels[i + 2] = 220
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-drawing-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/gradient.png"
        try Canvas.writePNG(Bitmap(width: width, height: height, pixels: pixels), to: path)
        return path
    }

    /// Zooming from fit to 100 % needs level 0's tiles; with no upload budget the first frame has
    /// almost none of them, and the coarse level must fill their place: no dark holes.
    func testMissingTilesShowTheCoarseLevelInsteadOfHoles() throws {
        let path = try brightGradientPNG()
        var canvasPixels: Bitmap?
        var settledPixels: Bitmap?
        _ = try render(theme: "dark") { presenter in
            presenter.app.openPhotos([Photo(path: path, title: "gradient.png")], at: 0, canGoBack: true)
            presenter.drawSettled(at: 1)
            presenter.app.setPhotoZoom(.factor(1))
            presenter.executor.photoUploadBudgetMs = 0
            presenter.draw(at: 1)
            presenter.renderer.flush()
            canvasPixels = presenter.renderer.readPixels(PixelRect(x: 0, y: 60, width: 560, height: 330))
            presenter.executor.photoUploadBudgetMs = 1
            presenter.drawSettled(at: 1)
            presenter.renderer.flush()
            settledPixels = presenter.renderer.readPixels(PixelRect(x: 0, y: 60, width: 560, height: 330))
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
}
