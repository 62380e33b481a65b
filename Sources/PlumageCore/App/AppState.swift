/// The whole app as a value, owned by the main loop: app-wide state (theme, text size, window,
/// clock, overlays, pointer) and the navigation stack of screens. Events go in through
/// `handle(_:at:)` (input, platform news and the platform's answers alike), effects come out for
/// the owner's `Platform`, and `frame(at:measurer:statistics:)` turns the state into a display list.
/// App-wide commands are handled before the top screen.
public struct AppState: Sendable {
    /// All themes; the `t` key and the theme button cycle through them.
    public internal(set) var themes: ThemeLibrary
    /// The theme in use.
    public internal(set) var theme: Theme
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
    public internal(set) var pointer: Point?
    /// The screens, root first, and the slide between two of them.
    public internal(set) var stack: NavigationStack
    /// Where the platform's text input was last turned on (window points); nil while it is off.
    public internal(set) var textInputShown: Rect?
    /// In the split view, whether the press in progress began in the list's pane (nil: no press).
    var pressInList: Bool?
    /// True while the keyboard drives the list of the split view rather than its detail (Tab).
    public internal(set) var listHasFocus = false
    /// The generation of the search index last asked for; an index of another one is dropped.
    /// Each reading of a source (`.readingSource`) and each new root starts a new one.
    public internal(set) var searchIndexGeneration = 0
    /// The index searches of the source use, once built; nil before (searches scan) and after a reload.
    public internal(set) var searchIndex: SearchIndex?
    /// The progress of the source still being read in the background; nil when none is.
    public internal(set) var loading: LoadingBar?
    /// The recently opened sources and photos: read by the platform at start (`.recentsLoaded`),
    /// recorded and forgotten here, saved by the platform (`.saveRecents`), shown by the recents screen.
    public internal(set) var recents = Recents()
    /// Where the photo the top screen showed at the last `update` (nil: none, or a missing
    /// one), so that each photo viewed is remembered once per viewing.
    var lastViewedPhoto: ResourceLocator?
    /// The location box (Ctrl+L) while it is open over the screens; nil while it is closed.
    public internal(set) var locationBox: LocationBox?
    /// The notice shown at the bottom of the window (a failed reload), if any.
    public internal(set) var notice: Notice?
    /// The FPS overlay's cached text and graph.
    var overlay = FPSOverlay()
    /// Photo request lists handed to the platform so far (the generation of the latest).
    var photoGeneration = 0
    /// Every image the screens want and where each stands (`want(_:)` records a frame's).
    public internal(set) var resources = ResourceLedger()
    /// The live-feed pages the screens want and which are being read.
    public internal(set) var livePages = LivePageLedger()

    /// Text sizes the user can step through.
    public static let textScales: [Double] = [0.8, 0.9, 1.0, 1.1, 1.25, 1.4, 1.6, 1.8, 2.0]

    /// Creates the app showing `root` with `theme`.
    public init(root: any Screen, themes: ThemeLibrary, theme: Theme) {
        self.themes = themes
        self.theme = theme
        stack = NavigationStack(root: root)
    }

    /// The screen the user sees.
    public var top: any Screen { stack.top }

    /// The window title: "Plumage — " then the top screen's own ("coffee.jpg · Demo").
    public var windowTitle: String {
        let own = top.windowTitle
        return own.isEmpty ? "Plumage" : "Plumage — " + own
    }

    /// Absolute path of the background image in use.
    public var backgroundPath: String { assetRoot + "/backgrounds/" + (chosenBackground ?? theme.backgroundImage) }

    /// The current moment for relative dates.
    func now(at time: Seconds) -> Timestamp {
        fixedNow ?? Timestamp(seconds: epochAtTimeZero + Int64(time))
    }

    /// What a screen at `depth` (0 = root) may read at `time`.
    public func environment(at time: Seconds, depth: Int? = nil) -> ScreenEnvironment {
        ScreenEnvironment(time: time, now: now(at: time), theme: theme, windowSize: windowSize,
                          displayScale: displayScale, textScale: textScale, pointer: pointer,
                          backgroundPath: backgroundPath, canGoBack: (depth ?? stack.depth - 1) > 0,
                          searchIndex: searchIndex)
    }

