import CMath

/// One ease-out as a value: started at `start` on the app clock, it takes `duration` seconds
/// along the cubic 1 − (1 − u)³ (fast at first, landing gently, no overshoot). The feed's
/// animated scrolls and the image view's animated zooms and pans all run on it.
///
/// Example: `let e = Easing(start: now, duration: 0.12)`; each frame
/// `offset = e.value(from: a, to: b, at: t)` until `e.isFinished(at: t)`.
public struct Easing: Hashable, Sendable {
    /// When the ease began, in seconds on the app clock.
    public var start: Seconds
    /// How long it takes to arrive, in seconds.
    public var duration: Seconds

    /// An ease from `start` lasting `duration` seconds (ends at once when `duration` ≤ 0).
    public init(start: Seconds, duration: Seconds) {
        self.start = start
        self.duration = duration
    }

    /// The ease-out cubic 1 − (1 − u)³ for `u` in 0…1: 0 → 0, 1 → 1, slope 3 at 0 and 0 at 1.
    public static func easeOut(_ u: Double) -> Double { 1 - (1 - u) * (1 - u) * (1 - u) }

    /// The `u` in 0…1 at which `easeOut(u)` is `y` (0…1): 1 − ∛(1 − y). Lets a reversed animation
    /// start from where the interrupted one had got to.
    public static func easeOutInverse(_ y: Double) -> Double { 1 - cbrt(1 - max(0, min(1, y))) }

    /// The share of `duration` elapsed at `time`, in 0…1: 0 until `start`, 1 from the end on.
    public func progress(at time: Seconds) -> Double {
        guard duration > 0 else { return 1 }
        return max(0, min(1, (time - start) / duration))
    }

    /// True from `start + duration` on.
    public func isFinished(at time: Seconds) -> Bool { progress(at: time) >= 1 }

    /// The eased share of the way at `time`: `easeOut(progress(at: time))`, in 0…1.
    public func fraction(at time: Seconds) -> Double { Self.easeOut(progress(at: time)) }

    /// `from` moved the eased share of the way to `to` at `time`; exactly `to` once finished.
    public func value(from: Double, to: Double, at time: Seconds) -> Double {
        isFinished(at: time) ? to : from + (to - from) * fraction(at: time)
    }
}
