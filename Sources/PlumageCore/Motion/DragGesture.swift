/// A button press that may become a drag, in window points. It stays a press (a click, if
/// released now) until the pointer has moved more than `threshold` points from where the button
/// went down on either axis; from then on it is a drag, even if the pointer comes back. The feed
/// and the image view share it, so a click that wobbles a little neither scrolls nor pans.
///
/// Example: on press `press = DragGesture.began(at: p)`; on each move
/// `let wasDrag = press.moved; if press.moved(to: q) { if !wasDrag { grab at press.start }; follow q }`;
/// on release, end the drag when `press.moved`, else treat it as a click.
public struct DragGesture: Hashable, Sendable {
    /// How far the pointer must move from the press, in window points on either axis (more than
    /// this, not equal), before the press becomes a drag; one value for every screen.
    public static let threshold = 4.0

    /// Where the button went down, in window points.
    public let start: Point
    /// True once the pointer has moved past `threshold` from `start`; never false again.
    public private(set) var moved = false

    /// A press at `point` in window points, not yet a drag.
    public static func began(at point: Point) -> DragGesture { DragGesture(start: point) }

    /// The press with the button down at `start`.
    private init(start: Point) { self.start = start }

    /// Notes the pointer at `point` (window points); returns true when the gesture is a drag:
    /// `point` is more than `threshold` from `start` on either axis, or an earlier one was.
    public mutating func moved(to point: Point) -> Bool {
        if !moved && (abs(point.x - start.x) > Self.threshold || abs(point.y - start.y) > Self.threshold) {
            moved = true
        }
        return moved
    }
}
