import Foundation
import PlumageCore
import Testing

@testable import FeedImport

/// Reads `json` as a feed stored in `folder`.
private func decode(_ json: String, folder: String = "/feeds") throws -> FeedSource {
    try JSONFeedReader.decode(Array(json.utf8), path: "f.json", baseDirectory: folder, topLevelDomains: FixturePaths.topLevelDomains)
}

@Test func contentHTMLAnchorsAreEntitiesAndPlainTextIsStillDetected() throws {
    let feed = try decode(#"""
        {"version": "https://jsonfeed.org/version/1.1", "title": "Blog", "items": [{"id": "1",
          "content_html": "<p>Read <a href=\"https://blog.example.org/2024/03/post\">my post</a> #swift with <a class=\"u-url mention\" href=\"https://example.social/@ada\">@ada</a>, @bob and <a href=\"https://example.com/\">https://example.com/</a></p><p><a href=\"/relative\">rel</a> &amp; <a href=\"mailto:x@y.org\">mail</a></p>"}]}
        """#)
    let item = feed.items[0]
    #expect(item.text == "Read my post #swift with @ada, @bob and example.com\n\nrel & mail")
    #expect(item.entities == [
        Entity(kind: .url, text: "my post", start: 5, end: 12, target: "https://blog.example.org/2024/03/post"),
        Entity(kind: .hashtag, text: "#swift", start: 13, end: 19, target: "swift"),
        Entity(kind: .mention, text: "@ada", start: 25, end: 29, target: "ada@example.social"),
        Entity(kind: .mention, text: "@bob", start: 31, end: 35, target: "bob"),
        Entity(kind: .url, text: "example.com", start: 40, end: 51, target: "https://example.com/"),
    ])
    let line = DumpEncoder.encode(feed).split(separator: "\n").first { $0.hasPrefix("{\"id\":\"1\"") }
    #expect(line.map(String.init) == ##"{"id":"1","date":null,"author":{"name":"Blog","handle":"blog","avatar":null},"kind":"post","text":"Read my post #swift with @ada, @bob and example.com\n\nrel & mail","entities":[{"type":"url","text":"my post","start":5,"end":12,"target":"https://blog.example.org/2024/03/post"},{"type":"hashtag","text":"#swift","start":13,"end":19,"target":"swift"},{"type":"mention","text":"@ada","start":25,"end":29,"target":"ada@example.social"},{"type":"mention","text":"@bob","start":31,"end":35,"target":"bob"},{"type":"url","text":"example.com","start":40,"end":51,"target":"https://example.com/"}],"media":[]}"##)
}

@Test func remoteMediaAreNeverFetchedAndKeepTheirHost() throws {
    let folder = try FixturePaths.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.copyItem(atPath: FixturePaths.path("images/tiny.png"), toPath: folder + "/banner.png")
    let feed = try decode(#"""
        {"version": "https://jsonfeed.org/version/1.1", "title": "Remote", "items": [
          {"id": "image", "date_published": "2024-01-03T00:00:00Z", "content_text": "a", "image": "https://CDN.example.com/i.jpg?w=2"},
          {"id": "attachments", "date_published": "2024-01-02T00:00:00Z", "content_text": "b", "attachments": [
            {"url": "http://user:pw@media.example.net:8443/a.mp4", "mime_type": "video/mp4", "_plumage": {"width": 640, "height": 360}},
            {"url": "https://[2001:db8::1]/b.gif"},
            {"url": "banner.png", "mime_type": "image/png"}]},
          {"id": "banner", "date_published": "2024-01-01T00:00:00Z", "content_text": "c", "banner_image": "banner.png"},
          {"id": "remote banner", "content_text": "d", "banner_image": "https://img.example.org/b.png"}]}
        """#, folder: folder)
    #expect(feed.items.map(\.media) == [
        [Media(kind: .photo, locator: nil, width: 0, height: 0, remoteHost: "cdn.example.com")],
        [
            Media(kind: .video, locator: nil, width: 640, height: 360, remoteHost: "media.example.net"),
            Media(kind: .gif, locator: nil, width: 0, height: 0, remoteHost: "[2001:db8::1]"),
            Media(kind: .photo, locator: .file(folder + "/banner.png"), width: 2, height: 3),
        ],
        [Media(kind: .photo, locator: .file(folder + "/banner.png"), width: 2, height: 3)],
        [Media(kind: .photo, locator: nil, width: 0, height: 0, remoteHost: "img.example.org")],
    ])
}
