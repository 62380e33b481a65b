import CMath

/// The numbers every kinetic motion shares, so the feed's scrolling and the image view's panning
/// feel the same (iOS's normal deceleration). Speeds are in the moving thing's own unit per
/// second: window points for the feed, device pixels for the image view.
public enum MotionConstants {
    /// Fling velocity kept per millisecond (iOS `UIScrollView.DecelerationRate.normal`).
    public static let decelerationPerMs = 0.998
    /// −ln(`decelerationPerMs`) per second, the k in a fling's velocity v₀·e^(−k·t) (≈ 2.002).
    public static let decayPerSecond = -1000 * log(decelerationPerMs)
    /// A fling stops once slower than this, in units per second; a slower release does not fling.
    public static let minFlingSpeed = 10.0
    /// Release speeds are capped to this, in units per second, so one noisy sample cannot launch
    /// the content.
    public static let maxFlingSpeed = 12_000.0
    /// A release velocity is measured over the pointer's samples in this many seconds before it.
    public static let velocityWindow: Seconds = 0.08
    /// Samples closer together in time than this show no velocity (a pointer that rested).
    public static let minVelocitySpan: Seconds = 0.001
}
