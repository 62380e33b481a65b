/// The whole app as a value: input goes in through `handle(_:at:)`, effects come out, and
/// `frame(at:measurer:statistics:)` turns the state into a display list.
public struct AppState: Sendable {
    /// The feed being shown (replaced on F5 reload).
    public internal(set) var source: FeedSource
    /// All themes; the `t` key and the theme button cycle through them.
    public internal(set) var themes: ThemeLibrary
    /// The theme in use.
    public internal(set) var theme: Theme
    /// Index of the section shown.
    public internal(set) var sectionIndex = 0
    /// The scrolling list of the current section.
    public internal(set) var list: FeedList
    /// The user's text size (1 = 100 %), changed with Ctrl+= / Ctrl+- / Ctrl+0.
    public internal(set) var textScale = 1.0
    /// Size of the window's drawing area in points (set by `.resized` events).
    public internal(set) var windowSize = Size(width: 1280, height: 800)
    /// Device pixels per point of the window (set by `.resized` events).
    public internal(set) var displayScale = DisplayScale.one
    /// True while the FPS overlay is shown (F12 toggles it; frames keep animating while it is).
    public var showsFPS = false
    /// True while the key help overlay is shown (`?` toggles it; any other key closes it).
    public internal(set) var showsHelp = false
    /// The section picker's state and when it last changed (for the slide animation).
    public internal(set) var picker = SectionPicker()
    /// The time used for relative dates; nil means each frame's own clock.
    public var fixedNow: Timestamp?
    /// Wall-clock seconds since the epoch at the app's time origin (for relative dates).
    public var epochAtTimeZero: Int64 = 0
    /// Absolute path of the `Assets` folder (backgrounds are found there).
    public var assetRoot = ""
    /// File names in `Assets/backgrounds/` the `b` key cycles through.
    public var backgrounds: [String] = []
    /// The background the user chose with `b`, overriding the theme's; nil = the theme's own.
    public internal(set) var chosenBackground: String?
    /// Last known pointer position in window points; nil when the pointer has left the window.
    /// The image view when open, on top of the feed.
    public internal(set) var photoViewer: PhotoViewer?
    /// What the platform has reported about photos' decoding, by path.
    public internal(set) var photoStatus: [String: PhotoStatus] = [:]
    var pointer: Point?
    /// The left-button press in progress over the list; nil when the button is up.
    var drag: DragState?
    /// The FPS overlay's cached text and graph.
    var overlay = FPSOverlay()

    /// A left-button press on the list that may turn into a drag.
    struct DragState: Sendable {
        /// Where the button went down, in window points.
        var start: Point
        /// True once the pointer moved more than 4 points from `start` (the press became a drag).
        var moved: Bool
    }

    /// Text sizes the user can step through.
    public static let textScales: [Double] = [0.8, 0.9, 1.0, 1.1, 1.25, 1.4, 1.6, 1.8, 2.0]

    /// Creates the app showing `source`'s first section with `theme`.
    public init(source: FeedSource, themes: ThemeLibrary, theme: Theme) {
        self.source = source
        self.themes = themes
        self.theme = theme
        list = FeedList(rows: source.sections.first?.itemIndices ?? Array(source.items.indices))
    }

    /// The section being shown.
    public var section: Section? { source.sections.indices.contains(sectionIndex) ? source.sections[sectionIndex] : nil }
    /// The window title: "Plumage — " then the photo shown (else the section) and the source.
    public var windowTitle: String {
        let place = photoViewer?.photo?.title ?? section?.name ?? ""
        return "Plumage — " + [place, source.title].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The bar title: the section name followed by the picker chevron.
    public var title: String { section?.name ?? source.title }

    /// Shows section `index` from its top.
    public mutating func selectSection(_ index: Int) {
        guard source.sections.indices.contains(index) else { return }
        sectionIndex = index
        list = FeedList(rows: source.sections[index].itemIndices)
    }

    /// Shows the section called `name` (case-insensitive); returns false when there is none.
    @discardableResult
    public mutating func selectSection(named name: String) -> Bool {
        guard let index = source.sections.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
            return false
        }
        selectSection(index)
        return true
    }

    /// Opens the image view on `photos` at `index`; `canGoBack` is false when there is no feed behind it.
    public mutating func openPhotos(_ photos: [Photo], at index: Int, canGoBack: Bool) {
        guard !photos.isEmpty else { return }
        photoViewer = PhotoViewer(photos: photos, index: index, canGoBack: canGoBack)
        drag = nil
    }

    /// The feed's photos in display order (for `snapshot --open-image N`): the item and the photo's
    /// index within it.
    public var feedPhotos: [(item: Int, photo: Int)] {
        list.rows.flatMap { item in
            Photo.photos(of: source.items[item]).indices.map { (item, $0) }
        }
    }

