import Imaging
import Testing

/// A bitmap whose pixel (x, y) has blue = x, green = y, red = 7, alpha = 255 (easy to trace).
private func coordinates(width: Int, height: Int) -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width { pixels += [UInt8(x), UInt8(y), 7, 255] }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
}

/// The (x, y) a `coordinates` pixel came from.
private func origin(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
    let p = bitmap.pixel(x: x, y: y)
    return [Int(p.b), Int(p.g)]
}

@Suite struct BitmapScalingTests {
    @Test func downscaleAveragesBlocks() {
        let gray: [UInt8] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150]
        let source = Bitmap(width: 4, height: 4, pixels: gray.flatMap { [$0, $0, $0, 255] })
        let half = source.downscaled(byFactor: 2)
        #expect(half.size == PixelSize(width: 2, height: 2))
        #expect(half.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [25, 45, 105, 125])
        #expect(source.downscaled(byFactor: 1) == source)
    }

    @Test func downscaleFoldsLeftoverEdgesIntoTheLastBlock() {
        let source = coordinates(width: 5, height: 3)
        let small = source.downscaled(byFactor: 2)
        #expect(small.size == PixelSize(width: 2, height: 1))
        #expect(origin(small, 0, 0) == [1, 1])
        #expect(origin(small, 1, 0) == [3, 1])
        #expect(coordinates(width: 3, height: 3).downscaled(byFactor: 8).size == PixelSize(width: 1, height: 1))
    }

    @Test func resizeKeepsFlatColourAndHitsTheExactSize() {
        let flat = Bitmap(width: 300, height: 200, fill: RGBA(1, 2, 3, 4))
        for size in [
            PixelSize(width: 100, height: 50), PixelSize(width: 299, height: 201), PixelSize(width: 7, height: 900),
        ] {
            #expect(flat.resized(to: size) == Bitmap(width: size.width, height: size.height, fill: RGBA(1, 2, 3, 4)))
        }
        #expect(flat.resized(to: flat.size) == flat)
        #expect(flat.resized(to: PixelSize(width: 0, height: 0)).size == PixelSize(width: 1, height: 1))
    }

    @Test func bilinearEnlargementIsAMonotonicRamp() {
        let pair = Bitmap(width: 2, height: 1, pixels: [0, 0, 0, 255, 200, 200, 200, 255])
        let wide = pair.resized(to: PixelSize(width: 8, height: 1))
        let blues = (0..<8).map { Int(wide.pixel(x: $0, y: 0).b) }
        #expect(blues.first == 0 && blues.last == 200)
        #expect(zip(blues, blues.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func cropClipsToBounds() {
        let source = coordinates(width: 10, height: 6)
        let inner = source.cropped(to: PixelRect(x: 2, y: 1, width: 3, height: 2))
        #expect(inner.size == PixelSize(width: 3, height: 2))
        #expect(origin(inner, 0, 0) == [2, 1] && origin(inner, 2, 1) == [4, 2])
        #expect(source.cropped(to: PixelRect(x: 8, y: -3, width: 10, height: 5)).size == PixelSize(width: 2, height: 2))
        #expect(source.cropped(to: PixelRect(x: 20, y: 0, width: 5, height: 5)).size == PixelSize(width: 0, height: 0))
        #expect(source.cropped(to: PixelRect(x: 0, y: 0, width: 10, height: 6)) == source)
    }

    @Test func coveringScalesToFillThenCropsTheCentre() {
        var pixels: [UInt8] = []
        for _ in 0..<100 {
            for x in 0..<400 { pixels += x < 150 ? [0, 0, 255, 255] : x < 250 ? [0, 255, 0, 255] : [255, 0, 0, 255] }
        }
        let wide = Bitmap(width: 400, height: 100, pixels: pixels)
        let square = wide.covering(PixelSize(width: 50, height: 50))
        #expect(square.size == PixelSize(width: 50, height: 50))
        #expect(square.pixel(x: 25, y: 25) == RGBA(0, 255, 0))
        #expect(square.pixel(x: 0, y: 0) == RGBA(0, 255, 0) && square.pixel(x: 49, y: 49) == RGBA(0, 255, 0))
        let banner = wide.covering(PixelSize(width: 800, height: 100))
        #expect(banner.size == PixelSize(width: 800, height: 100))
        #expect(banner.pixel(x: 0, y: 50) == RGBA(255, 0, 0) && banner.pixel(x: 799, y: 50) == RGBA(0, 0, 255))
    }

    /// Expected source coordinates for output (x, y) of a W×H image, per EXIF orientation.
    private func expectedSource(_ orientation: Int, _ x: Int, _ y: Int, _ w: Int, _ h: Int) -> [Int] {
        switch orientation {
        case 2: [w - 1 - x, y]
        case 3: [w - 1 - x, h - 1 - y]
        case 4: [x, h - 1 - y]
        case 5: [y, x]
        case 6: [y, h - 1 - x]
        case 7: [w - 1 - y, h - 1 - x]
        case 8: [w - 1 - y, x]
        default: [x, y]
        }
    }

    @Test(arguments: 1...8) func rotationFollowsExifOrientation(orientation: Int) {
        let source = coordinates(width: 3, height: 2)
        let turned = source.rotated(orientation: orientation)
        #expect(turned.size == (orientation >= 5 ? PixelSize(width: 2, height: 3) : source.size))
        for y in 0..<turned.height {
            for x in 0..<turned.width {
                #expect(origin(turned, x, y) == expectedSource(orientation, x, y, 3, 2), "(\(x), \(y))")
            }
        }
    }

    @Test func rotationsCompose() {
        let source = coordinates(width: 5, height: 3)
        #expect(source.rotated(orientation: 6).rotated(orientation: 8) == source)
        #expect(source.rotated(orientation: 3).rotated(orientation: 3) == source)
        #expect(source.rotated(orientation: 5).rotated(orientation: 5) == source)
        #expect(source.rotated(orientation: 9) == source)
    }
}
