import Archives
import Foundation
import Glibc
import PlumageTestSupport
import Testing

@testable import FeedImport

/// `ArchiveLayout.detect` on opened archives (moved here from `ArchivesTests` with the layout, which
/// knows feed file names and so belongs to FeedImport).
@Suite struct ArchiveLayoutTests {
    @Test func layoutsAreRecognisedByTheirFiles() throws {
        let cases: [([String], String?)] = [
            (["data/tweets.js", "data/tweets_media/1-a.jpg"], "twitter"),
            (["data/manifest.js"], "twitter"),
            (["data/tweet.js"], "twitter"),
            (["data/tweets-part1.js"], "twitter"),
            (["data/tweets-partX.js"], nil),
            (["data/js/tweets/2014_05.js"], "grailbird"),
            (["data/js/tweet_index.js"], "grailbird"),
            (["data/js/tweets/old/2014_05.js"], nil),
            (["outbox.json", "actor.json"], "mastodon"),
            (["tweets.js", "photo.jpg"], nil),
        ]
        for (files, expected) in cases {
            let temp = try TemporaryFolder()
            for file in files { try temp.write("a/" + file, text: "x") }
            let layout = ArchiveLayout.detect(try FolderArchive(path: temp.path + "/a"))
            #expect(layout.map(Self.kind) == expected, "\(files)")
            #expect(layout?.archive.rootPath == (expected == nil ? nil : temp.path + "/a"))
        }
        #expect(
            ArchiveLayout.notAnArchiveMessage(path: "/x/y") == "no data/tweets.js, data/tweet.js or outbox.json in /x/y"
        )
    }

    @Test func aKeyFileThatCannotBeReadStillTellsTheLayout() throws {
        let temp = try TemporaryFolder()
        try temp.write("masto/photo.jpg", text: "x")
        #expect(mkfifo(temp.path + "/masto/outbox.json", 0o644) == 0)
        try temp.write("outside.js", text: "[]")
        try temp.write("tw/data/tweets_media/1-a.jpg", text: "x")
        try temp.link("tw/data/tweets.js", to: temp.path + "/outside.js")
        try temp.write("dangling/a.jpg", text: "x")
        try temp.link("dangling/outbox.json", to: "nowhere.json")
        try temp.write("folder/a.jpg", text: "x")
        try temp.folder("folder/outbox.json")
        let expected = ["masto": "mastodon", "tw": "twitter", "dangling": "mastodon", "folder": "mastodon"]
        for (name, kind) in expected {
            let layout = ArchiveLayout.detect(try FolderArchive(path: temp.path + "/" + name))
            #expect(layout.map(Self.kind) == kind, "\(name)")
        }
    }

    @Test func oneTopLevelFolderIsRebased() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        builder.add("twitter-2022-11-03/", [], method: .stored)
        builder.add("twitter-2022-11-03/data/tweets.js", text: "window.YTD.tweets.part0 = []")
        builder.add("twitter-2022-11-03/data/tweets_media/1-a.jpg", [1, 2, 3], method: .stored)
        builder.add("__MACOSX/twitter-2022-11-03/data/._tweets.js", [0])
        builder.add(".DS_Store", [0])
        let path = try temp.write("rezipped.zip", zip: builder)
        let layout = try #require(ArchiveLayout.detect(try ZipArchive(path: path)))
        guard case .twitter(let archive) = layout else {
            Issue.record("not recognised as Twitter: \(layout)")
            return
        }
        #expect(archive.entries == ["data/tweets.js", "data/tweets_media/1-a.jpg"])
        #expect(archive.contains("data/tweets.js"))
        #expect(!archive.contains("../__MACOSX/twitter-2022-11-03/data/._tweets.js"))
        #expect(try archive.read("data/tweets_media/1-a.jpg", limit: 10) == [1, 2, 3])
        #expect(archive.size(of: "data/tweets.js") == 28)
        #expect(archive.path(of: "data/tweets_media/1-a.jpg") == path + "/twitter-2022-11-03/data/tweets_media/1-a.jpg")
        #expect(archive.rootPath == path + "/twitter-2022-11-03")
        #expect(archiveError { try archive.read("../.DS_Store", limit: 10) } == .refused("../.DS_Store"))
        // The location it hands out reads back through a registry, as the decoders will.
        let archives = OpenArchives()
        #expect(try archives.read(archive.location(of: "data/tweets_media/1-a.jpg"), limit: 10) == [1, 2, 3])
    }

    @Test func twoTopLevelFoldersAreNotGuessedBetween() throws {
        let temp = try TemporaryFolder()
        try temp.write("two/a/outbox.json", text: "{}")
        try temp.write("two/b/data/tweets.js", text: "[]")
        #expect(ArchiveLayout.detect(try FolderArchive(path: temp.path + "/two")) == nil)
        try temp.write("nested/only/deeper/outbox.json", text: "{}")
        #expect(ArchiveLayout.detect(try FolderArchive(path: temp.path + "/nested")) == nil)
    }

    static func kind(_ layout: ArchiveLayout) -> String {
        switch layout {
        case .twitter: "twitter"
        case .twitterGrailbird: "grailbird"
        case .mastodon: "mastodon"
        }
    }
}

extension ArchiveLayout: Equatable {
    public static func == (lhs: ArchiveLayout, rhs: ArchiveLayout) -> Bool {
        ArchiveLayoutTests.kind(lhs) == ArchiveLayoutTests.kind(rhs) && lhs.archive.rootPath == rhs.archive.rootPath
    }
}
