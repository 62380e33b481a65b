/// Where a dragged thing was recently, and the velocity that shows: the straight average from the
/// oldest to the newest sample within `MotionConstants.velocityWindow` before the asking time.
/// Older samples are dropped as new ones arrive, so a long drag keeps a handful.
///
/// Example: on press `var t = VelocityTracker<Double>(); t.add(y, at: now)`; on each move
/// `t.add(y, at: now)`; on release `if let v = t.velocity(at: now) { … }`.
public struct VelocityTracker<Position: MotionPosition>: Hashable, Sendable {
    /// One position and when it was there.
    private struct Sample: Hashable, Sendable {
        /// Where the tracked thing was.
        var position: Position
        /// When, in seconds on the app clock.
        var time: Seconds
    }

    /// Samples within the window before the newest, oldest first.
    private var samples: [Sample] = []

    /// A tracker with no samples.
    public init() {}

    /// The newest position added, nil before the first.
    public var latest: Position? { samples.last?.position }

    /// Records `position` at `time`, dropping samples older than `velocityWindow` before `time`.
    public mutating func add(_ position: Position, at time: Seconds) {
        samples.removeAll { $0.time < time - MotionConstants.velocityWindow }
        samples.append(Sample(position: position, time: time))
    }

    /// Units per second between the oldest and newest samples within `velocityWindow` before
    /// `time`; nil when those lie `minVelocitySpan` or less apart (one sample: the pointer rested).
    public func velocity(at time: Seconds) -> Position.Displacement? {
        let recent = samples.filter { $0.time >= time - MotionConstants.velocityWindow }
        guard let first = recent.first, let last = recent.last,
            last.time - first.time > MotionConstants.minVelocitySpan
        else { return nil }
        return (last.position - first.position) / (last.time - first.time)
    }
}
