import FeedImport
import PlumageCore
import PlumageTestSupport
import Testing

/// Several paths shown as one feed: newest first, sections joined by name, duplicates once.
@Suite struct SourceMergeTests {
    static func source(_ title: String, _ kind: SourceKind, _ items: [(String, Int64?)], media: Set<String> = [],
                       warnings: [String] = []) -> FeedSource {
        let built = items.map { id, seconds in
            Item(id: id, date: seconds.map { Timestamp(seconds: $0) }, author: Fixtures.author("ada"), text: id,
                 media: media.contains(id) ? [Media(kind: .photo, locator: .file("/\(id).jpg"), width: 1, height: 1)] : [])
        }
        let withMedia = built.indices.filter { !built[$0].media.isEmpty }
        return FeedSource(kind: kind, title: title, owner: Author(name: title, handle: title.lowercased()),
                          sections: [Section(name: "Tweets", itemIndices: Array(built.indices))]
                            + (withMedia.isEmpty ? [] : [Section(name: "Media", itemIndices: withMedia)]),
                          items: built, warnings: warnings)
    }

    @Test func itemsInterleaveNewestFirstAndSectionsJoinByName() {
        let old = Self.source("Old", .twitterArchive, [("o3", 300), ("o1", 100), ("undated", nil)], warnings: ["w1"])
        let new = Self.source("New", .twitterArchive, [("n4", 400), ("n2", 200)], media: ["n2"], warnings: ["w2"])
        let merged = SourceMerge.merged([old, new])
        #expect(merged.items.map(\.id) == ["n4", "o3", "n2", "o1", "undated"])
        #expect(merged.sections.map(\.name) == ["Tweets", "Media"])
        #expect(merged.sections[0].itemIndices == [0, 1, 2, 3, 4])
        #expect(merged.sections[1].itemIndices == [2])
        #expect(merged.title == "Old + New")
        #expect(merged.owner?.handle == "old")
        #expect(merged.warnings == ["w1", "w2"])
    }

    @Test func theSameItemInTwoCopiesOfAnArchiveShowsOnce() {
        let a = Self.source("A", .twitterArchive, [("3", 300), ("1", 100)])
        let b = Self.source("B", .twitterArchive, [("4", 400), ("3", 300)])
        let c = Self.source("C", .jsonFeed, [("3", 300)])
        let merged = SourceMerge.merged([a, b, c])
        #expect(merged.items.map(\.id) == ["4", "3", "3", "1"])
        #expect(merged.sections[0].itemIndices == [0, 1, 2, 3])
    }

    @Test func oneSourceIsUnchanged() {
        let a = Self.source("A", .mastodonArchive, [("2", 200), ("1", 100)], media: ["1"])
        #expect(SourceMerge.merged([a]) == a)
    }
}
