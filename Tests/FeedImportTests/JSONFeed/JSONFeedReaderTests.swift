@testable import FeedImport
import Foundation
import PlumageCore
import Testing

/// The scalars `entity` covers in `text`, as a string.
func slice(_ text: String, _ entity: Entity) -> String {
    String(String.UnicodeScalarView(Array(text.unicodeScalars)[entity.start..<entity.end]))
}

/// The message of the `SourceError` that `body` throws, or "no error".
func message(_ body: () throws(SourceError) -> FeedSource) -> String {
    do {
        _ = try body()
        return "no error"
    } catch {
        return error.description
    }
}

@Test func readsTheExtensionFixture() throws {
    let feed = try JSONFeedReader.read(path: FixturePaths.path("extension.json"), topLevelDomains: FixturePaths.topLevelDomains)
    #expect(feed.kind == .jsonFeed && feed.title == "Fixture feed")
    #expect(feed.owner == Author(name: "Ada Park", handle: "adapark"))
    // Newest first; items 10 and 12 share a second and keep file order.
    #expect(feed.items.map(\.id) == ["11", "10", "12"])
    #expect(feed.items.map(\.kind) == [.reply, .post, .quote])
    #expect(feed.items[0].date == Timestamp(year: 2026, month: 11, day: 21, hour: 6))
    #expect(feed.sections == [
        Section(name: "Timeline", itemIndices: [0, 1, 2]), Section(name: "Favorites", itemIndices: [1, 2]),
        Section(name: "Media", itemIndices: [1]),
    ])
    let coffee = feed.items[1]
    #expect(coffee.author == Author(name: "Ada Park", handle: "adapark", avatar: .file(FixturePaths.path("avatars/ada.jpg"))))
    #expect(coffee.text == "Coffee ☕️ with @bob at www.jsonfeed.org/version/1.1/ #morning")
    #expect(coffee.entities.map(\.kind) == [.mention, .url, .hashtag])
    #expect(coffee.entities[1].target == "https://www.jsonfeed.org/version/1.1/")
    #expect(coffee.media == [
        Media(kind: .photo, locator: .file(FixturePaths.path("images/tiny.png")), width: 2, height: 3),
        Media(kind: .photo, locator: nil, width: 1600, height: 1067),
        Media(kind: .photo, locator: nil, width: 0, height: 0, remoteHost: "example.com"),
        Media(kind: .gif, locator: .file(FixturePaths.path("images/tiny.gif")), width: 7, height: 9),
        Media(kind: .video, locator: nil, width: 1280, height: 720),
    ])
    #expect(feed.items[0].author == Author(name: "Bob Stone", handle: "bob"))
    #expect(feed.items[2].author == Author(name: "Cy Lee", handle: "cylee"))
    for item in feed.items {
        for e in item.entities { #expect(slice(item.text, e) == e.text) }
    }
}

@Test func readsAPlainFeedWithHTMLAndFallbacks() throws {
    let feed = try JSONFeedReader.read(path: FixturePaths.path("plain.json"), topLevelDomains: FixturePaths.topLevelDomains)
    #expect(feed.owner == nil && feed.title == "Plain blog")
    #expect(feed.items.map(\.id) == ["summary", "html", "title"])
    #expect(feed.items.map(\.date) == [
        Timestamp(year: 2024, month: 3, day: 2), Timestamp(year: 2024, month: 3, day: 1, hour: 17), nil,
    ])
    #expect(feed.items.map(\.dateProblem) == [nil, nil, nil])
    #expect(feed.items[1].text == "First & bold para\nnext line\n\nSecond para with a link: example.com/x <ok>")
    // The anchor "a link" is a url entity; the raw URL after it is detected.
    #expect(feed.items[1].entities.map(\.text) == ["a link", "example.com/x"])
    #expect(feed.items[1].entities.map(\.start) == [46, 54])
    #expect(feed.items[1].entities.map(\.target) == ["https://example.com/x", "https://example.com/x"])
    #expect(feed.items[0].text == "Only a summary #tldr")
    #expect(feed.items[0].media == [Media(kind: .photo, locator: .file(FixturePaths.path("images/tiny.jpg")), width: 5, height: 4)])
    #expect(feed.items[2].text == "Only a title, no date")
    #expect(feed.items[2].media == [Media(kind: .photo, locator: .file(FixturePaths.path("images/tiny.webp")), width: 6, height: 8)])
    #expect(feed.items.allSatisfy { $0.author == Author(name: "Dee O'Hara", handle: "deeohara") })
    #expect(feed.sections == [Section(name: "Timeline", itemIndices: [0, 1, 2]), Section(name: "Media", itemIndices: [0, 2])])
}

