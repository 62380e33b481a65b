/// The pointer over a vertically scrolled list, one mechanism for every list screen: the wheel
/// scrolls (smoothly, `FeedMetrics.wheelStep` points a detent), a left press stops a fling and may
/// become a drag that moves the content and flings on release, and a release where it was pressed
/// is a click.
extension ScrollPhysics {
    /// Applies `event` with the press in progress `drag` (nil when the button is up); returns the
    /// window point of a click (a left release that never became a drag), else nil. Presses the
    /// caller does not want the list to take (on the bar) must be filtered out before.
    public mutating func follow(_ event: InputEvent, drag: inout DragGesture?, at time: Seconds) -> Point? {
        switch event {
        case let .wheel(_, dy, _, _):
            wheel(deltaPoints: -dy * FeedMetrics.wheelStep, at: time)
        case let .pointerDown(.left, point):
            drag = .began(at: point)
            stop()
        case let .pointerMoved(point):
            guard var d = drag else { break }
            let wasDrag = d.moved
            if d.moved(to: point) {
                if !wasDrag { dragBegan(y: d.start.y, at: time) }
                dragMoved(y: point.y, at: time)
            }
            drag = d
        case let .pointerUp(.left, point):
            guard let d = drag else { break }
            drag = nil
            if d.moved { dragEnded(at: time) } else { return point }
        default:
            break
        }
        return nil
    }
}
