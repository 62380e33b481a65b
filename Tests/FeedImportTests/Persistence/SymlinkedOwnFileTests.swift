import FeedImport
import Foundation
import Glibc
import PlumageCore
import Testing

/// A `settings.json` that is a symbolic link (a dotfiles manager's) is written through: the target
/// gets the new content, the link stays a link.
@Suite struct SymlinkedOwnFileTests {
    let root = NSTemporaryDirectory() + "plumage-symlink-\(UUID().uuidString)"

    /// `config/settings.json -> ../dotfiles/settings.json`, the target holding `content` (or absent).
    func linkedSettings(_ content: String?) throws -> (SettingsFile, target: String) {
        try FileManager.default.createDirectory(atPath: root + "/config", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/dotfiles", withIntermediateDirectories: true)
        #expect(symlink("../dotfiles/settings.json", root + "/config/settings.json") == 0)
        let target = root + "/dotfiles/settings.json"
        if let content { try Data(content.utf8).write(to: URL(fileURLWithPath: target)) }
        return (SettingsFile(folder: root + "/config"), target)
    }

    /// The link at `path` still points at `destination`.
    func expectLink(_ path: String, to destination: String) {
        var st = stat()
        #expect(lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == destination)
    }

    @Test func aSaveWritesTheTargetAndKeepsTheLink() throws {
        let (file, target) = try linkedSettings("{\"version\":1,\"theme\":\"green\"}")
        let (loaded, notice) = file.load(themes: ["green", "dark"], backgrounds: [])
        #expect(notice == nil)
        #expect(loaded.theme == "green")
        try file.save(Settings(textScale: 1.25), changed: [.textScale])
        expectLink(file.path, to: "../dotfiles/settings.json")
        #expect(try String(contentsOfFile: target, encoding: .utf8)
                    == "{\n\"version\":1,\n\"theme\":\"green\",\n\"textSize\":1.25\n}\n")
        // No temporary left beside the link or the target.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/dotfiles") == ["settings.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/config").sorted()
                    == ["settings.json", "settings.json.lock"])
    }

    @Test func aLinkToATargetNotYetThereCreatesIt() throws {
        let (file, target) = try linkedSettings(nil)
        #expect(file.load(themes: ["dark"], backgrounds: []).notice == nil)
        try file.save(Settings(theme: "dark"), changed: [.theme])
        expectLink(file.path, to: "../dotfiles/settings.json")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\n\"version\":1,\n\"theme\":\"dark\"\n}\n")
    }

    @Test func anUnusableTargetIsMovedAsideBesideItselfAndTheLinkStays() throws {
        let (file, target) = try linkedSettings("not json")
        let (_, notice) = file.load(themes: [], backgrounds: [])
        #expect(notice?.hasPrefix("settings unreadable (") == true)
        expectLink(file.path, to: "../dotfiles/settings.json")
        let aside = try FileManager.default.contentsOfDirectory(atPath: root + "/dotfiles")
        #expect(aside.count == 1 && aside[0].hasPrefix("settings.json.corrupt-20"))
        try file.save(Settings(textScale: 1.5), changed: [.textScale])
        expectLink(file.path, to: "../dotfiles/settings.json")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\n\"version\":1,\n\"textSize\":1.5\n}\n")
    }
}
