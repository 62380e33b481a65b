import Archives
import Foundation
import PlumageCore
import Testing

@testable import FeedImport

/// Reads the fixture archive written with `files` changed.
private func readFixture(_ files: [String: String?] = [:]) throws -> (FeedSource, root: String) {
    let root = try MastodonFixture.write(files)
    let source = try MastodonArchiveReader.read(try FolderArchive(path: root), topLevelDomains: FixturePaths.topLevelDomains)
    return (source, root)
}

/// The message of the error reading the fixture archive with `files` changed, or "no error".
private func failure(_ files: [String: String?]) throws -> (message: String, root: String) {
    let root = try MastodonFixture.write(files)
    let archive = try FolderArchive(path: root)
    return (message { () throws(SourceError) in try MastodonArchiveReader.read(archive, topLevelDomains: FixturePaths.topLevelDomains) }, root)
}

private let actor = MastodonFixture.actor

@Test func mastodonItemsAreNewestFirstWithDirectMessagesHidden() throws {
    let (feed, root) = try readFixture()
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.kind == .mastodonArchive && feed.title == "Daniel :verified:")
    #expect(feed.owner == Author(name: "Daniel :verified:", handle: "dealingwith@indieweb.social", avatar: .file(root + "/avatar.png")))
    #expect(feed.items.map(\.id) == [
        "\(actor)/statuses/106", "\(actor)/statuses/105/activity", "\(actor)/statuses/103", "\(actor)/statuses/102",
        "\(actor)/statuses/101", "\(actor)/statuses/109",
        "like:https://mastodon.social/users/Gargron/statuses/1", "like:https://hachyderm.io/@kris/2",
        "like:https://example.org/notes/3", "bookmark:https://social.lol/users/mcg/statuses/5",
    ])
    #expect(feed.items.map(\.kind) == [.post, .repost, .reply, .post, .post, .post, .post, .post, .post, .post])
    #expect(feed.items[0].date == Timestamp(year: 2022, month: 11, day: 6, hour: 9, minute: 30))
    #expect(feed.items[5].date == nil && feed.items[5].dateProblem == "published 'yesterday' is not an RFC 3339 date")
    #expect(!feed.items.contains { $0.text.contains("secret") })
    #expect(feed.items[..<6].allSatisfy { $0.author == feed.owner })
    #expect(feed.sections == [
        Section(name: "Posts", itemIndices: [0, 1, 3, 4, 5]), Section(name: "Replies", itemIndices: [2]),
        Section(name: "Boosts", itemIndices: [1]), Section(name: "Media", itemIndices: [3, 4]),
        Section(name: "Likes", itemIndices: [6, 7, 8]), Section(name: "Bookmarks", itemIndices: [9]),
    ])
    // The Create whose object is a bare URI is reported, not fatal.
    #expect(feed.warnings == [root + "/outbox.json: 1 item skipped (a Create without an object)"])
}

@Test func mastodonHTMLBecomesTextWithLinkHashtagAndQualifiedMention() throws {
    let (feed, root) = try readFixture()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let post = feed.items[4]
    #expect(post.text == "Less Twitter, more IndieWeb: daniel.industries/2022/11/07/l… #caterday cc @mcg")
    #expect(post.entities == [
        Entity(kind: .url, text: "daniel.industries/2022/11/07/l…", start: 29, end: 60,
               target: "https://daniel.industries/2022/11/07/less-twitter-more-indieweb/"),
        Entity(kind: .hashtag, text: "#caterday", start: 61, end: 70, target: "caterday"),
        Entity(kind: .mention, text: "@mcg", start: 74, end: 78, target: "mcg@social.lol"),
    ])
    #expect(post.media == [
        Media(kind: .photo, locator: .file(root + "/media_attachments/files/109/333/835/161/429/021/original/3381f6f615f26246.jpeg"),
              width: 1440, height: 1081, alt: "Picture of a white cat"),
    ])
    // The exact dump line, written by hand.
    let line = DumpEncoder.encode(feed).split(separator: "\n").first { $0.contains("statuses/101\"") }
    #expect(line.map(String.init) == ##"{"id":"\##(actor)/statuses/101","date":"2022-11-01T10:00:00Z","author":{"name":"Daniel :verified:","handle":"dealingwith@indieweb.social","avatar":"\##(root)/avatar.png"},"kind":"post","text":"Less Twitter, more IndieWeb: daniel.industries/2022/11/07/l… #caterday cc @mcg","entities":[{"type":"url","text":"daniel.industries/2022/11/07/l…","start":29,"end":60,"target":"https://daniel.industries/2022/11/07/less-twitter-more-indieweb/"},{"type":"hashtag","text":"#caterday","start":61,"end":70,"target":"caterday"},{"type":"mention","text":"@mcg","start":74,"end":78,"target":"mcg@social.lol"}],"media":[{"type":"photo","path":"\##(root)/media_attachments/files/109/333/835/161/429/021/original/3381f6f615f26246.jpeg","width":1440,"height":1081}]},"##)
}

