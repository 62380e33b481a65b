@testable import FeedImport
import PlumageCore
import Testing

/// The live feeds' fields in the index cache and in `dump`: kept exactly by the cache; `avatar_url`
/// and `url` written only for remote locators, so local sources' dumps are unchanged.
@Suite struct LiveModelTests {
    static let remote = Item(
        id: "1", date: Timestamp(seconds: 0), author: Author(name: "A", handle: "a@x.example", avatar: .url("https://x.example/a.png")),
        text: "t", media: [Media(kind: .photo, locator: .url("https://x.example/p.jpg"), width: 4, height: 3, blurhash: "LEHV6nWB2yk8")],
        contentWarning: "cw", sensitive: true, card: LinkCard(title: "T", url: "https://e.example/", site: "e.example"))
    static let local = Item(
        id: "2", date: nil, author: Author(name: "B", handle: "b", avatar: .file("/f/b.png")), text: "u",
        media: [Media(kind: .gif, locator: .file("/f/g.gif"), width: 1, height: 2)])

    @Test func theCacheKeepsTheNewFields() {
        for kind in [SourceKind.rss, .atom, .mastodonTag, .mastodonAccount, .blueskyAccount] {
            let source = FeedSource(kind: kind, title: "t", sections: [Section(name: "Timeline", itemIndices: [0, 1])],
                                    items: [Self.remote, Self.local])
            let bytes = SourceCache.encode(source, path: "https://x.example/tags/t", fingerprint: "f")
            #expect(SourceCache.decode(bytes, path: "https://x.example/tags/t", fingerprint: "f") == source)
        }
        #expect(SourceCache.formatVersion == 5)
    }

    @Test func kindsAreNamedAsTheSpecSays() {
        #expect([SourceKind.rss, .atom, .mastodonTag, .mastodonAccount, .blueskyAccount].map(\.rawValue)
                == ["rss", "atom", "mastodon-tag", "mastodon-account", "bluesky-account"])
    }

    @Test func dumpAddsURLsOnlyForRemoteLocators() {
        let source = FeedSource(kind: .mastodonTag, title: "#t", sections: [Section(name: "Timeline", itemIndices: [0, 1])],
                                items: [Self.remote, Self.local])
        let lines = DumpEncoder.encode(source).split(separator: "\n").map(String.init)
        #expect(lines[0] == ##"{"source":{"kind":"mastodon-tag","title":"#t","owner":null},"##)
        #expect(lines[3] == ##"{"id":"1","date":"1970-01-01T00:00:00Z","author":{"name":"A","handle":"a@x.example","avatar":null,"avatar_url":"https://x.example/a.png"},"kind":"post","text":"t","entities":[],"media":[{"type":"photo","path":null,"url":"https://x.example/p.jpg","width":4,"height":3}]},"##)
        #expect(lines[4] == ##"{"id":"2","date":null,"author":{"name":"B","handle":"b","avatar":"/f/b.png"},"kind":"post","text":"u","entities":[],"media":[{"type":"gif","path":"/f/g.gif","width":1,"height":2}]}"##)
    }

    @Test func longNewFieldsAreCutOrDropped() {
        var item = Self.remote
        item.card = LinkCard(title: String(repeating: "t", count: 5_000), url: "https://e.example/", site: "e")
        item.media[0].blurhash = String(repeating: "b", count: 300)
        let capped = FieldLimits.capped(item)
        #expect(capped.card?.title.unicodeScalars.count == FieldLimits.name)
        #expect(capped.media[0].blurhash == nil)
        item.card = LinkCard(title: "", url: "https://e.example/" + String(repeating: "p", count: 9_000), site: "e")
        #expect(FieldLimits.capped(item).card == nil)
    }

    @Test func aPageBecomesASourceWithTimelineAndMedia() {
        let page = LivePage(items: [Self.local, Self.remote], cursor: "c")
        #expect(page.items.map(\.id) == ["1", "2"])  // newest first, the undated last
        let source = page.source(kind: .blueskyAccount, title: "@a")
        #expect(source.sections == [Section(name: "Timeline", itemIndices: [0, 1]), Section(name: "Media", itemIndices: [0, 1])])
    }
}
