/// Resampling on the CPU for decoded images: box downscales, bilinear resizes, crops and covers.
extension Bitmap {
    /// The bitmap shrunk by an integer `factor` (≥ 1) with a box filter: each output pixel averages a
    /// `factor × factor` block. The size is `max(1, width / factor) × max(1, height / factor)`; leftover
    /// edge columns and rows join the last block.
    public func downscaled(byFactor factor: Int) -> Bitmap {
        guard factor > 1, width > 0, height > 0 else { return self }
        let outW = max(1, width / factor)
        let outH = max(1, height / factor)
        var out = [UInt8](repeating: 0, count: outW * outH * 4)
        var sums = [UInt32](repeating: 0, count: outW * 4)
        let w = width, h = height
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                sums.withUnsafeMutableBufferPointer { acc in
                    for oy in 0..<outH {
                        let y0 = oy * factor
                        let y1 = oy == outH - 1 ? h : y0 + factor
                        for i in 0..<acc.count { acc[i] = 0 }
                        for y in y0..<y1 {
                            // Each block's pixels are contiguous in the row: sum them straight.
                            var s = y * w * 4
                            for ox in 0..<outW {
                                let n = ox == outW - 1 ? w - ox * factor : factor
                                var b: UInt32 = 0, g: UInt32 = 0, r: UInt32 = 0, a: UInt32 = 0
                                for _ in 0..<n {
                                    b &+= UInt32(src[s]); g &+= UInt32(src[s + 1])
                                    r &+= UInt32(src[s + 2]); a &+= UInt32(src[s + 3])
                                    s += 4
                                }
                                let o = ox * 4
                                acc[o] &+= b; acc[o + 1] &+= g; acc[o + 2] &+= r; acc[o + 3] &+= a
                            }
                        }
                        let rows = UInt32(y1 - y0)
                        for ox in 0..<outW {
                            let n = UInt32(ox == outW - 1 ? w - ox * factor : factor) * rows
                            let o = (oy * outW + ox) * 4
                            for c in 0..<4 { dst[o + c] = UInt8(truncatingIfNeeded: (acc[ox * 4 + c] + n / 2) / n) }
                        }
                    }
                }
            }
        }
        return Bitmap(width: outW, height: outH, pixels: out)
    }

    /// The bitmap resampled to exactly `size` (each side ≥ 1): box-averaged first while shrinking by
    /// 2× or more, then bilinear with pixel centres aligned.
    public func resized(to size: PixelSize) -> Bitmap {
        let target = PixelSize(width: max(1, size.width), height: max(1, size.height))
        guard width > 0, height > 0, target != self.size else { return self }
        let factor = min(width / target.width, height / target.height)
        if factor >= 2 { return downscaled(byFactor: factor).resized(to: target) }
        return bilinear(to: target)
    }

    /// The part of the bitmap inside `rect`, clipped to the bitmap's bounds (possibly empty).
    public func cropped(to rect: PixelRect) -> Bitmap {
        let x0 = max(0, rect.x)
        let y0 = max(0, rect.y)
        let x1 = min(width, rect.x + max(0, rect.width))
        let y1 = min(height, rect.y + max(0, rect.height))
        guard x1 > x0, y1 > y0 else { return Bitmap(width: 0, height: 0, pixels: []) }
        if x0 == 0, y0 == 0, x1 == width, y1 == height { return self }
        let rowBytes = (x1 - x0) * 4
        var out = [UInt8]()
        out.reserveCapacity(rowBytes * (y1 - y0))
        for y in y0..<y1 {
            let start = (y * width + x0) * 4
            out.append(contentsOf: pixels[start..<start + rowBytes])
        }
        return Bitmap(width: x1 - x0, height: y1 - y0, pixels: out)
    }

    /// The bitmap scaled (aspect kept) so it covers `size`, then centre-cropped to exactly `size`:
    /// the way a window background is filled.
    public func covering(_ size: PixelSize) -> Bitmap {
        guard width > 0, height > 0, size.width > 0, size.height > 0 else { return resized(to: size) }
        let scale = max(Double(size.width) / Double(width), Double(size.height) / Double(height))
        let cropW = min(width, max(1, Int((Double(size.width) / scale).rounded())))
        let cropH = min(height, max(1, Int((Double(size.height) / scale).rounded())))
        let crop = PixelRect(x: (width - cropW) / 2, y: (height - cropH) / 2, width: cropW, height: cropH)
        return cropped(to: crop).resized(to: size)
    }

    /// The bitmap as displayed under EXIF `orientation` (1 as stored, 2 mirrored, 3 rotated 180°,
    /// 4 flipped, 5 transposed, 6 rotated 90° clockwise, 7 transversed, 8 rotated 90° counter-clockwise);
    /// 5…8 swap width and height, values outside 1…8 leave it unchanged.
    public func rotated(orientation: Int) -> Bitmap {
        guard (2...8).contains(orientation), width > 0, height > 0 else { return self }
        let swaps = orientation >= 5
        let outW = swaps ? height : width
        let outH = swaps ? width : height
        // Source (sx, sy) = (ox + ax·x + bx·y, oy + ay·x + by·y) for output pixel (x, y).
        let (ox, ax, bx, oy, ay, by): (Int, Int, Int, Int, Int, Int) =
            switch orientation {
            case 2: (width - 1, -1, 0, 0, 0, 1)
            case 3: (width - 1, -1, 0, height - 1, 0, -1)
            case 4: (0, 1, 0, height - 1, 0, -1)
            case 5: (0, 0, 1, 0, 1, 0)
            case 6: (0, 0, 1, height - 1, -1, 0)
            case 7: (width - 1, 0, -1, height - 1, -1, 0)
            default: (width - 1, 0, -1, 0, 1, 0)
            }
        var out = [UInt32](repeating: 0, count: outW * outH)
        pixels.withUnsafeBytes { src in
            out.withUnsafeMutableBufferPointer { dst in
                var o = 0
                for y in 0..<outH {
                    var sx = ox + bx * y
                    var sy = oy + by * y
                    for _ in 0..<outW {
                        dst[o] = src.loadUnaligned(fromByteOffset: (sy * width + sx) * 4, as: UInt32.self)
                        o += 1
                        sx += ax
                        sy += ay
                    }
                }
            }
        }
        return Bitmap(width: outW, height: outH, pixels: out.withUnsafeBytes { Array($0) })
    }

    /// Bilinear resampling in 8-bit fixed point, with per-column and per-row taps computed once.
    private func bilinear(to target: PixelSize) -> Bitmap {
        func taps(_ from: Int, _ to: Int) -> (index: [Int], next: [Int], weight: [UInt32]) {
            var index = [Int]()
            var next = [Int]()
            var weight = [UInt32]()
            let ratio = Double(from) / Double(to)
            for i in 0..<to {
                let p = max(0, min(Double(from - 1), (Double(i) + 0.5) * ratio - 0.5))
                let base = Int(p)
                index.append(base)
                next.append(min(base + 1, from - 1))
                weight.append(UInt32(((p - Double(base)) * 256).rounded()))
            }
            return (index, next, weight)
        }
        let xs = taps(width, target.width)
        let ys = taps(height, target.height)
        var out = [UInt8](repeating: 0, count: target.area * 4)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var o = 0
                for y in 0..<target.height {
                    let row0 = ys.index[y] * width * 4
                    let row1 = ys.next[y] * width * 4
                    let wy = ys.weight[y]
                    let iy = 256 - wy
                    for x in 0..<target.width {
                        let c0 = xs.index[x] * 4
                        let c1 = xs.next[x] * 4
                        let wx = xs.weight[x]
                        let ix = 256 - wx
                        for c in 0..<4 {
                            let top = UInt32(src[row0 + c0 + c]) * ix + UInt32(src[row0 + c1 + c]) * wx
                            let bottom = UInt32(src[row1 + c0 + c]) * ix + UInt32(src[row1 + c1 + c]) * wx
                            dst[o + c] = UInt8(truncatingIfNeeded: (top * iy + bottom * wy + 32768) >> 16)
                        }
                        o += 4
                    }
                }
            }
        }
        return Bitmap(width: target.width, height: target.height, pixels: out)
    }
}
