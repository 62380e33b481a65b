import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import XCTest

@testable import SDLPlatform

/// The executor skips a frame's clear only when its first command is an opaque image over the whole
/// output that is ready to draw (every screen's backdrop, once decoded); otherwise it clears.
/// XCTest (not Swift Testing) so that SDL runs on the process's main thread.
final class FrameClearTests: XCTestCase {
    func testOnlyAReadyOpaqueFullWindowImageReplacesTheClear() throws {
        try Video.initialize(headless: true)
        let root = RepositoryPaths.root
        let canvas = try Canvas(size: PixelSize(width: 200, height: 100))
        let backend = try SDLBackend(assetsDirectory: root + "/Assets", fontsDirectory: root + "/Fonts",
                                     renderer: canvas.renderer, systemEmoji: false)
        let executor = backend.executor
        let path = root + "/Assets/backgrounds/" + (try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: root + "/Assets/backgrounds").sorted().first { $0.hasSuffix(".jpg") }))
        let window = Rect(x: 0, y: 0, width: 200, height: 100)
        let backdrop = ImageRequest(source: .file(path), size: PixelSize(width: 200, height: 100), blurSigma: 4)
        let command = DrawCommand.image(backdrop, window, placeholder: .black, failureIcon: nil)
        var rounded = backdrop
        rounded.shape = .rounded(8)
        let roundedCommand = DrawCommand.image(rounded, window, placeholder: nil, failureIcon: nil)
        XCTAssertFalse(executor.coversOutput(command), "not decoded yet")
        let deadline = Video.seconds() + 20
        var ledger = ResourceLedger()
        while !(executor.images.isReady(backdrop) && executor.images.isReady(rounded)) && Video.seconds() < deadline {
            backend.show(Frame(commands: [command, roundedCommand]), ledger: &ledger)
            usleep(10_000)
        }
        XCTAssertTrue(executor.images.isReady(backdrop) && executor.images.isReady(rounded))
        XCTAssertTrue(executor.coversOutput(command))
        XCTAssertFalse(executor.coversOutput(nil))
        XCTAssertFalse(executor.coversOutput(.fill(window, .white)))
        // Smaller than the window, or drawn blended (a rounded image's corners show what is under them).
        XCTAssertFalse(executor.coversOutput(.image(backdrop, Rect(x: 0, y: 0, width: 200, height: 99),
                                                    placeholder: nil, failureIcon: nil)))
        XCTAssertFalse(executor.coversOutput(roundedCommand))
    }
}
