extension Bitmap {
    /// The bitmap with everything outside `shape` made transparent; edges are anti-aliased by
    /// coverage, so circles and rounded corners look smooth when drawn 1:1.
    public func masked(_ shape: ImageShape) -> Bitmap {
        let radius: Double
        switch shape {
        case .rect: return self
        case .circle: radius = Double(min(width, height)) / 2
        case let .rounded(r): radius = Double(min(r, min(width, height) / 2))
        }
        guard radius >= 0.5 else { return self }
        var out = self
        let r = radius
        let w = Double(width), h = Double(height)
        let band = Int(r.rounded(.up))
        out.pixels.withUnsafeMutableBufferPointer { px in
            for y in 0..<height {
                let cy = Double(y) + 0.5
                let inTop = cy < r, inBottom = cy > h - r
                guard inTop || inBottom else { continue }
                let dy = inTop ? r - cy : cy - (h - r)
                for x in 0..<width {
                    // Only the corner squares need work; the rest of the row is inside.
                    if x >= band && x < width - band { continue }
                    let cx = Double(x) + 0.5
                    let inLeft = cx < r, inRight = cx > w - r
                    guard inLeft || inRight else { continue }
                    let dx = inLeft ? r - cx : cx - (w - r)
                    let distance = (dx * dx + dy * dy).squareRoot()
                    let coverage = max(0, min(1, r - distance + 0.5))
                    if coverage < 1 {
                        let i = (y * width + x) * 4 + 3
                        px[i] = UInt8((Double(px[i]) * coverage).rounded())
                    }
                }
            }
        }
        return out
    }
}
