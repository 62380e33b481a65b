import Foundation
import Glibc
import Network
import PlumageTestSupport
import Testing

/// Whatever is found under an entry's name that is not a whole entry for its key is a miss and is
/// removed (a folder with something in it is left alone); nothing crashes, hangs or reads a damaged
/// length's worth of memory. Temporaries of dead writers are swept when a cache opens.
@Suite struct WebCacheDamageTests {
    static let url = "https://news.example/feed.xml"
    let key = WebCacheKey(.feed, Self.url)

    /// A whole entry for `key` with a 300-byte body.
    static func good(patch: (inout [UInt8]) -> Void = { _ in }) throws -> [UInt8] {
        try handMadeEntry(
            kind: 1, url: url, fetched: 1, confirmed: 2, finalURL: url, etag: "\"e\"", lastModified: nil,
            contentType: "application/rss+xml", body: [UInt8](repeating: 0x3c, count: 300), patch: patch)
    }

    /// Writes `bytes` under the key's name, opens a cache and expects a miss that removed the file,
    /// then a store and read that work.
    func expectMissAndRecovery(_ bytes: [UInt8], _ comment: Comment) throws {
        let folder = try TemporaryFolder()
        try folder.write(try expectedFileName(.feed, Self.url), bytes)
        let cache = WebCache(folder: folder.path, budget: 1 << 20, clock: ManualClock().reading)
        #expect(cache.metadata(for: key) == nil, comment)
        try folder.write(try expectedFileName(.feed, Self.url), bytes)
        #expect(cache.entry(for: key) == nil, comment)
        #expect(try allNames(in: folder.path).isEmpty, comment)
        #expect(cache.totalBytes == 0, comment)
        #expect(cache.store(key, metadata: WebCacheMetadata(finalURL: Self.url, fetchedAt: 3), body: [9]), comment)
        #expect(cache.entry(for: key)?.body == [9], comment)
    }

    @Test func theGoodEntryReads() throws {
        let folder = try TemporaryFolder()
        try folder.write(try expectedFileName(.feed, Self.url), try Self.good())
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        #expect(cache.entry(for: key)?.body.count == 300)
    }

    @Test func truncatedAtEveryPart() throws {
        let good = try Self.good()
        for length in [0, 1, 8, 27, 28, 29, 60, good.count - 300, good.count - 1] {
            try expectMissAndRecovery(Array(good.prefix(length)), "cut at \(length)")
        }
    }

    @Test func anExtraByte() throws { try expectMissAndRecovery(try Self.good() + [0], "one byte too many") }

    @Test func seededGarbage() throws {
        var random = SplitMix64(seed: 0xbad)
        for length in [5, 28, 100, 4096] {
            try expectMissAndRecovery(
                (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }, "\(length) random bytes")
        }
    }

    @Test func impossibleLengthsInTheFixedPart() throws {
        let good = try Self.good()
        var headerHuge = good
        headerHuge.replaceSubrange(8..<12, with: [0xff, 0xff, 0xff, 0xff])
        try expectMissAndRecovery(headerHuge, "header length 4 GiB")
        var bodyHuge = good
        bodyHuge.replaceSubrange(12..<20, with: [0, 0, 0, 0, 0, 0, 0, 0x80])
        try expectMissAndRecovery(bodyHuge, "body length 2^63")
        var bodyMax = good
        bodyMax.replaceSubrange(12..<20, with: [UInt8](repeating: 0xff, count: 8))
        try expectMissAndRecovery(bodyMax, "body length 2^64-1")
        var otherVersion = good
        otherVersion[7] = 3
        try expectMissAndRecovery(otherVersion, "a version this reader does not know")
        var olderVersion = good
        olderVersion[7] = 1
        try expectMissAndRecovery(olderVersion, "version 1, before the next page's link")
    }

    @Test func aChangedHeaderByteFailsTheCheck() throws {
        var flipped = try Self.good()
        flipped[40] ^= 0x20
        try expectMissAndRecovery(flipped, "flipped header byte")
        var check = try Self.good()
        check[20] ^= 1
        try expectMissAndRecovery(check, "flipped check byte")
    }

    @Test func wholeButImpossibleHeaders() throws {
        // Check right (computed over the patched header), content wrong: only the parser stops them.
        try expectMissAndRecovery(try Self.good { $0[0] = 9 }, "unknown kind")
        try expectMissAndRecovery(try Self.good { $0[0] = 2 }, "the image kind under the feed's name")
        try expectMissAndRecovery(try Self.good { $0.append(0) }, "a byte after the last field")
        try expectMissAndRecovery(try Self.good { $0.removeLast() }, "the last field cut")
        try expectMissAndRecovery(
            try Self.good {
                $0[1] = 0xff; $0[2] = 0xff
            }, "a string longer than the header")
        try expectMissAndRecovery(
            try Self.good {
                $0[5] = 0xc3; $0[6] = 0x28
            }, "malformed UTF-8 in the URL")
        let etagFlag = 1 + 4 + Self.url.utf8.count + 16 + 4 + Self.url.utf8.count
        try expectMissAndRecovery(try Self.good { $0[etagFlag] = 2 }, "a presence flag of 2")
    }

