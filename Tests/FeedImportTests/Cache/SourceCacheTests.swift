@testable import FeedImport
import Foundation
import PlumageCore
import PlumageTestSupport
import Testing

/// The index cache: a source comes back exactly, only for the key it was made for, and damaged
/// files are refused without crashing.
@Suite struct SourceCacheTests {
    /// A source using every field the format stores.
    static let source: FeedSource = {
        let owner = Author(name: "Ada Park", handle: "adapark", avatar: .file("/a/avatar.jpg"))
        let text = "Hello #Swift 👨‍👩‍👧 @bob example.com"
        let first = Item(
            id: "1588091220244369409", date: Timestamp(seconds: 1_667_465_426), author: owner, kind: .quote, text: text,
            entities: [Entity(kind: .hashtag, text: "#Swift", start: 6, end: 12, target: "Swift"),
                       Entity(kind: .mention, text: "@bob", start: 19, end: 23, target: "bob"),
                       Entity(kind: .url, text: "example.com", start: 24, end: 35, target: "https://example.com")],
            media: [Media(kind: .photo, locator: .member(archive: "/a/b.zip", name: "data/tweets_media/1-x.jpg"), width: 2048,
                          height: 1536, alt: "a cat"),
                    Media(kind: .video, locator: nil, width: 0, height: 0, duration: 42.5),
                    Media(kind: .gif, locator: nil, width: 10, height: 20, remoteHost: "cdn.example.com"),
                    Media(kind: .photo, locator: .file("/a/c.png"), width: 1, height: 1),
                    Media(kind: .photo, locator: .url("https://cdn.example.com/d.jpg"), width: 3, height: 2)])
        let second = Item(id: "x", date: nil, dateProblem: "date_published 'soon' is not an RFC 3339 date",
                          author: Author(name: "Liked post", handle: ""), kind: .repost, text: "")
        let third = Item(id: "3", date: Timestamp(seconds: -5), author: owner, kind: .reply, text: "négatif")
        return FeedSource(kind: .twitterArchive, title: "Ada's archive", owner: owner,
                          sections: [Section(name: "Tweets", itemIndices: [0, 2]), Section(name: "Likes", itemIndices: [1]),
                                     Section(name: "Empty", itemIndices: [])],
                          items: [first, second, third], warnings: ["data/tweets-part1.js: 3:1: unexpected end"])
    }()

    @Test func aSourceComesBackExactly() {
        let bytes = SourceCache.encode(Self.source, path: "/a/b.zip", fingerprint: "123:45.6")
        #expect(SourceCache.decode(bytes, path: "/a/b.zip", fingerprint: "123:45.6") == Self.source)
        let noOwner = FeedSource(kind: .demo, title: "", sections: [Section(name: "T", itemIndices: [])], items: [])
        #expect(SourceCache.decode(SourceCache.encode(noOwner, path: "/", fingerprint: ""), path: "/", fingerprint: "") == noOwner)
    }

    @Test func theHeadIsTheFirstSectionsNewestPostsAndReadsAlone() throws {
        let items = (0..<500).map { i in
            Item(id: "\(i)", date: Timestamp(seconds: Int64(10_000 - i)), author: Author(name: "A", handle: "a"), text: "post \(i)")
        }
        // The first section lists every other item: its first 200 are items 0, 2, … 398.
        let source = FeedSource(kind: .twitterArchive, title: "T", owner: Author(name: "A", handle: "a"),
                                sections: [Section(name: "Tweets", itemIndices: Array(stride(from: 0, to: 500, by: 2))),
                                           Section(name: "Replies", itemIndices: Array(stride(from: 1, to: 500, by: 2)))],
                                items: items, warnings: ["w"])
        let bytes = SourceCache.encode(source, path: "/p", fingerprint: "f")
        let head = try #require(SourceCache.decode(bytes, path: "/p", fingerprint: "f", headOnly: true))
        #expect(head.items.count == 200)
        #expect(head.items.first?.id == "0")
        #expect(head.items.last?.id == "398")
        #expect(head.sections == [Section(name: "Tweets", itemIndices: Array(0..<200))])
        #expect(head.title == "T")
        #expect(head.warnings.isEmpty)
        let end = try #require(SourceCache.headEnd(Array(bytes.prefix(4096))))
        #expect(end < bytes.count / 2)
        #expect(SourceCache.decode(Array(bytes.prefix(end)), path: "/p", fingerprint: "f", headOnly: true) == head)
        #expect(SourceCache.decode(Array(bytes.prefix(end)), path: "/p", fingerprint: "f") == nil)
        #expect(SourceCache.decode(bytes, path: "/p", fingerprint: "f") == source)

        let folder = NSTemporaryDirectory() + "plumage-head-\(UUID().uuidString)"
        let store = SourceCacheStore(folder: folder)
        store.save(source, path: "/p", fingerprint: "f")
        #expect(store.loadHead(path: "/p", fingerprint: "f") == head)
        #expect(store.loadHead(path: "/p", fingerprint: "g") == nil)
    }

    @Test func anotherPathFingerprintOrVersionIsStale() {
        var bytes = SourceCache.encode(Self.source, path: "/a/b.zip", fingerprint: "123:45.6")
        #expect(SourceCache.decode(bytes, path: "/a/c.zip", fingerprint: "123:45.6") == nil)
        #expect(SourceCache.decode(bytes, path: "/a/b.zip", fingerprint: "124:45.6") == nil)
        bytes[SourceCache.magic.count] = UInt8(SourceCache.formatVersion + 1)
        #expect(SourceCache.decode(bytes, path: "/a/b.zip", fingerprint: "123:45.6") == nil)
    }

