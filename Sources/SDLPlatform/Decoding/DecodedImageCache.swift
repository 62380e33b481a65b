import Foundation
import Imaging
import PlumageCore

/// The app's one cache of decoded pixels, bounded in bytes and shared by the image view (its photos'
/// pyramid levels) and the feed (its finished, masked images, so a texture evicted from `ImageStore`
/// comes back without decoding). Least recently used go first, except levels of photos the caller
/// ranks above the one being stored. Main thread only.
public final class DecodedImageCache {
    /// One cached bitmap.
    public struct Entry: Sendable {
        /// The pixels (photo levels: EXIF orientation applied).
        public var bitmap: Bitmap
        /// True for a DCT-scaled JPEG preview that the full-quality level will replace.
        public var isPreview: Bool
    }

    /// What an entry is.
    enum Key: Hashable {
        /// Pyramid level `level` (0 = full resolution) of the photo at `source`.
        case level(source: ResourceLocator, level: Int)
        /// A feed image as drawn.
        case image(ImageRequest)

        /// The file the entry comes from.
        var source: ResourceLocator {
            switch self {
            case .level(let source, _): source
            case .image(let request): request.source
            }
        }
    }

    private var storage: CostCache<Key, Entry>
    private var costs: [Key: Int] = [:]
    /// Photo levels evicted since the last `takeDroppedLevels()`, in order.
    private var dropped: [(source: ResourceLocator, level: Int)] = []

    /// The photo levels evicted to make room since the last call, in order (the image view's
    /// screens hear of them, so they never choose a level that has no pixels).
    func takeDroppedLevels() -> [(source: ResourceLocator, level: Int)] {
        defer { dropped.removeAll() }
        return dropped
    }

    /// Creates an empty cache holding at most `byteLimit` bytes of pixels.
    public init(byteLimit: Int = DecodedImageCache.defaultByteLimit()) { storage = CostCache(costLimit: byteLimit) }

    /// Bytes of pixels held.
    public var totalBytes: Int { storage.totalCost }

    /// The bound on `totalBytes`.
    public var byteLimit: Int { storage.costLimit }

    /// The cached level, marking it recently used; nil when absent.
    public func entry(source: ResourceLocator, level: Int) -> Entry? { storage.value(for: .level(source: source, level: level)) }

    /// True when level `level` of `source` is cached; does not change recency.
    public func contains(source: ResourceLocator, level: Int) -> Bool { storage.contains(.level(source: source, level: level)) }

    /// True when a full-quality (non-preview) level 0…`level` of `source` is cached.
    func hasFinal(source: ResourceLocator, atOrBelow level: Int) -> Bool {
        (0...max(0, level)).contains { entry(source: source, level: $0)?.isPreview == false }
    }

    /// Stores `entry` as level `level` of `source`, evicting least recently used entries of files that
    /// `outranks` does not protect (it gets each cached entry's source). Returns false, storing
    /// nothing, when that cannot free enough bytes.
    @discardableResult
    public func insert(_ entry: Entry, source: ResourceLocator, level: Int, outranks: (_ cachedSource: ResourceLocator) -> Bool) -> Bool {
        insert(entry, for: .level(source: source, level: level), outranks: outranks)
    }

    /// The feed image made for `request`, marking it recently used; nil when absent.
    func image(for request: ImageRequest) -> Bitmap? { storage.value(for: .image(request))?.bitmap }

    /// Stores the feed image made for `request`, evicting least recently used entries of any kind
    /// except photos `outranks` protects. Returns false when it does not fit.
    @discardableResult
    func insert(image bitmap: Bitmap, for request: ImageRequest, outranks: (_ cachedSource: ResourceLocator) -> Bool) -> Bool {
        insert(Entry(bitmap: bitmap, isPreview: false), for: .image(request), outranks: outranks)
    }

    /// The shared body of the inserts.
    private func insert(_ entry: Entry, for key: Key, outranks: (ResourceLocator) -> Bool) -> Bool {
        let cost = entry.bitmap.byteCount
        let previous = storage.removeValue(for: key)
        var excess = storage.totalCost + cost - storage.costLimit
        var victims: [Key] = []
        storage.visitFromOldest { old in
            guard excess > 0 else { return false }
            if !outranks(old.source) {
                victims.append(old)
                excess -= costs[old] ?? 0
            }
            return true
        }
        guard excess <= 0 else {
            if let previous { storage.insert(previous, for: key, cost: costs[key] ?? 0) } else { costs[key] = nil }
            return false
        }
        for victim in victims {
            storage.removeValue(for: victim)
            costs[victim] = nil
            if case let .level(source, level) = victim { dropped.append((source, level)) }
        }
        storage.insert(entry, for: key, cost: cost)
        costs[key] = cost
        return true
    }

    /// The default budget: min(12.5 % of RAM, 512 MiB), from MemTotal in /proc/meminfo (256 MiB when
    /// unreadable).
    public static func defaultByteLimit() -> Int {
        byteLimit(meminfo: try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))
    }

    /// The budget for a /proc/meminfo text: min(MemTotal / 8, 512 MiB), or 256 MiB without MemTotal.
    /// 512 MiB holds four 24 MP photos with their pyramids (the current one and its nearest
    /// neighbours), or about fourteen 3000 px ones; a bigger cache only made revisits of long-gone
    /// photos faster, at the price of a working set that took minutes to settle (docs/NOTES.md,
    /// "Sanitizers and soak").
    static func byteLimit(meminfo: String?) -> Int {
        let ceiling = 512 << 20
        guard let line = meminfo?.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
            let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 256 << 20 }
        return min(kib * 1024 / 8, ceiling)
    }
}
