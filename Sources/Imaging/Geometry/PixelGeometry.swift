/// Whole-pixel geometry of rasters: sizes and rectangles in pixels as `Int`s.

/// A size in device pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent in device pixels.
    public var width: Int
    /// Vertical extent in device pixels.
    public var height: Int
    /// Creates a size from its extents in device pixels.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// Number of pixels.
    public var area: Int { width * height }
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle in device pixels.
public struct PixelRect: Hashable, Sendable {
    /// Left edge in device pixels.
    public var x: Int
    /// Top edge in device pixels.
    public var y: Int
    /// Width in device pixels.
    public var width: Int
    /// Height in device pixels.
    public var height: Int
    /// Creates a rectangle from its left, top, width and height in pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The part of this rectangle inside `other` (empty sizes are 0, never negative).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
