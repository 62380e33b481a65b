import Imaging

/// A decoded, exactly sized image the executor should show: decoded off the main thread,
/// scaled to cover `size` and centre-cropped to it, masked to `shape`, optionally blurred.
public struct ImageRequest: Hashable, Sendable, CustomStringConvertible {
    /// Absolute path of the source file.
    public var path: String
    /// Output size in device pixels (drawn 1:1, so it stays crisp and cheap to draw).
    public var size: PixelSize
    /// Mask applied after scaling and cropping (`.rect` = none).
    public var shape: ImageShape
    /// Gaussian blur sigma in device pixels (0 = none).
    public var blurSigma: Double
    /// A translucent colour composited over `tintRect` of the result after blurring: static tints
    /// (the list column over the backdrop) are baked into pixels once instead of blended every frame.
    public var tint: RGBA
    /// Where `tint` goes, in the result's pixels (nil = nowhere).
    public var tintRect: PixelRect?
    /// Creates a request.
    public init(path: String, size: PixelSize, shape: ImageShape = .rect, blurSigma: Double = 0,
                tint: RGBA = .clear, tintRect: PixelRect? = nil) {
        self.path = path; self.size = size; self.shape = shape; self.blurSigma = blurSigma
        self.tint = tint; self.tintRect = tintRect
    }
    public var description: String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "\(name)@\(size)\(shape == .rect ? "" : " \(shape)")\(blurSigma > 0 ? " blur \(compactDecimal(blurSigma))" : "")"
    }
}