    /// The top screen as a `S`, if it is one (tests, snapshots and benchmarks inspect it).
    public func top<S: Screen>(as type: S.Type) -> S? { stack.top as? S }

    /// Runs `body` on the top screen when it is a `S` and returns its result; nil when it is not.
    @discardableResult
    public mutating func updateTop<S: Screen, R>(_ type: S.Type, _ body: (inout S) -> R) -> R? {
        stack.updateTop(as: type, body)
    }

    /// Puts `screen` on top of the stack (sliding in from `time` when `animated`).
    public mutating func push(_ screen: any Screen, at time: Seconds, animated: Bool = true) {
        stack.push(screen, at: time, animated: animated)
    }

    /// Applies one event at `time` and returns the effects for the platform. App-wide keys and
    /// Back come first; input then goes to the top screen, and news to every screen.
    public mutating func handle(_ event: InputEvent, at time: Seconds) -> [Effect] {
        var effects = route(event, at: time)
        // Text input is on exactly while the location box or the screen the keys go to edits text.
        let wanted = locationTextArea ?? keyScreenTextArea
        if wanted != textInputShown {
            textInputShown = wanted
            effects.append(.textInput(wanted))
        }
        return effects
    }

    /// Where the screen the keys go to edits text, in window points; nil when it edits none.
    var keyScreenTextArea: Rect? {
        guard let area = keyScreen.textInputArea else { return nil }
        guard let split else { return area }
        let pane = listHasFocus ? split.listPane : split.detailPane
        return area.offsetBy(dx: pane.minX, dy: pane.minY)
    }

    /// Applies one event: app-wide keys and Back first, then the top screen (input) or every
    /// screen (news); returns the effects for the platform.
    mutating func route(_ event: InputEvent, at time: Seconds) -> [Effect] {
        if let effects = routeToLocation(event, at: time) { return effects }
        switch event {
        case .quit:
            return [.quit]
        case let .resized(size, scale):
            windowSize = size; displayScale = scale
            return []
        case let .key(key, modifiers) where keyScreen.capturesText && Self.isEditingKey(key, modifiers):
            break
        case let .key(key, modifiers):
            let command = AppCommand.keys.command(for: key, modifiers)
            // Any key but ? closes the help; a Back key does nothing more, others still act.
            if showsHelp, command != .toggleHelp {
                showsHelp = false
                if command == .back { return [] }
            }
            if let command { return perform(command, at: time) }
        case let .pointerDown(button, point):
            pointer = point
            if button == .back { return back(at: time) }
            if let split { return handleSplit(event, split: split, at: time) }
            if button == .left, NavigationBar(windowWidth: windowSize.width).leftButton.contains(point) {
                // Back on a pushed screen; on the root, the menu of recently opened sources and photos.
                return stack.depth > 1 ? back(at: time) : perform(.showRecents, at: time)
            }
        case let .pointerMoved(point), let .pointerUp(_, point):
            pointer = point
            if let split { return handleSplit(event, split: split, at: time) }
        case .pointerLeft:
            pointer = nil
        case .wheel, .pinch:
            if let split { return handleSplit(event, split: split, at: time) }
        case .text, .composition, .paste:
            break
        case .sourceReloaded:
            searchIndex = nil
            return broadcast(event, at: time)
        case let .livePage(request, result):
            livePages.answered(request, result)
            return broadcast(event, at: time)
        case .photo, .textRendered, .placesScanned, .photoHeaders:
            return broadcast(event, at: time)
        case let .resource(id, status):
            resources.apply(id, status)
            return []
        case let .failed(message):
            notice = Notice(text: message, shownAt: time)
            return []
        case let .searchIndex(index):
            if index.generation == searchIndexGeneration { searchIndex = index }
            return []
        case let .loading(progress):
            loading = progress
            return []
        case .recentsLoaded, .recentOpened, .opened, .readingSource, .sourceTrouble, .linkOpened:
            return takeAnswer(event, at: time)
        }
        if let split, listHasFocus {
            let env = environment(at: time, depth: split.listDepth, pane: split.listPane)
            return applyFromList(stack.screens[split.listDepth].handle(event, env: env), at: time)
        }
        let env = split.map { environment(at: time, depth: stack.depth - 1, pane: $0.detailPane) } ?? environment(at: time)
        let effects = stack.updateTop { $0.handle(event, env: env) }
        return apply(effects, at: time)
    }

