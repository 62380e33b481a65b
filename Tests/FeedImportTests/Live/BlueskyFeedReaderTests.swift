@testable import FeedImport
import PlumageCore
import Testing

/// The Bluesky author-feed reader over answers written from the lexicons
/// (`app.bsky.feed.getAuthorFeed`, `app.bsky.feed.defs`, `app.bsky.richtext.facet`,
/// `app.bsky.embed.*`). Facet offsets are UTF-8 bytes; the expected scalar offsets are counted by hand.
@Suite struct BlueskyFeedReaderTests {
    /// `日本 👋 #tag @alice.bsky.social see example.com`: 日 and 本 take 3 bytes each, 👋 4, the rest 1.
    /// Bytes → scalars: `#tag` 12..16 → 5..9, `@alice.bsky.social` 17..35 → 10..28, `see` 36..39 →
    /// 29..32, `example.com` 40..51 → 33..44; 51 bytes, 44 scalars in all.
    static let text = "日本 👋 #tag @alice.bsky.social see example.com"

    static func facet(_ start: Int, _ end: Int, _ feature: String) -> String {
        #"{"index": {"byteStart": \#(start), "byteEnd": \#(end)}, "features": [\#(feature)]}"#
    }
    static let tag = #"{"$type": "app.bsky.richtext.facet#tag", "tag": "tag"}"#
    static let link = #"{"$type": "app.bsky.richtext.facet#link", "uri": "https://example.com/full"}"#
    static func mention(_ did: String) -> String { #"{"$type": "app.bsky.richtext.facet#mention", "did": "\#(did)"}"# }

    static let facets = [
        facet(40, 51, link), facet(12, 16, tag), facet(17, 35, mention("did:plc:alice")), facet(36, 39, mention("did:plc:x")),
        facet(1, 6, tag),  // from inside 日: dropped
        facet(7, 9, tag),  // inside 👋: dropped
        facet(16, 12, tag),  // reversed: dropped
        facet(12, 12, tag),  // empty: dropped
        facet(40, 52, link),  // past the end: dropped
        facet(14, 16, link),  // overlaps #tag: dropped
        facet(0, 3, #"{"$type": "app.bsky.richtext.facet#link", "uri": "javascript:alert(1)"}"#),  // not http(s): dropped
        #"{"index": {"byteStart": "0", "byteEnd": 3.5}, "features": [\#(tag)]}"#,  // not whole numbers: dropped
    ].joined(separator: ",")

    static let alice = #"{"did": "did:plc:alice", "handle": "alice.bsky.social", "displayName": "Alice", "avatar": "https://cdn.bsky.app/a.jpg"}"#
    static let bob = #"{"did": "did:plc:bob", "handle": "bob.example", "displayName": ""}"#

    static func post(_ rkey: String, _ created: String, author: String = alice, text: String = "hi", extra: String = "",
                     embed: String? = nil) -> String {
        let embedPart = embed.map { #", "embed": \#($0)"# } ?? ""
        return #"{"uri": "at://did:plc:x/app.bsky.feed.post/\#(rkey)", "cid": "c", "author": \#(author), "indexedAt": "\#(created)", "#
            + #""record": {"$type": "app.bsky.feed.post", "text": "\#(text)", "createdAt": "\#(created)"\#(extra)}\#(embedPart)}"#
    }

    static let images = #"""
        {"$type": "app.bsky.embed.images#view", "images": [
          {"thumb": "https://cdn.bsky.app/t1.jpg", "fullsize": "https://cdn.bsky.app/f1.jpg", "alt": "A red kite", "aspectRatio": {"width": 4, "height": 3}},
          {"thumb": "https://cdn.bsky.app/t2.jpg", "fullsize": "https://cdn.bsky.app/f2.jpg", "alt": ""}]}
        """#

    static let feed = """
        {"feed": [
        {"post": \(post("1", "2024-06-01T12:00:00.123Z", text: text, extra: #", "facets": [\#(facets)]"#, embed: images))},
        {"post": \(post("2", "2024-05-01T00:00:00Z", author: bob, text: "bob's post")),
         "reason": {"$type": "app.bsky.feed.defs#reasonRepost", "by": \(alice), "indexedAt": "2024-06-03T00:00:00Z"}},
        {"post": \(post("3", "2024-06-02T00:00:00Z", text: "re", extra: #", "reply": {"root": {"uri": "at://r", "cid": "c"}, "parent": {"uri": "at://p", "cid": "c"}}"#)),
         "reply": {}},
        {"post": \(post("4", "2024-05-30T00:00:00Z", embed: #"{"$type": "app.bsky.embed.record#view", "record": {"$type": "app.bsky.embed.record#viewRecord", "uri": "at://q"}}"#))},
        {"post": \(post("5", "2024-05-29T00:00:00Z", embed: #"{"$type": "app.bsky.embed.recordWithMedia#view", "record": {"record": {"uri": "at://q"}}, "media": \#(images)}"#))},
        {"post": \(post("6", "2024-05-28T00:00:00Z", extra: #", "labels": {"$type": "com.atproto.label.defs#selfLabels", "values": [{"val": "nudity"}]}"#, embed: #"{"$type": "app.bsky.embed.external#view", "external": {"uri": "https://news.example.org/story?x=1", "title": "Story", "description": "d"}}"#))},
        {"post": \(post("7", "2024-05-27T00:00:00Z", embed: #"{"$type": "app.bsky.embed.video#view", "cid": "v", "playlist": "https://video.bsky.app/p.m3u8", "thumbnail": "https://video.bsky.app/t.jpg", "alt": "a clip", "aspectRatio": {"width": 16, "height": 9}}"#))},
        {"reason": {}},
        {"post": {"uri": "at://x", "author": {"did": "d"}}}
        ],
        "cursor": "2024-05-27T00:00:00.000Z::abc"}
        """

    @Test func facetsMoveFromUTF8BytesToScalarsAndBadOnesAreDropped() throws {
        let page = try BlueskyFeedReader.read(liveBytes(Self.feed), url: "u")
        let item = try #require(page.items.first { $0.id == "at://did:plc:x/app.bsky.feed.post/1" })
        #expect(item.text == Self.text)
        #expect(item.entities == [
            Entity(kind: .hashtag, text: "#tag", start: 5, end: 9, target: "tag"),
            Entity(kind: .mention, text: "@alice.bsky.social", start: 10, end: 28, target: "alice.bsky.social"),
            Entity(kind: .mention, text: "see", start: 29, end: 32, target: "did:plc:x"),
            Entity(kind: .url, text: "example.com", start: 33, end: 44, target: "https://example.com/full"),
        ])
        for e in item.entities { #expect(scalarSlice(item.text, e.start, e.end) == e.text) }
    }

    @Test func everyKindOfEntryAndEmbed() throws {
        let page = try BlueskyFeedReader.read(liveBytes(Self.feed), url: "u")
        let uri = "at://did:plc:x/app.bsky.feed.post/"
        #expect(page.items.map(\.id) == ["repost:\(uri)2"] + (["3", "1", "4", "5", "6", "7"].map { uri + $0 }))
        #expect(page.items.map(\.kind) == [.repost, .reply, .post, .quote, .quote, .post, .post])
        #expect(page.cursor == "2024-05-27T00:00:00.000Z::abc")
        #expect(page.warnings == ["post 8: no post", "post 9: no author handle"])

        let repost = page.items[0]
        #expect(repost.author == Author(name: "bob.example", handle: "bob.example"))
        #expect(repost.text == "bob's post")
        #expect(repost.date == Timestamp(seconds: 1_717_372_800))  // when it was reposted, 2024-06-03

        let first = page.items[2]
        #expect(first.date == Timestamp(seconds: 1_717_243_200))  // 2024-06-01T12:00:00, the fraction dropped
        #expect(first.author == Author(name: "Alice", handle: "alice.bsky.social", avatar: .url("https://cdn.bsky.app/a.jpg")))
        let photos = [
            Media(kind: .photo, locator: .url("https://cdn.bsky.app/f1.jpg"), width: 4, height: 3, alt: "A red kite"),
            Media(kind: .photo, locator: .url("https://cdn.bsky.app/f2.jpg"), width: 0, height: 0),
        ]
        #expect(first.media == photos)
        #expect(page.items[3].media.isEmpty)
        #expect(page.items[4].media == photos)
        #expect(page.items[5].card == LinkCard(title: "Story", url: "https://news.example.org/story?x=1", site: "news.example.org"))
        #expect(page.items[5].sensitive && !first.sensitive)
        #expect(page.items[6].media == [
            Media(kind: .video, locator: .url("https://video.bsky.app/t.jpg"), width: 16, height: 9, alt: "a clip")])
        #expect(page.authors.map(\.handle) == ["bob.example", "alice.bsky.social"])
    }

    @Test func malformedAnswersGetOneLineSayingWhat() {
        func reason(_ json: String) -> String {
            liveFailure { () throws(SourceError) in _ = try BlueskyFeedReader.read(liveBytes(json), url: "u") }
        }
        #expect(reason(#"{"feed": [}"#) == "malformed JSON at 1:11: unexpected character '}', expected a value")
        #expect(reason("[]") == "not a Bluesky author feed")
        #expect(reason(#"{"feed": {}}"#) == "not a Bluesky author feed")
        #expect(reason(#"{"error": "InvalidRequest", "message": "Profile not found"}"#)
                == "the server answered: InvalidRequest: Profile not found")
        #expect(reason(#"{"feed": []}"#) == "no error")
    }

    @Test func aFeedIsBounded() throws {
        let entries = (0..<300).map { i in "{\"post\": " + Self.post(String(i), "2024-01-01T00:00:00Z") + "}" }
        let page = try BlueskyFeedReader.read(liveBytes(#"{"feed": [\#(entries.joined(separator: ","))]}"#), url: "u")
        #expect(page.items.count == 200 && page.cursor == nil)
        #expect(page.warnings == ["100 posts past the first 200 not read"])
    }
}
