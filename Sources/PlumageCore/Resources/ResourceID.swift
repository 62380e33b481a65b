/// Names one resource the core asked the platform for: unique for the life of a ledger, never
/// reused, so news about a request the core has since forgotten is recognised and dropped.
public struct ResourceID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number (1, 2, 3… in the order the ledger made them).
    public let value: Int
    /// Wraps `value`.
    public init(_ value: Int) { self.value = value }
    /// Older ids first.
    public static func < (a: ResourceID, b: ResourceID) -> Bool { a.value < b.value }
    public var description: String { "#\(value)" }
}
