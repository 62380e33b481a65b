import PlumageCore
import Testing

/// How a locator names itself: the path `dump` prints and messages use, and the file name the
/// display list's text snapshots show.
@Suite struct ResourceLocatorTests {
    @Test func aFileIsItsPath() {
        let file = ResourceLocator.file("/home/ada/photos/cat.jpg")
        #expect(file.path == "/home/ada/photos/cat.jpg")
        #expect(file.description == "/home/ada/photos/cat.jpg")
        #expect(file.fileName == "cat.jpg")
    }

    @Test func aMemberIsNamedAfterItsZipAndName() {
        let member = ResourceLocator.member(archive: "/x/archive.zip", name: "data/tweets_media/1-a.jpg")
        #expect(member.path == "/x/archive.zip/data/tweets_media/1-a.jpg")
        #expect(member.description == "/x/archive.zip/data/tweets_media/1-a.jpg")
        #expect(member.fileName == "1-a.jpg")
        // The same string as a file is another resource: nothing parses the path to find the zip.
        #expect(member != .file("/x/archive.zip/data/tweets_media/1-a.jpg"))
    }

    @Test func aURLHasNoPath() {
        let url = ResourceLocator.url("https://cdn.example.social/media/abc.png")
        #expect(url.path == nil)
        #expect(url.description == "https://cdn.example.social/media/abc.png")
        #expect(url.fileName == "abc.png")
    }
}
