/// A least-recently-used cache bounded by total cost (bytes, not entry count). Every operation is
/// O(1): a dictionary maps keys to slots of an intrusive doubly linked list kept in arrays.
/// Values that leave the cache are handed back, so owners of resources (SDL textures) can release
/// them on the right thread.
public struct CostCache<Key: Hashable, Value> {
    /// A key and value that left the cache.
    public typealias Entry = (key: Key, value: Value)

    /// Slot storage; a slot is live when `keys[slot]` is non-nil.
    private var keys: [Key?] = []
    private var values: [Value?] = []
    private var costs: [Int] = []
    private var newer: [Int] = []
    private var older: [Int] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    /// Most and least recently used slots, -1 when empty.
    private var newest = -1
    private var oldest = -1

    /// Sum of the costs of the entries held.
    public private(set) var totalCost = 0
    /// The bound on `totalCost`; lowering it evicts least recently used entries (dropping them).
    public var costLimit: Int {
        didSet { trim(toCost: costLimit) }
    }

    /// Creates an empty cache holding at most `costLimit` total cost.
    public init(costLimit: Int) { self.costLimit = costLimit }

    /// Number of entries held.
    public var count: Int { slots.count }

    /// The value for `key`, marking it most recently used; nil when absent.
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        pushNewest(slot)
        return values[slot]
    }

    /// True when `key` is cached; does not change recency.
    public func contains(_ key: Key) -> Bool { slots[key] != nil }

    /// Stores `value` for `key` as most recently used, then evicts least recently used entries until
    /// `totalCost ≤ costLimit` (a value costlier than the limit is itself evicted). Returns every entry
    /// that left: the replaced value for `key`, if any, then evictions from oldest.
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Entry] {
        var gone: [Entry] = []
        if let old = removeValue(for: key) { gone.append((key, old)) }
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            keys[slot] = key
            values[slot] = value
            costs[slot] = cost
        } else {
            slot = keys.count
            keys.append(key)
            values.append(value)
            costs.append(cost)
            newer.append(-1)
            older.append(-1)
        }
        slots[key] = slot
        totalCost += cost
        pushNewest(slot)
        gone += trim(toCost: costLimit)
        return gone
    }

    /// Removes and returns the value for `key`, or nil when absent.
    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let slot = slots.removeValue(forKey: key) else { return nil }
        unlink(slot)
        let value = values[slot]
        keys[slot] = nil
        values[slot] = nil
        totalCost -= costs[slot]
        freeSlots.append(slot)
        return value
    }

    /// Evicts least recently used entries until `totalCost ≤ limit` (leaving `costLimit` as is) and
    /// returns them, oldest first.
    @discardableResult
    public mutating func trim(toCost limit: Int) -> [Entry] {
        var gone: [Entry] = []
        while totalCost > limit, oldest >= 0, let key = keys[oldest], let value = removeValue(for: key) {
            gone.append((key, value))
        }
        return gone
    }

    /// Removes every entry and returns them, oldest first.
    @discardableResult
    public mutating func removeAll() -> [Entry] { trim(toCost: Int.min) }

    /// Calls `body` with keys from least to most recently used until it returns false; O(keys visited).
    public func visitFromOldest(_ body: (Key) -> Bool) {
        var slot = oldest
        while slot >= 0, let key = keys[slot], body(key) { slot = newer[slot] }
    }

    /// Keys from most to least recently used.
    public var keysByRecency: [Key] {
        var result: [Key] = []
        var slot = newest
        while slot >= 0, let key = keys[slot] {
            result.append(key)
            slot = older[slot]
        }
        return result
    }

    private mutating func unlink(_ slot: Int) {
        let n = newer[slot]
        let o = older[slot]
        if n >= 0 { older[n] = o } else { newest = o }
        if o >= 0 { newer[o] = n } else { oldest = n }
        newer[slot] = -1
        older[slot] = -1
    }

    private mutating func pushNewest(_ slot: Int) {
        older[slot] = newest
        newer[slot] = -1
        if newest >= 0 { newer[newest] = slot } else { oldest = slot }
        newest = slot
    }
}

extension CostCache: Sendable where Key: Sendable, Value: Sendable {}
