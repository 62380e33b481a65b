import Imaging
import Testing

@Suite struct BitmapTransparencyTests {
    @Test func anyAlphaBelowFullIsTransparency() {
        var bitmap = Bitmap(width: 3, height: 2, fill: RGBA(10, 20, 30))
        #expect(!bitmap.hasTransparency)
        // Only the alpha bytes count: a colour byte of 0 or 254 does not.
        bitmap.pixels[0] = 254
        #expect(!bitmap.hasTransparency)
        bitmap.pixels[4 * 5 + 3] = 254
        #expect(bitmap.hasTransparency)
        #expect(!Bitmap(width: 0, height: 0, pixels: []).hasTransparency)
        #expect(Bitmap(width: 1, height: 1, fill: RGBA(0, 0, 0, 0)).hasTransparency)
    }
}
