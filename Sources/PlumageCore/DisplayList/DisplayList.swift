/// The seam between core and platform: each frame is a list of drawing commands in window points,
/// which the SDL executor draws in order. Images and text are referred to by value; the executor
/// owns the textures and caches behind them.

/// How an image is masked after decoding.
public enum ImageShape: Hashable, Sendable {
    case rect
    case circle
    /// Rounded corners with the radius in device pixels.
    case rounded(Int)
}

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
        return "\(name)@\(size)\(shape == .rect ? "" : " \(shape)")\(blurSigma > 0 ? " blur \(fmt(blurSigma))" : "")"
    }
}

/// Monochrome icons, tinted when drawn (files `Assets/icons/NAME.png`).
public enum Icon: String, Hashable, Sendable, CaseIterable {
    case back, menu, search, theme, chevronDown = "chevron-down", photoPlaceholder = "photo-placeholder"
    case brokenImage = "broken-image", close
}

/// One drawing command.
public enum DrawCommand: Hashable, Sendable, CustomStringConvertible {
    /// A solid (possibly translucent) rectangle.
    case fill(Rect, RGBA)
    /// A rectangle with rounded corners (radius in points).
    case roundedFill(Rect, radius: Double, RGBA)
    /// An image scaled into a rectangle; `placeholder` is filled while it is not decoded yet or when
    /// it cannot be decoded (then a broken-image icon is added, except on blurred backdrops and avatars).
    case image(ImageRequest, Rect, placeholder: RGBA?)
    /// A laid-out text block with its top-left corner at a point; `key` identifies its cached texture.
    case text(TextBlock, at: Point, key: String)
    /// A monochrome icon tinted with a colour.
    case icon(Icon, Rect, RGBA)
    /// Frosted glass: blur what has been drawn so far inside the rectangle (sigma in points), then
    /// composite a translucent tint over it.
    case blurBehind(Rect, sigma: Double, tint: RGBA)
    /// Pixels made by the core (e.g. the overlay's graph), drawn 1:1 into a rectangle; `key`
    /// identifies the cached texture, so new pixels need a new key.
    case pixels(Bitmap, Rect, key: String)
    /// A photo of the image view: the whole image mapped onto `destination` (window points, may
    /// extend past the window), drawn from pyramid `level` (0 = full resolution, k = 1/2^k) or the
    /// nearest level that has pixels, coarser ones underneath where finer tiles are missing.
    case photo(path: String, destination: Rect, level: Int, filter: SampleFilter)
    /// Restricts later commands to a rectangle (nil = the whole window).
    case clip(Rect?)

    public var description: String {
        switch self {
        case let .fill(r, c): "fill \(r) \(c)"
        case let .roundedFill(r, radius, c): "roundedFill \(r) r\(fmt(radius)) \(c)"
        case let .image(req, r, p): "image \(req) in \(r)\(p.map { " placeholder \($0)" } ?? "")"
        case let .text(block, p, key):
            "text \(key) at \(p) \(block.size) \"\(block.lines.map { $0.runs.map(\.text).joined() }.joined(separator: "⏎"))\""
        case let .icon(icon, r, c): "icon \(icon.rawValue) \(r) \(c)"
        case let .blurBehind(r, s, t): "blurBehind \(r) sigma \(fmt(s)) tint \(t)"
        case let .pixels(b, r, key): "pixels \(key) \(b.size) in \(r)"
        case let .photo(path, r, level, filter):
            "photo \(path.split(separator: "/").last ?? "") in \(r) level \(level) \(filter)"
        case let .clip(r): "clip \(r.map(\.description) ?? "none")"
        }
    }
}

/// Everything the platform needs to draw one frame.
public struct Frame: Sendable {
    /// Drawing commands in painter's order.
    public var commands: [DrawCommand]
    /// Images likely needed soon (rows just outside the viewport), nearest first.
    public var prefetch: [ImageRequest]
    /// Photos the image view wants decoded (current first, then its neighbours), highest priority first.
    public var photoRequests: [PhotoRequest] = []
    /// Text of rows about to scroll in, nearest first, as `.text` commands: the executor may render
    /// a few into its cache after drawing, so rows arrive with their text ready.
    public var textPrefetch: [DrawCommand]
    /// True while something animates, so the loop should draw again at the next deadline.
    public var isAnimating: Bool
    /// Creates a frame.
    public init(commands: [DrawCommand] = [], prefetch: [ImageRequest] = [], textPrefetch: [DrawCommand] = [],
                isAnimating: Bool = false) {
        self.commands = commands; self.prefetch = prefetch; self.textPrefetch = textPrefetch
        self.isAnimating = isAnimating
    }
    /// The commands one per line, for text snapshots in tests.
    public var textDump: String { commands.map(\.description).joined(separator: "\n") }
}
