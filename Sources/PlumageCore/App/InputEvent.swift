/// Input as plain values: SDL events are translated into these at the platform boundary.

/// Keys the app distinguishes; printable keys arrive as `.character` (lowercase, unshifted).
public enum Key: Hashable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, space, tab
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

/// One input event, with positions in window points.
public enum InputEvent: Hashable, Sendable {
    case key(Key, Modifiers)
    /// Wheel motion in detents (fractional for precise wheels and touchpads); positive `dy` = away from the user.
    case wheel(dx: Double, dy: Double, at: Point, Modifiers)
    case pointerDown(MouseButton, at: Point)
    case pointerUp(MouseButton, at: Point)
    case pointerMoved(to: Point)
    /// The pointer left the window.
    case pointerLeft
    /// A two-finger pinch changed the zoom by `factor` (> 1 spreads) around a window point.
    case pinch(factor: Double, at: Point)
    /// The window's size in points and its pixel density changed.
    case resized(Size, DisplayScale)
    /// The window was asked to close.
    case quit
}

/// Side effects the app asks the platform to perform.
public enum Effect: Hashable, Sendable {
    case quit
    case toggleFullscreen
    case reload
    /// Open an http(s) URL in the desktop browser.
    case openURL(String)
}