@Test func mastodonDecodedHashtagShortcodeAndPrefixedAttachmentPaths() throws {
    let (feed, root) = try readFixture()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let post = feed.items[3]
    #expect(post.text == "巨人 #巨人叨叨 :ablobflushed: \"yes\" & more")
    #expect(post.entities == [Entity(kind: .hashtag, text: "#巨人叨叨", start: 3, end: 8, target: "巨人叨叨")])
    let files = root + "/media_attachments/files/"
    #expect(post.media == [
        Media(kind: .photo, locator: .file(files + "110/000/000/000/000/001/original/aaa.png"), width: 640, height: 480, alt: nil),
        Media(kind: .video, locator: .file(files + "110/000/000/000/000/002/original/bbb.mp4"), width: 320, height: 240, alt: nil),
        Media(kind: .photo, locator: .file(files + "110/000/000/000/000/003/original/ccc.jpg"), width: 0, height: 0, alt: "A dog"),
        Media(kind: .photo, locator: nil, width: 0, height: 0, alt: "Gone"),
        Media(kind: .photo, locator: .file(files + "120/000/original/ddd.webp"), width: 0, height: 0),
        Media(kind: .photo, locator: nil, width: 0, height: 0, alt: nil, remoteHost: "cdn.example.com"),
    ])
}

@Test func mastodonContentWarningReplyPollAndBoost() throws {
    let (feed, root) = try readFixture()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let reply = feed.items[2]
    #expect(reply.text == "CW: Spoilers ahead\n\n@mcg Line one\nline two\n\nPara two")
    #expect(reply.entities == [Entity(kind: .mention, text: "@mcg", start: 20, end: 24, target: "mcg@social.lol")])
    #expect(reply.date == Timestamp(year: 2022, month: 11, day: 3, hour: 10))
    let poll = feed.items[0]
    #expect(poll.text == "Which? ask @kris\n\n• Tea — 12 votes\n• Coffee — 1 vote\n13 voters")
    #expect(poll.entities == [Entity(kind: .mention, text: "@kris", start: 11, end: 16, target: "kris@hachyderm.io")])
    let boost = feed.items[1]
    #expect(boost.text == "Boosted mastodon.social/users/Gargron/statuses/109311…")
    #expect(boost.entities == [
        Entity(kind: .url, text: "mastodon.social/users/Gargron/statuses/109311…", start: 8, end: 54,
               target: "https://mastodon.social/users/Gargron/statuses/109311111111111111"),
    ])
    #expect(boost.date == Timestamp(year: 2022, month: 11, day: 5, hour: 8) && boost.media.isEmpty)
}

