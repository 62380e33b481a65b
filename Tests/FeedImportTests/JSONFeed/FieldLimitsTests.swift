import Archives
import PlumageCore
import Testing

@testable import FeedImport

@Test func capsCutToTheLimitInScalarsEndingWithAnEllipsis() {
    #expect(FieldLimits.capped("short", 10) == "short")
    #expect(FieldLimits.capped("exactly10!", 10) == "exactly10!")
    #expect(FieldLimits.capped("eleven char", 10) == "eleven ch…")
    // Bytes over the limit but scalars within it: untouched.
    #expect(FieldLimits.capped("ééééé", 5) == "ééééé")
    #expect(FieldLimits.capped("🎉🎉🎉🎉🎉🎉", 5) == "🎉🎉🎉🎉…")
}

@Test func jsonFeedTitlesAuthorsAndAltTextAreCapped() throws {
    let long = String(repeating: "n", count: 3_000)
    let alt = String(repeating: "a", count: 20_000)
    let text = #"""
        {"version": "https://jsonfeed.org/version/1.1", "title": "\#(long)", "authors": [{"name": "\#(long)", "_plumage": {"handle": "\#(long)"}}],
         "items": [{"id": "1", "content_text": "x", "attachments": [{"url": "https://cdn.example/p.png", "mime_type": "image/png", "_plumage": {"alt": "\#(alt)"}}]}]}
        """#
    let feed = try JSONFeedReader.decode(Array(text.utf8), path: "/f/feed.json", baseDirectory: "/f", topLevelDomains: FixturePaths.topLevelDomains)
    let capped = String(repeating: "n", count: FieldLimits.name - 1) + "…"
    #expect(feed.title == capped)
    #expect(feed.items[0].author == Author(name: capped, handle: capped))
    #expect(feed.items[0].media.first?.alt == String(repeating: "a", count: 9_999) + "…")
}

@Test func anItemsTextLinksMediaAndDateProblemAreBounded() {
    let hugeURL = "https://example.org/" + String(repeating: "p", count: 9_000)
    let text = "see x " + String(repeating: "w", count: 150_000)
    let item = Item(
        id: "1", date: nil, dateProblem: "published '" + String(repeating: "9", count: 5_000) + "' is not an RFC 3339 date",
        author: Author(name: "A", handle: "a", avatar: .file(hugeURL)), text: text,
        entities: [
            Entity(kind: .url, text: "x", start: 4, end: 5, target: hugeURL),
            Entity(kind: .hashtag, text: "#w", start: 0, end: 3, target: "w"),
            Entity(kind: .hashtag, text: "#ww", start: 99_990, end: 150_006, target: "ww"),
        ],
        media: [Media(kind: .photo, locator: .file(hugeURL), width: 1, height: 1, alt: String(repeating: "a", count: 20_000),
                      remoteHost: String(repeating: "h", count: 300))])
    let capped = FieldLimits.capped(item)
    // 5 × 20,000 scalars (what entity detection reads), the last of them "…".
    #expect(capped.text.unicodeScalars.count == 100_000)
    #expect(capped.text.hasSuffix("w…"))
    // The link to a 9 KB URL is plain text; the entity reaching past the cut is gone.
    #expect(capped.entities.map(\.target) == ["w"])
    #expect(capped.author.avatar == nil)
    #expect(capped.media[0].locator == nil && capped.media[0].remoteHost == nil)
    #expect(capped.media[0].alt?.unicodeScalars.count == 10_000)
    #expect(capped.dateProblem?.unicodeScalars.count == 1_000)
}

@Test func anItemWithinTheLimitsIsUnchanged() {
    let url = "https://example.org/" + String(repeating: "p", count: 8_000)
    let item = Item(
        id: "1", date: Timestamp(seconds: 0), author: Author(name: "A", handle: "a", avatar: .file("/x/a.jpg")),
        text: "see " + url, entities: [Entity(kind: .url, text: url, start: 4, end: 4 + url.unicodeScalars.count, target: url)],
        media: [Media(kind: .photo, locator: .file(url), width: 2, height: 1, alt: "alt", remoteHost: "example.org")])
    #expect(FieldLimits.capped(item) == item)
}

@Test func aMastodonBoostOfAHugeURIKeepsNoLinkToIt() throws {
    let uri = "https://example.social/" + String(repeating: "u", count: 10_000)
    let activity = try JSONParser.parse(Array(#"""
        {"type": "Announce", "id": "b1", "published": "2024-01-01T00:00:00Z", "to": ["https://www.w3.org/ns/activitystreams#Public"], "object": "\#(uri)"}
        """#.utf8))
    let reader = MastodonStatusReader(owner: Author(name: "O", handle: "o"), media: MastodonMediaResolver(archive: try FolderArchive(path: FixturePaths.scratchFolder())))
    guard case .item(let item) = reader.read(activity) else {
        Issue.record("the boost was not read")
        return
    }
    #expect(item.entities.isEmpty)
}
