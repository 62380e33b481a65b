import Imaging

/// One screen of the navigation stack (a feed: a source's or a search's results; a post's details,
/// the image view, a photo folder's places and one place, the recently opened list):
/// a value holding its own state, commands and key table. The app hands it events and asks it
/// for frames; it never sees another screen, so adding a screen type touches no other.
///
/// Example: a screen that shows a title and pops on click —
/// `mutating func handle(_ e: InputEvent, env: ScreenEnvironment) -> [Effect] { e.isClick ? [.pop] : [] }`.
public protocol Screen: Sendable {
    /// The title in the window's title bar after "Plumage — " ("coffee.jpg · Demo").
    var windowTitle: String { get }

    /// The screen's keys for the `?` overlay, as (keys, what they do), shown before the app's own.
    var keyHelp: [(keys: String, action: String)] { get }

    /// True while the screen edits text (a search field): typing keys reach it before the app's
    /// key table, so "t" types a t instead of switching the theme.
    var capturesText: Bool { get }

    /// Where the text being edited sits, in the screen's points, while it edits text (the IME's
    /// candidate window goes there); nil otherwise.
    var textInputArea: Rect? { get }

    /// What the screen is in a split view: a list stays on the left, a detail opens beside it.
    var role: ScreenRole { get }

    /// Applies one event (input, or platform news, which every screen on the stack hears) and
    /// returns what it asks for. App-wide keys never arrive here; the app handled them first.
    mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect]

    /// Back was asked for (Esc, Backspace, Alt+←, mouse back, the bar's back button): true when
    /// the screen used it itself (closing a menu); otherwise the app pops the screen.
    mutating func back(env: ScreenEnvironment) -> Bool

    /// Brings the screen up to `env` before a frame (in the loop's event path, never while drawing):
    /// advances animations to `env.time`, follows the window, lays out what will show, and returns
    /// the platform work it wants now (photos to decode).
    mutating func update(env: ScreenEnvironment, measurer: some TextMeasuring) -> [Effect]

    /// The frame to draw: a pure function of the screen's state and `env` (call `update` first).
    func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame

    /// What the next frames will likely want (images and text of rows just off screen): a pure
    /// function of the state and `env`, like `frame`.
    func lookahead(env: ScreenEnvironment, measurer: some TextMeasuring) -> Lookahead

    /// True when the next frame would differ without new input (an animation, a spinner).
    func isAnimating(env: ScreenEnvironment) -> Bool

    /// Idle-time work between frames (laying out rows still estimated), in bounded steps of at
    /// most `maxRows` rows; true while some remains.
    mutating func refine(maxRows: Int, env: ScreenEnvironment, measurer: some TextMeasuring) -> Bool

    /// The effects of leaving the stack for good (dropping queued decodes).
    func closing() -> [Effect]

    /// The screen above was popped: this one is on top again (it asks for its platform work anew,
    /// since the popped one's `closing` dropped everyone's).
    mutating func revealed()

    /// The photo the screen shows the user full size (remembered as recently viewed); nil for lists.
    var viewedPhoto: Photo? { get }
}

extension Screen {
    /// By default a screen edits no text.
    public var capturesText: Bool { false }
    /// By default a screen edits no text.
    public var textInputArea: Rect? { nil }
    /// By default a screen is a list.
    public var role: ScreenRole { .list }
    /// By default a screen has no use for Back of its own: the app pops it.
    public mutating func back(env: ScreenEnvironment) -> Bool { false }
    /// By default a screen has nothing to bring up to date.
    public mutating func update(env: ScreenEnvironment, measurer: some TextMeasuring) -> [Effect] { [] }
    /// By default a screen expects nothing beyond what it shows.
    public func lookahead(env: ScreenEnvironment, measurer: some TextMeasuring) -> Lookahead { Lookahead() }
    /// By default a screen has no idle work.
    public mutating func refine(maxRows: Int, env: ScreenEnvironment, measurer: some TextMeasuring) -> Bool { false }
    /// By default leaving needs nothing.
    public func closing() -> [Effect] { [] }
    /// By default coming back on top needs nothing.
    public mutating func revealed() {}
    /// By default a screen shows no single photo.
    public var viewedPhoto: Photo? { nil }
}

