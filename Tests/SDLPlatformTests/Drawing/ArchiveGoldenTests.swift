import Archives
import FeedImport
import Foundation
import PlumageCore
import PlumageTestSupport
import SDLPlatform
import XCTest

/// A golden image of a Twitter/X archive's feed, read from a zip the test writes (the owner with
/// their avatar, a photo from `tweets_media/`, a reply, a retweet with a generated avatar, emoji
/// and `&amp;` before entities, a photo missing from the archive), drawn as the window draws it.
extension GoldenTests {
    func testZippedTwitterArchiveFeed() throws {
        let folder = NSTemporaryDirectory() + "plumage-archive-golden-\(UUID().uuidString)"
        let root = RepositoryPaths.root
        func tweet(_ id: String, _ time: String, _ text: String, _ extra: String = "") -> String {
            #"{ "tweet" : { "id_str" : "\#(id)", "created_at" : "Mon Mar 04 \#(time) +0000 2024", "full_text" : "\#(text)""#
                + (extra.isEmpty ? "" : ", " + extra) + " } }"
        }
        let photo = #""extended_entities" : { "media" : [ { "type" : "photo", "url" : "https://t.co/AbCdEfGh12", "indices" : [ "X", "Y" ], "media_url_https" : "https://pbs.twimg.com/media/coffee.jpg", "sizes" : { "large" : { "w" : "1280", "h" : "853" } } } ] }"#
        let tweets = [
            tweet("1764000000000000004", "10:00:00", "Morning ☕️ with #SwiftLang &amp; @ada_park https://t.co/AbCdEfGh12",
                  photo.replacingOccurrences(of: "\"X\", \"Y\"", with: "\"43\", \"66\"")
                    + #", "entities" : { "hashtags" : [ { "text" : "SwiftLang", "indices" : [ "15", "25" ] } ], "user_mentions" : [ { "screen_name" : "ada_park", "indices" : [ "32", "41" ] } ] }"#),
            tweet("1764000000000000003", "09:00:00", "@bo_tanaka 👨‍👩‍👧 家族で #花見 に行きました",
                  #""in_reply_to_status_id_str" : "1", "in_reply_to_screen_name" : "bo_tanaka", "entities" : { "hashtags" : [ { "text" : "花見", "indices" : [ "18", "21" ] } ], "user_mentions" : [ { "screen_name" : "bo_tanaka", "indices" : [ "0", "10" ] } ] }"#),
            tweet("1764000000000000002", "08:00:00", "RT @priya_dev: Shipping the new build today 🚀",
                  #""entities" : { "user_mentions" : [ { "screen_name" : "priya_dev", "indices" : [ "3", "13" ] } ] }"#),
            tweet("1764000000000000001", "07:00:00", "Lost photo https://t.co/ZzZzZzZz99",
                  photo.replacingOccurrences(of: "AbCdEfGh12", with: "ZzZzZzZz99").replacingOccurrences(of: "\"X\", \"Y\"", with: "\"11\", \"34\"")
                    .replacingOccurrences(of: "coffee.jpg", with: "gone.jpg")),
        ]
        let files: [String: Data] = [
            "data/manifest.js": Data(#"window.__THAR_CONFIG = { "userInfo" : { "accountId" : "42", "userName" : "mira_k", "displayName" : "Mira Kowalski" }, "dataTypes" : { "tweets" : { "mediaDirectory" : "data/tweets_media", "files" : [ { "fileName" : "data/tweets.js" } ] } } }"#.utf8),
            "data/profile.js": Data(#"window.YTD.profile.part0 = [ { "profile" : { "avatarMediaUrl" : "https://pbs.twimg.com/profile_images/1/mira.jpg" } } ]"#.utf8),
            "data/tweets.js": Data(("window.YTD.tweets.part0 = [\n" + tweets.joined(separator: ",\n") + "\n]").utf8),
            "data/profile_media/42-mira.jpg": try Data(contentsOf: URL(fileURLWithPath: root + "/Assets/demo/avatars/" + Self.demoAvatar())),
            "data/tweets_media/1764000000000000004-coffee.jpg": try Data(contentsOf: URL(fileURLWithPath: root + "/Assets/demo/photos/coffee.jpg")),
        ]
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let zip = folder + "/twitter-2024-03-04.zip"
        var builder = ZipBuilder()
        for (name, data) in files.sorted(by: { $0.key < $1.key }) { builder.add(name, [UInt8](data)) }
        try builder.write(to: zip)
        // One registry, as the program has: the loader opens the zip, the decoders read its media.
        let archives = OpenArchives()
        let source = try SourceLoader.load(paths: [zip], archives: archives)
        XCTAssertEqual(source.kind, .twitterArchive)
        XCTAssertEqual(source.items.map(\.kind), [.post, .reply, .repost, .post])
        XCTAssertEqual(source.items[0].media.first?.locator, .member(archive: zip, name: "data/tweets_media/1764000000000000004-coffee.jpg"))
        XCTAssertNil(source.items[3].media.first?.locator)
        try assertGolden(
            try render(theme: "dark", size: Size(width: 600, height: 900), source: source, archives: archives),
            "archive-feed")
        XCTAssertEqual(archives.directoriesRead, 1)
    }

    /// The first avatar file shipped with the demo.
    static func demoAvatar() -> String {
        ((try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.root + "/Assets/demo/avatars")) ?? [])
            .filter { $0.hasSuffix(".jpg") }.sorted().first ?? "missing.jpg"
    }
}
