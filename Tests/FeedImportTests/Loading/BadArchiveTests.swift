import Archives
import Foundation
import Glibc
import PlumageCore
import PlumageTestSupport
import Testing

@testable import FeedImport

/// Damaged archives get a message saying what is wrong with them: a `.zip` that is none, a data
/// file that is a FIFO, a folder or a link leading out, a zip naming a member twice (issue 17).
@Suite struct BadArchiveTests {
    /// The message `SourceLoader.load(paths:)` gives for `path`, or "no error".
    func loadMessage(_ path: String) -> String {
        message { () throws(SourceError) in try SourceLoader.load(paths: [path]) }
    }

    /// A folder holding `files` (relative name → text), made for the test.
    func folder(_ files: [String: String]) throws -> String {
        let root = try FixturePaths.scratchFolder()
        for (name, text) in files {
            try FileManager.default.createDirectory(
                atPath: root + "/" + (name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FixturePaths.write(text, to: root + "/" + name)
        }
        return root
    }

    static let emptyTweets = "window.YTD.tweets.part0 = []"

    @Test func aZipThatIsNoneSaysWhyNotWhatJSONThinks() throws {
        let dir = try folder(["text.zip": "hello\n", "feed.zip": #"{"version": "https://jsonfeed.org/version/1.1", "items": []}"#])
        try Data().write(to: URL(fileURLWithPath: dir + "/empty.zip"))
        var builder = ZipBuilder()
        builder.add("data/tweets.js", text: Self.emptyTweets)
        let whole = builder.bytes()
        try Data(whole.prefix(whole.count - 22)).write(to: URL(fileURLWithPath: dir + "/cut.zip"))
        #expect(loadMessage(dir + "/empty.zip") == dir + "/empty.zip: cannot read: not a zip archive (empty file)")
        #expect(loadMessage(dir + "/text.zip") == dir + "/text.zip: cannot read: not a zip archive (no zip signature)")
        #expect(
            loadMessage(dir + "/cut.zip")
                == dir + "/cut.zip: cannot read: not a zip archive (truncated: no end of central directory)")
        // The window checks before it opens: a .zip that is none fails there, with the same message.
        for name in ["empty.zip", "text.zip"] {
            let checked = message { () throws(SourceError) in
                try SourceLoader.check(paths: [dir + "/" + name], archives: OpenArchives())
                return FeedSource(kind: .jsonFeed, title: "", sections: [], items: [])
            }
            #expect(checked == loadMessage(dir + "/" + name))
        }
        // A JSON Feed that happens to be named .zip is still read as one.
        #expect(SourceFormat.detect(path: dir + "/feed.zip", archives: OpenArchives()) == .jsonFeed)
        #expect(loadMessage(dir + "/feed.zip") == "no error")
    }

    @Test func aTweetsFileThatCannotBeReadSaysWhatItIs() throws {
        let outside = try folder(["tweets.js": Self.emptyTweets])
        let linkOut = try folder(["data/tweets_media/1-a.jpg": "x"])
        #expect(symlink(outside + "/tweets.js", linkOut + "/data/tweets.js") == 0)
        let dangling = try folder(["data/tweets_media/1-a.jpg": "x"])
        #expect(symlink("nowhere.js", dangling + "/data/tweets.js") == 0)
        let fifo = try folder(["data/manifest.js": "window.__THAR_CONFIG = {}"])
        #expect(mkfifo(fifo + "/data/tweets.js", 0o644) == 0)
        let cases = [
            (linkOut, "data/tweets.js: a link leading outside the archive, not read"),
            (dangling, "data/tweets.js: a link to nothing, not read"),
            (fifo, "data/tweets.js: not a regular file (a FIFO)"),
        ]
        for (root, reason) in cases {
            #expect(SourceFormat.detect(path: root, archives: OpenArchives()) == .twitterArchive, "\(root)")
            // Never waits on the FIFO: it is looked at, not opened.
            #expect(loadMessage(root) == root + ": " + reason)
        }
    }

    @Test func aTweetsFileThatIsALinkInAZipSaysSo() throws {
        var builder = ZipBuilder()
        builder.add("data/tweets.js", Array("/etc/passwd".utf8), method: .stored, unixMode: 0o120777)
        builder.add("data/tweets_media/1-a.jpg", [1, 2, 3], method: .stored)
        let dir = try FixturePaths.scratchFolder()
        try builder.write(to: dir + "/link.zip")
        #expect(loadMessage(dir + "/link.zip") == dir + "/link.zip: data/tweets.js: a symbolic link in the zip, not read")
    }

    @Test func aTweetsFileLinkedInsideIsRead() throws {
        let tweet = #"{ "tweet" : { "id_str" : "1", "created_at" : "Mon Jan 02 10:00:00 +0000 2023", "full_text" : "hi" } }"#
        let root = try folder(["data/real/tweets.js": "window.YTD.tweets.part0 = [ " + tweet + " ]"])
        #expect(symlink("real/tweets.js", root + "/data/tweets.js") == 0)
        let source = try SourceLoader.load(paths: [root])
        #expect(source.items.map(\.id) == ["1"])
        #expect(source.warnings == [])
    }

    @Test func oneUnreadablePartOfSeveralIsAWarningNamingIt() throws {
        let manifest = """
            window.__THAR_CONFIG = { "dataTypes" : { "tweets" : { "files" : [
              { "fileName" : "data/tweets.js" }, { "fileName" : "data/tweets-part1.js" } ] } } }
            """
        let root = try folder(["data/manifest.js": manifest, "data/tweets-part1.js": "window.YTD.tweets.part1 = []"])
        #expect(mkfifo(root + "/data/tweets.js", 0o644) == 0)
        let source = try SourceLoader.load(paths: [root])
        // Not "listed in data/manifest.js but not in the archive": what is there instead.
        #expect(source.warnings == [root + ": data/tweets.js: not a regular file (a FIFO)"])
    }

    @Test func anUnusableOutboxIsAMastodonArchiveNeverPhotos() throws {
        func photoFolder() throws -> String {
            let root = try FixturePaths.scratchFolder()
            try FileManager.default.copyItem(atPath: FixturePaths.path("images/tiny.jpg"), toPath: root + "/a.jpg")
            return root
        }
        let fifo = try photoFolder()
        #expect(mkfifo(fifo + "/outbox.json", 0o644) == 0)
        let dangling = try photoFolder()
        #expect(symlink("nowhere.json", dangling + "/outbox.json") == 0)
        let directory = try photoFolder()
        try FileManager.default.createDirectory(atPath: directory + "/outbox.json", withIntermediateDirectories: false)
        let empty = try photoFolder()
        try FixturePaths.write("", to: empty + "/outbox.json")
        let notJSON = try photoFolder()
        try FixturePaths.write("not json", to: notJSON + "/outbox.json")
        let cases = [
            (fifo, fifo + ": outbox.json: not a regular file (a FIFO)"),
            (dangling, dangling + ": outbox.json: a link to nothing, not read"),
            (directory, directory + ": outbox.json: a folder, not a file"),
            (empty, empty + "/outbox.json: 1:1: unexpected end of input, expected a value"),
            (notJSON, notJSON + "/outbox.json: not a Mastodon outbox (the top level is not an object)"),
        ]
        for (root, expected) in cases {
            #expect(SourceFormat.detect(path: root, archives: OpenArchives()) == .mastodonArchive, "\(root)")
            #expect(loadMessage(root) == expected)
        }
    }

    @Test func aZipNamingAMemberTwiceReadsTheLastAndSaysSo() throws {
        var builder = ZipBuilder()
        builder.add("data/tweets.js", text: "window.YTD.tweets.part0 = [ broken")
        builder.add("data/tweets.js", text: Self.emptyTweets)
        let dir = try FixturePaths.scratchFolder()
        try builder.write(to: dir + "/twice.zip")
        let source = try SourceLoader.load(paths: [dir + "/twice.zip"])
        #expect(source.items.isEmpty)
        #expect(source.warnings == [dir + "/twice.zip: 1 duplicate member name, the last of each kept: data/tweets.js"])
    }

    @Test func aZipNameWithDotSegmentsIsRead() throws {
        var builder = ZipBuilder()
        builder.add("./data/./tweets.js", text: Self.emptyTweets)
        let dir = try FixturePaths.scratchFolder()
        try builder.write(to: dir + "/dots.zip")
        let source = try SourceLoader.load(paths: [dir + "/dots.zip"])
        #expect(source.kind == .twitterArchive)
        #expect(source.warnings == [])
    }
}
