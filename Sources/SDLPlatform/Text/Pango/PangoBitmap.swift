/// Cairo's ARGB32 (premultiplied, B G R A bytes on little-endian) to `Bitmap`'s straight alpha:
/// SDL2's software renderer has no premultiplied blend mode.
enum PangoBitmap {
    /// Divides each pixel's colour by its alpha in place (rounded, clamped); opaque and fully
    /// transparent pixels are left as they are.
    static func unpremultiply(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { px in
            var i = 0
            while i + 3 < px.count {
                let a = Int(px[i + 3])
                if a != 0 && a != 255 {
                    for c in i..<(i + 3) { px[c] = UInt8(min(255, (Int(px[c]) * 255 + a / 2) / a)) }
                }
                i += 4
            }
        }
    }
}
