import CSDL2
import Imaging
import PlumageCore
import Testing

@testable import SDLPlatform

/// Drawing into a texture target (the neighbours' renditions): the target takes the output's
/// format, a clip set while drawing into it applies to it alone, and the output gets its own
/// state back (an unclipped output stays unclipped).
@Suite(.serialized) struct RenderTargetTests {
    @Test func aTargetIsDrawnUnderItsOwnClipAndTheOutputGetsItsStateBack() throws {
        try Video.initialize(headless: true)
        for windowLike in [false, true] {
            let size = PixelSize(width: 40, height: 30), whole = PixelRect(x: 0, y: 0, width: 40, height: 30)
            let renderer = try Renderer(headless: size, windowLike: windowLike)
            #expect(renderer.targetFormat == (windowLike ? SDL_PIXELFORMAT_RGB888 : SDL_PIXELFORMAT_ARGB8888).rawValue)
            let target = try Texture(renderer: renderer, target: size)
            renderer.clear(RGBA(0, 0, 255))
            let drew = renderer.drawing(into: target) {
                renderer.clear(.black)
                renderer.setClip(PixelRect(x: 2, y: 3, width: 5, height: 4))
                renderer.fill(whole, .white)
            }
            #expect(drew)
            renderer.fill(whole, RGBA(10, 20, 30))
            renderer.flush()
            let output = try #require(renderer.readPixels(whole))
            // Every pixel of the output took the fill: the target's clip did not stay behind.
            #expect((0..<30).allSatisfy { y in (0..<40).allSatisfy { output.pixel(x: $0, y: y) == RGBA(10, 20, 30) } })
            renderer.copy(target, to: whole)
            renderer.flush()
            let copied = try #require(renderer.readPixels(whole))
            let white = (0..<30).flatMap { y in (0..<40).filter { copied.pixel(x: $0, y: y) == .white }.map { ($0, y) } }
            #expect(white.count == 20)
            #expect(white.first.map { $0 == (2, 3) } == true && white.last.map { $0 == (6, 6) } == true)
        }
    }
}