@Test func mastodonLikesAndBookmarksAreUndatedLinkCards() throws {
    let (feed, root) = try readFixture()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let cards = Array(feed.items[6...])
    #expect(cards.map(\.author) == [
        Author(name: "Liked post", handle: "Gargron@mastodon.social"), Author(name: "Liked post", handle: "kris@hachyderm.io"),
        Author(name: "Liked post", handle: "example.org"), Author(name: "Bookmark", handle: "mcg@social.lol"),
    ])
    #expect(cards.map(\.text) == [
        "mastodon.social/users/Gargron/statuses/1", "hachyderm.io/@kris/2", "example.org/notes/3",
        "social.lol/users/mcg/statuses/5",
    ])
    #expect(cards[1].entities == [Entity(kind: .url, text: "hachyderm.io/@kris/2", start: 0, end: 20, target: "https://hachyderm.io/@kris/2")])
    #expect(cards.allSatisfy { $0.date == nil && $0.dateProblem == nil && $0.media.isEmpty })
}

@Test func mastodonOwnerFallsBackToUsernameAndAnyAvatar() throws {
    let actorJSON = #"{"type": "Person", "preferredUsername": "ada", "name": "", "id": "https://example.social/users/ada", "icon": [{"url": "/avatar.jpg"}]}"#
    let (feed, root) = try readFixture(["actor.json": actorJSON, "avatar.png": nil, "avatar.gif": "gif", "likes.json": nil, "bookmarks.json": nil])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.owner == Author(name: "ada", handle: "ada@example.social", avatar: .file(root + "/avatar.gif")))
    #expect(feed.sections.map(\.name) == ["Posts", "Replies", "Boosts", "Media"])

    // Without actor.json: the handle from the activities' actor, the title from the folder.
    let (bare, bareRoot) = try readFixture(["actor.json": nil, "avatar.png": nil])
    defer { try? FileManager.default.removeItem(atPath: bareRoot) }
    #expect(bare.owner == Author(name: "dealingwith", handle: "dealingwith@indieweb.social"))
    #expect(bare.title == String(bareRoot.split(separator: "/").last!))
}