@Test func resolvesAbsoluteFileAndRelativePaths() throws {
    // Absolute paths and file URLs are opened inside the feed's folder only (FeedConfinementTests).
    let folder = try FixturePaths.scratchFolder()
    try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
    let png = folder + "/images/tiny.png"
    let jpeg = folder + "/images/tiny.jpg"
    try FileManager.default.copyItem(atPath: FixturePaths.path("images/tiny.png"), toPath: png)
    try FileManager.default.copyItem(atPath: FixturePaths.path("images/tiny.jpg"), toPath: jpeg)
    try FixturePaths.write(
        """
        {"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "content_text": "paths",
          "attachments": [{"url": "\(png)", "mime_type": "image/png"},
                          {"url": "file://\(jpeg)", "mime_type": "image/jpeg"},
                          {"url": "file://localhost\(png)", "mime_type": "image/png"},
                          {"url": "file://elsewhere/\(png)", "mime_type": "image/png"},
                          {"url": "./sub/../my%20pic.png", "mime_type": "image/png"}]}]}
        """, to: folder + "/feed.json")
    try FileManager.default.copyItem(atPath: png, toPath: folder + "/my pic.png")
    let feed = try JSONFeedReader.read(path: folder + "/feed.json", topLevelDomains: FixturePaths.topLevelDomains)
    #expect(feed.warnings.isEmpty)
    #expect(feed.title == "feed.json")
    #expect(feed.items[0].author == Author(name: "feed.json", handle: "feedjson"))
    #expect(feed.items[0].media.map(\.locator?.path) == [png, jpeg, png, nil, folder + "/my pic.png"])
    #expect(feed.items[0].media.map(\.width) == [2, 5, 2, 0, 2])
}

@Test func remoteMediaKeepTheirHostAndAttachmentsTheirAltTextAndDuration() throws {
    let text = """
        {"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "1", "content_text": "media",
          "attachments": [{"url": "https://u:p@CDN.Example.com:8443/a.jpg?x=1", "mime_type": "image/jpeg"},
                          {"url": "http://[2001:db8::1]/b.png", "mime_type": "image/png"},
                          {"url": "clip.mp4", "mime_type": "video/mp4", "duration_in_seconds": 42.5,
                           "_plumage": {"alt": "A dog runs", "width": 1280, "height": 720}},
                          {"url": "ftp://files.example.com/c.png", "mime_type": "image/png",
                           "duration_in_seconds": -1, "_plumage": {"alt": ""}}]},
          {"id": "2", "content_text": "image", "image": "https://media.example.social/x/y.gif"}]}
        """
    let feed = try JSONFeedReader.decode(Array(text.utf8), path: "f.json", baseDirectory: "/nonexistent",
                                         topLevelDomains: FixturePaths.topLevelDomains)
    #expect(feed.items[0].media == [
        Media(kind: .photo, locator: nil, width: 0, height: 0, remoteHost: "cdn.example.com"),
        Media(kind: .photo, locator: nil, width: 0, height: 0, remoteHost: "[2001:db8::1]"),
        Media(kind: .video, locator: nil, width: 1280, height: 720, alt: "A dog runs", duration: 42.5),
        Media(kind: .photo, locator: nil, width: 0, height: 0),
    ])
    #expect(feed.items[1].media == [Media(kind: .gif, locator: nil, width: 0, height: 0, remoteHost: "media.example.social")])
}

@Test func errorMessagesNameThePath() {
    let malformed = FixturePaths.path("malformed.json")
    #expect(message { () throws(SourceError) in try JSONFeedReader.read(path: malformed, topLevelDomains: FixturePaths.topLevelDomains) }
        == malformed + ": 3:21: expected ',' or '}' after object member")
    let noVersion = FixturePaths.path("no-version.json")
    #expect(message { () throws(SourceError) in try JSONFeedReader.read(path: noVersion, topLevelDomains: FixturePaths.topLevelDomains) }
        == noVersion + ": not a JSON Feed (missing \"version\")")
    #expect(message { () throws(SourceError) in try JSONFeedReader.read(path: "/nonexistent/feed.json", topLevelDomains: FixturePaths.topLevelDomains) }
        == "/nonexistent/feed.json: cannot read: No such file or directory")
    let bytes = { (text: String) in
        message { () throws(SourceError) in try JSONFeedReader.decode(Array(text.utf8), path: "f.json", baseDirectory: "/", topLevelDomains: FixturePaths.topLevelDomains) }
    }
    #expect(bytes("[]") == "f.json: not a JSON Feed (the top level is not an object)")
    #expect(bytes(#"{"version": "1.1", "items": []}"#) == "f.json: not a JSON Feed (unknown version \"1.1\")")
    #expect(bytes(#"{"version": "https://jsonfeed.org/version/1.1"}"#) == "f.json: not a JSON Feed (missing \"items\" array)")
    #expect(bytes(#"{"version": "https://jsonfeed.org/version/1.1", "items": [1]}"#)
        == "f.json: not a JSON Feed (item 1 is not an object)")
}

