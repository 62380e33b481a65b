import Imaging
import PlumageCore
import Testing

@testable import SDLPlatform

/// A bitmap whose every pixel differs from its neighbours, so a band copied from the wrong rows,
/// column or pitch shows: blue = x, green = y, red = x + y (mod 256), opaque.
func gradientBitmap(_ width: Int, _ height: Int) -> Bitmap {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width { pixels += [UInt8(x & 255), UInt8(y & 255), UInt8((x + y) & 255), 255] }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
}

@Suite(.serialized) struct BandedUploadTests {
    @Test func copiesARegionInBandsOfHalfAMegabyteAndKeepsItsPixels() throws {
        let renderer = try Renderer(headless: PixelSize(width: 300, height: 700))
        let bitmap = gradientBitmap(500, 800)
        let region = PixelRect(x: 100, y: 50, width: 300, height: 700)
        var upload = try BandedUpload(renderer: renderer, bitmap: bitmap, region: region, opaque: true)
        // 512 KiB / (300 px × 4 B) = 436 rows a band: 436 + 264 rows.
        #expect(upload.rowsPerBand == 436)
        #expect(upload.texture.size == PixelSize(width: 300, height: 700))
        #expect(!upload.step() && upload.nextRow == 436)
        #expect(upload.step() && upload.nextRow == 700)
        renderer.copy(upload.texture, to: PixelRect(x: 0, y: 0, width: 300, height: 700))
        renderer.flush()
        let drawn = try #require(renderer.readPixels(PixelRect(x: 0, y: 0, width: 300, height: 700)))
        #expect(drawn == bitmap.cropped(to: region))
    }
}
