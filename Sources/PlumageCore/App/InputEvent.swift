import Imaging

/// Everything that reaches the app, as plain values: SDL input translated at the platform
/// boundary, the platform's news (decoded photos, a reloaded source) and its answers to effects
/// (a link opened, a source opened). One channel: all of it goes through `AppState.handle(_:at:)`.

/// Keys the app distinguishes; printable keys arrive as `.character` (lowercase, unshifted).
public enum Key: Hashable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, delete, space, tab
    case f5, f11, f12
    case character(Character)
}

/// Modifier keys held with a key or wheel event.
public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The modifier bits: shift 1, control 2, alt 4.
    public let rawValue: UInt8
    /// Creates modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Either Shift key.
    public static let shift = Modifiers(rawValue: 1)
    /// Either Control key.
    public static let control = Modifiers(rawValue: 2)
    /// Either Alt key.
    public static let alt = Modifiers(rawValue: 4)
}

/// Mouse buttons the app distinguishes.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right, back, forward
}

/// What the platform learnt about one photo of the image view since the last frame.
public enum PhotoNews: Hashable, Sendable {
    /// The header was read: the photo's size as shown (EXIF orientation applied).
    case size(source: ResourceLocator, PixelSize)
    /// Pyramid level `level` (0 = full resolution, k = 1/2^k) has pixels ready to draw.
    case level(source: ResourceLocator, level: Int)
    /// Some of the photo's pixels are not fully opaque: it is drawn blended, over a checkerboard
    /// or the backdrop. Heard before its levels.
    case transparent(source: ResourceLocator)
    /// The photo cannot be shown, and why.
    case failed(source: ResourceLocator, ImageError)
    /// The pixels of pyramid level `level` were let go (the decoded-pixel budget needed the room):
    /// it cannot be drawn until decoded again.
    case dropped(source: ResourceLocator, level: Int)

    /// The photo the news is about.
    public var source: ResourceLocator {
        switch self {
        case let .size(source, _), let .level(source, _), let .transparent(source), let .failed(source, _),
             let .dropped(source, _): source
        }
    }
}

/// One event, with positions in window points.
public enum InputEvent: Hashable, Sendable {
    /// A key went down with these modifiers held.
    case key(Key, Modifiers)
    /// Wheel motion in detents (fractional for precise wheels and touchpads); positive `dy` = away from the user.
    case wheel(dx: Double, dy: Double, at: Point, Modifiers)
    /// A mouse button went down at a window point.
    case pointerDown(MouseButton, at: Point)
    /// A mouse button went up at a window point.
    case pointerUp(MouseButton, at: Point)
    /// The pointer moved to a window point.
    case pointerMoved(to: Point)
    /// The pointer left the window.
    case pointerLeft
    /// A two-finger pinch changed the zoom by `factor` (> 1 spreads) around a window point.
    case pinch(factor: Double, at: Point)
    /// Text typed while text input is on (the platform's committed text, IME results included).
    case text(String)
    /// The IME's text being composed (not committed yet; empty when the composition ended).
    case composition(String)
    /// Text pasted from the clipboard (Ctrl+V, Shift+Insert).
    case paste(String)
    /// The window's size in points and its pixel density changed.
    case resized(Size, DisplayScale)
    /// The window was asked to close.
    case quit
    /// Platform news about a photo's decoding (every screen on the stack hears it).
    case photo(PhotoNews)
    /// Platform news about an image the resource ledger asked for (the ledger hears it, no screen).
    case resource(ResourceID, ResourceStatus)
    /// The source was read again from disk (F5): screens showing it switch to the new one.
    case sourceReloaded(FeedSource)
    /// What came of reading a live page (`Effect.readLivePages`): every screen hears it, and the
    /// live page ledger (a stored copy may come first, then the final answer).
    case livePage(LivePageRequest, LivePageResult)
    /// A text block with clickable runs was drawn: where its runs really are (lines × runs), for
    /// hit-testing what was drawn. `key` is the text command's key.
    case textRendered(key: String, runs: [[RunExtent]])
    /// The search index of the source's items is ready (built off the main thread).
    case searchIndex(SearchIndex)
    /// How far reading the source in the background has got; nil when it is done.
    case loading(LoadingBar?)
    /// Something the user asked for could not be done; shown as a notice (F5 on a broken file).
    case failed(String)
    /// The background scan of a photo folder found more places and photos (every screen hears it).
    case placesScanned(PlaceScanBatch)
    /// Headers of a place's photos were read in the background (every screen hears it).
    case photoHeaders(PhotoHeaderBatch)
    /// The recently opened list was read at start; `notices` are what went wrong reading the files
    /// read at start (the settings, the list), shown together as one notice.
    case recentsLoaded(Recents, notices: [String])
    /// A source was opened or a photo viewed: it goes first in the recently opened list, which is saved.
    case recentOpened(RecentEntry)
    /// A recently opened entry was opened: its content replaces every screen.
    case opened(OpenedContent)
    /// The platform starts reading the source shown (`SourceRead`); the core answers with
    /// `Effect.readSource` and the search-index generation the reading is for.
    case readingSource(SourceRead)
    /// Reading or opening a source went wrong, or it was read with warnings (shown as a notice).
    case sourceTrouble(SourceTrouble)
    /// The platform tried to open a link or file with the desktop's programs (`Effect.openURL`,
    /// `Effect.openFile`): how it went (anything but `.opened` is shown as a notice).
    case linkOpened(LinkTarget, LinkOutcome)
}

extension InputEvent {
    /// Where a pointer event happened, in window points; nil for other events.
    public var location: Point? {
        switch self {
        case let .wheel(_, _, p, _), let .pointerDown(_, p), let .pointerUp(_, p), let .pointerMoved(p),
             let .pinch(_, p): p
        default: nil
        }
    }

    /// The event with its location moved `dx` points to the right (into a pane's own points).
    public func moved(by dx: Double) -> InputEvent {
        func m(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y) }
        switch self {
        case let .wheel(x, y, p, mods): return .wheel(dx: x, dy: y, at: m(p), mods)
        case let .pointerDown(b, p): return .pointerDown(b, at: m(p))
        case let .pointerUp(b, p): return .pointerUp(b, at: m(p))
        case let .pointerMoved(p): return .pointerMoved(to: m(p))
        case let .pinch(f, p): return .pinch(factor: f, at: m(p))
        default: return self
        }
    }
}

