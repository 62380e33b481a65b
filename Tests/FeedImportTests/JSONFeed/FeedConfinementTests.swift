import Archives
@testable import FeedImport
import Foundation
import Glibc
import PlumageCore
import Testing

/// A JSON Feed's attachment and avatar paths are opened only inside the feed's folder tree; the
/// others are left without a file and named in one warning.
@Suite struct FeedConfinementTests {
    /// A scratch folder holding `feed/photos/in.png` (a copy of the tiny PNG), `outside.png` next to
    /// `feed/`, and `feed/feed.json` referring to `refer(scratch folder)` as attachments (and the first as the avatar).
    func feed(referring refer: (String) -> [String]) throws -> (dir: String, source: FeedSource) {
        let dir = try FixturePaths.scratchFolder()
        let references = refer(dir)
        try FileManager.default.createDirectory(atPath: dir + "/feed/photos", withIntermediateDirectories: true)
        let png = try Data(contentsOf: URL(fileURLWithPath: FixturePaths.path("images/tiny.png")))
        try png.write(to: URL(fileURLWithPath: dir + "/feed/photos/in.png"))
        try png.write(to: URL(fileURLWithPath: dir + "/outside.png"))
        let attachments = references.map { #"{"url": "\#($0)", "mime_type": "image/png"}"# }.joined(separator: ", ")
        try FixturePaths.write(#"""
            {"version": "https://jsonfeed.org/version/1.1", "title": "T",
             "authors": [{"name": "Ada", "avatar": "\#(references[0])"}],
             "items": [{"id": "1", "content_text": "hi", "attachments": [\#(attachments)]}]}
            """#, to: dir + "/feed/feed.json")
        let source = try JSONFeedReader.read(path: dir + "/feed/feed.json", topLevelDomains: FixturePaths.topLevelDomains)
        return (dir, source)
    }

    @Test func pathsInsideTheFeedsFolderAreOpened() throws {
        let (dir, source) = try feed { _ in ["photos/in.png"] }
        #expect(source.items[0].media.map(\.locator?.path) == [dir + "/feed/photos/in.png"])
        #expect(source.items[0].media.first?.width == 2)
        #expect(source.items[0].author.avatar != nil)
        #expect(source.warnings.isEmpty)
    }

    @Test func absoluteFileURLAndParentPathsOutsideAreRefused() throws {
        let (_, source) = try feed { ["/etc/passwd", "file:///etc/passwd", "../outside.png", $0 + "/outside.png"] }
        #expect(source.items[0].media.count == 4)
        #expect(source.items[0].media.allSatisfy { $0.locator == nil && $0.width == 0 })
        #expect(source.items[0].author.avatar == nil)
        #expect(source.warnings.count == 1)
        #expect(source.warnings.first?.contains("4 media or avatar paths lead outside the feed's folder and were not opened: /etc/passwd and 3 more") == true)
    }

    @Test func absoluteAndFileURLPathsInsideTheFolderAreAllowed() throws {
        let (dir, source) = try feed { [$0 + "/feed/photos/in.png", "file://" + $0 + "/feed/photos/in.png", "photos/../photos/in.png"] }
        #expect(source.items[0].media.map(\.locator?.path) == Array(repeating: dir + "/feed/photos/in.png", count: 3))
        #expect(source.warnings.isEmpty)
    }

    @Test func aLinkInsideThatPointsOutIsRefused() throws {
        let dir = try FixturePaths.scratchFolder()
        try FileManager.default.createDirectory(atPath: dir + "/feed", withIntermediateDirectories: true)
        #expect(symlink("/etc/passwd", dir + "/feed/shadow.png") == 0)
        #expect(LocalPath.confined("shadow.png", base: dir + "/feed", realBase: (ArchivePath.realPath(dir + "/feed") ?? ""))
            == .outside(dir + "/feed/shadow.png"))
        #expect(LocalPath.confined("missing.png", base: dir + "/feed", realBase: (ArchivePath.realPath(dir + "/feed") ?? "")) == .missing)
        #expect(LocalPath.confined("https://example.com/a.png", base: dir + "/feed", realBase: dir + "/feed") == nil)
        #expect(LocalPath.confined("../../nowhere.png", base: dir + "/feed", realBase: dir + "/feed") == .outside(FileSystem.absolute(dir + "/../nowhere.png")))
    }
}
