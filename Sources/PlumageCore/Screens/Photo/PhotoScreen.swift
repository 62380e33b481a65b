import Imaging

/// The image view (SPEC §3): one photo of a list at a time, auto-zoomed to fill (or fit) the area
/// below the bar, zoomed at the cursor, panned by dragging; neighbours are preloaded. It learns
/// about decoding only from `.photo` news and asks for decodes with `.loadPhotos` effects.
/// Coordinates: the viewport works in device pixels of the view area, which starts below the bar.
public struct PhotoScreen: Screen {
    /// The photos the user can step through.
    public let photos: [Photo]
    /// The photo shown.
    public internal(set) var index: Int
    /// Zoom and pan of the photo shown, once its size is known.
    public internal(set) var viewport: ImageViewport?
    /// What the photos belong to (the feed's or folder's title), after the photo in the window title.
    public let context: String
    /// The auto mode a newly shown photo starts in (the last auto mode the user chose).
    public internal(set) var startMode: ZoomMode = .fill
    /// What shows through transparent photos; kept from photo to photo.
    public internal(set) var underTransparency: TransparencyBackground = .checkerboard
    /// True while a photo's alt text is shown as a caption at the bottom (`a` switches; kept from
    /// photo to photo).
    public internal(set) var showsAlt = true
    /// What the platform has reported about each photo's decoding, by path.
    public internal(set) var status: [ResourceLocator: PhotoStatus] = [:]
    /// The decodes last asked for; asked again only when they change (asking again for a cached
    /// photo replays its pixels, and asking every frame would keep the loader busy forever).
    var requested: [PhotoRequest] = []
    /// The neighbours' placements last named for renditions made ahead (named again only when they change).
    var renditionsAsked: [PhotoPlacement] = []
    /// The left-button press in progress over the photo; nil when the button is up.
    var drag: DragGesture?

    /// Opens `photos` at `index` (clamped); `context` names what they belong to.
    public init(photos: [Photo], index: Int, context: String) {
        self.photos = photos
        self.index = max(0, min(photos.count - 1, index))
        self.context = context
    }

    /// The photo shown.
    public var photo: Photo? { photos.indices.contains(index) ? photos[index] : nil }

    /// The photo shown, remembered as recently viewed.
    public var viewedPhoto: Photo? { photo }

    /// The view area in window points: everything below the bar.
    static func viewFrame(window: Size) -> Rect {
        Rect(x: 0, y: ChromeMetrics.barHeight, width: window.width, height: max(1, window.height - ChromeMetrics.barHeight))
    }

    /// The photo's caption as the bar shows it, then what it belongs to ("Ada Park · Aug 12, 2023 · Demo").
    public var windowTitle: String { [photo?.caption ?? "", context].filter { !$0.isEmpty }.joined(separator: " · ") }

    /// The image view's keys for the `?` overlay.
    public var keyHelp: [(keys: String, action: String)] {
        [("wheel, pinch", "zoom at the cursor"), ("drag", "pan (it flings)")] + PhotoCommand.keys.helpRows
    }

    /// What is known of the photo shown.
    public var currentStatus: PhotoStatus? { photo?.source.flatMap { status[$0] } }

    /// Keeps the viewport in step with the photo's known size and the view's size in pixels.
    mutating func sync(window: Size, scale: DisplayScale) {
        let status = currentStatus
        let view = Self.viewFrame(window: window)
        let viewPixels = scale.devicePixels(view.size)
        let known = status?.size ?? photo.map(\.knownSize)
        guard let size = known, size.width > 0, size.height > 0 else { viewport = nil; return }
        if var v = viewport {
            if v.imageSize != size { v.replaceImageSize(size) }
            if v.viewSize != viewPixels { v.resize(viewSize: viewPixels) }
            viewport = v
        } else {
            viewport = ImageViewport(imageSize: size, viewSize: viewPixels, mode: startMode)
        }
    }

