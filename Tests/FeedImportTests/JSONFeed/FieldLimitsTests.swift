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