    /// Hands news to every screen on the stack, root first; returns their effects for the platform.
    mutating func broadcast(_ event: InputEvent, at time: Seconds) -> [Effect] {
        var effects: [Effect] = []
        for depth in stack.screens.indices {
            let env = environment(at: time, depth: depth)
            effects += stack.screens[depth].handle(event, env: env)
        }
        return apply(effects, at: time)
    }

    /// The screen keys go to: the top one, or the split view's list after Tab.
    var keyScreen: any Screen {
        if let split, listHasFocus { return stack.screens[split.listDepth] }
        return top
    }

    /// True for keys a text field takes for itself: typing (no Ctrl or Alt), Backspace, Enter, Esc,
    /// the arrows, Home and End, and Ctrl+Backspace.
    static func isEditingKey(_ key: Key, _ modifiers: Modifiers) -> Bool {
        switch key {
        case .character, .space: !modifiers.contains(.control) && !modifiers.contains(.alt)
        case .backspace, .enter, .escape, .left, .right, .home, .end, .up, .down: !modifiers.contains(.alt)
        default: false
        }
    }

    /// The core's own routing of what screens ask for, not a platform sink: carries out navigation
    /// (push, pop), app commands, notices and forgetting a recent entry (which becomes one
    /// `.saveRecents`), and returns the other effects, for the owner's `Platform.perform`.
    mutating func apply(_ effects: [Effect], at time: Seconds) -> [Effect] {
        var rest: [Effect] = []
        for effect in effects {
            switch effect {
            case let .push(screen): stack.push(screen, at: time, animated: true)
            case .pop: rest += pop(at: time)
            case let .app(command): rest += perform(command, at: time)
            case let .notice(text): notice = Notice(text: text, shownAt: time)
            case let .loadPhotos(requests):
                // Each list replaces the last: a new generation lets the platform drop older work.
                photoGeneration += 1
                rest.append(.loadPhotos(requests.map { var r = $0; r.generation = photoGeneration; return r }))
            case let .forgetRecent(entry):
                recents.forget(entry)
                rest.append(.saveRecents(recents))
            default: rest.append(effect)
            }
        }
        return rest
    }

    /// Replaces every screen with `root` (another source was opened): the search index goes with the
    /// old source. Returns the closing effects of the screens left.
    mutating func replaceRoot(_ root: any Screen) -> [Effect] {
        let closing = stack.screens.reversed().flatMap { $0.closing() }
        stack = NavigationStack(root: root)
        searchIndex = nil
        searchIndexGeneration += 1
        listHasFocus = false
        showsHelp = false
        return closing
    }

    /// The effect remembering the photo the top screen shows when it changed since the last call
    /// (each photo once per viewing); none otherwise. `update` calls it.
    mutating func viewedPhotoEffects() -> [Effect] {
        let photo = top.viewedPhoto
        guard photo?.source != lastViewedPhoto else { return [] }
        lastViewedPhoto = photo?.source
        guard let photo, photo.source != nil else { return [] }
        return [.rememberPhoto(photo)]
    }

    /// Shows `text` as a notice at `time`, as one line cut short when long (`MessageText.line`).
    mutating func showNotice(_ text: String, at time: Seconds) {
        notice = Notice(text: MessageText.line(text), shownAt: time)
    }

