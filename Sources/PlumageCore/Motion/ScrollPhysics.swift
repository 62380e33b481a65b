/// One vertical scroller as a value: offset in points (0 = top), clamped to `0…maxOffset`
/// at all times (no rubber band: the feed stops hard at its ends, like a desktop list).
///
/// Time is passed in as seconds on the app's clock; nothing here reads a clock. Motions:
/// - wheel and animated key scrolls ease toward a target over `easeDuration` (`Easing`'s
///   ease-out cubic); input arriving mid-ease adds to the target, so consecutive detents accumulate;
/// - a drag moves the content with the finger exactly (the grabbed point stays under it);
/// - releasing a drag flings (`Fling`) with the finger's velocity over the last
///   `MotionConstants.velocityWindow` (`VelocityTracker`), decaying by
///   `MotionConstants.decelerationPerMs` per millisecond until slower than `MotionConstants.minFlingSpeed`.
///
/// Example: `var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)`;
/// `s.wheel(deltaPoints: 48, at: t)`; then each frame `if s.advance(to: now) { redraw }`.
public struct ScrollPhysics: Hashable, Sendable {
    /// Distance of one arrow key or `j`/`k` press, in points.
    public static let lineStep = 48.0
    /// How long a wheel or animated key scroll takes to reach its target, in seconds.
    public static let easeDuration: Seconds = 0.12
    /// Smallest scroll-indicator thumb, in points.
    public static let minThumbHeight = 24.0

    /// Distance from the top of the content to the top of the viewport, in points.
    public private(set) var offset: Double
    /// Height of everything that scrolls, in points.
    public private(set) var contentHeight: Double
    /// Height of the visible part, in points.
    public private(set) var viewportHeight: Double
    private var motion = Motion.idle

    /// What the scroller is doing between events.
    private enum Motion: Hashable, Sendable {
        case idle
        /// Easing from offset `from` to offset `to`.
        case ease(from: Double, to: Double, Easing)
        /// Flinging from offset `from` (velocity in offset points per second).
        case fling(from: Double, Fling<Double>)
        /// Following a finger or mouse that grabbed the content at `y` when the offset was
        /// `offset`; `pointer` tracks the pointer's y.
        case drag(y: Double, offset: Double, pointer: VelocityTracker<Double>)
    }

    /// Creates a scroller at `offset` (clamped).
    public init(contentHeight: Double, viewportHeight: Double, offset: Double = 0) {
        self.contentHeight = max(0, contentHeight)
        self.viewportHeight = max(0, viewportHeight)
        self.offset = 0
        self.offset = clamped(offset)
    }

