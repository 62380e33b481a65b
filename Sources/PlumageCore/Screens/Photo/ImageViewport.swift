import Imaging

/// How the image viewport chooses its scale; `fill` and `fit` are auto modes that re-fit on resize.
public enum ZoomMode: Hashable, Sendable {
    /// Auto: as large as possible with no empty band, aspect kept (scale = max(W/w, H/h)), while
    /// that hides at most `ImageViewport.maxHiddenByFill` of the image; else as `fit` (panoramas,
    /// tall screenshots).
    case fill
    /// Auto: the whole image visible (scale = min(W/w, H/h)).
    case fit
    /// The user's own scale: a resize keeps the scale and the image point at the view's centre.
    case manual
}

/// How to sample the image texture when drawing it at the viewport's scale.
public enum SampleFilter: Hashable, Sendable {
    /// Smooth interpolation, for scales below `ImageViewport.nearestFilterScale`.
    case linear
    /// Crisp, blocky pixels, for scales of `ImageViewport.nearestFilterScale` and more.
    case nearest
}

/// The image view's zoom and pan as a value, in device pixels (the caller converts from points).
///
/// `scale` is device pixels per image pixel and `origin` is where image pixel (0, 0) lands in
/// the view, so view = origin + image · scale. After every operation the scale lies within
/// `minScale…maxScale` and the origin is clamped per axis: where the drawn image is larger than
/// the view it covers the view (no empty band), where it is smaller it is centred.
///
/// Zooms are anchored: the image point under `p` stays under `p` unless clamping moves it. On an
/// axis where the zoomed image is smaller than the view the result is centred whatever the
/// anchor. An anchor on the empty band beside the image keeps its (outside-the-image) image
/// coordinate for that one zoom, so a zoom that makes the image cover the view pins that edge of
/// the image to that edge of the view; the next zoom anchors at whatever the clamped result shows.
///
/// Time is seconds on the caller's clock, passed in; nothing reads a clock. Animated changes
/// (keys) ease out over `animationDuration`, interpolating the scale geometrically so a zoom's
/// anchor stays fixed throughout; `advance(to:)` moves them and drag flings on.
///
/// Example: `var v = ImageViewport(imageSize: size, viewSize: view)`; on a wheel event
/// `v.wheel(detents: dy, at: cursor)`; on `+` `v.zoomAnimated(by: ImageViewport.zoomStep,
/// at: cursor, time: now)`; each frame `if v.advance(to: now) { redraw }`, drawing the image
/// into `v.destination` with `v.filter`.
public struct ImageViewport: Hashable, Sendable {
    /// Zoom factor per wheel detent (and the suggested factor for one `+`/`−` press); fractional
    /// detents zoom by `zoomStep^detents`, so two half detents equal one whole detent.
    public static let zoomStep = 1.25
    /// Length of an animated zoom or pan (keys), in seconds; the motion eases out (cubic).
    public static let animationDuration = 0.15
    /// Largest scale: 32 device pixels per image pixel (3200 %).
    public static let maxZoom = 32.0
    /// Zooming out stops once the image's shortest edge is this many device pixels (or at half
    /// the fit scale, whichever scale is smaller).
    public static let minShortEdge = 16.0
    /// At and above this scale (400 %) pixels are drawn with `.nearest` sampling.
    public static let nearestFilterScale = 4.0
    /// The largest fraction of the image's area `.fill` may hide; beyond it `.fill` fits (SPEC §3).
    public static let maxHiddenByFill = 0.25
    /// Fraction of the view that one arrow or hjkl press pans.
    public static let panFraction = 0.1

    /// The image's size in its own pixels (each side at least 1).
    public private(set) var imageSize: PixelSize
    /// The view's size in device pixels (each side at least 1).
    public private(set) var viewSize: DeviceSize
    /// The current zoom mode; any user zoom sets `.manual`.
    public internal(set) var mode: ZoomMode
    /// Device pixels per image pixel.
    public internal(set) var scale: Double
    /// Where image pixel (0, 0) lands in view pixels (negative when that corner is off-view).
    public internal(set) var origin: DevicePoint
    /// The drag, fling or eased change under way (see ImageViewportMotion.swift).
    var motion = ImageViewportMotion.idle
    /// The auto mode `toggleFillFit` alternates from (the last of `.fill`/`.fit` in force).
    var lastAutoMode: ZoomMode