    /// Sets the zoom without animation: an auto mode, 100 %, or a scale factor (device pixels per
    /// image pixel), centred. Does nothing until the photo's size is known.
    public mutating func setZoom(_ zoom: PhotoZoom, env: ScreenEnvironment) {
        sync(window: env.windowSize, scale: env.displayScale)
        guard var v = viewport else { return }
        let centre = DevicePoint(x: v.viewSize.width / 2, y: v.viewSize.height / 2)
        switch zoom {
        case .fit: v.setMode(.fit, animated: false, time: 0)
        case .fill: v.setMode(.fill, animated: false, time: 0)
        case .actual: v.actualSize(at: centre, animated: false, time: 0)
        case let .factor(f): v.zoom(toScale: f, at: centre)
        }
        viewport = v
    }

    /// Shows photo `newIndex` (clamped), in the current auto mode.
    mutating func show(_ newIndex: Int) {
        let clamped = max(0, min(photos.count - 1, newIndex))
        guard clamped != index else { return }
        index = clamped
        viewport = nil
    }

    /// Converts a window point to view pixels.
    static func viewPixel(_ p: Point, window: Size, scale: DisplayScale) -> DevicePoint {
        scale.devicePixels(Point(x: p.x, y: p.y - ChromeMetrics.barHeight))
    }

    /// Performs an image-view command.
    mutating func perform(_ command: PhotoCommand, pointer: Point?, window: Size, scale: DisplayScale, time: Seconds) {
        let view = Self.viewFrame(window: window)
        let anchor = Self.viewPixel(pointer.flatMap { view.contains($0) ? $0 : nil } ?? Point(x: view.midX, y: view.midY),
                                    window: window, scale: scale)
        switch command {
        case let .zoomStep(n):
            viewport?.zoomAnimated(by: n > 0 ? 1.25 : 0.8, at: anchor, time: time)
        case .zoomFit:
            startMode = .fit
            viewport?.setMode(.fit, animated: true, time: time)
        case .zoomFill:
            startMode = .fill
            viewport?.setMode(.fill, animated: true, time: time)
        case .toggleFillFit:
            viewport?.toggleFillFit(time: time)
            if let mode = viewport?.mode, mode != .manual { startMode = mode }
        case .zoomActual:
            viewport?.actualSize(at: anchor, animated: true, time: time)
        case let .pan(x, y):
            let step = DeviceVector(dx: Double(x) * view.width * 0.1 * scale.factor,
                                    dy: Double(y) * view.height * 0.1 * scale.factor)
            viewport?.pan(by: step, animated: true, time: time)
        case let .panOrStep(direction):
            if let v = viewport, canPan(v, direction: direction) {
                viewport?.pan(by: DeviceVector(dx: Double(direction) * view.width * 0.1 * scale.factor, dy: 0), animated: true,
                              time: time)
            } else {
                show(index + direction)
            }
        case .toggleTransparencyBackground:
            underTransparency = underTransparency == .checkerboard ? .backdrop : .checkerboard
        case .toggleAlt:
            showsAlt.toggle()
        case let .stepPhoto(n): show(index + n)
        case .firstPhoto: show(0)
        case .lastPhoto: show(photos.count - 1)
        }
    }

    /// True when the image extends past the view on the side `direction` points to (−1 left, +1 right).
    func canPan(_ v: ImageViewport, direction: Int) -> Bool {
        let d = v.destination
        return direction < 0 ? d.minX < -0.5 : d.maxX > v.viewSize.width + 0.5
    }

    /// Beside the list it was opened from, in a wide window.
    public var role: ScreenRole { .detail }

