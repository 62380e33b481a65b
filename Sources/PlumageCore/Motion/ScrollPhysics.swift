#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One vertical scroller as a value: offset in points (0 = top), clamped to `0…maxOffset`
/// at all times (no rubber band: the feed stops hard at its ends, like a desktop list).
///
/// Time is passed in as seconds on the app's clock; nothing here reads a clock. Motions:
/// - wheel and animated key scrolls ease toward a target over `easeDuration` (ease-out cubic);
///   input arriving mid-ease adds to the target, so consecutive detents accumulate;
/// - a drag moves the content with the finger exactly (the grabbed point stays under it);
/// - releasing a drag flings with the finger's velocity over the last `velocityWindow`,
///   decaying by `decelerationPerMs` per millisecond (iOS's normal rate), until slower than
///   `minFlingSpeed`.
///
/// Example: `var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)`;
/// `s.wheel(deltaPoints: 48, at: t)`; then each frame `if s.advance(to: now) { redraw }`.
public struct ScrollPhysics: Hashable, Sendable {
    /// Distance of one arrow key or `j`/`k` press, in points.
    public static let lineStep = 48.0
    /// How long a wheel or animated key scroll takes to reach its target, in seconds.
    public static let easeDuration = 0.12
    /// Fling velocity kept per millisecond (iOS `UIScrollView.DecelerationRate.normal`).
    public static let decelerationPerMs = 0.998
    /// A fling stops once slower than this, in points per second.
    public static let minFlingSpeed = 10.0
    /// Fling speeds are capped to this, in points per second, so one noisy sample cannot launch the list.
    public static let maxFlingSpeed = 12_000.0
    /// A drag's release velocity is measured over this many seconds before release.
    public static let velocityWindow = 0.08
    /// Smallest scroll-indicator thumb, in points.
    public static let minThumbHeight = 24.0
    /// −ln(`decelerationPerMs`) per second: velocity(t) = v₀·e^(−k·t).
    private static let decayPerSecond = 2.0020026706730793

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
        /// Easing from `from` to `to`, started at `start`.
        case ease(from: Double, to: Double, start: Double)
        /// Flinging from `from` with `velocity` (points/second, offset units), started at `start`.
        case fling(from: Double, velocity: Double, start: Double)
        /// Following a finger or mouse that grabbed the content at `y` when the offset was `offset`.
        case drag(y: Double, offset: Double, samples: [DragSample])
    }

    /// One pointer position during a drag.
    private struct DragSample: Hashable, Sendable {
        /// Pointer y in points.
        var y: Double
        /// When it was there, in seconds on the app clock.
        var time: Double
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
    public mutating func wheel(deltaPoints: Double, at time: Double) {
        scroll(by: deltaPoints, animated: true, at: time)
    }

    /// Scrolls by `delta` points (keys: `lineStep`, `pageStep`), easing when `animated` (added to
    /// the running target mid-ease); ignored while dragging.
    public mutating func scroll(by delta: Double, animated: Bool, at time: Double) {
        advance(to: time)
        let base = if case .ease(_, let to, _) = motion { to } else { offset }
        scroll(to: base + delta, animated: animated, at: time)
    }

    /// Scrolls to `target` (clamped; Home is 0, End is `maxOffset`), easing when `animated`;
    /// ignored while dragging.
    public mutating func scroll(to target: Double, animated: Bool, at time: Double) {
        advance(to: time)
        if isDragging { return }
        let goal = clamped(target)
        if animated && goal != offset {
            motion = .ease(from: offset, to: goal, start: time)
        } else {
            offset = goal
            motion = .idle
        }
    }

    /// Stops any ease, fling or drag where it is.
    public mutating func stop() { motion = .idle }

    /// Grabs the content at window y `y`, stopping any animation.
    public mutating func dragBegan(y: Double, at time: Double) {
        advance(to: time)
        motion = .drag(y: y, offset: offset, samples: [DragSample(y: y, time: time)])
    }

    /// Moves the grabbed point to `y`: the content follows exactly, within `0…maxOffset`.
    public mutating func dragMoved(y: Double, at time: Double) {
        guard case .drag(let startY, let startOffset, var samples) = motion else { return }
        samples.removeAll { $0.time < time - ScrollPhysics.velocityWindow }
        samples.append(DragSample(y: y, time: time))
        offset = clamped(startOffset - (y - startY))
        motion = .drag(y: startY, offset: startOffset, samples: samples)
    }

    /// Releases the drag and flings with the pointer's velocity over the last `velocityWindow`
    /// (no fling when the pointer rested before release or moved slower than `minFlingSpeed`).
    public mutating func dragEnded(at time: Double) {
        guard case .drag(_, _, let samples) = motion else { return }
        motion = .idle
        let recent = samples.filter { $0.time >= time - ScrollPhysics.velocityWindow }
        guard let first = recent.first, let last = recent.last, last.time - first.time > 0.001 else { return }
        let fingerVelocity = (last.y - first.y) / (last.time - first.time)
        let velocity = max(-ScrollPhysics.maxFlingSpeed, min(ScrollPhysics.maxFlingSpeed, -fingerVelocity))
        if abs(velocity) >= ScrollPhysics.minFlingSpeed {
            motion = .fling(from: offset, velocity: velocity, start: time)
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
        case .ease(let from, let to, let start):
            motion = .ease(from: from + shift, to: clamped(to + shift), start: start)
        case .fling(let from, let velocity, let start):
            motion = .fling(from: from + shift, velocity: velocity, start: start)
        case .drag(let y, let dragOffset, let samples):
            motion = .drag(y: y, offset: dragOffset + shift, samples: samples)
        }
        offset = clamped(offset + shift)
    }

    /// Moves an ease or fling to `time`; returns true while it is still running.
    @discardableResult
    public mutating func advance(to time: Double) -> Bool {
        switch motion {
        case .idle, .drag:
            break
        case .ease(let from, let to, let start):
            let u = max(0, min(1, (time - start) / ScrollPhysics.easeDuration))
            let eased = 1 - (1 - u) * (1 - u) * (1 - u)
            offset = clamped(u >= 1 ? to : from + (to - from) * eased)
            if u >= 1 { motion = .idle }
        case .fling(let from, let velocity, let start):
            let k = ScrollPhysics.decayPerSecond
            let now = velocity * exp(-k * max(0, time - start))
            let stopped = abs(now) < ScrollPhysics.minFlingSpeed
            let restingVelocity = stopped ? (velocity < 0 ? -1 : 1) * ScrollPhysics.minFlingSpeed : now
            let position = from + (velocity - restingVelocity) / k
            offset = clamped(position)
            if stopped || offset != position { motion = .idle }
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