    @Test func anotherKeysEntryUnderThisName() throws {
        let other = try handMadeEntry(
            kind: 1, url: Self.url + "?page=2", fetched: 1, confirmed: 2, finalURL: Self.url, etag: nil,
            lastModified: nil, contentType: nil, body: [1])
        try expectMissAndRecovery(other, "the entry of another URL")
    }

    @Test func aFileLargerThanTheBudgetIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(try expectedFileName(.feed, Self.url), try Self.good())
        #expect(truncate(path, 8 << 30) == 0)  // sparse: 8 GiB declared, nothing allocated
        let cache = WebCache(folder: folder.path, budget: 1 << 20, clock: ManualClock().reading)
        #expect(cache.totalBytes == 0, "the open-time eviction removed it")
        #expect(try allNames(in: folder.path).isEmpty)
        try folder.write(try expectedFileName(.feed, Self.url), try Self.good())
        #expect(truncate(path, 2 << 20) == 0)
        #expect(cache.entry(for: key) == nil)
        #expect(try allNames(in: folder.path).isEmpty)
    }

    @Test func aLinkIsRemovedAndItsTargetKept() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("elsewhere/kept.entry", try Self.good())
        try folder.folder("web")
        try folder.link("web/" + (try expectedFileName(.feed, Self.url)), to: target)
        let cache = WebCache(folder: folder.path + "/web", clock: ManualClock().reading)
        #expect(cache.totalBytes == 0, "a link is not counted")
        #expect(cache.entry(for: key) == nil)
        #expect(try allNames(in: folder.path + "/web").isEmpty)
        #expect(FileManager.default.fileExists(atPath: target))
        #expect(cache.store(key, metadata: WebCacheMetadata(finalURL: Self.url, fetchedAt: 3), body: [9]))
        #expect(
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: target))) == (try Self.good()), "never written through")
    }

    @Test func aDanglingLinkIsRemoved() throws {
        let folder = try TemporaryFolder()
        try folder.link(try expectedFileName(.feed, Self.url), to: folder.path + "/nothing")
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        #expect(cache.entry(for: key) == nil)
        #expect(try allNames(in: folder.path).isEmpty)
    }

    @Test func aFIFOIsAMissNotAHang() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path + "/" + (try expectedFileName(.feed, Self.url)), 0o600) == 0)
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        #expect(cache.entry(for: key) == nil)
        #expect(try allNames(in: folder.path).isEmpty)
    }

    @Test func anEmptyFolderIsRemovedAndOneWithContentsLeftAlone() throws {
        let folder = try TemporaryFolder()
        let name = try expectedFileName(.feed, Self.url)
        try folder.folder(name)
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        #expect(cache.entry(for: key) == nil)
        #expect(try allNames(in: folder.path).isEmpty)

        try folder.write(name + "/inside", [1])
        #expect(cache.entry(for: key) == nil)
        #expect(!cache.store(key, metadata: WebCacheMetadata(finalURL: Self.url, fetchedAt: 3), body: [9]))
        #expect(try allNames(in: folder.path) == [name], "no temporary left behind")
        #expect(try allNames(in: folder.path + "/" + name) == ["inside"])
        cache.remove(key)
        #expect(try allNames(in: folder.path + "/" + name) == ["inside"])
        #expect(cache.totalBytes == 0)

        try FileManager.default.removeItem(atPath: folder.path + "/" + name + "/inside")
        #expect(
            cache.store(key, metadata: WebCacheMetadata(finalURL: Self.url, fetchedAt: 3), body: [9]),
            "an empty folder is replaced")
        #expect(cache.entry(for: key)?.body == [9])
    }

    @Test func theTemporariesOfDeadWritersAreSweptAtOpen() throws {
        let folder = try TemporaryFolder()
        let dead = try DeadProcess.id()
        #expect(kill(dead, 0) != 0 && errno == ESRCH)
        let entry = try expectedFileName(.feed, Self.url)
        // Kept: a live process's (this one's, pid 1's), names that are no temporary of an entry,
        // and a negative "pid" (kill(-n) would ask about a process group).
        let kept = [
            "\(entry).3.tmp-\(getpid())", "\(entry).3.tmp-1", "\(entry).3.tmp--99999", "\(entry).3.tmp-abc",
            "\(entry).tmp-\(dead)", "notes.txt.3.tmp-\(dead)", "recents.json.tmp-\(dead)", "\(entry).x.tmp-\(dead)",
        ]
        let swept = ["\(entry).3.tmp-\(dead)", "\(entry).18446744073709551615.tmp-\(dead)"]
        for name in kept + swept { try folder.write(name, [1, 2, 3]) }
        let cache = WebCache(folder: folder.path, clock: ManualClock().reading)
        #expect(try allNames(in: folder.path) == kept.sorted())
        #expect(cache.totalBytes == 0, "temporaries and strangers are not counted")
        #expect(cache.entry(for: key) == nil)
    }
}
