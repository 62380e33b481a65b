import Imaging

/// A decoded, exactly sized image the executor should show: decoded off the main thread,
/// scaled to cover `size` and centre-cropped to it, masked to `shape`, optionally blurred.
public struct ImageRequest: Hashable, Sendable, CustomStringConvertible {
    /// Where the source image is.
    public var source: ResourceLocator
    /// Output size in device pixels (drawn 1:1, so it stays crisp and cheap to draw).
    public var size: PixelSize
    /// Mask applied after scaling and cropping (`.rect` = none).
    public var shape: ImageShape
    /// Gaussian blur sigma in device pixels (0 = none).
    public var blurSigma: Double
    /// Translucent colours composited in order over rectangles of the result after blurring: static
    /// tints (the list column over the backdrop, a row's highlight) are baked into pixels once
    /// instead of blended every frame.
    public var tints: [ImageTint]
    /// Creates a request.
    public init(source: ResourceLocator, size: PixelSize, shape: ImageShape = .rect, blurSigma: Double = 0,
                tints: [ImageTint] = []) {
        self.source = source; self.size = size; self.shape = shape; self.blurSigma = blurSigma
        self.tints = tints
    }
    public var description: String {
        let name = source.fileName
        let tinted = tints.map { " tint \($0.color) [\($0.rect.x),\($0.rect.y) \($0.rect.width)x\($0.rect.height)]" }.joined()
        return "\(name)@\(size)\(shape == .rect ? "" : " \(shape)")\(blurSigma > 0 ? " blur \(compactDecimal(blurSigma))" : "")\(tinted)"
    }
}

/// A translucent colour composited over a rectangle of a decoded image (`ImageRequest.tints`).
public struct ImageTint: Hashable, Sendable {
    /// The colour, blended by its alpha.
    public var color: RGBA
    /// Where it goes, in the image's pixels.
    public var rect: PixelRect
    /// Creates a tint of `color` over `rect`.
    public init(_ color: RGBA, over rect: PixelRect) {
        self.color = color; self.rect = rect
    }
}
