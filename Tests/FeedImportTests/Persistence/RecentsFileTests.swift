import FeedImport
import Foundation
import PlumageCore
import Testing

/// The recently opened list on disk: round trip, missing paths, and unusable files moved aside.
@Suite struct RecentsFileTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "plumage-recents-\(UUID().uuidString)"
    }

    @Test func savesAndLoadsNewestFirstMarkingMissingPaths() throws {
        let file = RecentsFile(folder: folder + "/deep/er")
        let existing = folder + "/photo.jpg"
        let recents = Recents([
            RecentEntry(kind: .photo, path: existing, title: "photo \"1\".jpg", opened: Timestamp(seconds: 200)),
            RecentEntry(kind: .source, path: folder + "/gone.zip", title: "gone.zip", opened: Timestamp(seconds: 100)),
        ])
        try file.save(recents)
        #expect(FileManager.default.createFile(atPath: existing, contents: Data([1])))
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text.hasPrefix("{\"version\":1,\"entries\":[\n{\"kind\":\"photo\",\"path\":\"\(existing)\",\"title\":\"photo \\\"1\\\".jpg\",\"opened\":200}"))
        let (loaded, notice) = file.load()
        #expect(notice == nil)
        #expect(loaded.entries.map(\.title) == ["photo \"1\".jpg", "gone.zip"])
        #expect(loaded.entries.map(\.isMissing) == [false, true])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder + "/deep/er")
        #expect(leftovers.sorted() == ["recents.json", "recents.json.lock"])
    }

    @Test func noFileIsAnEmptyListWithoutNotice() {
        let (loaded, notice) = RecentsFile(folder: folder).load()
        #expect(loaded.entries.isEmpty)
        #expect(notice == nil)
    }

    @Test(arguments: ["{\"version\":1,\"entries\":[{\"kind\":\"photo\"", "[]", "{\"version\":2,\"entries\":[]}",
                      "{\"version\":1,\"entries\":[{\"kind\":\"other\",\"path\":\"/a\",\"title\":\"a\",\"opened\":1}]}",
                      "{\"version\":1,\"entries\":[{\"kind\":\"photo\",\"path\":\"relative\",\"title\":\"a\",\"opened\":1}]}"])
    func anUnusableFileIsMovedAsideWithANotice(content: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = RecentsFile(folder: folder)
        try Data(content.utf8).write(to: URL(fileURLWithPath: file.path))
        let (loaded, notice) = file.load()
        #expect(loaded.entries.isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 1)
        let aside = try #require(names.first)
        #expect(aside.hasPrefix("recents.json.corrupt-20"))
        #expect(try String(contentsOfFile: folder + "/" + aside, encoding: .utf8) == content)
        #expect(notice?.hasPrefix("recently opened list unreadable (") == true)
        #expect(notice?.hasSuffix("moved aside as \(aside), starting empty") == true)
    }

    @Test func entriesOpenedOutside1970To9999AreLeftOutWithANoticeAndTheRestKept() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = RecentsFile(folder: folder)
        func entry(_ name: String, _ opened: String) -> String {
            "{\"kind\":\"photo\",\"path\":\"/\(name)\",\"title\":\"\(name)\",\"opened\":\(opened)}"
        }
        // 253402300799 is 9999-12-31T23:59:59Z, the last second kept.
        let content = "{\"version\":1,\"entries\":[" + [
            entry("min", "-9223372036854775808"), entry("max", "9223372036854775807"), entry("new", "1700000000"),
            entry("before", "-1"), entry("last", "253402300799"), entry("after", "253402300800"),
            entry("huge", "1e300"), entry("epoch", "0"),
        ].joined(separator: ",") + "]}"
        try Data(content.utf8).write(to: URL(fileURLWithPath: file.path))
        let (loaded, notice) = file.load(exists: { _ in true })
        #expect(loaded.entries.map(\.path) == ["/last", "/new", "/epoch"])
        #expect(notice == "recently opened list: 5 entries with a date outside 1970–9999 left out")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["recents.json"])
        // The next save leaves them out of the file too.
        try file.save(loaded)
        let saved = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(saved.components(separatedBy: "\"path\"").count == 4)
        #expect(!saved.contains("/min") && !saved.contains("/huge"))
    }

    @Test func aWriteThatCannotHappenSaysWhy() {
        let file = RecentsFile(folder: "/proc/plumage-cannot-exist")
        #expect(throws: PersistenceError.self) { try file.save(Recents()) }
    }
}
