/// Decoded pixels that may cross threads: 32-bit pixels in SDL_PIXELFORMAT_ARGB8888 order,
/// i.e. bytes B, G, R, A in memory on little-endian machines (TurboJPEG's TJPF_BGRA),
/// straight (non-premultiplied) alpha, rows tightly packed (`width * 4` bytes).
public struct Bitmap: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes, row-major, top row first.
    public var pixels: [UInt8]
    /// Creates a bitmap from tightly packed BGRA bytes; `pixels.count` must be `width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4, "bitmap size mismatch")
        self.width = width; self.height = height; self.pixels = pixels
    }
    /// Creates a bitmap filled with one colour.
    public init(width: Int, height: Int, fill: RGBA) {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        var i = 0
        while i < px.count { px[i] = fill.b; px[i + 1] = fill.g; px[i + 2] = fill.r; px[i + 3] = fill.a; i += 4 }
        self.init(width: width, height: height, pixels: px)
    }
    /// The size in pixels.
    public var size: PixelSize { PixelSize(width: width, height: height) }
    /// Bytes held, for cost-bounded caches.
    public var byteCount: Int { pixels.count }
    /// True when some pixel is not fully opaque (alpha below 255): the image must be drawn blended,
    /// over something. Stops at the first such pixel; an opaque bitmap is read whole.
    public var hasTransparency: Bool {
        pixels.withUnsafeBufferPointer { px in
            var i = 3
            while i < px.count {
                if px[i] != 255 { return true }
                i += 4
            }
            return false
        }
    }
    /// The colour at (x, y); both must be in range.
    public func pixel(x: Int, y: Int) -> RGBA {
        let i = (y * width + x) * 4
        return RGBA(pixels[i + 2], pixels[i + 1], pixels[i], pixels[i + 3])
    }
}
