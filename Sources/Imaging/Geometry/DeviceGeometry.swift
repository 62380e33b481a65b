/// Fractional pixel geometry: positions, displacements, sizes and rectangles in pixels as
/// `Double`s, for math that must not round (the image view's zoom and pan). They are named
/// `Device…` to keep them apart from window points (`Point`, `Size`, `Rect`) and from the whole
/// pixels of a raster (`PixelSize`, `PixelRect`, always `Int`). The unit is the display's device
/// pixel, except where an API says "image pixels" (an image's own pixel grid, which the image
/// view maps onto device pixels; the two coincide at scale 1). PlumageCore's `DisplayScale` converts
/// between window points and device pixels.

/// A position in device pixels (fractional).
public struct DevicePoint: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position in device pixels (grows rightwards).
    public var x: Double
    /// Vertical position in device pixels (grows downwards).
    public var y: Double
    /// Creates a point from its coordinates in device pixels.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = DevicePoint(x: 0, y: 0)
    public var description: String { "(\(compactDecimal(x)), \(compactDecimal(y)))px" }
    /// The point moved by `v`.
    public static func + (p: DevicePoint, v: DeviceVector) -> DevicePoint { DevicePoint(x: p.x + v.dx, y: p.y + v.dy) }
    /// The vector from `b` to `a`.
    public static func - (a: DevicePoint, b: DevicePoint) -> DeviceVector { DeviceVector(dx: a.x - b.x, dy: a.y - b.y) }
}

/// A displacement in device pixels (fractional): a pan step, a drag's movement, a velocity's
/// direction and size per second.
public struct DeviceVector: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal component in device pixels (positive rightwards).
    public var dx: Double
    /// Vertical component in device pixels (positive downwards).
    public var dy: Double
    /// Creates a vector from its components in device pixels.
    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    /// No displacement.
    public static let zero = DeviceVector(dx: 0, dy: 0)
    /// Euclidean length in device pixels.
    public var magnitude: Double { (dx * dx + dy * dy).squareRoot() }
    public var description: String { "<\(compactDecimal(dx)), \(compactDecimal(dy))>px" }
    /// Component-wise sum.
    public static func + (a: DeviceVector, b: DeviceVector) -> DeviceVector {
        DeviceVector(dx: a.dx + b.dx, dy: a.dy + b.dy)
    }
    /// Component-wise difference.
    public static func - (a: DeviceVector, b: DeviceVector) -> DeviceVector {
        DeviceVector(dx: a.dx - b.dx, dy: a.dy - b.dy)
    }
    /// Both components times `factor`.
    public static func * (v: DeviceVector, factor: Double) -> DeviceVector {
        DeviceVector(dx: v.dx * factor, dy: v.dy * factor)
    }
    /// Both components divided by `divisor`.
    public static func / (v: DeviceVector, divisor: Double) -> DeviceVector {
        DeviceVector(dx: v.dx / divisor, dy: v.dy / divisor)
    }
}

/// A size in device pixels (fractional).
public struct DeviceSize: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent in device pixels.
    public var width: Double
    /// Vertical extent in device pixels.
    public var height: Double
    /// Creates a size from its extents in device pixels.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public var description: String { "\(compactDecimal(width))x\(compactDecimal(height))px" }
}

/// An axis-aligned rectangle in device pixels (fractional).
public struct DeviceRect: Hashable, Sendable, CustomStringConvertible {
    /// Top-left corner in device pixels.
    public var origin: DevicePoint
    /// Extent in device pixels (zero or negative width or height means empty).
    public var size: DeviceSize
    /// Creates a rectangle from its origin and size.
    public init(origin: DevicePoint, size: DeviceSize) { self.origin = origin; self.size = size }
    /// Creates a rectangle from its left, top, width and height in device pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: DevicePoint(x: x, y: y), size: DeviceSize(width: width, height: height))
    }
    /// The empty rectangle at the origin.
    public static let zero = DeviceRect(x: 0, y: 0, width: 0, height: 0)
    /// Width in device pixels.
    public var width: Double { size.width }
    /// Height in device pixels.
    public var height: Double { size.height }
    /// Left edge in device pixels.
    public var minX: Double { origin.x }
    /// Top edge in device pixels.
    public var minY: Double { origin.y }
    /// Right edge in device pixels (`minX + width`).
    public var maxX: Double { origin.x + size.width }
    /// Bottom edge in device pixels (`minY + height`).
    public var maxY: Double { origin.y + size.height }
    /// Horizontal centre in device pixels.
    public var midX: Double { origin.x + size.width / 2 }
    /// Vertical centre in device pixels.
    public var midY: Double { origin.y + size.height / 2 }
    /// The overlap of two rectangles, or `.zero` when they do not overlap.
    public func intersection(_ other: DeviceRect) -> DeviceRect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }
    public var description: String {
        "[\(compactDecimal(minX)),\(compactDecimal(minY)) \(compactDecimal(width))x\(compactDecimal(height))]px"
    }
}