@Test func mastodonEmptyOutboxKeepsThePostsSection() throws {
    let (feed, root) = try readFixture([
        "outbox.json": #"{"orderedItems": [], "totalItems": 5}"#, "likes.json": nil, "bookmarks.json": nil,
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.items.isEmpty && feed.sections == [Section(name: "Posts", itemIndices: [])] && feed.warnings.isEmpty)
}

@Test func mastodonErrorsNameTheFileAndPlace() throws {
    // A broken activity is skipped (see mastodonBrokenActivitiesAreSkippedAndCounted); a frame
    // broken before any activity throws.
    let malformed = try failure(["outbox.json": "{\"orderedItems\": [\n  {\"type\": \"Create\"\n"])
    #expect(malformed.message == malformed.root + "/outbox.json: 3:1: expected ',' or '}' after object member")
    let notOutbox = try failure(["outbox.json": #"{"type": "OrderedCollection", "items": []}"#])
    #expect(notOutbox.message == notOutbox.root + "/outbox.json: not a Mastodon outbox (no \"orderedItems\" array)")
    let array = try failure(["outbox.json": "[]"])
    #expect(array.message == array.root + "/outbox.json: not a Mastodon outbox (the top level is not an object)")
    let missing = try failure(["outbox.json": nil])
    #expect(missing.message == missing.root + ": no outbox.json (not a Mastodon archive)")
    for root in [malformed.root, notOutbox.root, array.root, missing.root] { try? FileManager.default.removeItem(atPath: root) }
}

@Test func mastodonBadSideFilesAreWarnings() throws {
    let (feed, root) = try readFixture(["actor.json": "{", "likes.json": "[1]", "bookmarks.json": #"{"orderedItems": [7, "", {"id": "https://a.example/@b/1"}]}"#])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.warnings == [
        root + "/actor.json: 1:2: expected a string key",
        root + "/outbox.json: 1 item skipped (a Create without an object)",
        root + "/likes.json: no \"orderedItems\" array, skipped",
    ])
    #expect(feed.sections.map(\.name) == ["Posts", "Replies", "Boosts", "Media", "Bookmarks"])
    #expect(feed.items.last?.author == Author(name: "Bookmark", handle: "b@a.example"))
}

@Test func mastodonJunkActivitiesNeverCrash() throws {
    let outbox = #"""
        {"orderedItems": [1, null, "x", [], {}, {"type": 3}, {"type": "Create", "object": {"id": 5}},
          {"type": "Create", "object": {"id": "a", "content": 7, "to": "as:Public", "attachment": {"url": 1},
            "tag": "x", "oneOf": [{"name": 1}, {"name": "n", "replies": "r"}], "published": 12, "summary": 4}},
          {"type": "Announce", "object": {"id": "https://x.example/users/u/statuses/1"}, "to": "Public", "published": "2020-01-01T00:00:00+01:00"},
          {"type": "Announce", "object": ""}, {"type": "Like", "object": "https://x.example/1"}]}
        """#
    let (feed, root) = try readFixture(["outbox.json": outbox, "likes.json": nil, "bookmarks.json": nil])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.items.map(\.id) == ["boost:https://x.example/users/u/statuses/1", "a"])
    #expect(feed.items[0].date == Timestamp(year: 2019, month: 12, day: 31, hour: 23))
    #expect(feed.items[1].text == "• n" && feed.items[1].dateProblem == "published is not a string")
    #expect(feed.warnings == [root + "/outbox.json: 9 items skipped (not an object)"])
}

/// 1,500 activities an hour apart: i % 10 == 9 a boost, == 4 a direct message, == 0 a reply, == 1
/// with a photo, the rest plain posts with a link, a hashtag and a mention.
@Test func mastodonReadsAFifteenHundredItemOutbox() throws {
    var activities: [String] = []
    for i in 0..<1500 {
        let hours = i % 24, days = i / 24
        let published = "2022-\(String(format: "%02d", 1 + days / 28))-\(String(format: "%02d", 1 + days % 28))T\(String(format: "%02d", hours)):00:00Z"
        if i % 10 == 9 {
            activities.append(#"{"id": "b\#(i)", "type": "Announce", "published": "\#(published)", "to": ["as:Public"], "object": "https://x.example/users/u/statuses/\#(i)"}"#)
            continue
        }
        let to = i % 10 == 4 ? #"["https://x.example/users/u"]"# : #"["as:Public"]"#
        let reply = i % 10 == 0 ? #""https://x.example/users/u/statuses/1""# : "null"
        let attachment = i % 10 == 1 ? #"[{"mediaType": "image/png", "url": "/media_attachments/files/\#(i)/original/p.png"}]"# : "[]"
        let content = #"<p>Post \#(i) 🎉 <a href=\"https://example.com/\#(i)\">example.com/\#(i)</a> <a href=\"https://x.example/tags/t\" class=\"mention hashtag\">#<span>t\#(i % 7)</span></a> <span class=\"h-card\"><a href=\"https://x.example/@u\" class=\"u-url mention\">@<span>u</span></a></span></p>"#
        activities.append(#"{"type": "Create", "object": {"id": "s\#(i)", "published": "\#(published)", "to": \#(to), "inReplyTo": \#(reply), "content": "\#(content)", "attachment": \#(attachment)}}"#)
    }
    let (feed, root) = try readFixture([
        "outbox.json": #"{"orderedItems": [\#(activities.joined(separator: ",\n"))]}"#, "likes.json": nil, "bookmarks.json": nil,
    ])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.items.count == 1350)
    #expect(feed.sections.map(\.name) == ["Posts", "Replies", "Boosts", "Media"])
    #expect(feed.sections.map(\.itemIndices.count) == [1200, 150, 150, 150])
    #expect(feed.items.first?.id == "b1499" && feed.items.last?.id == "s0")
    let dates = feed.items.compactMap(\.date)
    #expect(dates.count == 1350 && zip(dates, dates.dropFirst()).allSatisfy { $0 > $1 })
    #expect(feed.items.first { $0.id == "s2" }?.text == "Post 2 🎉 example.com/2 #t2 @u")
    #expect(feed.items.first { $0.id == "s2" }?.entities.map(\.start) == [9, 23, 27])
    for item in feed.items {
        for e in item.entities { #expect(slice(item.text, e) == e.text) }
    }
}