    /// Applies one event: keys of the image view's table, wheel and pinch zoom, drag pan, the
    /// bar's theme button, and decoding news about its photos.
    public mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect] {
        switch event {
        case let .key(key, modifiers):
            if let command = PhotoCommand.keys.command(for: key, modifiers) {
                sync(window: env.windowSize, scale: env.displayScale)
                perform(command, pointer: env.pointer, window: env.windowSize, scale: env.displayScale, time: env.time)
            }
        case let .pointerDown(.left, point) where point.y < ChromeMetrics.barHeight:
            return env.bar.rightButton.contains(point) ? [.app(.nextTheme)] : []
        case let .photo(news):
            record(news)
        default:
            sync(window: env.windowSize, scale: env.displayScale)
            _ = handlePointer(event, window: env.windowSize, scale: env.displayScale, time: env.time)
        }
        return []
    }

    /// Records what the platform learnt about a photo: its size, a level with pixels, or an error.
    mutating func record(_ news: PhotoNews) {
        var s = status[news.source] ?? PhotoStatus()
        switch news {
        case let .size(_, size): s.size = size
        case let .level(_, level): s.levels.insert(level)
        case .transparent: s.isTransparent = true
        case let .failed(_, error): s.error = error
        case let .dropped(source, level):
            s.levels.remove(level)
            // A photo still wanted is asked for again, so what was let go is decoded anew.
            if requested.contains(where: { $0.source == source }) { requested = [] }
        }
        status[news.source] = s
    }

    /// Handles pointer and wheel input; returns true when it was consumed.
    mutating func handlePointer(_ event: InputEvent, window: Size, scale: DisplayScale, time: Seconds) -> Bool {
        let view = Self.viewFrame(window: window)
        switch event {
        case let .wheel(_, dy, at, _):
            // Wheel and Ctrl+wheel (touchpad pinch on most desktops) both zoom at the cursor.
            viewport?.wheel(detents: dy, at: Self.viewPixel(at, window: window, scale: scale))
            return true
        case let .pinch(factor, at):
            viewport?.zoom(by: factor, at: Self.viewPixel(at, window: window, scale: scale))
            return true
        case let .pointerDown(.left, at) where view.contains(at):
            drag = .began(at: at)
            viewport?.stop()
            return true
        case let .pointerMoved(to):
            guard var d = drag else { return false }
            let wasDrag = d.moved
            if d.moved(to: to) {
                if !wasDrag { viewport?.dragBegan(at: Self.viewPixel(d.start, window: window, scale: scale), time: time) }
                viewport?.dragMoved(to: Self.viewPixel(to, window: window, scale: scale), time: time)
            }
            drag = d
            return d.moved
        case .pointerUp(.left, _):
            guard let d = drag else { return false }
            if d.moved { viewport?.dragEnded(time: time) }
            drag = nil
            return true
        default:
            return false
        }
    }

    /// True while the photo is decoding (the spinner turns) or the viewport moves.
    public func isAnimating(env: ScreenEnvironment) -> Bool {
        let status = currentStatus
        let loading = photo?.source != nil && status?.bestLevel == nil && status?.error == nil
        return (viewport?.isAnimating ?? false) || loading
    }

    /// Leaving the image view drops its queued decodes (the feed's images go first again).
    public func closing() -> [Effect] { [.cancelPhotoLoads] }

    /// Back on top (a screen above was popped, dropping every photo decode): ask again.
    public mutating func revealed() {
        requested = []
        renditionsAsked = []
    }

    /// The photos to decode now: the current one first, then ±1 and ±2 (Loupe's BUFFER = 2).
    func requests(window: Size, scale: DisplayScale) -> [PhotoRequest] {
        let view = scale.pixels(Self.viewFrame(window: window).size)
        var out: [PhotoRequest] = []
        for (offset, priority) in [(0, 10), (1, 8), (-1, 7), (2, 5), (-2, 4)] {
            let i = index + offset
            guard photos.indices.contains(i), let source = photos[i].source else { continue }
            out.append(PhotoRequest(source: source, priority: priority, viewSize: view, warm: source != photo?.source))
        }
        return out
    }

    /// Where the photos either side (±1) would be drawn the moment the user pages to them: a fresh
    /// viewport in `startMode`, at rest, at its pyramid level — only for a neighbour whose size and
    /// that level have arrived, not failed, not known to be transparent (drawn blended, never copied).
    func neighbourPlacements(window: Size, scale: DisplayScale) -> [PhotoPlacement] {
        let view = Self.viewFrame(window: window)
        let viewPixels = scale.devicePixels(view.size)
        return [index + 1, index - 1].compactMap { i -> PhotoPlacement? in
            guard photos.indices.contains(i), let source = photos[i].source, source != photo?.source, let s = status[source],
                  s.error == nil, !s.isTransparent, let size = s.size, size.width > 0, size.height > 0 else { return nil }
            let v = ImageViewport(imageSize: size, viewSize: viewPixels, mode: startMode)
            guard !v.isAnimating, s.levels.contains(v.pyramidLevel) else { return nil }
            return Self.placement(source: source, viewport: v, level: v.pyramidLevel, view: view, scale: scale)
        }
    }

    /// The placement of the photo at `source` shown through `v` at `level` in `view` (window points).
    static func placement(source: ResourceLocator, viewport v: ImageViewport, level: Int, view: Rect,
                          scale: DisplayScale) -> PhotoPlacement {
        PhotoPlacement(source: source, destination: scale.points(v.destination).offsetBy(dx: view.minX, dy: view.minY),
                       level: level, filter: v.filter)
    }
}

