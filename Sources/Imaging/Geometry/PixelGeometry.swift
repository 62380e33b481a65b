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
}
