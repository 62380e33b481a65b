import Foundation
import Locking
import Network
import PlumageTestSupport
import Testing

/// Threads of one cache and two caches on one folder (as two processes would be) storing, reading,
/// touching, removing and evicting at once: a read returns a whole entry or nothing, never a mix,
/// and the folder ends consistent.
@Suite struct WebCacheConcurrencyTests {
    /// The body of version `version` of `key`'s entry: its length and every byte follow from both, so
    /// a reader can tell a whole one from a mix of two.
    static func body(url: String, version: Int) -> [UInt8] {
        var random = SplitMix64(
            seed: UInt64(version) &* 1_000_003 &+ UInt64(url.utf8.count) &* 7 &+ UInt64(url.utf8.last ?? 0))
        return (0..<Int.random(in: 0...20_000, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// Whether `entry` is exactly a version some writer stored for `key` (its ETag names the version).
    static func isWhole(_ entry: WebCacheEntry, for key: WebCacheKey) -> Bool {
        guard let etag = entry.metadata.etag, let version = Int(etag) else { return false }
        return entry.metadata.finalURL == key.url && entry.body == body(url: key.url, version: version)
    }

    @Test func aReaderSeesTheOldOrTheNewEntryNeverAPart() throws {
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        let key = WebCacheKey(.image, "https://big.example/photo.jpg")
        @Sendable func version(_ n: Int) -> [UInt8] { [UInt8](repeating: UInt8(n), count: 256 << 10) }
        #expect(
            cache.store(key, metadata: WebCacheMetadata(finalURL: key.url, etag: "0", fetchedAt: 0), body: version(0)))
        let bad = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for n in 1...60 {
                if worker == 0 {
                    _ = cache.store(
                        key, metadata: WebCacheMetadata(finalURL: key.url, etag: "\(n)", fetchedAt: 0), body: version(n)
                    )
                } else if let entry = cache.entry(for: key) {
                    if entry.body != version(Int(entry.metadata.etag ?? "") ?? -1) { bad.withLock { $0 += 1 } }
                } else {
                    bad.withLock { $0 += 1 }  // a replaced entry is never missing
                }
            }
        }
        #expect(bad.withLock { $0 } == 0)
        #expect(cache.entry(for: key)?.metadata.etag == "60")
    }

    @Test func twoCachesOnOneFolderWithThreadsEvictingAndReading() throws {
        let folder = try TemporaryFolder()
        let budget = 120_000
        let caches = [
            WebCache(folder: folder.path, budget: budget, clock: WebCache.now),
            WebCache(folder: folder.path, budget: budget, clock: WebCache.now),
        ]
        let keys = (0..<16).map { WebCacheKey($0 % 2 == 0 ? .feed : .image, "https://c.example/\($0)") }
        let damaged = Locked(0)
        let hits = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            let cache = caches[worker % 2]
            var random = SplitMix64(seed: UInt64(worker) + 100)
            for _ in 0..<300 {
                let key = keys.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<4:
                    let version = Int.random(in: 0..<1000, using: &random)
                    _ = cache.store(
                        key, metadata: WebCacheMetadata(finalURL: key.url, etag: "\(version)", fetchedAt: 0),
                        body: Self.body(url: key.url, version: version))
                case 4..<8:
                    if let entry = cache.entry(for: key) {
                        hits.withLock { $0 += 1 }
                        if !Self.isWhole(entry, for: key) { damaged.withLock { $0 += 1 } }
                    }
                case 8: cache.touch(key)
                default: cache.remove(key)
                }
            }
        }
        #expect(damaged.withLock { $0 } == 0)
        #expect(hits.withLock { $0 } > 0, "the readers found entries")
        let names = try allNames(in: folder.path)
        #expect(names.allSatisfy { $0.hasSuffix(".entry") }, "no temporary left: \(names)")
        let fresh = WebCache(folder: folder.path, budget: budget, clock: WebCache.now)
        #expect(fresh.totalBytes == (try entryFiles(in: folder.path)).values.reduce(0, +))
        #expect(fresh.totalBytes <= budget)
        for key in keys {
            if let entry = fresh.entry(for: key) { #expect(Self.isWhole(entry, for: key)) }
        }
        #expect(fresh.totalBytes == (try entryFiles(in: folder.path)).values.reduce(0, +))
    }
}