    /// Opens `imageSize` in a view of `viewSize` device pixels: auto modes apply their scale,
    /// `.manual` starts at actual size (scale 1, within the limits); the image is centred.
    public init(imageSize: PixelSize, viewSize: DeviceSize, mode: ZoomMode = .fill) {
        self.imageSize = Self.sanitised(imageSize)
        self.viewSize = Self.sanitised(viewSize)
        self.mode = mode
        lastAutoMode = mode == .fit ? .fit : .fill
        scale = 1
        origin = .zero
        apply(centredPose(scale: mode == .manual ? clampedScale(1) : autoScale(mode)))
    }

    /// Scale at which the whole image fits the view: min(W/w, H/h), before limits.
    public var fitScale: Double { min(viewSize.width / imageWidth, viewSize.height / imageHeight) }
    /// Scale at which the image covers the view: max(W/w, H/h), before limits.
    public var fillScale: Double { max(viewSize.width / imageWidth, viewSize.height / imageHeight) }
    /// True when covering the view hides at most `maxHiddenByFill` of the image. Filling shows
    /// fitScale / fillScale of the image's area (all of one side, that part of the other), so the
    /// test is fit / fill ≥ 3/4, compared as cross products (W·h against H·w) to be exact.
    public var fillHidesLittle: Bool {
        let a = viewSize.width * imageHeight, b = viewSize.height * imageWidth
        return min(a, b) >= (1 - Self.maxHiddenByFill) * max(a, b)
    }
    /// Smallest scale: the image's shortest edge at `minShortEdge` pixels or half the fit scale,
    /// whichever is smaller.
    public var minScale: Double { min(Self.minShortEdge / min(imageWidth, imageHeight), fitScale / 2) }
    /// Largest scale, `maxZoom` (32).
    public var maxScale: Double { Self.maxZoom }

    /// The whole image's rectangle in view pixels (`origin`, image size · `scale`).
    public var destination: DeviceRect {
        DeviceRect(origin: origin, size: DeviceSize(width: imageWidth * scale, height: imageHeight * scale))
    }
    /// The part of the image inside the view, in image pixels (fractional at the edges).
    public var visibleImageRect: DeviceRect {
        let a = imagePoint(atView: .zero)
        let b = imagePoint(atView: DevicePoint(x: viewSize.width, y: viewSize.height))
        let seen = DeviceRect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
        return seen.intersection(DeviceRect(x: 0, y: 0, width: imageWidth, height: imageHeight))
    }
    /// `.nearest` at `nearestFilterScale` (400 %) and above so pixels stay crisp, else `.linear`.
    public var filter: SampleFilter { scale >= Self.nearestFilterScale ? .nearest : .linear }
    /// The power-of-two downscaled copy to draw from: level k is the image at size / 2^k, and
    /// this is the largest k ≥ 0 with scale · 2^k ≤ 1, i.e. the smallest copy that still has at
    /// least one pixel per device pixel. Scale 1 → 0, 0.75 → 0, 0.5 → 1, 0.3 → 1, 0.25 → 2;
    /// the copy is then drawn at scale · 2^k, which is in (0.5, 1] whenever k > 0.
    /// Exact at powers of two; callers with fewer levels use min(pyramidLevel, their deepest).
    public var pyramidLevel: Int {
        // scale = m · 2^e with m in [1, 2): scale · 2^k ≤ 1 ⟺ k ≤ −e (m = 1) or k ≤ −e − 1.
        let e = scale.exponent
        return max(0, scale.significand == 1 ? -e : -e - 1)
    }

    /// The image point (in image pixels) shown at view point `p`.
    public func imagePoint(atView p: DevicePoint) -> DevicePoint {
        DevicePoint(x: (p.x - origin.x) / scale, y: (p.y - origin.y) / scale)
    }
    /// The view point (in device pixels) where image point `p` is shown.
    public func viewPoint(ofImage p: DevicePoint) -> DevicePoint {
        DevicePoint(x: origin.x + p.x * scale, y: origin.y + p.y * scale)
    }

    /// Sets a new view size (device pixels). Auto modes re-fit; every mode keeps the image point
    /// at the view's centre there (then clamps). An eased change jumps to its end first, a fling
    /// stops, a drag carries on from the new position.
    public mutating func resize(viewSize: DeviceSize) {
        settle()
        let centre = imagePoint(atView: viewCentre)
        self.viewSize = Self.sanitised(viewSize)
        let newScale = mode == .manual ? clampedScale(scale) : autoScale(mode)
        place(centre, atScale: newScale)
        rebaseDrag()
    }