    /// The largest offset: the content's bottom at the viewport's bottom (0 when the content fits).
    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }
    /// A page for PgUp/PgDn: the viewport less one line of overlap (at least one line).
    public var pageStep: Double { max(ScrollPhysics.lineStep, viewportHeight - ScrollPhysics.lineStep) }
    /// True while an ease or fling runs, i.e. while `advance(to:)` still moves the offset.
    public var isAnimating: Bool {
        switch motion {
        case .ease, .fling: true
        case .idle, .drag: false
        }
    }
    /// True between `dragBegan` and `dragEnded`.
    public var isDragging: Bool {
        if case .drag = motion { true } else { false }
    }

    /// Scrolls smoothly by `deltaPoints` (positive moves toward the end); fractional touchpad
    /// deltas work. Added to the running target when an ease is under way; ignored while dragging.
    public mutating func wheel(deltaPoints: Double, at time: Seconds) {
        scroll(by: deltaPoints, animated: true, at: time)
    }

    /// Scrolls by `delta` points (keys: `lineStep`, `pageStep`), easing when `animated` (added to
    /// the running target mid-ease); ignored while dragging.
    public mutating func scroll(by delta: Double, animated: Bool, at time: Seconds) {
        advance(to: time)
        let base = if case .ease(_, let to, _) = motion { to } else { offset }
        scroll(to: base + delta, animated: animated, at: time)
    }

    /// Scrolls to `target` (clamped; Home is 0, End is `maxOffset`), easing when `animated`;
    /// ignored while dragging.
    public mutating func scroll(to target: Double, animated: Bool, at time: Seconds) {
        advance(to: time)
        if isDragging { return }
        let goal = clamped(target)
        if animated && goal != offset {
            motion = .ease(from: offset, to: goal, Easing(start: time, duration: ScrollPhysics.easeDuration))
        } else {
            offset = goal
            motion = .idle
        }
    }

    /// Scrolls (eased) just enough that content `top…bottom`, grown by `margin`, shows in a view
    /// `visible` points tall; its top wins when it is taller than that. Nothing when it shows already.
    public mutating func reveal(top: Double, bottom: Double, visible: Double, margin: Double = 0, at time: Seconds) {
        if top - margin < offset {
            scroll(to: top - margin, animated: true, at: time)
        } else if bottom + margin > offset + visible {
            scroll(to: min(top - margin, bottom + margin - visible), animated: true, at: time)
        }
    }

    /// Stops any ease, fling or drag where it is.
    public mutating func stop() { motion = .idle }

    /// Grabs the content at window y `y`, stopping any animation.
    public mutating func dragBegan(y: Double, at time: Seconds) {
        advance(to: time)
        var pointer = VelocityTracker<Double>()
        pointer.add(y, at: time)
        motion = .drag(y: y, offset: offset, pointer: pointer)
    }

    /// Moves the grabbed point to `y`: the content follows exactly, within `0…maxOffset`.
    public mutating func dragMoved(y: Double, at time: Seconds) {
        guard case .drag(let startY, let startOffset, var pointer) = motion else { return }
        pointer.add(y, at: time)
        offset = clamped(startOffset - (y - startY))
        motion = .drag(y: startY, offset: startOffset, pointer: pointer)
    }

    /// Releases the drag and flings against the pointer's velocity over the last
    /// `MotionConstants.velocityWindow` (no fling when the pointer rested before release or
    /// moved slower than `MotionConstants.minFlingSpeed`).
    public mutating func dragEnded(at time: Seconds) {
        guard case .drag(_, _, let pointer) = motion else { return }
        motion = .idle
        if let fingerVelocity = pointer.velocity(at: time), let fling = Fling(velocity: -fingerVelocity, start: time) {
            motion = .fling(from: offset, fling)
        }
    }

    /// Sets new extents. `newOffset` is the offset to show now (e.g. the re-laid-out position
    /// of the top row), nil to keep the current one; a running ease, fling or drag carries on
    /// shifted by the same amount. The offset is re-clamped either way.
    public mutating func resize(contentHeight: Double, viewportHeight: Double, keepingOffset newOffset: Double? = nil) {
        self.contentHeight = max(0, contentHeight)
        self.viewportHeight = max(0, viewportHeight)
        let shift = (newOffset ?? offset) - offset
        switch motion {
        case .idle: break
        case .ease(let from, let to, let easing):
            motion = .ease(from: from + shift, to: clamped(to + shift), easing)
        case .fling(let from, let fling):
            motion = .fling(from: from + shift, fling)
        case .drag(let y, let dragOffset, let pointer):
            motion = .drag(y: y, offset: dragOffset + shift, pointer: pointer)
        }
        offset = clamped(offset + shift)
    }

    /// Moves an ease or fling to `time`; returns true while it is still running.
    @discardableResult
    public mutating func advance(to time: Seconds) -> Bool {
        switch motion {
        case .idle, .drag:
            break
        case .ease(let from, let to, let easing):
            offset = clamped(easing.value(from: from, to: to, at: time))
            if easing.isFinished(at: time) { motion = .idle }
        case .fling(let from, let fling):
            let position = from + fling.displacement(at: time)
            offset = clamped(position)
            if fling.isStopped(at: time) || offset != position { motion = .idle }
        }
        return isAnimating
    }

    /// The scroll-indicator thumb in a track `trackHeight` points tall: its top relative to the
    /// track's top and its height (at least `minThumbHeight`); nil when the content fits.
    public func indicator(trackHeight: Double) -> (y: Double, height: Double)? {
        guard maxOffset > 0, trackHeight > 0 else { return nil }
        let height = min(trackHeight, max(ScrollPhysics.minThumbHeight, trackHeight * viewportHeight / contentHeight))
        return (y: (trackHeight - height) * offset / maxOffset, height: height)
    }

    /// `value` limited to `0…maxOffset`.
    private func clamped(_ value: Double) -> Double { max(0, min(maxOffset, value.isFinite ? value : 0)) }
}
