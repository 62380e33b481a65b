extension Bitmap {
    /// Composites a translucent colour over a rectangle of the bitmap (source-over; alpha kept),
    /// clipped to the bitmap.
    public mutating func composite(_ color: RGBA, over rect: PixelRect) {
        guard color.a > 0 else { return }
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return }
        let a = UInt32(color.a), inv = 255 - a
        let sb = UInt32(color.b) * a, sg = UInt32(color.g) * a, sr = UInt32(color.r) * a
        let w = width
        pixels.withUnsafeMutableBufferPointer { px in
            for y in y0..<y1 {
                var i = (y * w + x0) * 4
                for _ in x0..<x1 {
                    px[i] = UInt8((sb + UInt32(px[i]) * inv + 127) / 255)
                    px[i + 1] = UInt8((sg + UInt32(px[i + 1]) * inv + 127) / 255)
                    px[i + 2] = UInt8((sr + UInt32(px[i + 2]) * inv + 127) / 255)
                    i += 4
                }
            }
        }
    }
}
