/// A Gaussian blur approximated by three box blurs (Ivan Kutskir, "Fastest Gaussian blur"):
/// running sums per row, then a vertical pass that walks whole rows with an accumulator row so
/// memory is read sequentially (sdl-notes.md §4). Edges are clamped; all four channels are blurred.
public enum BoxBlur {
    /// The largest sigma honoured; larger values are clamped (keeps the fixed-point sums in 32 bits).
    static let maximumSigma = 2000.0

    /// Blurs `bitmap` in place with a Gaussian of standard deviation `sigma` pixels (≤ 0: unchanged).
    public static func blur(_ bitmap: inout Bitmap, sigma: Double) {
        let radii = boxRadii(sigma: min(sigma, maximumSigma))
        let width = bitmap.width
        let height = bitmap.height
        guard radii.contains(where: { $0 > 0 }), width > 0, height > 0 else { return }
        let rowLength = width * 4
        var scratch = [UInt8](repeating: 0, count: bitmap.pixels.count)
        var rowA = [UInt8](repeating: 0, count: rowLength)
        var rowB = rowA
        var sums = [UInt32](repeating: 0, count: rowLength)
        bitmap.pixels.withUnsafeMutableBufferPointer { image in
            scratch.withUnsafeMutableBufferPointer { spare in
                let px = image.baseAddress!
                let tmp = spare.baseAddress!
                rowA.withUnsafeMutableBufferPointer { a in
                    rowB.withUnsafeMutableBufferPointer { b in
                        for y in 0..<height {
                            let offset = y * rowLength
                            horizontal(px + offset, a.baseAddress!, width: width, radius: radii[0])
                            horizontal(a.baseAddress!, b.baseAddress!, width: width, radius: radii[1])
                            horizontal(b.baseAddress!, tmp + offset, width: width, radius: radii[2])
                        }
                    }
                }
                sums.withUnsafeMutableBufferPointer { acc in
                    let acc = acc.baseAddress!
                    vertical(tmp, px, rowLength: rowLength, height: height, radius: radii[0], sums: acc)
                    vertical(px, tmp, rowLength: rowLength, height: height, radius: radii[1], sums: acc)
                    vertical(tmp, px, rowLength: rowLength, height: height, radius: radii[2], sums: acc)
                }
            }
        }
    }

    /// Radii of the three boxes whose successive application best matches a Gaussian of `sigma`.
    public static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0 else { return [0, 0, 0] }
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let wl = Double(lower)
        let lowerCount = Int(((12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded())
        return (0..<3).map { i in ((i < lowerCount ? lower : lower + 2) - 1) / 2 }
    }

    /// Fixed-point reciprocal of the box width: `(sum * m + 2^23) >> 24` ≈ `sum / (2r + 1)`, rounded.
    private static func reciprocal(radius: Int) -> UInt32 {
        let width = 2 * radius + 1
        return UInt32(((1 << 24) + width / 2) / width)
    }

    /// One horizontal box pass over a row of BGRA pixels, `src` → `dst` (distinct buffers).
    private static func horizontal(
        _ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, width: Int, radius r: Int
    ) {
        guard r > 0 else {
            dst.update(from: src, count: width * 4)
            return
        }
        let m = reciprocal(radius: r)
        let half: UInt32 = 1 << 23
        let last = width - 1
        let first = UInt32(r + 1)
        var s0 = UInt32(src[0]) &* first
        var s1 = UInt32(src[1]) &* first
        var s2 = UInt32(src[2]) &* first
        var s3 = UInt32(src[3]) &* first
        for k in 1...r {
            let i = min(k, last) * 4
            s0 &+= UInt32(src[i])
            s1 &+= UInt32(src[i + 1])
            s2 &+= UInt32(src[i + 2])
            s3 &+= UInt32(src[i + 3])
        }
        // Index arithmetic wraps (`&+`, `&*`): indices stay within the row, and overflow checks
        // here cost about a third of the whole blur.
        for x in 0..<width {
            let o = x &* 4
            dst[o] = UInt8(truncatingIfNeeded: (s0 &* m &+ half) >> 24)
            dst[o &+ 1] = UInt8(truncatingIfNeeded: (s1 &* m &+ half) >> 24)
            dst[o &+ 2] = UInt8(truncatingIfNeeded: (s2 &* m &+ half) >> 24)
            dst[o &+ 3] = UInt8(truncatingIfNeeded: (s3 &* m &+ half) >> 24)
            let a = min(x &+ r &+ 1, last) &* 4
            let s = max(x &- r, 0) &* 4
            s0 = s0 &+ UInt32(src[a]) &- UInt32(src[s])
            s1 = s1 &+ UInt32(src[a &+ 1]) &- UInt32(src[s &+ 1])
            s2 = s2 &+ UInt32(src[a &+ 2]) &- UInt32(src[s &+ 2])
            s3 = s3 &+ UInt32(src[a &+ 3]) &- UInt32(src[s &+ 3])
        }
    }

    /// One vertical box pass, `src` → `dst`, walking rows and keeping a running sum per byte in `sums`.
    private static func vertical(
        _ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, rowLength: Int, height: Int,
        radius r: Int, sums: UnsafeMutablePointer<UInt32>
    ) {
        guard r > 0 else {
            dst.update(from: src, count: rowLength * height)
            return
        }
        let m = reciprocal(radius: r)
        let half: UInt32 = 1 << 23
        let last = height - 1
        let first = UInt32(r + 1)
        for i in 0..<rowLength { sums[i] = UInt32(src[i]) &* first }
        for k in 1...r {
            let row = src + min(k, last) * rowLength
            for i in 0..<rowLength { sums[i] &+= UInt32(row[i]) }
        }
        for y in 0..<height {
            let out = dst + y * rowLength
            let added = src + min(y + r + 1, last) * rowLength
            let removed = src + max(y - r, 0) * rowLength
            for i in 0..<rowLength {
                let sum = sums[i]
                out[i] = UInt8(truncatingIfNeeded: (sum &* m &+ half) >> 24)
                sums[i] = sum &+ UInt32(added[i]) &- UInt32(removed[i])
            }
        }
    }
}
