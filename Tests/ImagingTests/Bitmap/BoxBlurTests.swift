import Imaging
import PlumageTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A deterministic test image: smooth gradients plus a hard-edged square.
private func patterned(width: Int, height: Int) -> Bitmap {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let inSquare = x > width / 3 && x < width / 2 && y > height / 4 && y < height / 2
            pixels[i] = UInt8(x * 255 / max(1, width - 1))
            pixels[i + 1] = UInt8(y * 255 / max(1, height - 1))
            pixels[i + 2] = inSquare ? 240 : 20
        }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
}

/// An exact separable Gaussian (radius 4σ, clamped edges) in Double, for comparison.
private func referenceGaussian(_ bitmap: Bitmap, sigma: Double) -> [Double] {
    let radius = Int((4 * sigma).rounded(.up))
    let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
    let total = kernel.reduce(0, +)
    let w = bitmap.width
    let h = bitmap.height
    var rows = [Double](repeating: 0, count: w * h * 4)
    var out = rows
    for y in 0..<h {
        for x in 0..<w {
            for c in 0..<4 {
                var sum = 0.0
                for k in -radius...radius {
                    sum += kernel[k + radius] * Double(bitmap.pixels[(y * w + min(max(x + k, 0), w - 1)) * 4 + c])
                }
                rows[(y * w + x) * 4 + c] = sum / total
            }
        }
    }
    for y in 0..<h {
        for x in 0..<w {
            for c in 0..<4 {
                var sum = 0.0
                for k in -radius...radius {
                    sum += kernel[k + radius] * rows[(min(max(y + k, 0), h - 1) * w + x) * 4 + c]
                }
                out[(y * w + x) * 4 + c] = sum / total
            }
        }
    }
    return out
}

@Suite struct BoxBlurTests {
    @Test func radiiFollowBoxesForGauss() {
        #expect(BoxBlur.boxRadii(sigma: 10) == [9, 9, 10])
        #expect(BoxBlur.boxRadii(sigma: 2.5) == [2, 2, 2])
        #expect(BoxBlur.boxRadii(sigma: 0) == [0, 0, 0])
        #expect(BoxBlur.boxRadii(sigma: 0.4) == [0, 0, 0])
    }

    @Test func approximatesAGaussianWithClampedEdges() {
        let source = patterned(width: 64, height: 48)
        for sigma in [1.5, 3.0, 6.0] {
            var blurred = source
            BoxBlur.blur(&blurred, sigma: sigma)
            let reference = referenceGaussian(source, sigma: sigma)
            let errors = zip(blurred.pixels, reference).map { abs(Double($0) - $1) }
            let mean = errors.reduce(0, +) / Double(errors.count)
            #expect(mean < 1.0, "sigma \(sigma): mean abs error \(mean)")
            #expect(errors.max()! < 12, "sigma \(sigma): max abs error \(errors.max()!)")
        }
    }

    @Test func uniformImagesAndNonPositiveSigmaAreUnchanged() {
        var flat = Bitmap(width: 37, height: 11, fill: RGBA(10, 200, 30, 128))
        BoxBlur.blur(&flat, sigma: 8)
        #expect(flat == Bitmap(width: 37, height: 11, fill: RGBA(10, 200, 30, 128)))
        var image = patterned(width: 20, height: 10)
        BoxBlur.blur(&image, sigma: 0)
        #expect(image == patterned(width: 20, height: 10))
        var tiny = Bitmap(width: 1, height: 1, fill: .white)
        BoxBlur.blur(&tiny, sigma: 50)
        #expect(tiny.pixel(x: 0, y: 0) == .white)
    }

    @Test func spreadsAPointSymmetrically() {
        var image = Bitmap(width: 41, height: 41, fill: .black)
        let centre = (20 * 41 + 20) * 4
        for c in 0..<3 { image.pixels[centre + c] = 255 }
        BoxBlur.blur(&image, sigma: 3)
        let peak = Int(image.pixel(x: 20, y: 20).r)
        #expect(peak > 0 && peak < 20)
        for d in 1...6 {
            let values = [
                image.pixel(x: 20 + d, y: 20), image.pixel(x: 20 - d, y: 20), image.pixel(x: 20, y: 20 + d),
                image.pixel(x: 20, y: 20 - d),
            ].map { Int($0.r) }
            #expect(values.max()! - values.min()! <= 1, "distance \(d): \(values)")
            #expect(values.max()! <= peak)
        }
    }

    /// The three boxes, done the slow obvious way: every output byte is the rounded mean of the
    /// 2r + 1 bytes around it (edges clamped), three horizontal passes per row and then three
    /// vertical ones, each rounded to a byte like the fast code's. Box widths are odd, so a mean is
    /// never exactly halfway and the fixed-point rounding must agree byte for byte. The radii are
    /// the hand-checked ones of `radiiFollowBoxesForGauss` (σ 2.5: 2, 2, 2; σ 10: 9, 9, 10).
    @Test(arguments: [(2.5, [2, 2, 2]), (10.0, [9, 9, 10])])
    func matchesANaiveThreeBoxBlurOnARandomImage(sigma: Double, radii: [Int]) {
        var random = SplitMix64(seed: 18)
        for (width, height) in [(97, 61), (7, 5), (1, 9)] {
            let source = Bitmap(
                width: width, height: height,
                pixels: (0..<width * height * 4).map { _ in UInt8.random(in: 0...255, using: &random) })
            var pixels = source.pixels
            func boxPass(count: Int, stride: Int, lines: Int, lineStride: Int, radius: Int) {
                let before = pixels
                for line in 0..<lines {
                    for i in 0..<count {
                        for channel in 0..<4 {
                            let sum = (-radius...radius).reduce(0) { sum, k in
                                sum + Int(before[line * lineStride + min(max(i + k, 0), count - 1) * stride + channel])
                            }
                            let box = 2 * radius + 1
                            pixels[line * lineStride + i * stride + channel] = UInt8((sum + box / 2) / box)
                        }
                    }
                }
            }
            for r in radii { boxPass(count: width, stride: 4, lines: height, lineStride: width * 4, radius: r) }
            for r in radii { boxPass(count: height, stride: width * 4, lines: width, lineStride: 4, radius: r) }
            var blurred = source
            BoxBlur.blur(&blurred, sigma: sigma)
            let differing = zip(blurred.pixels, pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "σ \(sigma), \(width)×\(height): \(differing) bytes differ from the naive blur")
        }
    }
}
