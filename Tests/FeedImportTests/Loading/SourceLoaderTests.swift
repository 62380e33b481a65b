import Archives
@testable import FeedImport
import Foundation
import PlumageCore
import Testing

@Test func sniffsPaths() throws {
    let folder = try FixturePaths.scratchFolder()
    #expect(SourceFormat.detect(path: folder, archives: OpenArchives()) == .photoFolder)
    try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
    try FixturePaths.write("window.YTD.tweets.part0 = []", to: folder + "/data/tweets.js")
    #expect(SourceFormat.detect(path: folder + "/", archives: OpenArchives()) == .twitterArchive)
    let masto = try FixturePaths.scratchFolder()
    try FixturePaths.write("{}", to: masto + "/outbox.json")
    #expect(SourceFormat.detect(path: masto, archives: OpenArchives()) == .mastodonArchive)
    #expect(SourceFormat.detect(path: FixturePaths.path("images/tiny.png"), archives: OpenArchives()) == .image)
    #expect(SourceFormat.detect(path: FixturePaths.path("plain.json"), archives: OpenArchives()) == .jsonFeed)
    #expect(SourceFormat.detect(path: "/nonexistent/x.zip", archives: OpenArchives()) == .jsonFeed)
}

@Test func sniffsByContentNotByName() throws {
    let folder = try FixturePaths.scratchFolder()
    try FixturePaths.write("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": []}", to: folder + "/feed.zip")
    try FixturePaths.write("PK\u{5}\u{6}" + String(repeating: "\u{0}", count: 18), to: folder + "/archive.json")
    try FixturePaths.write("window.YTD.tweets.part0 = []", to: folder + "/tweets.js")
    try FixturePaths.write("not an image", to: folder + "/fake.jpg")
    #expect(SourceFormat.detect(path: folder + "/feed.zip", archives: OpenArchives()) == .jsonFeed)
    #expect(SourceFormat.detect(path: folder + "/archive.json", archives: OpenArchives()) == .archiveZip)
    #expect(SourceFormat.detect(path: folder + "/tweets.js", archives: OpenArchives()) == .archiveDataFile)
    #expect(SourceFormat.detect(path: folder + "/fake.jpg", archives: OpenArchives()) == .jsonFeed)
    #expect(SourceFormat.detect(path: "/dev/null", archives: OpenArchives()) == .jsonFeed)
    let nested = try FixturePaths.scratchFolder()
    try FileManager.default.createDirectory(atPath: nested + "/archive-2024", withIntermediateDirectories: true)
    try FixturePaths.write("{}", to: nested + "/archive-2024/outbox.json")
    try FixturePaths.write("", to: nested + "/.DS_Store")
    #expect(SourceFormat.detect(path: nested, archives: OpenArchives()) == .mastodonArchive)
    #expect(message { () throws(SourceError) in try SourceLoader.load(path: folder + "/tweets.js") }
        == folder + "/tweets.js: this is one data file of a Twitter/X archive: open the archive's folder or its .zip instead")
    #expect(message { () throws(SourceError) in try SourceLoader.load(path: folder + "/archive.json") }
        == folder + "/archive.json: no data/tweets.js, data/tweet.js or outbox.json in " + folder + "/archive.json")
}

@Test func loadsJSONFeedsAndSaysWhatIsNotAFeed() throws {
    #expect(try SourceLoader.load(path: FixturePaths.path("plain.json")).kind == .jsonFeed)
    let image = FixturePaths.path("images/tiny.png")
    #expect(message { () throws(SourceError) in try SourceLoader.load(path: image) } == image + ": photos open in the image view, not as a feed")
    let folder = FixturePaths.path("images")
    #expect(message { () throws(SourceError) in try SourceLoader.load(path: folder) } == folder + ": photos open in the image view, not as a feed")
    #expect(message { () throws(SourceError) in try SourceLoader.load(path: "/nonexistent/a.json") }
        == "/nonexistent/a.json: cannot read: No such file or directory")
}

@Test func locatorPrefersTheEnvironmentThenWalksUp() throws {
    let root = try FixturePaths.scratchFolder()
    for sub in ["Assets/demo", "Fonts", ".build/x86_64-unknown-linux-gnu/release"] {
        try FileManager.default.createDirectory(atPath: root + "/" + sub, withIntermediateDirectories: true)
    }
    let exe = root + "/.build/x86_64-unknown-linux-gnu/release/plumage"
    let found = try DataRoot.locate(environment: [:], executablePath: exe, currentDirectory: "/")
    #expect(found.rootPath == root)
    #expect(found.demoFeedURL.path == root + "/Assets/demo/feed.json")
    #expect(found.fontsURL.path.hasSuffix("/Fonts"))
    let explicit = try DataRoot.locate(environment: ["PLUMAGE_DATA_DIR": root], executablePath: nil, currentDirectory: "/")
    #expect(explicit.rootPath == root)
    #expect(throws: SourceError.self) {
        try DataRoot.locate(environment: ["PLUMAGE_DATA_DIR": "/nonexistent"], executablePath: exe, currentDirectory: "/")
    }
    #expect(DataRoot.searchPath(executablePath: "/opt/plumage/bin/plumage", currentDirectory: "/tmp") == [
        "/opt/plumage/share/plumage", "/opt/plumage/bin", "/opt/plumage", "/opt", "/", "/tmp",
    ])
}

@Test func loadsTheDemoFromTheDataRoot() throws {
    let root = try FixturePaths.scratchFolder()
    for sub in ["Assets/demo/images", "Fonts"] {
        try FileManager.default.createDirectory(atPath: root + "/" + sub, withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(atPath: FixturePaths.path("extension.json"), toPath: root + "/Assets/demo/feed.json")
    try FileManager.default.copyItem(atPath: FixturePaths.path("images/tiny.png"), toPath: root + "/Assets/demo/images/tiny.png")
    let demo = try SourceLoader.load(path: nil, resources: DataRoot(rootPath: root))
    #expect(demo.kind == .demo)
    #expect(demo.items[1].media.first?.locator?.path == root + "/Assets/demo/images/tiny.png")
}
