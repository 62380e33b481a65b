/// The screens the user has gone through, root first, and the slide between two of them.
/// Screens below the top keep their whole state (scroll, selection, zoom), so going back shows
/// them exactly as they were left.
public struct NavigationStack: Sendable {
    /// A push or pop in progress: the top slides in from the right edge, or out to it.
    public struct Transition: Sendable {
        /// True for a push (the new top slides in), false for a pop (the old top slides out).
        public var isPush: Bool
        /// When the slide started.
        public var start: Seconds
        /// The popped screen, drawn sliding out until the slide ends (nil for a push).
        public var leaving: (any Screen)?
    }

    /// How long a push or pop slides.
    public static let slideDuration: Seconds = 0.2

    /// The screens, root first; never empty.
    public internal(set) var screens: [any Screen]
    /// The slide in progress, if any.
    public internal(set) var transition: Transition?

    /// A stack holding only `root`.
    public init(root: any Screen) { screens = [root] }

    /// The screen the user sees and types into.
    public var top: any Screen { screens[screens.count - 1] }

    /// Runs `body` on the top screen in place. Screens hold large arrays (a 100,000-row list's
    /// layouts); changing a copy while the stack still held the original would copy them whole.
    public mutating func updateTop<R>(_ body: (inout any Screen) -> R) -> R {
        body(&screens[screens.count - 1])
    }

    /// Runs `body` on the top screen as a `S` in place when it is one; nil when it is not.
    public mutating func updateTop<S: Screen, R>(as type: S.Type, _ body: (inout S) -> R) -> R? {
        updateTop { screen in
            guard var typed = screen as? S else { return nil }
            // Take the screen out, so `typed` holds the only reference to its storage.
            screen = Vacancy()
            defer { screen = typed }
            return body(&typed)
        }
    }

    /// Stands in for a screen taken out of the stack for the moment `updateTop(as:_:)` changes it.
    private struct Vacancy: Screen {
        var windowTitle: String { "" }
        var keyHelp: [(keys: String, action: String)] { [] }
        mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect] { [] }
        func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame { Frame() }
        func isAnimating(env: ScreenEnvironment) -> Bool { false }
    }

    /// Number of screens.
    public var depth: Int { screens.count }

    /// Puts `screen` on top; it slides in from `time` when `animated`.
    public mutating func push(_ screen: any Screen, at time: Seconds, animated: Bool) {
        screens.append(screen)
        transition = animated ? Transition(isPush: true, start: time, leaving: nil) : nil
    }

    /// Removes the top screen unless it is the root, and returns it; it slides out from `time`
    /// when `animated`.
    public mutating func pop(at time: Seconds, animated: Bool) -> (any Screen)? {
        guard screens.count > 1 else { return nil }
        var start = time
        if let offset = slideOffset(at: time), transition?.isPush == true {
            // Back while the push still slides in: slide out from where it got to, not from rest.
            start = time - Easing.easeOutInverse(offset) * Self.slideDuration
        }
        let leaving = screens.removeLast()
        transition = animated ? Transition(isPush: false, start: start, leaving: leaving) : nil
        return leaving
    }

    /// How far the moving screen is from its resting place, 1 = a whole window width to the right,
    /// 0 = at rest (eased out); nil when nothing slides at `time`.
    public func slideOffset(at time: Seconds) -> Double? {
        guard let transition else { return nil }
        let slide = Easing(start: transition.start, duration: Self.slideDuration)
        guard !slide.isFinished(at: time) else { return nil }
        return transition.isPush ? 1 - slide.fraction(at: time) : slide.fraction(at: time)
    }

    /// Forgets a slide that has ended by `time` (so the leaving screen's memory goes).
    public mutating func settle(at time: Seconds) {
        if transition != nil && slideOffset(at: time) == nil { transition = nil }
    }
}
