/// When to write a value that keeps changing: "a moment after a change". Each change (re)starts a
/// wait of `delay` seconds; the value is due once that much time passed with no further change.
/// A change back to the value last written cancels the wait.
public struct SaveDebounce<Value: Equatable & Sendable>: Sendable {
    /// Seconds without change before a write.
    public let delay: Double
    /// The value last written (or the one at start, which needs no writing).
    public private(set) var written: Value
    /// The value waiting to be written; nil when nothing is.
    public private(set) var pending: Value?
    /// When `pending` is due; nil when nothing waits.
    public private(set) var deadline: Double?

    /// Starts with `written` as the value on disk.
    public init(delay: Double = 0.5, written: Value) {
        self.delay = delay
        self.written = written
    }

    /// Notes the value at `time`: a change restarts the wait; the same value changes nothing.
    public mutating func observe(_ value: Value, at time: Double) {
        if value == (pending ?? written) { return }
        if value == written {
            pending = nil
            deadline = nil
        } else {
            pending = value
            deadline = time + delay
        }
    }

    /// The value to write when it is due at `time` (it then counts as written), else nil.
    public mutating func take(at time: Double) -> Value? {
        guard let deadline, time >= deadline else { return nil }
        return flush()
    }

    /// The value still waiting, due or not (it then counts as written); nil when none (at quit).
    public mutating func flush() -> Value? {
        guard let value = pending else { return nil }
        written = value
        pending = nil
        deadline = nil
        return value
    }
}