/// A screen's part in the split view of wide windows (seed 002).
public enum ScreenRole: Hashable, Sendable {
    /// Shown on the left beside a detail opened from it (a feed).
    case list
    /// Shown on the right of the list it was opened from (a post's details, the image view).
    case detail
}

/// What every screen may read of the app-wide state for one event or frame.
public struct ScreenEnvironment: Sendable {
    /// Now, on the app clock.
    public var time: Seconds
    /// Now as a wall-clock moment, for relative dates ("3h").
    public var now: Timestamp
    /// The theme in use.
    public var theme: Theme
    /// Size of the window's drawing area in points.
    public var windowSize: Size
    /// Device pixels per point.
    public var displayScale: DisplayScale
    /// The user's text size (1 = 100 %).
    public var textScale: Double
    /// Last known pointer position in window points; nil when outside the window.
    public var pointer: Point?
    /// Absolute path of the background image in use (the blurred backdrop every screen draws).
    public var backgroundPath: String
    /// True when a screen lies below this one, so the bar shows a back button.
    public var canGoBack: Bool
    /// The source's search index once built (searches scan the items until then).
    public var searchIndex: SearchIndex?

    /// Creates an environment.
    public init(time: Seconds, now: Timestamp, theme: Theme, windowSize: Size, displayScale: DisplayScale,
                textScale: Double, pointer: Point?, backgroundPath: String, canGoBack: Bool,
                searchIndex: SearchIndex? = nil) {
        self.time = time; self.now = now; self.theme = theme; self.windowSize = windowSize
        self.displayScale = displayScale; self.textScale = textScale; self.pointer = pointer
        self.backgroundPath = backgroundPath; self.canGoBack = canGoBack; self.searchIndex = searchIndex
    }

    /// The whole window in points.
    public var windowRect: Rect { Rect(origin: .zero, size: windowSize) }
    /// The bar at the top of the window.
    public var bar: NavigationBar { NavigationBar(windowWidth: windowSize.width) }
    /// The bar's left button: back on a pushed screen, else the menu of recently opened things
    /// (the app handles its clicks).
    public var barLeftIcon: Icon { canGoBack ? .back : .menu }

    /// The first command of a list screen's frame: the backdrop over the whole window with the
    /// column's tint (the theme's card tint) baked in over `column`, as one opaque image that never
    /// moves while the list scrolls.
    public func columnBackdrop(_ column: Rect) -> DrawCommand {
        let tint = columnTint
        return .image(backdrop(tints: [(tint, column)]), windowRect, placeholder: tint.over(theme.color(.backdrop)),
                      failureIcon: nil)
    }

    /// The highlight of a list row at `row` (points) over `columnBackdrop(column)`: that backdrop
    /// with the selection colour baked in everywhere, copied under a clip. A plain copy of the row's
    /// pixels each frame, where a translucent fill would blend every one; while it decodes (or if
    /// it cannot), its placeholder is the selection fill itself, which looks the same.
    public func rowHighlight(_ row: Rect, column: Rect) -> [DrawCommand] {
        let request = backdrop(tints: [(columnTint, column), (theme.color(.selection), windowRect)])
        return [.clip(row), .image(request, windowRect, placeholder: theme.color(.selection), failureIcon: nil),
                .clip(nil)]
    }

    /// The list column's tint: the theme's card tint at its opacity.
    var columnTint: RGBA { theme.color(.cardTint).withAlpha(theme.cardOpacity) }

    /// The blurred background image over the whole window, with `tint` baked into its pixels over
    /// `tintRect` (points): every screen's backdrop, drawn 1:1 without per-frame blending.
    public func backdrop(tint: RGBA, over tintRect: Rect) -> ImageRequest {
        backdrop(tints: [(tint, tintRect)])
    }

    /// The blurred background image over the whole window with `tints` (colour over points) baked
    /// into its pixels in order.
    func backdrop(tints: [(RGBA, Rect)]) -> ImageRequest {
        ImageRequest(source: .file(backgroundPath), size: displayScale.pixels(windowSize),
                     blurSigma: ChromeMetrics.backgroundBlurSigma * displayScale.factor,
                     tints: tints.map { ImageTint($0.0, over: displayScale.pixels($0.1)) })
    }
}
