import CSDL2
import Imaging
import PlumageCore
import Testing

@testable import SDLPlatform

/// Opaque textures take the target's own pixel format, so SDL's software renderer scales them
/// straight into an X11 window's XRGB8888 surface: same pixels as before, no temporary surfaces.
@Suite(.serialized) struct OpaqueFormatTests {
    /// `bitmap` drawn scaled (linear) to 150×110 at (3, 5) by `renderer`, read back.
    func drawnScaled(_ bitmap: Bitmap, by renderer: Renderer, opaque: Bool) throws -> Bitmap {
        let texture = try Texture(renderer: renderer, bitmap: bitmap, opaque: opaque)
        renderer.clear(.black)
        renderer.copy(texture, to: PixelRect(x: 3, y: 5, width: 150, height: 110))
        renderer.flush()
        return try #require(renderer.readPixels(PixelRect(x: 0, y: 0, width: 160, height: 120)))
    }

    @Test func opaqueTexturesTakeTheTargetsFormatAndDrawTheSamePixels() throws {
        let size = PixelSize(width: 160, height: 120)
        let plain = try Renderer(headless: size), windowLike = try Renderer(headless: size, windowLike: true)
        #expect(plain.opaqueFormat == SDL_PIXELFORMAT_ARGB8888.rawValue)
        #expect(windowLike.opaqueFormat == SDL_PIXELFORMAT_RGB888.rawValue)
        let bitmap = gradientBitmap(64, 48)
        let expected = try drawnScaled(bitmap, by: plain, opaque: true)
        // Channels in the right order (a red, green or blue swap would show) and the scaled edges alike.
        #expect(try drawnScaled(bitmap, by: windowLike, opaque: true) == expected)
        #expect(expected.pixel(x: 3 + 75, y: 5 + 55) != RGBA(0, 0, 0))
        var format: UInt32 = 0
        let texture = try Texture(renderer: windowLike, bitmap: bitmap, opaque: true)
        SDL_QueryTexture(texture.handle, &format, nil, nil, nil)
        #expect(format == SDL_PIXELFORMAT_RGB888.rawValue)
        // Textures that blend keep their alpha channel.
        let blended = try Texture(renderer: windowLike, bitmap: bitmap)
        SDL_QueryTexture(blended.handle, &format, nil, nil, nil)
        #expect(format == SDL_PIXELFORMAT_ARGB8888.rawValue)
    }
}
