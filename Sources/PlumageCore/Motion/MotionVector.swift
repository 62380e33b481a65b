import Imaging

/// A displacement or velocity that `Fling` and `VelocityTracker` work on: `Double` for one axis
/// (the feed's offset), `DeviceVector` for two (the image view's origin).
public protocol MotionVector: AdditiveArithmetic, Hashable, Sendable {
    /// Every component times `factor`.
    static func * (lhs: Self, factor: Double) -> Self
    /// Every component divided by `divisor`.
    static func / (lhs: Self, divisor: Double) -> Self
    /// Euclidean length (for a `Double`, its absolute value).
    var magnitude: Double { get }
}

/// A position that `VelocityTracker` samples: the difference of two is a `MotionVector`.
public protocol MotionPosition: Hashable, Sendable {
    /// What lies between two positions.
    associatedtype Displacement: MotionVector
    /// The displacement from `rhs` to `lhs`.
    static func - (lhs: Self, rhs: Self) -> Displacement
}

extension Double: MotionVector {}

extension Double: MotionPosition {
    /// One axis: the difference of two positions is a plain `Double`.
    public typealias Displacement = Double
}

extension DeviceVector: MotionVector {}

extension DevicePoint: MotionPosition {
    /// Two axes: the difference of two points is a `DeviceVector`.
    public typealias Displacement = DeviceVector
}
