import Archives
import Foundation
import Glibc
import PlumageTestSupport
import Testing

@testable import FeedImport

/// The one detection (`ArchiveLayout.kind(of:)`), as `SourceFormat.detect` asks it of a path and the
/// loader of the archive it opened: every era of reference/archive-formats.md §1.1 and §2.1, as a
/// folder and as a zip, at the root and inside one top-level folder; and the cases where the two
/// copies that came before it (`SourceFormat.sniff`, `ArchiveLayout.detect`) disagreed.
@Suite struct SourceDetectionTests {
    /// A scratch folder holding `files` (relative name → text) under `base`.
    static func tree(_ files: [String], under base: String = "") throws -> String {
        let root = try FixturePaths.scratchFolder()
        for name in files {
            let path = root + "/" + base + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FixturePaths.write(name.hasSuffix(".js") ? "window.YTD.tweets.part0 = []" : "{}", to: path)
        }
        return root
    }

    /// A zip holding `files` under `base`, written to a scratch folder.
    static func zip(_ files: [String], under base: String = "") throws -> String {
        var builder = ZipBuilder()
        for name in files { builder.add(base + name, text: name.hasSuffix(".js") ? "window.YTD.tweets.part0 = []" : "{}") }
        let path = try FixturePaths.scratchFolder() + "/archive.zip"
        try builder.write(to: path)
        return path
    }

    /// `twitter`, `grailbird`, `mastodon` or nil: what the loader finds in the archive at `path`.
    static func layoutKind(_ path: String) throws -> String? {
        switch ArchiveLayout.detect(try OpenArchives().open(path: path)) {
        case .twitter?: "twitter"
        case .twitterGrailbird?: "grailbird"
        case .mastodon?: "mastodon"
        case nil: nil
        }
    }

    /// Every era, from the reference's detection rules, with the format and layout it must get.
    static let eras: [(files: [String], kind: String?)] = [
        (["data/js/tweet_index.js", "data/js/tweets/2014_05.js"], "grailbird"),  // ≤ 2018, with its index
        (["data/js/tweets/2014_05.js"], "grailbird"),  // ≤ 2018, monthly files alone
        (["data/tweet.js", "data/tweet_media/1-a.jpg"], "twitter"),  // 2019–2022
        (["data/tweet-part1.js"], "twitter"),  // 2019–2022, split
        (["data/manifest.js", "data/tweet.js"], "twitter"),  // 2020, with X's manifest
        (["data/tweets.js", "data/tweets_media/1-a.jpg"], "twitter"),  // late 2022+
        (["data/tweets.js", "data/tweets-part1.js"], "twitter"),  // late 2022+, split at ~100 MB
        (["outbox.json", "actor.json", "media_attachments/files/1/original/a.jpg"], "mastodon"),
        (["data/tweets-partX.js"], nil),
        (["data/js/tweets/old/2014_05.js"], nil),
        (["tweets.js", "photo.jpg"], nil),
    ]

    @Test(arguments: ["", "twitter-2024-06-30/"])
    func everyEraAsAFolderAndAsAZip(base: String) throws {
        for (files, kind) in Self.eras {
            let format: SourceFormat =
                switch kind {
                case "twitter", "grailbird": .twitterArchive
                case "mastodon": .mastodonArchive
                default: .photoFolder
                }
            let folder = try Self.tree(files, under: base)
            #expect(SourceFormat.detect(path: folder, archives: OpenArchives()) == format, "folder \(base)\(files)")
            #expect(try Self.layoutKind(folder) == kind, "folder \(base)\(files)")
            let zip = try Self.zip(files, under: base)
            #expect(
                SourceFormat.detect(path: zip, archives: OpenArchives()) == (kind == nil ? .archiveZip : format),
                "zip \(base)\(files)")
            #expect(try Self.layoutKind(zip) == kind, "zip \(base)\(files)")
        }
    }

    @Test func detectingAZipReadsItsDirectoryOnceForTheLoader() throws {
        let zip = try Self.zip(["data/tweets.js"], under: "twitter-2024/")
        let archives = OpenArchives()
        #expect(SourceFormat.detect(path: zip, archives: archives) == .twitterArchive)
        #expect(PhotoList.isPhotoArguments([zip], archives: archives) == false)
        #expect(SourceLoader.isLarge(paths: [zip], archives: archives))
        let source = try SourceLoader.load(paths: [zip], archives: archives)
        #expect(source.kind == .twitterArchive)
        #expect(archives.directoriesRead == 1)
    }

    // The disagreements between the two copies of detection, each with the reference's answer.

    /// Only a later part of the tweets is there (`tweets-part2.js`): the reference globs
    /// `data/tweets-part*.js`, so it is a Twitter archive (`sniff` said a photo folder).
    @Test func aLaterTweetsPartAloneIsAnArchive() throws {
        let folder = try Self.tree(["data/tweets-part2.js"])
        #expect(SourceFormat.detect(path: folder, archives: OpenArchives()) == .twitterArchive)
        #expect(try Self.layoutKind(folder) == "twitter")
    }

    /// An empty `data/js/tweets/` folder holds no Grailbird month file (`YYYY_MM.js`), so it is no
    /// archive (`sniff` said a Twitter archive, which the loader then refused).
    @Test func anEmptyGrailbirdFolderIsNoArchive() throws {
        let folder = try Self.tree(["photo.jpg"])
        try FileManager.default.createDirectory(atPath: folder + "/data/js/tweets", withIntermediateDirectories: true)
        #expect(SourceFormat.detect(path: folder, archives: OpenArchives()) == .photoFolder)
        #expect(try Self.layoutKind(folder) == nil)
    }

    /// An empty folder beside the archive's folder holds nothing: the archive is still the only
    /// thing inside (`sniff` counted two folders and gave up; a zip never lists empty folders).
    @Test func anEmptyFolderBesideTheArchiveIsIgnored() throws {
        let folder = try Self.tree(["outbox.json"], under: "archive-2024/")
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        #expect(SourceFormat.detect(path: folder, archives: OpenArchives()) == .mastodonArchive)
        #expect(try Self.layoutKind(folder) == "mastodon")
    }

    /// A hidden folder beside the archive's folder is left out in a zip as on disk (`detect` counted
    /// it in a zip, and refused the zip that unpacked was an archive).
    @Test func aHiddenFolderBesideTheArchiveIsIgnoredInAZip() throws {
        var builder = ZipBuilder()
        builder.add(".git/HEAD", text: "ref")
        builder.add("archive-2024/outbox.json", text: "{}")
        let zip = try FixturePaths.scratchFolder() + "/hidden.zip"
        try builder.write(to: zip)
        #expect(SourceFormat.detect(path: zip, archives: OpenArchives()) == .mastodonArchive)
        #expect(try Self.layoutKind(zip) == "mastodon")
    }

    /// A zip's kind is told by what it holds (`sniff` said "a zip" of any zip).
    @Test func aZipIsToldByWhatItHolds() throws {
        #expect(SourceFormat.detect(path: try Self.zip(["outbox.json"]), archives: OpenArchives()) == .mastodonArchive)
        #expect(SourceFormat.detect(path: try Self.zip(["photo.jpg"]), archives: OpenArchives()) == .archiveZip)
    }
}
