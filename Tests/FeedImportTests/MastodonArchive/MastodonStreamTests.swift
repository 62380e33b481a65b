import Archives
import Foundation
import PlumageCore
import Testing

@testable import FeedImport

/// A public `Create` of a note with `id` and HTML `content` (raw bytes, already JSON-escaped).
private func note(_ id: String, _ content: [UInt8]) -> [UInt8] {
    Array(#"{"type": "Create", "actor": "https://m.example/users/ann", "object": {"id": "\#(id)", "published": "2022-11-01T10:00:00Z", "to": ["https://www.w3.org/ns/activitystreams#Public"], "content": "<p>"#.utf8)
        + content + Array(#"</p>"}}"#.utf8)
}

/// Reads a fixture archive whose outbox.json holds `outbox` (and whose other files are `files`).
private func read(outbox: [UInt8], _ files: [String: String?] = ["likes.json": nil, "bookmarks.json": nil])
    throws -> (FeedSource, root: String)
{
    let root = try MastodonFixture.write(files)
    try Data(outbox).write(to: URL(fileURLWithPath: root + "/outbox.json"))
    return (try MastodonArchiveReader.read(try FolderArchive(path: root), topLevelDomains: FixturePaths.topLevelDomains), root)
}

@Test func mastodonInvalidUTF8IsReplacedAndSaidOnce() throws {
    // `caf` + a Latin-1 é (0xE9), then a lone 0xFF: two invalid sequences in one status.
    let outbox = Array(#"{"orderedItems": ["#.utf8) + note("s1", Array("caf".utf8) + [0xE9] + Array(" ok ".utf8) + [0xFF])
        + Array(", ".utf8) + note("s2", Array("fine".utf8)) + Array("]}".utf8)
    let (feed, root) = try read(outbox: outbox)
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.items.map(\.text) == ["fine", "caf\u{FFFD} ok \u{FFFD}"])  // equal dates: later first
    #expect(feed.warnings == [root + "/outbox.json: 2 invalid UTF-8 sequences replaced with U+FFFD"])
}

@Test func mastodonBrokenActivitiesAreSkippedAndCounted() throws {
    // Line 2 holds a broken activity: after `{"type": "Create"` (column 3…19) a space, then `"x"`
    // at column 21 where ',' or '}' was expected.
    let outbox = Array("{\"orderedItems\": [\n  {\"type\": \"Create\" \"x\": 1},\n  ".utf8) + note("s1", Array("kept".utf8))
        + Array("\n]}".utf8)
    let (feed, root) = try read(outbox: outbox)
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.items.map(\.text) == ["kept"])
    #expect(feed.warnings == [root + "/outbox.json: 1 item skipped (2:21: expected ',' or '}' after object member)"])
}

@Test func mastodonHugeSiblingsAndOversizedActivitiesAreSkipped() throws {
    let context = String(repeating: "c", count: 20 << 20)
    let huge = [UInt8](repeating: UInt8(ascii: "h"), count: MastodonCollectionStream.maxElementBytes)
    let outbox = Array(#"{"@context": "\#(context)", "orderedItems": [\#n"#.utf8) + note("s1", Array("one".utf8))
        + Array(",\n".utf8) + note("s2", huge) + Array(",\n".utf8) + note("s3", Array("three".utf8)) + Array("], \"totalItems\": 3}".utf8)
    let (feed, root) = try read(outbox: outbox)
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.items.map(\.text) == ["three", "one"])  // equal dates: later first
    #expect(feed.warnings == [root + "/outbox.json: 1 item skipped (3:1: larger than 16 MiB)"])
}

@Test func mastodonOversizedActorIsAWarningAndTheOwnerComesFromTheOutbox() throws {
    let actor = #"{"preferredUsername": "ann", "name": ""# + String(repeating: "n", count: 5 << 20) + #""}"#
    let outbox = Array(#"{"orderedItems": ["#.utf8) + note("s1", Array("hi".utf8)) + Array("]}".utf8)
    let (feed, root) = try read(outbox: outbox, ["actor.json": actor, "likes.json": nil, "bookmarks.json": nil])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.owner?.handle == "ann@m.example")
    #expect(feed.warnings == [root + ": actor.json: larger than 4 MiB, not read"])
}

@Test func mastodonActorNamesAreCapped() throws {
    let actor = #"{"preferredUsername": "ann", "url": "https://m.example/@ann", "name": ""# + String(repeating: "n", count: 3_000) + #""}"#
    let outbox = Array(#"{"orderedItems": ["#.utf8) + note("s1", Array("hi".utf8)) + Array("]}".utf8)
    let (feed, root) = try read(outbox: outbox, ["actor.json": actor, "likes.json": nil, "bookmarks.json": nil])
    defer { try? FileManager.default.removeItem(atPath: root) }
    #expect(feed.owner?.name == String(repeating: "n", count: 999) + "…")
    #expect(feed.title == feed.owner?.name)
}