/// What a key press asks of the image view.
public enum PhotoCommand: Hashable, Sendable, KeyCommand {
    /// Zoom in (+1) or out (−1) one step around the cursor, animated.
    case zoomStep(Int)
    /// Auto-zoom to fit, or to fill, or toggle between them.
    case zoomFit, zoomFill, toggleFillFit
    /// 100 % (one image pixel per device pixel).
    case zoomActual
    /// Pan by a tenth of the view in a direction (x, y in −1…1).
    case pan(x: Int, y: Int)
    /// ← →, which pan while the image overflows that way, else change photo.
    case panOrStep(Int)
    /// The next (+1) or previous (−1) photo.
    case stepPhoto(Int)
    /// The first or last photo.
    case firstPhoto, lastPhoto
    /// Checkerboard or backdrop under transparent photos (nsxiv's `A`).
    case toggleTransparencyBackground
    /// Show or hide the photo's alt text.
    case toggleAlt

    /// What the command does, for the `?` overlay.
    public var help: String {
        switch self {
        case .zoomStep: "zoom in, out"
        case .zoomFit, .zoomFill, .zoomActual, .toggleFillFit: "fit, 100 %, fill or fit"
        case .pan: "pan"
        case .panOrStep, .stepPhoto: "previous, next photo"
        case .firstPhoto, .lastPhoto: "first, last photo"
        case .toggleTransparencyBackground: "checkerboard or backdrop"
        case .toggleAlt: "alt text"
        }
    }

    /// The image view's key table (SPEC §7, after imv/nsxiv/eog).
    public static let keys = KeyTable<PhotoCommand>([
        (KeyChord(.character("+")),              .zoomStep(1)),
        (KeyChord(.character("=")),              .zoomStep(1)),
        (KeyChord(.character("-")),              .zoomStep(-1)),
        (KeyChord(.character("0")),              .zoomFit),
        (KeyChord(.character("1")),              .zoomActual),
        (KeyChord(.character("z")),              .toggleFillFit),
        (KeyChord(.left),                        .panOrStep(-1)),
        (KeyChord(.right),                       .panOrStep(1)),
        (KeyChord(.up),                          .pan(x: 0, y: -1)),
        (KeyChord(.down),                        .pan(x: 0, y: 1)),
        (KeyChord(.character("h")),              .pan(x: -1, y: 0)),
        (KeyChord(.character("l")),              .pan(x: 1, y: 0)),
        (KeyChord(.character("k")),              .pan(x: 0, y: -1)),
        (KeyChord(.character("j")),              .pan(x: 0, y: 1)),
        (KeyChord(.character("n")),              .stepPhoto(1)),
        (KeyChord(.space),                       .stepPhoto(1)),
        (KeyChord(.pageDown),                    .stepPhoto(1)),
        (KeyChord(.character("p")),              .stepPhoto(-1)),
        (KeyChord(.pageUp),                      .stepPhoto(-1)),
        (KeyChord(.home),                        .firstPhoto),
        (KeyChord(.end),                         .lastPhoto),
        (KeyChord(.character("a")),              .toggleAlt),
        (KeyChord(.character("a"), .shift),      .toggleTransparencyBackground),
    ])
}
