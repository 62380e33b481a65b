import Foundation
import PlumageCore

/// Decoded photo levels keyed by (path, level), bounded in bytes; least recently used go first,
/// except levels of photos ranked above the one being stored. Main thread.
public struct PhotoCache {
    /// One cached level.
    public struct Entry: Sendable {
        /// The pixels, EXIF orientation applied.
        public var bitmap: Bitmap
        /// True for a DCT-scaled JPEG preview that the full-quality level will replace.
        public var isPreview: Bool
    }

    /// A level of a photo.
    struct Key: Hashable {
        /// The photo's path.
        var path: String
        /// The pyramid level (0 = full resolution).
        var level: Int
    }

    private var storage: CostCache<Key, Entry>
    private var costs: [Key: Int] = [:]

    /// Creates an empty cache holding at most `byteLimit` bytes of pixels.
    public init(byteLimit: Int) { storage = CostCache(costLimit: byteLimit) }

    /// Bytes of pixels held.
    public var totalBytes: Int { storage.totalCost }

    /// The bound on `totalBytes`.
    public var byteLimit: Int { storage.costLimit }

    /// The cached level, marking it recently used; nil when absent.
    public mutating func entry(path: String, level: Int) -> Entry? { storage.value(for: Key(path: path, level: level)) }

    /// True when level `level` of `path` is cached; does not change recency.
    public func contains(path: String, level: Int) -> Bool { storage.contains(Key(path: path, level: level)) }

    /// True when a full-quality (non-preview) level 0…`level` of `path` is cached.
    mutating func hasFinal(path: String, atOrBelow level: Int) -> Bool {
        (0...max(0, level)).contains { entry(path: path, level: $0)?.isPreview == false }
    }

    /// Stores `entry` as level `level` of `path`, evicting least recently used levels of photos that
    /// `outranks` does not protect (it gets each cached photo's path). Returns false, storing
    /// nothing, when that cannot free enough bytes.
    @discardableResult
    public mutating func insert(
        _ entry: Entry, path: String, level: Int, outranks: (_ cachedPath: String) -> Bool
    ) -> Bool {
        let key = Key(path: path, level: level)
        let cost = entry.bitmap.byteCount
        let previous = storage.removeValue(for: key)
        var excess = storage.totalCost + cost - storage.costLimit
        var victims: [Key] = []
        for old in storage.keysByRecency.reversed() where excess > 0 && !outranks(old.path) {
            victims.append(old)
            excess -= costs[old] ?? 0
        }
        guard excess <= 0 else {
            if let previous { storage.insert(previous, for: key, cost: costs[key] ?? 0) } else { costs[key] = nil }
            return false
        }
        for victim in victims {
            storage.removeValue(for: victim)
            costs[victim] = nil
        }
        storage.insert(entry, for: key, cost: cost)
        costs[key] = cost
        return true
    }
}
