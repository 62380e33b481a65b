import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import XCTest

@testable import SDLPlatform

/// A list row's highlight is the column backdrop with the selection baked in, copied under a clip
/// (`ScreenEnvironment.rowHighlight`): once decoded it must look like the translucent fill it
/// replaces, and until then that fill is what shows.
/// XCTest (not Swift Testing) so that SDL runs on the process's main thread.
final class RowHighlightTests: XCTestCase {
    static let root = RepositoryPaths.root
    let size = Size(width: 400, height: 300)
    let column = Rect(x: 60, y: 0, width: 280, height: 300)
    let row = Rect(x: 60, y: 90, width: 280, height: 70)

    func environment(theme name: String) throws -> ScreenEnvironment {
        let themes = try Fixtures.shippedThemes()
        let theme = try XCTUnwrap(themes.theme(named: name))
        return ScreenEnvironment(time: 0, now: Timestamp(seconds: 0), theme: theme, windowSize: size, displayScale: .one,
                                 textScale: 1, pointer: nil,
                                 backgroundPath: Self.root + "/Assets/backgrounds/" + theme.backgroundImage,
                                 canGoBack: false)
    }

    /// `frame` drawn by `backend` once every image in `ready` has uploaded (or after 20 s), read back.
    func drawn(_ frame: Frame, by backend: SDLBackend, canvas: Canvas, waitingFor ready: [ImageRequest]) -> Bitmap {
        let deadline = Video.seconds() + 20
        var ledger = ResourceLedger()
        backend.show(frame, ledger: &ledger)
        while !ready.allSatisfy(backend.executor.images.isReady) && Video.seconds() < deadline {
            usleep(10_000)
            backend.show(frame, ledger: &ledger)
        }
        backend.show(frame, ledger: &ledger)
        canvas.renderer.presentFrame()
        return canvas.bitmap()
    }

    func testTheBakedHighlightLooksLikeTheBlendedFill() throws {
        try Video.initialize(headless: true)
        for theme in ["dark", "light"] {
            let env = try environment(theme: theme)
            let selection = env.theme.color(.selection)
            XCTAssertLessThan(selection.a, 255, "\(theme): the case worth baking is a translucent selection")
            let canvas = try Canvas(size: PixelSize(width: 400, height: 300))
            let backend = try SDLBackend(assetsDirectory: Self.root + "/Assets", fontsDirectory: Self.root + "/Fonts",
                                         renderer: canvas.renderer, systemEmoji: false)
            let backdrop = env.columnBackdrop(column)
            guard case let .image(plainRequest, _, _, _) = backdrop else { return XCTFail("the backdrop is an image") }
            let highlight = env.rowHighlight(row, column: column)
            let bakedRequests = highlight.compactMap { if case let .image(request, _, _, _) = $0 { request } else { nil } }
            XCTAssertEqual(bakedRequests.count, 1)

            let plain = drawn(Frame(commands: [backdrop]), by: backend, canvas: canvas, waitingFor: [plainRequest])
            let filled = drawn(Frame(commands: [backdrop, .fill(row, selection)]), by: backend, canvas: canvas,
                               waitingFor: [plainRequest])
            let baked = drawn(Frame(commands: [backdrop] + highlight), by: backend, canvas: canvas,
                              waitingFor: [plainRequest] + bakedRequests)
            // Drawn from the decoded image, not its placeholder (which is the fill itself).
            XCTAssertTrue(bakedRequests.allSatisfy(backend.executor.images.isReady), "\(theme): not decoded")
            let comparison = BitmapComparison(actual: baked, expected: filled, tolerance: 2)
            XCTAssertTrue(comparison.matches(allowingFraction: 0), "\(theme): \(comparison)")
            // The highlight shows inside the row and nowhere else.
            XCTAssertNotEqual(baked.pixel(x: 200, y: 120), plain.pixel(x: 200, y: 120))
            XCTAssertEqual(baked.pixel(x: 200, y: 80), plain.pixel(x: 200, y: 80))
            XCTAssertEqual(baked.pixel(x: 200, y: 170), plain.pixel(x: 200, y: 170))
            XCTAssertEqual(baked.pixel(x: 30, y: 120), plain.pixel(x: 30, y: 120))
        }
    }
}
