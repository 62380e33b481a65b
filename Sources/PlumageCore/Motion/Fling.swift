import CMath

/// A coast after a release, as a value: launched with a velocity at `start`, it slows by
/// `MotionConstants.decelerationPerMs` each millisecond (velocity v₀·e^(−k·t)) and stops for good
/// where its speed falls below `minFlingSpeed`. It knows no bounds and reads no clock: the owner
/// adds `displacement(at:)` to where the release happened and clamps.
///
/// Example: `if let f = Fling(velocity: v, start: now) { motion = .fling(from: offset, f) }`;
/// each frame `offset = from + f.displacement(at: t)`, idle once `f.isStopped(at: t)`.
public struct Fling<Vector: MotionVector>: Hashable, Sendable {
    /// Velocity at `start`, in units per second (never longer than `maxFlingSpeed`).
    public let velocity: Vector
    /// When the fling began, in seconds on the app clock.
    public let start: Seconds

    /// A fling with `velocity` (scaled down to `maxFlingSpeed` when faster) from `start`; nil
    /// when it is slower than `minFlingSpeed`.
    public init?(velocity: Vector, start: Seconds) {
        let speed = velocity.magnitude
        guard min(speed, MotionConstants.maxFlingSpeed) >= MotionConstants.minFlingSpeed else { return nil }
        let cap = MotionConstants.maxFlingSpeed
        self.velocity = speed > cap ? velocity * cap / speed : velocity
        self.start = start
    }

    /// The velocity at `time`, v₀·e^(−k·t) (v₀ until `start`), whether or not it has stopped.
    public func velocity(at time: Seconds) -> Vector { velocity * decay(at: time) }

    /// True once the speed at `time` is below `minFlingSpeed`; `displacement` is then final.
    public func isStopped(at time: Seconds) -> Bool {
        velocity.magnitude * decay(at: time) < MotionConstants.minFlingSpeed
    }

    /// How far the fling has carried at `time`: v₀·(1 − e^(−k·t))/k, frozen where the speed
    /// reached `minFlingSpeed` (zero until `start`).
    public func displacement(at time: Seconds) -> Vector {
        let k = MotionConstants.decayPerSecond
        let speed = velocity.magnitude
        let decay = decay(at: time)
        let stopped = speed * decay < MotionConstants.minFlingSpeed
        return velocity * (stopped ? (1 - MotionConstants.minFlingSpeed / speed) / k : (1 - decay) / k)
    }

    /// e^(−k·t) for the time t since `start` (1 until `start`).
    private func decay(at time: Seconds) -> Double {
        exp(-MotionConstants.decayPerSecond * max(0, time - start))
    }
}
