import FeedImport
import Foundation
import Glibc
import PlumageCore
import Testing

/// Two instances sharing one config and data folder: each save re-reads the file under its lock
/// and merges, so neither loses the other's changes. The files are read back with Foundation's
/// JSONSerialization, not with the code under test.
@Suite struct TwoInstancesTests {
    let folder = NSTemporaryDirectory() + "plumage-two-\(UUID().uuidString)"

    /// The settings document at `path` as a dictionary.
    static func settingsDocument(_ path: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// The paths of the recents document at `path`, in file order.
    static func recentPaths(_ path: String) throws -> [String] {
        let doc = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let entries = try #require(doc["entries"] as? [[String: Any]])
        return entries.compactMap { $0["path"] as? String }
    }

    func entry(_ path: String, _ opened: Int64) -> RecentEntry {
        RecentEntry(kind: .photo, path: path, title: String(path.dropFirst()), opened: Timestamp(seconds: opened))
    }

    @Test func eachInstanceKeepsTheSettingsItChanged() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("{\"version\":1,\"theme\":\"original\",\"textSize\":1}".utf8)
            .write(to: URL(fileURLWithPath: folder + "/settings.json"))
        let a = SettingsFile(folder: folder), b = SettingsFile(folder: folder)
        let storedA = a.load(themes: ["original", "green"], backgrounds: []).0
        let storedB = b.load(themes: ["original", "green"], backgrounds: []).0
        // A presses t (theme green); B changes the text size; each writes what the keeper would:
        // its stored settings with its changed field.
        try a.save(storedA.merging(Settings(theme: "green"), changed: [.theme]), changed: [.theme])
        try b.save(storedB.merging(Settings(textScale: 1.25), changed: [.textScale]), changed: [.textScale])
        var doc = try Self.settingsDocument(a.path)
        #expect(doc["theme"] as? String == "green")
        #expect(doc["textSize"] as? Double == 1.25)
        // A again, a different field: B's text size stays.
        try a.save(storedA.merging(Settings(theme: "green", showsFPS: true), changed: [.theme, .showsFPS]),
                   changed: [.theme, .showsFPS])
        doc = try Self.settingsDocument(a.path)
        #expect(doc["theme"] as? String == "green" && doc["textSize"] as? Double == 1.25 && doc["fpsOverlay"] as? Bool == true)
    }

    @Test func recentsAreTheUnionNewestFirst() throws {
        let a = RecentsFile(folder: folder), b = RecentsFile(folder: folder)
        var listA = a.load().0, listB = b.load().0  // both loaded before any save
        listA.record(entry("/p1", 100)); try a.save(listA)
        listB.record(entry("/p3", 300)); try b.save(listB)
        listA.record(entry("/p2", 200)); try a.save(listA)
        listB.record(entry("/p4", 400)); try b.save(listB)
        #expect(try Self.recentPaths(a.path) == ["/p4", "/p3", "/p2", "/p1"])
        // The same thing opened by both: one entry, the newest opening's.
        listA.record(entry("/p3", 500)); try a.save(listA)
        #expect(try Self.recentPaths(a.path) == ["/p3", "/p4", "/p2", "/p1"])
    }

    @Test func whatAnInstanceForgotStaysForgottenUntilOpenedAgain() throws {
        let a = RecentsFile(folder: folder), b = RecentsFile(folder: folder)
        var listB = b.load().0
        listB.record(entry("/p1", 100)); listB.record(entry("/p2", 200)); try b.save(listB)
        var listA = a.load(exists: { _ in true }).0
        listA.forget(entry("/p1", 100))
        try a.save(listA)
        #expect(try Self.recentPaths(a.path) == ["/p2"])
        // B opens p1 again later: that opening is new, and A's next save keeps it.
        listB.record(entry("/p1", 300)); try b.save(listB)
        listA.record(entry("/p5", 400)); try a.save(listA)
        #expect(try Self.recentPaths(a.path) == ["/p5", "/p1", "/p2"])
    }

    /// Two threads save at the same moment, 20 times over, each its own field or entry; without the
    /// lock one's read-merge-write overwrites the other's whenever their windows overlap.
    @Test func concurrentSavesLoseNothing() throws {
        for round in 0..<20 {
            let dir = folder + "/\(round)"
            let settingsA = SettingsFile(folder: dir), settingsB = SettingsFile(folder: dir)
            let recentsA = RecentsFile(folder: dir), recentsB = RecentsFile(folder: dir)
            var listA = Recents(), listB = Recents()
            listA.record(entry("/a", 1)); listB.record(entry("/b", 2))
            let (lA, lB) = (listA, listB)
            let errors = SharedList<String>()
            runTogether({
                do {
                    try settingsA.save(Settings(theme: "green"), changed: [.theme])
                    try recentsA.save(lA)
                } catch { errors.append(String(describing: error)) }
            }, {
                do {
                    try settingsB.save(Settings(textScale: 1.5), changed: [.textScale])
                    try recentsB.save(lB)
                } catch { errors.append(String(describing: error)) }
            })
            #expect(errors.values == [])
            let doc = try Self.settingsDocument(settingsA.path)
            #expect(doc["theme"] as? String == "green", "round \(round)")
            #expect(doc["textSize"] as? Double == 1.5, "round \(round)")
            #expect(try Set(Self.recentPaths(recentsA.path)) == ["/a", "/b"], "round \(round)")
        }
    }

    @Test func aLockHeldByAStuckProcessEndsInAMessageNotAHang() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let fd = open(folder + "/settings.json.lock", O_RDWR | O_CREAT, 0o600)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        let error = #expect(throws: PersistenceError.self) { try SettingsFile(folder: folder).save(Settings(theme: "green")) }
        #expect(error?.description == "cannot lock \(folder)/settings.json.lock: Resource temporarily unavailable")
        #expect(!FileManager.default.fileExists(atPath: folder + "/settings.json"))
    }

    /// Runs both closures on two threads released at the same moment, and waits for both.
    func runTogether(_ first: @escaping @Sendable () -> Void, _ second: @escaping @Sendable () -> Void) {
        let start = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        for body in [first, second] {
            Thread {
                start.wait()
                body()
                done.signal()
            }.start()
        }
        start.signal(); start.signal()
        done.wait(); done.wait()
    }
}

/// A list threads append to under a lock.
private final class SharedList<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Element] = []
    /// Everything appended so far.
    var values: [Element] { lock.withLock { list } }
    /// Appends `element`.
    func append(_ element: Element) { lock.withLock { list.append(element) } }
}
