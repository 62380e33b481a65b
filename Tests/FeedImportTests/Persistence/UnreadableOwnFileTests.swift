@testable import FeedImport
import Foundation
import Glibc
import PlumageCore
import Testing

/// A settings or recents file that exists but cannot be read is reported in one line and left
/// exactly as it is for the whole run: not moved aside, not overwritten by a later save. (Tests run
/// as root, who can read a mode-0000 file, so `Permission denied` is injected through the opener;
/// a folder, a pipe and a loop of links fail for root too and are made for real.)
@Suite struct UnreadableOwnFileTests {
    let folder = NSTemporaryDirectory() + "plumage-unreadable-\(UUID().uuidString)"
    let themes = ["original", "green"]

    /// An access whose every open fails as opening a mode-0000 file does for a user.
    static let denied = OwnFileAccess(opener: { _ in
        errno = EACCES
        return -1
    })

    /// The names in the folder, sorted.
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    func writeFile(_ name: String, _ content: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(content.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    @Test func settingsTheUserCannotReadAreReportedKeptAndNeverOverwritten() throws {
        let content = "{\"version\":1,\"theme\":\"green\"}"
        try writeFile("settings.json", content)
        let file = SettingsFile(folder: folder, access: OwnFileAccess(opener: Self.denied.opener))
        let (loaded, notice) = file.load(themes: themes, backgrounds: [])
        #expect(loaded == Settings())
        #expect(notice == "cannot read \(folder)/settings.json: Permission denied; using the defaults")
        #expect(try names() == ["settings.json"])
        // The first save says why it is skipped; later ones are quiet; the file never changes.
        let refusal = "not saving \(file.path): it cannot be read (Permission denied), so it is left as it is"
        #expect(throws: PersistenceError(description: refusal)) { try file.save(Settings(theme: "original"), changed: [.theme]) }
        try file.save(Settings(textScale: 1.5), changed: [.textScale])
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == content)
        #expect(try names() == ["settings.json"])
    }

    @Test func recentsTheUserCannotReadAreReportedKeptAndNeverOverwritten() throws {
        let content = "{\"version\":1,\"entries\":[]}"
        try writeFile("recents.json", content)
        let file = RecentsFile(folder: folder, access: OwnFileAccess(opener: Self.denied.opener))
        let (loaded, notice) = file.load()
        #expect(loaded.entries.isEmpty)
        #expect(notice == "cannot read \(folder)/recents.json: Permission denied; starting empty")
        var recents = loaded
        recents.record(RecentEntry(kind: .photo, path: "/a.jpg", title: "a.jpg", opened: Timestamp(seconds: 100)))
        #expect(throws: PersistenceError.self) { try file.save(recents) }
        try file.save(recents)
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == content)
        #expect(try names() == ["recents.json"])
    }

    @Test func aFileThatBecomesUnreadableDuringTheRunIsNotOverwrittenEither() throws {
        try writeFile("settings.json", "{\"version\":1}")
        let readable = SettingsFile(folder: folder)
        #expect(readable.load(themes: themes, backgrounds: []).notice == nil)
        let content = "{\"version\":1,\"theme\":\"green\"}"
        try writeFile("settings.json", content)
        // The same file, now failing to open (its mode changed while the app ran).
        let file = SettingsFile(folder: folder, access: OwnFileAccess(opener: Self.denied.opener))
        #expect(throws: PersistenceError.self) { try file.save(Settings(textScale: 1.5), changed: [.textScale]) }
        try file.save(Settings(textScale: 1.25), changed: [.textScale])
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == content)
    }

    @Test func aFolderInPlaceOfTheFileIsReportedAndLeftAlone() throws {
        try FileManager.default.createDirectory(atPath: folder + "/settings.json", withIntermediateDirectories: true)
        let file = SettingsFile(folder: folder)
        let (loaded, notice) = file.load(themes: themes, backgrounds: [])
        #expect(loaded == Settings())
        #expect(notice == "cannot read \(folder)/settings.json: Is a directory; using the defaults")
        #expect(throws: PersistenceError.self) { try file.save(Settings(theme: "green"), changed: [.theme]) }
        #expect(FileManager.default.fileExists(atPath: folder + "/settings.json"))
        #expect(try names() == ["settings.json"])
    }

    @Test func aPipeInPlaceOfTheFileDoesNotHang() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/recents.json", 0o600) == 0)
        let (loaded, notice) = RecentsFile(folder: folder).load()
        #expect(loaded.entries.isEmpty)
        #expect(notice == "cannot read \(folder)/recents.json: not a regular file; starting empty")
        var st = stat()
        #expect(lstat(folder + "/recents.json", &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aLoopOfLinksIsReportedAndLeftAlone() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(symlink("settings.json", folder + "/settings.json") == 0)
        let file = SettingsFile(folder: folder)
        let (loaded, notice) = file.load(themes: themes, backgrounds: [])
        #expect(loaded == Settings())
        #expect(notice == "cannot read \(folder)/settings.json: Too many levels of symbolic links; using the defaults")
        #expect(throws: PersistenceError.self) { try file.save(Settings(theme: "green"), changed: [.theme]) }
        #expect(try names() == ["settings.json"])
    }
}
