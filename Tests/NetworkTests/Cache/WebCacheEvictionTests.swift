import Foundation
import Network
import PlumageTestSupport
import Testing

/// The budget is kept by evicting the least recently used entries, recency being the clock's time at
/// the last store, read or touch, kept in each file's modification time.
@Suite struct WebCacheEvictionTests {
    /// Five keys whose entries (with a 1000-byte body) all have the same size.
    let keys = (1...5).map { WebCacheKey(.image, "https://img.example/\($0).jpg") }

    /// The size of one of those entries, from the documented layout.
    func entrySize() throws -> Int {
        try handMadeEntry(
            kind: 2, url: keys[0].url, fetched: 0, confirmed: 0, finalURL: keys[0].url, etag: nil, lastModified: nil,
            contentType: nil, body: [UInt8](repeating: 0, count: 1000)
        ).count
    }

    func store(_ cache: WebCache, _ index: Int) {
        let key = keys[index]
        #expect(
            cache.store(
                key, metadata: WebCacheMetadata(finalURL: key.url, fetchedAt: 0),
                body: [UInt8](repeating: UInt8(index), count: 1000)))
    }

    /// Which of `keys` have files in `folder`, by index.
    func present(_ folder: String) throws -> [Int] {
        let files = try entryFiles(in: folder)
        return try keys.indices.filter { files[try expectedFileName(.image, keys[$0].url)] != nil }
    }

    @Test func theLeastRecentlyUsedGoesFirstAndReadsAndTouchesCount() throws {
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let cache = WebCache(folder: folder.path, budget: 3 * (try entrySize()), clock: clock.reading)
        for index in 0..<3 {
            clock.set(seconds: Int64(10 + index))
            store(cache, index)
        }
        clock.set(seconds: 20)
        #expect(cache.entry(for: keys[0]) != nil)  // 0 is now newer than 1 and 2
        clock.set(seconds: 21)
        store(cache, 3)
        #expect(try present(folder.path) == [0, 2, 3])
        clock.set(seconds: 22)
        cache.touch(keys[2])
        clock.set(seconds: 23)
        #expect(cache.metadata(for: keys[0]) != nil)  // metadata alone is no use: 0 stays at 20
        clock.set(seconds: 24)
        store(cache, 4)
        #expect(try present(folder.path) == [2, 3, 4])
        #expect(cache.totalBytes == 3 * (try entrySize()))
        #expect(modificationTime(folder.path + "/" + (try expectedFileName(.image, keys[2].url))) == 22_000_000_000)
    }

    @Test func recencySurvivesARelaunchAndASmallerBudgetEvictsAtOpen() throws {
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        do {
            let cache = WebCache(folder: folder.path, budget: 5 * (try entrySize()), clock: clock.reading)
            for index in [3, 1, 4, 0, 2] {
                clock.set(seconds: 100 + Int64(index))  // stored out of order, used in index order
                store(cache, index)
            }
            clock.set(seconds: 200)
            _ = cache.entry(for: keys[1])
        }
        let reopened = WebCache(folder: folder.path, budget: 2 * (try entrySize()), clock: clock.reading)
        #expect(try present(folder.path) == [1, 4])
        #expect(reopened.totalBytes == 2 * (try entrySize()))
        #expect(reopened.entryCount == 2)
    }

    @Test func equalTimesEvictInNameOrderButNeverTheEntryJustStored() throws {
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let cache = WebCache(folder: folder.path, budget: 2 * (try entrySize()), clock: clock.reading)
        let names = try keys.map { try expectedFileName(.image, $0.url) }
        // All stored at the same time; store the key with the smallest name last.
        let order = keys.indices.sorted { names[$0] > names[$1] }.prefix(3)
        for index in order { store(cache, index) }
        let last = order.last!
        let survivors = try entryFiles(in: folder.path).keys.sorted()
        let others = order.dropLast().map { names[$0] }.sorted()
        #expect(survivors == [names[last], others[1]])
    }

    @Test func theRunningTotalMatchesARescanAndTheFilesThroughRandomUse() throws {
        let folder = try TemporaryFolder()
        let clock = ManualClock()
        let budget = 40_000
        let cache = WebCache(folder: folder.path, budget: budget, clock: clock.reading)
        var random = SplitMix64(seed: 19)
        let urls = (0..<20).map { "https://r.example/\($0)" }
        for step in 0..<400 {
            clock.set(seconds: Int64(1000 + step))
            let key = WebCacheKey(Bool.random(using: &random) ? .feed : .image, urls.randomElement(using: &random)!)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let body = [UInt8](repeating: 1, count: Int.random(in: 0...(budget / 3), using: &random))
                _ = cache.store(key, metadata: WebCacheMetadata(finalURL: key.url, fetchedAt: 0), body: body)
            case 5..<7: _ = cache.entry(for: key)
            case 7: cache.touch(key)
            default: cache.remove(key)
            }
            let onDisk = try entryFiles(in: folder.path).values.reduce(0, +)
            #expect(cache.totalBytes == onDisk, "step \(step)")
            #expect(onDisk <= budget, "step \(step)")
        }
        let rescanned = WebCache(folder: folder.path, budget: budget, clock: clock.reading)
        #expect(rescanned.totalBytes == cache.totalBytes)
        #expect(rescanned.entryCount == cache.entryCount)
        cache.rescan()
        #expect(cache.totalBytes == rescanned.totalBytes)
    }
}