    /// Sets the image view's zoom without animation: an auto mode, 100 %, or a scale factor
    /// (device pixels per image pixel), centred. Does nothing until the photo's size is known.
    public mutating func setPhotoZoom(_ zoom: PhotoZoom) {
        guard var viewer = photoViewer else { return }
        viewer.sync(status: viewer.photo?.path.flatMap { photoStatus[$0] }, window: windowSize, scale: displayScale)
        guard var v = viewer.viewport else { return }
        let centre = DevicePoint(x: v.viewSize.width / 2, y: v.viewSize.height / 2)
        switch zoom {
        case .fit: v.setMode(.fit, animated: false, time: 0)
        case .fill: v.setMode(.fill, animated: false, time: 0)
        case .actual: v.actualSize(at: centre, animated: false, time: 0)
        case let .factor(f): v.zoom(toScale: f, at: centre)
        }
        viewer.replaceViewport(v)
        photoViewer = viewer
    }

    /// Records what the platform learnt about a photo: its size, the finest level on screen, or an error.
    public mutating func photoUpdate(path: String, size: PixelSize? = nil, bestLevel: Int? = nil, error: ImageError? = nil) {
        var status = photoStatus[path] ?? PhotoStatus()
        if let size { status.size = size }
        if let bestLevel { status.bestLevel = min(bestLevel, status.bestLevel ?? .max) }
        if let error { status.error = error }
        photoStatus[path] = status
    }

    /// Sets the text size factor, clamped to the supported range.
    public mutating func setTextScale(_ scale: Double) {
        textScale = max(Self.textScales.first!, min(Self.textScales.last!, scale))
    }

    /// Jumps the list to `offset` points from the top (clamped), without animation.
    public mutating func scrollList(to offset: Double, at time: Double) {
        list.scroll.scroll(to: offset, animated: false, at: time)
    }

    /// Replaces the source (F5 reload), keeping the section by name when it still exists.
    public mutating func replaceSource(_ newSource: FeedSource) {
        let name = section?.name
        source = newSource
        let index = newSource.sections.firstIndex { $0.name == name } ?? 0
        sectionIndex = index
        let offset = list.scroll.offset
        list = FeedList(rows: newSource.sections.indices.contains(index) ? newSource.sections[index].itemIndices : [])
        list.scroll.resize(contentHeight: offset + windowSize.height, viewportHeight: windowSize.height, keepingOffset: offset)
    }

    /// Switches to the theme called `name` if it exists.
    public mutating func setTheme(named name: String) {
        if let t = themes.theme(named: name) { theme = t }
    }

    /// Applies one input event at `time` (seconds on the app's clock) and returns the effects to perform.
    public mutating func handle(_ event: InputEvent, at time: Double) -> [Effect] {
        if photoViewer != nil, let effects = handlePhotoViewer(event, at: time) { return effects }
        switch event {
        case .quit:
            return [.quit]
        case let .resized(size, scale):
            windowSize = size; displayScale = scale
        case let .key(key, modifiers):
            if picker.isOpen, key == .escape { picker.toggle(at: time); return [] }
            if showsHelp, key != .character("?") {
                showsHelp = false
                if key == .escape || key == .backspace { return [] }
            }
            if let command = KeyBindings.command(for: key, modifiers, in: KeyBindings.feed) {
                return perform(command, at: time)
            }
        case let .wheel(_, dy, _, _):
            list.scroll.wheel(deltaPoints: -dy * FeedMetrics.wheelStep, at: time)
        case let .pointerDown(button, point):
            pointer = point
            switch button {
            case .left: return pointerPressed(at: point, time: time)
            case .back: return perform(.back, at: time)
            default: break
            }
        case let .pointerMoved(point):
            pointer = point
            if var d = drag {
                if !d.moved && (abs(point.y - d.start.y) > 4 || abs(point.x - d.start.x) > 4) {
                    d.moved = true
                    list.scroll.dragBegan(y: d.start.y, at: time)
                }
                if d.moved { list.scroll.dragMoved(y: point.y, at: time) }
                drag = d
            }
        case let .pointerUp(button, point):
            pointer = point
            if button == .left, let d = drag {
                if d.moved {
                    list.scroll.dragEnded(at: time)
                } else if let (item, photo) = photoHit(at: point) {
                    openPhotos(Photo.photos(of: source.items[item]), at: photo, canGoBack: true)
                }
                drag = nil
            }
        case .pointerLeft:
            pointer = nil
        case .pinch:
            break  // the feed does not zoom
        }
        return []
    }