@Test func parsesATenThousandItemFeed() throws {
    var json = #"{"version": "https://jsonfeed.org/version/1.1", "title": "Big", "items": ["#
    for i in 0..<10_000 {
        if i > 0 { json += "," }
        let day = 1 + i % 28, hour = i % 24
        json += #"{"id": "\#(i)", "date_published": "2025-02-\#(day < 10 ? "0" : "")\#(day)T\#(hour < 10 ? "0" : "")\#(hour):00:00Z", "#
        json += #""content_text": "Item \#(i) #tag\#(i % 50) with @user\#(i % 7) and https://example.com/\#(i) 🎉", "#
        json += #""authors": [{"name": "User \#(i % 7)", "_plumage": {"handle": "user\#(i % 7)"}}]}"#
    }
    json += "]}"
    let feed = try JSONFeedReader.decode(Array(json.utf8), path: "big.json", baseDirectory: "/", topLevelDomains: FixturePaths.topLevelDomains)
    #expect(feed.items.count == 10_000)
    #expect(feed.sections.map(\.name) == ["Timeline"])
    let dates = feed.items.compactMap(\.date)
    #expect(dates.count == 10_000 && zip(dates, dates.dropFirst()).allSatisfy { $0 >= $1 })
    #expect(feed.items.allSatisfy { $0.entities.count == 3 })
}

@Test func unreadableDatesBecomeNilWithTheirReasonAndSortLast() throws {
    let json = #"""
        {"version": "https://jsonfeed.org/version/1.1", "title": "Dates", "items": [
          {"id": "garbage", "date_published": "garbage", "content_text": "a"},
          {"id": "old", "date_published": "2001-01-01T00:00:00Z", "content_text": "b"},
          {"id": "number", "date_published": 1700000000, "content_text": "c"},
          {"id": "modified", "date_published": "yesterday", "date_modified": "2002-02-02T00:00:00Z", "content_text": "d"},
          {"id": "badModified", "date_modified": "2002-02-30", "content_text": "e"},
          {"id": "none", "content_text": "f"},
          {"id": "new", "date_published": "2030-01-01T00:00:00+01:00", "content_text": "g"}
        ]}
        """#
    let feed = try JSONFeedReader.decode(Array(json.utf8), path: "dates.json", baseDirectory: "/", topLevelDomains: FixturePaths.topLevelDomains)
    // Newest first, then the undated ones in file order.
    #expect(feed.items.map(\.id) == ["new", "modified", "old", "garbage", "number", "badModified", "none"])
    #expect(feed.items.map(\.date) == [
        Timestamp(year: 2029, month: 12, day: 31, hour: 23), Timestamp(year: 2002, month: 2, day: 2),
        Timestamp(year: 2001, month: 1, day: 1), nil, nil, nil, nil,
    ])
    #expect(feed.items.map(\.dateProblem) == [
        nil, nil, nil, "date_published 'garbage' is not an RFC 3339 date", "date_published is not a string",
        "date_modified '2002-02-30' is not an RFC 3339 date", nil,
    ])
    let dumped = try JSONParser.parse(Array(DumpEncoder.encode(feed).utf8))["items"]?.array ?? []
    #expect(dumped[3]["date"] == .null)
    #expect(dumped[3]["date_problem"]?.string == "date_published 'garbage' is not an RFC 3339 date")
    #expect(dumped[0]["date_problem"] == nil && dumped[6]["date_problem"] == nil)
}

/// Items that list their entities keep them (checked against the text, moved when misplaced); the
/// others get detection with the given top-level domains.
@Test func listedEntitiesAreKeptAndOthersDetected() throws {
    let json = #"""
        {"version": "https://jsonfeed.org/version/1.1", "title": "Entities", "items": [
          {"id": "listed", "content_text": "😀 #Tag at https://t.co/abc #other", "_plumage": {"entities": [
            {"type": "hashtag", "text": "#tag", "start": 3, "end": 7, "target": "tag"},
            {"type": "url", "text": "https://t.co/abc", "start": 11, "end": 27, "target": "https://example.com/long"},
            {"type": "mention", "text": "@nobody", "start": 0, "end": 7}]}},
          {"id": "detected", "content_text": "#Tag at example.com and example.zz"}
        ]}
        """#
    let feed = try JSONFeedReader.decode(Array(json.utf8), path: "e.json", baseDirectory: "/", topLevelDomains: FixturePaths.topLevelDomains)
    let listed = feed.items[0], detected = feed.items[1]
    #expect(listed.text == "😀 #Tag at example.com/long #other")
    #expect(listed.entities.map(\.text) == ["#Tag", "example.com/long"])
    #expect(listed.entities.map(\.start) == [2, 10])
    #expect(detected.entities.map(\.text) == ["#Tag", "example.com"])
    for item in feed.items {
        for e in item.entities { #expect(slice(item.text, e) == e.text) }
    }
}