    @Test func everyTruncationAndExtraByteIsRefused() {
        let bytes = SourceCache.encode(Self.source, path: "/p", fingerprint: "f")
        for length in 0..<bytes.count {
            #expect(SourceCache.decode(Array(bytes[..<length]), path: "/p", fingerprint: "f") == nil, "length \(length)")
        }
        #expect(SourceCache.decode(bytes + [0], path: "/p", fingerprint: "f") == nil)
    }

    /// The start of a cache file for path "p" and fingerprint "f", up to its head's length.
    static let keyBytes: [UInt8] = SourceCache.magic + [UInt8(SourceCache.formatVersion), 1, 0x70, 1, 0x66]

    // Found by `make fuzz` (cache target): a head length equal to the bytes left before it was read
    // passed the check and the head-only read sliced past the end (crash).
    @Test func aFileCutInsideItsHeadIsRefused() {
        #expect(SourceCache.decode(Self.keyBytes + [3, 0, 0], path: "p", fingerprint: "f", headOnly: true) == nil)
        #expect(SourceCache.decode(Self.keyBytes + [3, 0, 0], path: "p", fingerprint: "f") == nil)
        let bytes = SourceCache.encode(Self.source, path: "p", fingerprint: "f")
        let headEnd = SourceCache.headEnd(bytes) ?? 0
        #expect(headEnd > Self.keyBytes.count && headEnd < bytes.count)
        for length in 0..<headEnd {
            #expect(SourceCache.decode(Array(bytes[..<length]), path: "p", fingerprint: "f", headOnly: true) == nil, "length \(length)")
        }
        #expect(SourceCache.decode(Array(bytes[..<headEnd]), path: "p", fingerprint: "f", headOnly: true) == SourceCache.head(of: Self.source))
    }

    // Found by `make fuzz`: a head length near Int.max overflowed the head's end (crash).
    @Test func aHeadLengthPastEveryFileIsNoCacheFile() {
        let intMax: [UInt8] = Array(repeating: 0xFF, count: 8) + [0x7F]
        #expect(SourceCache.headEnd(Self.keyBytes + intMax) == nil)
        // The key, the head's length (1 byte), the head (5 bytes) and its checksum (4 bytes).
        #expect(SourceCache.headEnd(Self.keyBytes + [5]) == Self.keyBytes.count + 1 + 5 + 4)
    }

    // Found reading the decoder after the fuzzer's first crash: an author index read into an empty
    // author list asked `uint` for at most -1, which trapped converting -1 to UInt64.
    @Test func anIndexIntoAnEmptyListIsDamage() {
        var reader = BinaryReader([0])
        #expect(throws: BinaryReader.Damaged.self) { try reader.uint(limit: -1) }
        var another = BinaryReader([0])
        #expect((try? another.uint(limit: 0)) == 0)
    }

    @Test func randomDamageNeverCrashes() {
        let bytes = SourceCache.encode(Self.source, path: "/p", fingerprint: "f")
        var rng = SplitMix64(seed: 9)
        var accepted = 0, changed = 0
        for _ in 0..<3_000 {
            var damaged = bytes
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                damaged[Int(rng.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            if damaged != bytes { changed += 1 }
            if damaged != bytes, SourceCache.decode(damaged, path: "/p", fingerprint: "f") != nil { accepted += 1 }
        }
        // Issue 17: before the checksums, 16 of 25 such files were accepted (a letter, a date, an id changed).
        #expect(changed > 2_900)
        #expect(accepted == 0)
    }

    @Test func theStoreKeepsOneFilePerPathAndRefusesAChangedSource() throws {
        let folder = NSTemporaryDirectory() + "plumage-cache-\(UUID().uuidString)"
        let store = SourceCacheStore(folder: folder)
        let feed = folder + "/feed.json"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: feed))
        let fingerprint = try #require(SourceCacheStore.fingerprint(of: feed))
        #expect(fingerprint.hasPrefix("2:"))
        store.save(Self.source, path: feed, fingerprint: fingerprint)
        #expect(store.load(path: feed, fingerprint: fingerprint) == Self.source)
        #expect(store.file(for: feed).hasSuffix(".index"))
        #expect(store.file(for: feed) != store.file(for: feed + "x"))
        try Data("{ }".utf8).write(to: URL(fileURLWithPath: feed))
        let changed = try #require(SourceCacheStore.fingerprint(of: feed))
        #expect(changed != fingerprint)
        #expect(store.load(path: feed, fingerprint: changed) == nil)
        #expect(SourceCacheStore.fingerprint(of: folder + "/missing") == nil)
    }

    @Test func aFolderFingerprintChangesWhenADataFileOrMediaFolderChanges() throws {
        let folder = NSTemporaryDirectory() + "plumage-fp-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/data/tweets_media", withIntermediateDirectories: true)
        try Data("window.YTD.tweets.part0 = []".utf8).write(to: URL(fileURLWithPath: folder + "/data/tweets.js"))
        // The media folder's time is set far back, so a file added now moves it whatever the clock's
        // granularity (no sleep, no race with the second it was made in).
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: folder + "/data/tweets_media")
        let before = try #require(SourceCacheStore.fingerprint(of: folder))
        #expect(before.contains("tweets.js=28:"))
        #expect(before.hasSuffix(":1000000000.0"), "\(before)")  // tweets_media, listed last
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/data/tweets_media/1-a.jpg"))
        let after = try #require(SourceCacheStore.fingerprint(of: folder))
        #expect(after != before)
        #expect(!after.hasSuffix(":1000000000.0"), "\(after)")
    }
}
