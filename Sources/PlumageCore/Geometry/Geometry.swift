import Imaging

/// Geometry in window points (logical units) and in device pixels, kept as distinct types
/// so a HiDPI scale factor is applied exactly once, at the seam.

/// A position in window points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position in window points (grows rightwards).
    public var x: Double
    /// Vertical position in window points (grows downwards).
    public var y: Double
    /// Creates a point from its coordinates in window points.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(compactDecimal(x)), \(compactDecimal(y)))" }
}

/// A size in window points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent in window points.
    public var width: Double
    /// Vertical extent in window points.
    public var height: Double
    /// Creates a size from its extents in window points.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// The empty size.
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(compactDecimal(width))x\(compactDecimal(height))" }
}

/// An axis-aligned rectangle in window points.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Top-left corner in window points.
    public var origin: Point
    /// Extent in window points (zero or negative width or height means empty).
    public var size: Size
    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    /// Creates a rectangle from its left, top, width and height.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Left edge in window points (same as `minX`).
    public var x: Double { origin.x }
    /// Top edge in window points (same as `minY`).
    public var y: Double { origin.y }
    /// Width in window points.
    public var width: Double { size.width }
    /// Height in window points.
    public var height: Double { size.height }
    /// Left edge in window points.
    public var minX: Double { origin.x }
    /// Top edge in window points.
    public var minY: Double { origin.y }
    /// Right edge in window points (`minX + width`; excluded by `contains`).
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge in window points (`minY + height`; excluded by `contains`).
    public var maxY: Double { origin.y + size.height }
    /// Horizontal centre in window points.
    public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre in window points.
    public var midY: Double { origin.y + size.height / 2 }
    /// True when the rectangle has no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    /// True when `p` lies inside (left/top edges inclusive, right/bottom exclusive).
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
    /// True when the two rectangles overlap with positive area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    /// The overlap of two rectangles, or an empty rectangle when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }
    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
    /// The rectangle shrunk by `d` on every side.
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }
    public var description: String {
        "[\(compactDecimal(x)),\(compactDecimal(y)) \(compactDecimal(width))x\(compactDecimal(height))]"
    }
}

/// The ratio of device pixels to window points (2 on a typical HiDPI screen).
public struct DisplayScale: Hashable, Sendable {
    /// Device pixels per window point (at least 0.5 when made with `init`).
    public var factor: Double
    /// Creates a scale; values below 0.5 are clamped to 0.5.
    public init(_ factor: Double) { self.factor = max(0.5, factor) }
    /// One pixel per point.
    public static let one = DisplayScale(1)
    /// Converts a rectangle in points to the pixel rectangle that covers it (edges rounded).
    public func pixels(_ r: Rect) -> PixelRect {
        let x0 = (r.minX * factor).rounded(), y0 = (r.minY * factor).rounded()
        let x1 = (r.maxX * factor).rounded(), y1 = (r.maxY * factor).rounded()
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }
    /// Converts a size in points to pixels, rounding up.
    public func pixels(_ s: Size) -> PixelSize {
        PixelSize(width: Int((s.width * factor).rounded(.up)), height: Int((s.height * factor).rounded(.up)))
    }
    /// Converts a size in pixels to points.
    public func points(_ s: PixelSize) -> Size {
        Size(width: Double(s.width) / factor, height: Double(s.height) / factor)
    }
}
