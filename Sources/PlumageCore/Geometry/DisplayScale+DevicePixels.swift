import Imaging

extension DisplayScale {
    /// A point in window points as device pixels (multiplied by `factor`, not rounded).
    public func devicePixels(_ p: Point) -> DevicePoint { DevicePoint(x: p.x * factor, y: p.y * factor) }
    /// A size in window points as device pixels (multiplied by `factor`, not rounded).
    public func devicePixels(_ s: Size) -> DeviceSize { DeviceSize(width: s.width * factor, height: s.height * factor) }
    /// A rectangle in device pixels as window points (divided by `factor`, not rounded).
    public func points(_ r: DeviceRect) -> Rect {
        Rect(x: r.minX / factor, y: r.minY / factor, width: r.width / factor, height: r.height / factor)
    }
    /// A rectangle of whole pixels as window points; `pixels(_:)` of the result gives it back.
    public func points(_ r: PixelRect) -> Rect {
        Rect(x: Double(r.x) / factor, y: Double(r.y) / factor, width: Double(r.width) / factor,
             height: Double(r.height) / factor)
    }
}