    /// Carries out a key-bound (or back-button) command at `time` (seconds on the app clock); returns effects.
    mutating func perform(_ command: Command, at time: Double) -> [Effect] {
        let page = max(FeedMetrics.lineStep, windowSize.height - FeedMetrics.barHeight - FeedMetrics.lineStep)
        switch command {
        case let .scrollLines(n): list.scroll.scroll(by: Double(n) * FeedMetrics.lineStep, animated: true, at: time)
        case let .scrollPages(n): list.scroll.scroll(by: Double(n) * page, animated: true, at: time)
        // Far jumps land at once: the rows in between may still be estimates, and an animation
        // through thousands of rows shows nothing anyway.
        case .scrollToTop:
            list.scroll.scroll(to: 0, animated: list.scroll.offset < 2 * page, at: time)
        case .scrollToBottom:
            let distance = list.scroll.maxOffset - list.scroll.offset
            list.scroll.scroll(to: list.scroll.maxOffset, animated: distance < 2 * page, at: time)
        case .toggleFPS: showsFPS.toggle()
        case .nextTheme: theme = themes.next(after: theme)
        case .nextBackground:
            guard !backgrounds.isEmpty else { break }
            let current = backgrounds.firstIndex(of: chosenBackground ?? theme.backgroundImage) ?? -1
            chosenBackground = backgrounds[(current + 1) % backgrounds.count]
        case .toggleHelp: showsHelp.toggle()
        case .zoomStep, .zoomFit, .zoomFill, .toggleFillFit, .zoomActual, .pan, .panOrStep, .stepPhoto, .firstPhoto,
             .lastPhoto:
            break  // image-view commands; the feed has none of these
        case let .textSize(step):
            let scales = Self.textScales
            let i = scales.firstIndex { $0 >= textScale - 1e-9 } ?? 2
            textScale = step == 0 ? 1 : scales[max(0, min(scales.count - 1, i + step))]
        case .reload: return [.reload]
        case .toggleFullscreen: return [.toggleFullscreen]
        case .quit: return [.quit]
        case .back:
            if showsHelp { showsHelp = false } else if picker.isOpen { picker.toggle(at: time) }
        }
        return []
    }

    /// Handles a left press at `point`: picker, bar buttons, or the start of a possible drag on the list.
    mutating func pointerPressed(at point: Point, time: Double) -> [Effect] {
        let bar = NavigationBar(windowWidth: windowSize.width)
        if picker.isOpen {
            if let index = picker.row(at: point, sections: source.sections.count, bar: bar) {
                selectSection(index)
            }
            picker.toggle(at: time)
            return []
        }
        if point.y < FeedMetrics.barHeight {
            if bar.titleButton.contains(point) || bar.leftButton.contains(point) { picker.toggle(at: time) }
            if bar.rightButton.contains(point) { theme = themes.next(after: theme) }
            return []
        }
        drag = DragState(start: point, moved: false)
        list.scroll.stop()
        return []
    }

    /// True when the next frame would differ from the last one without new input.
    public func isAnimating(at time: Double) -> Bool {
        if let viewer = photoViewer {
            let status = viewer.photo?.path.flatMap { photoStatus[$0] }
            let loading = viewer.photo?.path != nil && status?.bestLevel == nil && status?.error == nil
            return (viewer.viewport?.isAnimating ?? false) || loading || showsFPS
        }
        return list.scroll.isAnimating || picker.isAnimating(at: time) || showsFPS
    }

    /// Input while the image view is open; nil lets the feed's handling run (quit, resize, theme…).
    mutating func handlePhotoViewer(_ event: InputEvent, at time: Double) -> [Effect]? {
        guard var viewer = photoViewer else { return nil }
        defer { if photoViewer != nil { photoViewer = viewer } }
        switch event {
        case let .key(key, modifiers):
            if showsHelp { return nil }
            if let command = KeyBindings.command(for: key, modifiers, in: KeyBindings.photo),
               viewer.perform(command, pointer: pointer, window: windowSize, scale: displayScale, time: time) {
                return []
            }
            guard let command = KeyBindings.command(for: key, modifiers, in: KeyBindings.feed) else { return [] }
            switch command {
            case .back:
                if viewer.canGoBack { photoViewer = nil }
                return []
            case .scrollLines, .scrollPages, .scrollToTop, .scrollToBottom: return []
            default: return nil
            }
        case let .pointerDown(.left, point) where point.y < FeedMetrics.barHeight:
            pointer = point
            let bar = NavigationBar(windowWidth: windowSize.width)
            if bar.leftButton.contains(point), viewer.canGoBack { photoViewer = nil; return [] }
            return bar.rightButton.contains(point) ? nil : []
        case .pointerDown(.back, _):
            if viewer.canGoBack { photoViewer = nil }
            return []
        case let .pointerMoved(point):
            pointer = point
            _ = viewer.handle(event, window: windowSize, scale: displayScale, time: time)
            return []
        case .wheel, .pointerDown, .pointerUp, .pinch:
            if case let .pointerDown(_, point) = event { pointer = point }
            _ = viewer.handle(event, window: windowSize, scale: displayScale, time: time)
            return []
        default:
            return nil
        }
    }

    /// The item and photo under a window point in the feed, if any.
    func photoHit(at point: Point) -> (item: Int, photo: Int)? {
        let column = columnFrame
        guard point.y >= FeedMetrics.barHeight, column.contains(point),
              let row = list.row(atContentY: point.y - FeedMetrics.barHeight + list.scroll.offset.rounded()),
              let layout = list.layout(row) else { return nil }
        let origin = Point(x: column.minX, y: list.windowY(ofContentY: list.rowTops[row]))
        let local = Point(x: point.x - origin.x, y: point.y - origin.y)
        guard let photo = layout.photos.firstIndex(where: { $0.contains(local) }) else { return nil }
        let item = list.rows[row]
        // Photo frames skip videos without files; map back to the index among the item's photos.
        return source.items[item].media.filter({ $0.kind != .video }).indices.contains(photo) ? (item, photo) : nil
    }
}
