import Foundation
import Network
import PlumageTestSupport
import Testing

/// Storing and reading entries: the bytes on disk follow the documented layout, names come from the
/// key's hash only, a second store replaces the first in one rename, and the budget's edges.
@Suite struct WebCacheStoreTests {
    let feed = WebCacheKey(.feed, "https://social.example/api/v1/timelines/tag/photography?limit=40")
    let metadata = WebCacheMetadata(
        finalURL: "https://social.example/api/v1/timelines/tag/photography?limit=40&x=1", etag: "W/\"abc\"",
        lastModified: "Wed, 25 Nov 2026 14:02:00 GMT", contentType: "application/json; charset=utf-8",
        nextLink: "https://social.example/api/v1/timelines/tag/photography?max_id=9",
        fetchedAt: 1_795_000_000_123_456_789, confirmedAt: 1_795_000_600_000_000_000)

    @Test func roundTripWritesTheDocumentedBytesUnderTheHashedName() throws {
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path + "/web", clock: ManualClock().reading)
        let body = Array("[{\"id\":\"1\"}]".utf8)
        #expect(cache.store(feed, metadata: metadata, body: body))
        let entry = try #require(cache.entry(for: feed))
        #expect(entry.metadata == metadata)
        #expect(entry.body == body)
        #expect(cache.metadata(for: feed) == metadata)

