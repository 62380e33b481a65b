/// The image view (SPEC §3): one photo of a list at a time, auto-zoomed to fill (or fit) the area
/// below the bar, zoomed at the cursor, panned by dragging; neighbours are preloaded.
/// Coordinates: the viewport works in device pixels of the view area, which starts below the bar.
public struct PhotoViewer: Sendable {
    /// The photos the user can step through.
    public let photos: [Photo]
    /// The photo shown.
    public private(set) var index: Int
    /// Zoom and pan of the photo shown, once its size is known.
    public private(set) var viewport: ImageViewport?
    /// False when the viewer is the app's first screen (opened from the command line).
    public let canGoBack: Bool
    /// The auto mode a newly shown photo starts in (the last auto mode the user chose).
    public private(set) var startMode: ZoomMode = .fill
    /// Bumped whenever the photo changes, so stale decode work can be dropped.
    public private(set) var generation = 0
    var dragging = false
    var dragStart: Point?

    /// Opens `photos` at `index` (clamped).
    public init(photos: [Photo], index: Int, canGoBack: Bool) {
        self.photos = photos
        self.index = max(0, min(photos.count - 1, index))
        self.canGoBack = canGoBack
    }

    /// The photo shown.
    public var photo: Photo? { photos.indices.contains(index) ? photos[index] : nil }

    /// The view area in window points: everything below the bar.
    static func viewFrame(window: Size) -> Rect {
        Rect(x: 0, y: FeedMetrics.barHeight, width: window.width, height: max(1, window.height - FeedMetrics.barHeight))
    }

    /// Keeps the viewport in step with the photo's known size and the view's size in pixels.
    mutating func sync(status: PhotoStatus?, window: Size, scale: DisplayScale) {
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

    /// Replaces the viewport (for absolute zoom requests from the command line).
    mutating func replaceViewport(_ v: ImageViewport) { viewport = v }

    /// Shows photo `newIndex` (clamped), in the current auto mode.
    mutating func show(_ newIndex: Int) {
        let clamped = max(0, min(photos.count - 1, newIndex))
        guard clamped != index else { return }
        index = clamped
        viewport = nil
        generation += 1
    }

    /// Converts a window point to view pixels.
    static func viewPixel(_ p: Point, window: Size, scale: DisplayScale) -> DevicePoint {
        scale.devicePixels(Point(x: p.x, y: p.y - FeedMetrics.barHeight))
    }

    /// Performs an image-view command; returns false when it is not one.
    mutating func perform(_ command: Command, pointer: Point?, window: Size, scale: DisplayScale, time: Double) -> Bool {
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
            let step = DeviceVector(dx: Double(x) * view.width * 0.1 * scale.factor, dy: Double(y) * view.height * 0.1 * scale.factor)
            viewport?.pan(by: step, animated: true, time: time)
        case let .panOrStep(direction):
            if let v = viewport, canPan(v, direction: direction) {
                viewport?.pan(by: DeviceVector(dx: Double(direction) * view.width * 0.1 * scale.factor, dy: 0), animated: true,
                              time: time)
            } else {
                show(index + direction)
            }
        case let .stepPhoto(n): show(index + n)
        case .firstPhoto: show(0)
        case .lastPhoto: show(photos.count - 1)
        default: return false
        }
        return true
    }

    /// True when the image extends past the view on the side `direction` points to (−1 left, +1 right).
    func canPan(_ v: ImageViewport, direction: Int) -> Bool {
        let d = v.destination
        return direction < 0 ? d.minX < -0.5 : d.maxX > v.viewSize.width + 0.5
    }

    /// Handles pointer and wheel input; returns true when it was consumed.
    mutating func handle(_ event: InputEvent, window: Size, scale: DisplayScale, time: Double) -> Bool {
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
            dragStart = at
            dragging = false
            viewport?.stop()
            return true
        case let .pointerMoved(to):
            guard let start = dragStart else { return false }
            if !dragging && (abs(to.x - start.x) > 3 || abs(to.y - start.y) > 3) {
                dragging = true
                viewport?.dragBegan(at: Self.viewPixel(start, window: window, scale: scale), time: time)
            }
            if dragging { viewport?.dragMoved(to: Self.viewPixel(to, window: window, scale: scale), time: time) }
            return dragging
        case .pointerUp(.left, _):
            guard dragStart != nil else { return false }
            if dragging { viewport?.dragEnded(time: time) }
            dragStart = nil
            dragging = false
            return true
        default:
            return false
        }
    }

    /// Advances zoom animations and flings; true while something moves.
    mutating func advance(to time: Double) -> Bool { viewport?.advance(to: time) ?? false }

    /// The photos to decode now: the current one first, then ±1 and ±2 (Loupe's BUFFER = 2).
    func requests(window: Size, scale: DisplayScale) -> [PhotoRequest] {
        let view = scale.pixels(Self.viewFrame(window: window).size)
        var out: [PhotoRequest] = []
        for (offset, priority) in [(0, 10), (1, 8), (-1, 7), (2, 5), (-2, 4)] {
            let i = index + offset
            guard photos.indices.contains(i), let path = photos[i].path else { continue }
            out.append(PhotoRequest(path: path, priority: priority, viewSize: view))
        }
        return out
    }
}
