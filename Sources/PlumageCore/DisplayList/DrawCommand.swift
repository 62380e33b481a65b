import Imaging

/// The seam between core and platform: each frame is a list of drawing commands in window points,
/// which the SDL executor draws in order. Images and text are referred to by value; the executor
/// owns the textures and caches behind them.

/// Monochrome icons, tinted when drawn (files `Assets/icons/NAME.png`).
public enum Icon: String, Hashable, Sendable, CaseIterable {
    case back, menu, search, theme, chevronDown = "chevron-down", photoPlaceholder = "photo-placeholder"
    case brokenImage = "broken-image", close, play
}

/// One drawing command.
public enum DrawCommand: Hashable, Sendable, CustomStringConvertible {
    /// A solid (possibly translucent) rectangle.
    case fill(Rect, RGBA)
    /// A rectangle with rounded corners (radius in points).
    case roundedFill(Rect, radius: Double, RGBA)
    /// An image scaled into a rectangle; `placeholder` is filled in the image's shape while it is not
    /// decoded yet, and when it cannot be decoded, with a broken-image icon tinted `failureIcon` (a
    /// third of the shorter side, centred) when one is given.
    case image(ImageRequest, Rect, placeholder: RGBA?, failureIcon: RGBA?)
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
    /// extend past the window), drawn from pyramid `level` (0 = full resolution, k = 1/2^k; the core
    /// chose it among the levels it heard have pixels); where its tiles are not uploaded yet, the
    /// first level of `fallback` (coarser ones, finest first) whose tiles are, else the last, goes
    /// underneath. `ahead`: the tiles to upload in idle time for the next frames (zoom and pan).
    /// `blended`: the photo has transparent pixels and is composited over what is drawn below it;
    /// otherwise it is copied opaque. `uploads` false draws only tiles already on the GPU and queues
    /// none (a screen sliding away). `still`: the view rests at an auto zoom (fit or fill), so the
    /// platform may keep the pixels it draws and copy them 1:1 while the same command repeats.
    case photo(
        source: ResourceLocator, destination: Rect, level: Int, fallback: [Int] = [], ahead: [PhotoAhead] = [],
        filter: SampleFilter, blended: Bool = false, uploads: Bool = true, still: Bool = false)
    /// A checkerboard filling a rectangle (what shows through transparent pixels): `light`, with
    /// `dark` squares of side `square` points alternating from the rectangle's top-left corner.
    case checkerboard(Rect, square: Double, light: RGBA, dark: RGBA)
    /// Restricts later commands to a rectangle (nil = the whole window).
    case clip(Rect?)
    /// The activity spinner (`ActivitySpinner`) filling a square: its spokes tinted with a colour,
    /// spoke `head` (0 = twelve o'clock, counted clockwise) the brightest, those behind it fading.
    case spinner(Rect, RGBA, head: Int)

    public var description: String {
        switch self {
        case let .fill(r, c): "fill \(r) \(c)"
        case let .roundedFill(r, radius, c): "roundedFill \(r) r\(compactDecimal(radius)) \(c)"
        case let .image(req, r, p, icon):
            "image \(req) in \(r)\(p.map { " placeholder \($0)" } ?? "")\(icon.map { " failure-icon \($0)" } ?? "")"
        case let .text(block, p, key):
            "text \(key) at \(p) \(block.size) \"\(block.lines.map { $0.runs.map(\.text).joined() }.joined(separator: "⏎"))\""
        case let .icon(icon, r, c): "icon \(icon.rawValue) \(r) \(c)"
        case let .blurBehind(r, s, t): "blurBehind \(r) sigma \(compactDecimal(s)) tint \(t)"
        case let .pixels(b, r, key): "pixels \(key) \(b.size) in \(r)"
        case let .photo(source, r, level, _, _, filter, blended, uploads, _):
            "photo \(source.fileName) in \(r) level \(level) \(filter)"
                + (blended ? " blended" : "") + (uploads ? "" : " no-uploads")
        case let .checkerboard(r, square, light, dark):
            "checkerboard \(r) square \(compactDecimal(square)) \(light) \(dark)"
        case let .clip(r): "clip \(r.map(\.description) ?? "none")"
        case let .spinner(r, c, head): "spinner \(r) \(c) head \(head)"
        }
    }

    /// The command moved `dx` points to the right; clips are kept inside `visible` (a clip to
    /// nothing becomes a clip to `visible`), so a sliding screen never draws outside its window.
    public func shifted(by dx: Double, clippedTo visible: Rect) -> DrawCommand {
        func move(_ r: Rect) -> Rect { r.offsetBy(dx: dx, dy: 0) }
        switch self {
        case let .fill(r, c): return .fill(move(r), c)
        case let .roundedFill(r, radius, c): return .roundedFill(move(r), radius: radius, c)
        case let .image(request, r, placeholder, icon): return .image(request, move(r), placeholder: placeholder, failureIcon: icon)
        case let .text(block, p, key): return .text(block, at: Point(x: p.x + dx, y: p.y), key: key)
        case let .icon(icon, r, c): return .icon(icon, move(r), c)
        case let .blurBehind(r, sigma, tint): return .blurBehind(move(r), sigma: sigma, tint: tint)
        case let .pixels(bitmap, r, key): return .pixels(bitmap, move(r), key: key)
        case let .photo(source, destination, level, fallback, ahead, filter, blended, uploads, still):
            return .photo(source: source, destination: move(destination), level: level, fallback: fallback, ahead: ahead,
                          filter: filter, blended: blended, uploads: uploads, still: still)
        case let .checkerboard(r, square, light, dark):
            return .checkerboard(move(r), square: square, light: light, dark: dark)
        case let .clip(r): return .clip(r.map { move($0).intersection(visible) } ?? visible)
        case let .spinner(r, c, head): return .spinner(move(r), c, head: head)
        }
    }

    /// The command as drawn by a screen that is going away: photos without uploads; the rest as is.
    public var withoutUploads: DrawCommand {
        guard case let .photo(source, destination, level, fallback, _, filter, blended, _, _) = self else { return self }
        return .photo(source: source, destination: destination, level: level, fallback: fallback, ahead: [], filter: filter,
                      blended: blended, uploads: false, still: false)
    }
}

/// Tiles of a photo to upload ahead of need (`DrawCommand.photo`'s `ahead`): the part of pyramid
/// `level` under what the view shows now, grown by `margin` of its size on each side.
public struct PhotoAhead: Hashable, Sendable {
    /// The pyramid level.
    public var level: Int
    /// How far beyond the visible part, as a fraction of its width and height per side (0.5 = half
    /// a view each way: panning).
    public var margin: Double
    /// Creates an area.
    public init(level: Int, margin: Double) { self.level = level; self.margin = margin }
}
