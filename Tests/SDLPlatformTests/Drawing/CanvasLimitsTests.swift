import Foundation
import Imaging
import SDLPlatform
import Testing

/// The headless canvas refuses sizes SDL cannot draw (instead of crashing), and writing its PNG
/// reports a full disk.
@Suite struct CanvasLimitsTests {
    @Test func sizesWithinTheBoundsAreAccepted() {
        #expect(Canvas.sizeProblem(PixelSize(width: 1280, height: 800)) == nil)
        #expect(Canvas.sizeProblem(PixelSize(width: 16_384, height: 16_384)) == nil)  // exactly 256 MP
        #expect(Canvas.sizeProblem(PixelSize(width: 16_000, height: 16_000)) == nil)  // 8000x8000 at scale 2
    }

    @Test func tooWideTooManyOrEmptyAreRefused() {
        #expect(Canvas.sizeProblem(PixelSize(width: 32_000, height: 32_000))
            == "32000×32000 pixels is too large (at most 16384 a side and 256 megapixels)")
        #expect(Canvas.sizeProblem(PixelSize(width: 16_385, height: 64)) != nil)
        #expect(Canvas.sizeProblem(PixelSize(width: 0, height: 64)) == "0×64 pixels is empty")
        #expect(Canvas.maxPixels == 268_435_456)
    }

    @Test func aCanvasTooLargeThrowsInsteadOfCrashing() {
        #expect(throws: SDLError.self) { _ = try Canvas(size: PixelSize(width: 32_000, height: 32_000)) }
    }

    @Test func writingToAFullDeviceThrows() {
        let bitmap = Bitmap(width: 64, height: 64, fill: RGBA(10, 20, 30))
        do {
            try Canvas.writePNG(bitmap, to: "/dev/full")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot write /dev/full: No space left on device")
        }
    }

    @Test func writingIntoAMissingFolderThrows() {
        let bitmap = Bitmap(width: 4, height: 4, fill: RGBA(10, 20, 30))
        #expect(throws: SDLError.self) { try Canvas.writePNG(bitmap, to: "/nonexistent-plumage/x.png") }
    }

    @Test func aPNGIsStillWritten() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-canvas-\(UUID().uuidString).png").path
        try Canvas.writePNG(Bitmap(width: 4, height: 3, fill: RGBA(10, 20, 30)), to: path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(bytes.count > 40)
    }
}
