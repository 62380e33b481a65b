import Archives
@testable import FeedImport
import Foundation
import Glibc
import PlumageCore
import Testing

/// Sources that are not regular files, or too large, are refused with a message before being read;
/// messages echo at most ~120 characters of what they name, on one line.
@Suite struct BadSourceTests {
    /// The message `SourceLoader.load(paths:)` gives for `path`, or "no error".
    func loadMessage(_ path: String) -> String {
        message { () throws(SourceError) in try SourceLoader.load(paths: [path]) }
    }

    @Test func devicesAreRefusedUnread() {
        #expect(loadMessage("/dev/zero") == "/dev/zero: cannot read: not a regular file")
        #expect(loadMessage("/dev/urandom") == "/dev/urandom: cannot read: not a regular file")
    }

    @Test func aLinkToADeviceIsRefused() throws {
        let dir = try FixturePaths.scratchFolder()
        #expect(symlink("/dev/zero", dir + "/feed.json") == 0)
        #expect(loadMessage(dir + "/feed.json") == dir + "/feed.json: cannot read: not a regular file")
    }

    @Test func aPipeNamedLikeAFeedIsRefusedWithoutWaiting() throws {
        let dir = try FixturePaths.scratchFolder()
        #expect(mkfifo(dir + "/feed.json", 0o600) == 0)
        #expect(SourceFormat.detect(path: dir + "/feed.json", archives: OpenArchives()) == .jsonFeed)
        #expect(loadMessage(dir + "/feed.json") == dir + "/feed.json: cannot read: not a regular file")
    }

    @Test func aFeedOver256MiBIsRefusedBeforeReading() throws {
        let dir = try FixturePaths.scratchFolder()
        let path = dir + "/big.json"
        // Sparse: 300 MiB long, no blocks written.
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 300 << 20) == 0)
        close(fd)
        #expect(JSONFeedReader.fileLimit == 256 << 20)
        #expect(loadMessage(path) == path + ": larger than 256 MiB, not read")
    }

    @Test func aPipeGivenAsAPhotoSaysWhatItIs() throws {
        let dir = try FixturePaths.scratchFolder()
        #expect(mkfifo(dir + "/photo.jpg", 0o600) == 0)
        do {
            _ = try PhotoList.load(paths: [dir + "/photo.jpg"])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == dir + "/photo.jpg: cannot read: not a regular file")
        }
    }

    @Test func aHugePathIsShortenedInTheMessage() {
        let path = "/" + String(repeating: "p", count: 70_000) + ".json"
        let text = loadMessage(path)
        #expect(text == "/" + String(repeating: "p", count: 118) + "…: cannot read: File name too long")
    }

    @Test func aVersionStringWithNewlinesIsOneShortLine() throws {
        let dir = try FixturePaths.scratchFolder()
        let version = "x\n" + String(repeating: "v", count: 1_000)
        try FixturePaths.write(#"{"version": "\#(version.replacingOccurrences(of: "\n", with: "\\n"))", "items": []}"#, to: dir + "/f.json")
        let text = loadMessage(dir + "/f.json")
        #expect(!text.contains("\n"))
        #expect(text.hasPrefix(dir + "/f.json: not a JSON Feed (unknown version \"x\\nvvv"))
        #expect(text.count < 2 * MessageText.valueLimit + dir.count + 10)
        #expect(text.contains("…"))
    }
}
