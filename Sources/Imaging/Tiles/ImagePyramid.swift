/// The downscaled copies of a photo drawn below 50 % zoom, so there is no moiré: level 0 is full
/// resolution and level k is `ceil(w / 2^k) × ceil(h / 2^k)`, made by halving level k − 1 with
/// `Bitmap.halved()` (ceil keeps every source pixel, unlike `downscaled(byFactor:)`, which floors).
/// A TurboJPEG decode at scale 1/2^k has exactly the size of level k (libjpeg rounds up too).
public enum ImagePyramid {
    /// The size of level `level` (≥ 0) of an image of `size`: each side `ceil(side / 2^level)`, at least 1.
    public static func levelSize(_ level: Int, of size: PixelSize) -> PixelSize {
        let k = min(max(0, level), 62)
        func side(_ s: Int) -> Int { max(1, (s + (1 << k) - 1) >> k) }
        return PixelSize(width: side(size.width), height: side(size.height))
    }

    /// The sizes of levels 0, 1, 2, … (index = level) of an image of `size`, ending at the first level
    /// that fits inside `target` in both dimensions, or at 1×1; `[size]` when the image already fits.
    public static func levels(for size: PixelSize, downTo target: PixelSize) -> [PixelSize] {
        var result = [size]
        var current = size
        while (current.width > target.width || current.height > target.height)
            && (current.width > 1 || current.height > 1)
        {
            current = levelSize(result.count, of: size)
            result.append(current)
        }
        return result
    }

    /// The coarsest level whose size still covers `view` in both dimensions (0 when even full
    /// resolution does not): the level a first preview should have. Matches TurboJPEG's choice of
    /// scale 1/2^k for the same view.
    public static func coveringLevel(of size: PixelSize, cover view: PixelSize) -> Int {
        var level = 0
        while level < 62 {
            let next = levelSize(level + 1, of: size)
            guard next.width >= view.width, next.height >= view.height, next != levelSize(level, of: size) else { break }
            level += 1
        }
        return level
    }

    /// The level a first preview of an image of `size` in `view` should have: the coarsest level
    /// (at most 3, TurboJPEG's 1/8) at least 98 % of `view` on both axes. A preview magnified by up to
    /// 2 % until the final level replaces it looks the same, and the slack keeps a 5312×2988 photo
    /// filling a 748-pixel-high view at 1/4 (747 pixels) instead of 1/2 (four times the pixels).
    public static func previewLevel(of size: PixelSize, cover view: PixelSize) -> Int {
        let relaxed = PixelSize(width: view.width * 49 / 50, height: view.height * 49 / 50)
        return min(3, coveringLevel(of: size, cover: relaxed))
    }

    /// The level to draw at `zoom` (displayed pixels per full-resolution pixel) among `levelCount`
    /// levels: the coarsest whose scale 2^-k is still ≥ `zoom`, so a level is never magnified below
    /// 100 % zoom; level 0 from 50 % up.
    public static func level(forZoom zoom: Double, levelCount: Int) -> Int {
        guard zoom > 0, levelCount > 1 else { return 0 }
        var level = 0
        var scale = 0.5
        while level + 1 < levelCount && scale >= zoom {
            level += 1
            scale /= 2
        }
        return level
    }
}

extension Bitmap {
    /// The bitmap at half size, `ceil(width / 2) × ceil(height / 2)`: each output pixel is the rounded
    /// mean of a 2×2 block, an odd last column or row averaging its 2 (or 1) remaining pixels.
    public func halved() -> Bitmap {
        guard width > 1 || height > 1 else { return self }
        let outW = (width + 1) / 2
        let outH = (height + 1) / 2
        let w = width
        let out = [UInt8](unsafeUninitializedCapacity: outW * outH * 4) { buffer, count in
            count = outW * outH * 4
            guard count > 0 else { return }
            let dst = UnsafeMutableRawPointer(buffer.baseAddress!)
            pixels.withUnsafeBytes { src in
                func load(_ index: Int) -> UInt32 { src.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self) }
                for oy in 0..<outH {
                    let row0 = 2 * oy * w
                    let row1 = min(2 * oy + 1, height - 1) * w
                    let o = oy * outW * 4
                    for ox in 0..<outW {
                        let x0 = 2 * ox
                        let x1 = min(x0 + 1, w - 1)
                        let mean = average4(load(row0 + x0), load(row0 + x1), load(row1 + x0), load(row1 + x1))
                        dst.storeBytes(of: mean, toByteOffset: o + ox * 4, as: UInt32.self)
                    }
                }
            }
        }
        return Bitmap(width: outW, height: outH, pixels: out)
    }
}

/// The per-byte rounded mean of four packed 4-byte pixels, two bytes at a time in 16-bit lanes.
@inline(__always)
private func average4(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
    let mask: UInt32 = 0x00FF_00FF
    let even = ((a & mask) &+ (b & mask) &+ (c & mask) &+ (d & mask) &+ 0x0002_0002) >> 2 & mask
    let odd = (((a >> 8) & mask) &+ ((b >> 8) & mask) &+ ((c >> 8) & mask) &+ ((d >> 8) & mask) &+ 0x0002_0002) >> 2 & mask
    return even | odd << 8
}