    /// Carries out an app-wide command at `time`; returns effects for the platform.
    mutating func perform(_ command: AppCommand, at time: Seconds) -> [Effect] {
        switch command {
        case .toggleFPS: showsFPS.toggle()
        case .nextTheme: theme = themes.next(after: theme)
        case .nextBackground:
            guard !backgrounds.isEmpty else { break }
            let current = backgrounds.firstIndex(of: chosenBackground ?? theme.backgroundImage) ?? -1
            chosenBackground = backgrounds[(current + 1) % backgrounds.count]
        case .toggleHelp: showsHelp.toggle()
        case .switchPane: listHasFocus = split != nil && !listHasFocus
        case let .textSize(step):
            let scales = Self.textScales
            let i = scales.firstIndex { $0 >= textScale - 1e-9 } ?? 2
            textScale = step == 0 ? 1 : scales[max(0, min(scales.count - 1, i + step))]
        case .reload: return refreshLive() ? [] : [.reload]
        case .toggleFullscreen: return [.toggleFullscreen]
        case .quit: return [.quit]
        case .back: return back(at: time)
        case .showRecents:
            if !(top is RecentsScreen) { stack.push(RecentsScreen(recents: recents), at: time, animated: true) }
        case .openLocation: locationBox = locationBox == nil ? LocationBox() : nil
        }
        return []
    }

    /// Back: closes the help overlay, else lets the top screen use it, else pops the top screen.
    public mutating func back(at time: Seconds) -> [Effect] {
        if showsHelp { showsHelp = false; return [] }
        let env = environment(at: time)
        let used = stack.updateTop { $0.back(env: env) }
        return used ? [] : pop(at: time)
    }

    /// Removes the top screen (sliding out) unless it is the root; returns its closing effects,
    /// then tells the screen it reveals.
    mutating func pop(at time: Seconds) -> [Effect] {
        guard let leaving = stack.pop(at: time, animated: true) else { return [] }
        if split == nil { listHasFocus = false }
        stack.updateTop { $0.revealed() }
        return leaving.closing()
    }

    /// F5 when a live feed is on the stack: the topmost one asks for its newest posts (what is on
    /// top of it stays); false when there is none (the source is read again from disk instead).
    mutating func refreshLive() -> Bool {
        for depth in stack.screens.indices.reversed() {
            guard var feed = stack.screens[depth] as? FeedScreen, feed.live != nil else { continue }
            feed.refreshLive()
            stack.screens[depth] = feed
            return true
        }
        return false
    }

    /// Sets the text size factor, clamped to the supported range.
    public mutating func setTextScale(_ scale: Double) {
        textScale = max(Self.textScales.first!, min(Self.textScales.last!, scale))
    }

    /// Switches to the theme called `name` if it exists.
    public mutating func setTheme(named name: String) {
        if let t = themes.theme(named: name) { theme = t }
    }

    /// True when the next frame would differ from the last one without new input.
    public func isAnimating(at time: Seconds) -> Bool {
        // A spinner over an image still loading turns.
        if resources.showsSpinner { return true }
        if let split {
            let list = stack.screens[split.listDepth].isAnimating(env: environment(at: time, depth: split.listDepth,
                                                                                    pane: split.listPane))
            return list || top.isAnimating(env: environment(at: time, depth: stack.depth - 1, pane: split.detailPane))
                || showsFPS || loading != nil
        }
        // The progress bar moves while a source is read.
        return stack.slideOffset(at: time) != nil || top.isAnimating(env: environment(at: time)) || showsFPS
            || loading != nil
    }

    /// When the picture next changes by itself though nothing animates (a notice goes away), if it
    /// will: the loop sleeps until then instead of drawing every frame.
    public func nextChange(after time: Seconds) -> Seconds? {
        guard let notice, notice.isVisible(at: time) else { return nil }
        return notice.shownAt + Notice.duration
    }

    /// Idle-time work (laying out estimated rows), at most `maxRows` rows: the top screen's first,
    /// then the screens' below it (the feed under the image view is ready when the user comes back);
    /// true while some remains.
    @discardableResult
    public mutating func refine(maxRows: Int, at time: Seconds, measurer: some TextMeasuring) -> Bool {
        for depth in stack.screens.indices.reversed() {
            let env = environment(at: time, depth: depth)
            if stack.screens[depth].refine(maxRows: maxRows, env: env, measurer: measurer) { return true }
        }
        return false
    }
}
