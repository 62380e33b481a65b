/// An sRGB colour with 8-bit channels and straight (non-premultiplied) alpha.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    /// Red channel, 0–255.
    public var r: UInt8
    /// Green channel, 0–255.
    public var g: UInt8
    /// Blue channel, 0–255.
    public var b: UInt8
    /// Alpha, 0 (transparent) to 255 (opaque), straight (not premultiplied).
    public var a: UInt8
    /// Creates a colour from its channels.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// The same colour with alpha replaced by `alpha` (0…1).
    public func withAlpha(_ alpha: Double) -> RGBA {
        RGBA(r, g, b, UInt8((max(0, min(1, alpha)) * 255).rounded()))
    }
    /// Linear blend towards `other` by `t` (0 = self, 1 = other), alpha included.
    public func mixed(with other: RGBA, _ t: Double) -> RGBA {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return RGBA(m(r, other.r), m(g, other.g), m(b, other.b), m(a, other.a))
    }
    /// This colour composited over `base` (source-over); the result keeps `base`'s alpha.
    public func over(_ base: RGBA) -> RGBA {
        let t = Double(a) / 255
        func m(_ s: UInt8, _ d: UInt8) -> UInt8 { UInt8((Double(s) * t + Double(d) * (1 - t)).rounded()) }
        return RGBA(m(r, base.r), m(g, base.g), m(b, base.b), base.a)
    }
    /// `#RRGGBB` (or `#RRGGBBAA` when not opaque).
    public var description: String {
        let digits = Array("0123456789ABCDEF")
        var s = "#"
        for c in a == 255 ? [r, g, b] : [r, g, b, a] {
            s.append(digits[Int(c >> 4)]); s.append(digits[Int(c & 15)])
        }
        return s
    }
    /// Opaque black.
    public static let black = RGBA(0, 0, 0)
    /// Opaque white.
    public static let white = RGBA(255, 255, 255)
    /// Fully transparent black.
    public static let clear = RGBA(0, 0, 0, 0)
}