        let name = try expectedFileName(.feed, feed.url)
        let onDisk = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path + "/web/" + name)))
        let expected = try handMadeEntry(
            kind: 1, url: feed.url, fetched: metadata.fetchedAt, confirmed: metadata.confirmedAt,
            finalURL: metadata.finalURL, etag: metadata.etag, lastModified: metadata.lastModified,
            contentType: metadata.contentType, nextLink: metadata.nextLink, body: body)
        #expect(onDisk == expected)
        #expect(try allNames(in: folder.path + "/web") == [name])
        #expect(cache.totalBytes == expected.count)
    }

    @Test func readsAnEntryMadeByHandFromTheLayout() throws {
        let folder = try TemporaryFolder()
        let url = "https://cdn.example/a/b.jpg"
        let body: [UInt8] = [0xff, 0xd8, 0xff, 0, 1, 2]
        try folder.write(
            try expectedFileName(.image, url),
            handMadeEntry(
                kind: 2, url: url, fetched: -5, confirmed: 7, finalURL: "https://cdn2.example/b.jpg", etag: nil,
                lastModified: nil, contentType: "image/jpeg", body: body))
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        let entry = try #require(cache.entry(for: WebCacheKey(.image, url)))
        #expect(
            entry.metadata
                == WebCacheMetadata(
                    finalURL: "https://cdn2.example/b.jpg", contentType: "image/jpeg", fetchedAt: -5, confirmedAt: 7))
        #expect(entry.body == body)
        #expect(cache.entry(for: WebCacheKey(.feed, url)) == nil, "the kind is part of the key")
    }

    @Test func kindsAndURLsAreSeparateEntries() throws {
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        let keys = [
            WebCacheKey(.feed, "https://a.example/x"), WebCacheKey(.image, "https://a.example/x"),
            WebCacheKey(.feed, "https://a.example/x/"), WebCacheKey(.feed, "https://a.example/é"),
        ]
        for (index, key) in keys.enumerated() {
            #expect(cache.store(key, metadata: WebCacheMetadata(finalURL: key.url, fetchedAt: 1), body: [UInt8(index)]))
        }
        for (index, key) in keys.enumerated() { #expect(cache.entry(for: key)?.body == [UInt8(index)]) }
        let names = try keys.map { try expectedFileName($0.kind, $0.url) }
        #expect(try allNames(in: folder.path) == names.sorted())
    }

    @Test func aSecondStoreReplacesTheFirstAndLeavesNoTemporary() throws {
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        #expect(cache.store(feed, metadata: metadata, body: [UInt8](repeating: 1, count: 5000)))
        var newer = metadata
        newer.etag = "\"v2\""
        newer.lastModified = nil
        #expect(cache.store(feed, metadata: newer, body: [2, 2]))
        let entry = try #require(cache.entry(for: feed))
        #expect(entry.metadata == newer)
        #expect(entry.body == [2, 2])
        let files = try entryFiles(in: folder.path)
        #expect(try allNames(in: folder.path) == [expectedFileName(.feed, feed.url)])
        #expect(cache.totalBytes == files.values.reduce(0, +))
    }

    @Test func anOpenReaderKeepsTheOldBytesWhenAStoreReplacesThem() throws {
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        #expect(cache.store(feed, metadata: metadata, body: [1, 1, 1]))
        let path = folder.path + "/" + (try expectedFileName(.feed, feed.url))
        let old = try #require(FileHandle(forReadingAtPath: path))
        #expect(cache.store(feed, metadata: metadata, body: [2, 2, 2, 2]))
        let bytes = [UInt8](old.readDataToEndOfFile())
        #expect(bytes.suffix(3) == [1, 1, 1], "the rename left the open file whole")
        #expect(cache.entry(for: feed)?.body == [2, 2, 2, 2])
    }

    @Test func budgetZeroStoresNothing() throws {
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path, budget: 0, clock: ManualClock().reading)
        #expect(!cache.store(feed, metadata: metadata, body: []))
        #expect(cache.entry(for: feed) == nil)
        #expect(cache.totalBytes == 0)
        #expect(try allNames(in: folder.path).isEmpty)
    }

    @Test func anEntryOverTheBudgetIsNotStoredAndSupersedesTheOldOne() throws {
        let folder = try TemporaryFolder()
        let other = WebCacheKey(.image, "https://a.example/other.png")
        let small = try handMadeEntry(
            kind: 1, url: feed.url, fetched: metadata.fetchedAt, confirmed: metadata.confirmedAt,
            finalURL: metadata.finalURL, etag: metadata.etag, lastModified: metadata.lastModified,
            contentType: metadata.contentType, nextLink: metadata.nextLink, body: [])
        let budget = small.count + 100  // the entry with a 100-byte body fits exactly, 101 does not
        let cache = WebCache(folder: folder.path, budget: budget, clock: ManualClock().reading)
        #expect(cache.store(feed, metadata: metadata, body: [UInt8](repeating: 7, count: 100)))
        #expect(cache.totalBytes == budget)
        #expect(!cache.store(feed, metadata: metadata, body: [UInt8](repeating: 8, count: 101)))
        #expect(cache.entry(for: feed) == nil)
        #expect(cache.totalBytes == 0)
        #expect(try allNames(in: folder.path).isEmpty)
        #expect(cache.store(other, metadata: WebCacheMetadata(finalURL: other.url, fetchedAt: 0), body: [1]))
        #expect(!cache.store(feed, metadata: metadata, body: [UInt8](repeating: 8, count: budget)))
        #expect(cache.entry(for: other)?.body == [1], "a refused entry evicts nothing")
    }

    @Test func aHeaderOver64KiBIsRefused() throws {
        let folder = try TemporaryFolder()
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        let long = WebCacheKey(.feed, "https://a.example/" + String(repeating: "x", count: 70_000))
        #expect(!cache.store(long, metadata: WebCacheMetadata(finalURL: long.url, fetchedAt: 0), body: [1]))
        #expect(cache.entry(for: long) == nil)
        #expect(try allNames(in: folder.path).isEmpty)
    }

    @Test func theFolderIsMadeWithItsParentsAndRemadeWhenEmptiedAway() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/cache/plumage/web"
        let cache = WebCache(folder: path, clock: ManualClock().reading)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o700)
        try FileManager.default.removeItem(atPath: folder.path + "/cache")
        #expect(cache.store(feed, metadata: metadata, body: [3]))
        #expect(cache.entry(for: feed)?.body == [3])
    }
}