    /// Swaps in the same picture at another resolution (preview → full): the visible region and
    /// the mode stay, the scale changes by the size ratio (of the longer side), then clamps.
    /// Motions settle as in `resize(viewSize:)`.
    public mutating func replaceImageSize(_ size: PixelSize) {
        settle()
        let newSize = Self.sanitised(size)
        let oldWidth = imageWidth, oldHeight = imageHeight
        let centre = imagePoint(atView: viewCentre)
        let ratio = oldWidth >= oldHeight ? oldWidth / Double(newSize.width) : oldHeight / Double(newSize.height)
        imageSize = newSize
        let newScale = mode == .manual ? clampedScale(scale * ratio) : autoScale(mode)
        let newCentre = DevicePoint(x: centre.x * imageWidth / oldWidth, y: centre.y * imageHeight / oldHeight)
        place(newCentre, atScale: newScale)
        rebaseDrag()
    }

    /// A scale and an origin together: the state an eased change runs between.
    struct Pose: Hashable, Sendable {
        /// Device pixels per image pixel.
        var scale: Double
        /// Where image pixel (0, 0) lands in view pixels.
        var origin: DevicePoint
    }

    /// The current scale and origin.
    var pose: Pose { Pose(scale: scale, origin: origin) }

    /// Shows `pose` (already within limits and clamped).
    mutating func apply(_ pose: Pose) {
        scale = pose.scale
        origin = pose.origin
    }

    /// `pose` zoomed to `newScale` (clamped to the limits) keeping the image point under `p`
    /// under `p`, then clamped.
    func anchored(_ pose: Pose, toScale newScale: Double, at p: DevicePoint) -> Pose {
        let s = clampedScale(newScale)
        let q = DevicePoint(x: (p.x - pose.origin.x) / pose.scale, y: (p.y - pose.origin.y) / pose.scale)
        return Pose(scale: s, origin: clampedOrigin(DevicePoint(x: p.x - q.x * s, y: p.y - q.y * s), scale: s))
    }

    /// The image centred in the view at scale `s` (within the limits).
    func centredPose(scale s: Double) -> Pose {
        let o = DevicePoint(x: (viewSize.width - imageWidth * s) / 2, y: (viewSize.height - imageHeight * s) / 2)
        return Pose(scale: s, origin: clampedOrigin(o, scale: s))
    }

    /// `fillScale` for `.fill` while `fillHidesLittle`, else `fitScale`, within the limits.
    func autoScale(_ mode: ZoomMode) -> Double {
        clampedScale(mode == .fill && fillHidesLittle ? fillScale : fitScale)
    }

    /// `s` within `minScale…maxScale`.
    func clampedScale(_ s: Double) -> Double { min(maxScale, max(minScale, s)) }

    /// `o` clamped per axis for `scale`: covering the view where the image is larger, centred
    /// where it is smaller.
    func clampedOrigin(_ o: DevicePoint, scale: Double) -> DevicePoint {
        DevicePoint(
            x: Self.clamped(o.x, drawn: imageWidth * scale, view: viewSize.width),
            y: Self.clamped(o.y, drawn: imageHeight * scale, view: viewSize.height))
    }

    /// One axis of `clampedOrigin`.
    private static func clamped(_ o: Double, drawn: Double, view: Double) -> Double {
        if drawn <= view { return (view - drawn) / 2 }
        return min(0, max(view - drawn, o.isFinite ? o : 0))
    }

    /// Sets `newScale` and puts image point `q` at the view's centre, clamped.
    private mutating func place(_ q: DevicePoint, atScale newScale: Double) {
        scale = newScale
        origin = clampedOrigin(DevicePoint(x: viewCentre.x - q.x * scale, y: viewCentre.y - q.y * scale), scale: scale)
    }

    /// The view's centre in view pixels.
    private var viewCentre: DevicePoint { DevicePoint(x: viewSize.width / 2, y: viewSize.height / 2) }
    /// Image width in image pixels, as a Double.
    private var imageWidth: Double { Double(imageSize.width) }
    /// Image height in image pixels, as a Double.
    private var imageHeight: Double { Double(imageSize.height) }

    /// `size` with each side raised to at least 1.
    private static func sanitised(_ size: PixelSize) -> PixelSize {
        PixelSize(width: max(1, size.width), height: max(1, size.height))
    }

    /// `size` with each side raised to at least 1 (non-finite sides become 1).
    private static func sanitised(_ size: DeviceSize) -> DeviceSize {
        DeviceSize(
            width: size.width.isFinite ? max(1, size.width) : 1,
            height: size.height.isFinite ? max(1, size.height) : 1)
    }
}
