@testable import FeedImport
import PlumageCore
import Testing

/// Issue 17: a damaged cache file is never shown. Its checksums catch damage; its invariants (checked
/// after the checksums pass) catch a writer that stored what the rest of the program cannot show.
@Suite struct SourceCacheIntegrityTests {
    // 16 of 25 caches with 1–4 flipped bits used to be accepted (altered text, dates, links, ids).
    @Test func everyFlippedBitIsDetected() throws {
        let bytes = SourceCache.encode(SourceCacheTests.source, path: "/p", fingerprint: "f")
        #expect(SourceCache.decode(bytes, path: "/p", fingerprint: "f") == SourceCacheTests.source)
        let head = SourceCache.head(of: SourceCacheTests.source)
        #expect(SourceCache.decode(bytes, path: "/p", fingerprint: "f", headOnly: true) == head)
        let headEnd = try #require(SourceCache.headEnd(bytes))
        var accepted: [Int] = []
        var wrongHeads: [Int] = []
        for bit in 0..<(bytes.count * 8) {
            var damaged = bytes
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            if SourceCache.decode(damaged, path: "/p", fingerprint: "f") != nil { accepted.append(bit) }
            // The head alone reads nothing past its checksum: damage there is refused, later damage unseen.
            let headOnly = SourceCache.decode(damaged, path: "/p", fingerprint: "f", headOnly: true)
            if bit / 8 < headEnd ? headOnly != nil : headOnly != head { wrongHeads.append(bit) }
        }
        #expect(accepted.count == 0, "of \(bytes.count * 8) bits, first accepted: \(accepted.prefix(8))")
        #expect(wrongHeads.count == 0, "head end at bit \(headEnd * 8), first wrong: \(wrongHeads.prefix(8))")
    }

    /// `source`'s cache bytes for path "p" and fingerprint "f", decoded whole and head only.
    func roundTrip(_ source: FeedSource) -> (whole: FeedSource?, head: FeedSource?) {
        let bytes = SourceCache.encode(source, path: "p", fingerprint: "f")
        return (SourceCache.decode(bytes, path: "p", fingerprint: "f"),
                SourceCache.decode(bytes, path: "p", fingerprint: "f", headOnly: true))
    }

    /// A one-item source with `text` and `entities`, the item in its only section.
    func source(_ text: String, _ entities: [Entity], date: Int64 = 0) -> FeedSource {
        let item = Item(id: "1", date: Timestamp(seconds: date), author: Author(name: "A", handle: "a"), text: text,
                        entities: entities)
        return FeedSource(kind: .jsonFeed, title: "T", sections: [Section(name: "S", itemIndices: [0])], items: [item])
    }

    // Found as a crash loop: an entity starting after its end trapped in `CellLayout.bodySpans` at every launch.
    @Test func anEntityEndingBeforeItStartsIsRefused() {
        let bad = roundTrip(source("ab #tag", [Entity(kind: .hashtag, text: "#tag", start: 7, end: 3, target: "tag")]))
        #expect(bad.whole == nil)
        #expect(bad.head == nil)
        let empty = source("ab", [Entity(kind: .url, text: "", start: 2, end: 2, target: "")])
        #expect(roundTrip(empty).whole == empty)
    }

    // "👍🏽 #tag" is 7 Unicode scalars (6 Characters, 9 UTF-16 units): entities count scalars.
    @Test func anEntityPastItsTextIsRefused() {
        let text = "👍🏽 #tag"
        let fits = source(text, [Entity(kind: .hashtag, text: "#tag", start: 3, end: 7, target: "tag")])
        #expect(roundTrip(fits).whole == fits)
        let past = source(text, [Entity(kind: .hashtag, text: "#tag", start: 3, end: 8, target: "tag")])
        #expect(roundTrip(past).whole == nil)
        #expect(roundTrip(past).head == nil)
    }

    // Found as a crash loop: a cache with no items and a section holding index 0 trapped in
    // `FeedList.layoutIfNeeded` at every launch.
    @Test func aSectionIndexPastTheItemsIsRefused() {
        let noItems = FeedSource(kind: .jsonFeed, title: "T", sections: [Section(name: "S", itemIndices: [0])], items: [])
        #expect(roundTrip(noItems).whole == nil)
        var oneItem = source("x", [])
        oneItem.sections.append(Section(name: "Later", itemIndices: [0, 1]))
        #expect(roundTrip(oneItem).whole == nil)
        oneItem.sections[1].itemIndices = [0]
        #expect(roundTrip(oneItem).whole == oneItem)
    }

    @Test func aDateFarOutsideAnyCalendarIsRefused() {
        let edge = source("x", [], date: -(1 << 40))
        #expect(roundTrip(edge).whole == edge)
        #expect(roundTrip(source("x", [], date: (1 << 40) + 1)).whole == nil)
        #expect(roundTrip(source("x", [], date: Int64.min)).head == nil)
    }

    @Test func aSourceWithoutSectionsIsRefused() {
        let none = FeedSource(kind: .jsonFeed, title: "T", sections: [], items: [])
        #expect(roundTrip(none).whole == nil)
    }
}
