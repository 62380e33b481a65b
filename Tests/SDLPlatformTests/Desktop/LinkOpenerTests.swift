import Foundation
import PlumageCore
import Testing

@testable import SDLPlatform

/// Links open with the first `xdg-open` on the search path, with the URL as its only argument
/// (no shell: quotes and `;` arrive as they are); without one, the URL goes to the clipboard.
@Suite(.serialized) struct LinkOpenerTests {
    /// A fresh folder holding an `xdg-open` that writes its arguments, one a line, to `argv` beside it.
    func stubFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-xdg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/argv.tmp\" && mv \"$(dirname \"$0\")/argv.tmp\" \"$(dirname \"$0\")/argv\"\n"
        try script.write(toFile: folder + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(folder + "/xdg-open", 0o755)
        return folder
    }

    @Test func startsXdgOpenWithTheURLAsItsOnlyArgument() throws {
        let folder = try stubFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = "https://example.com/a?b=1&c='x';echo hi"
        #expect(LinkOpener.open(url, searchPath: "/nonexistent:" + folder) == .opened)
        var argv: String?
        for _ in 0..<500 where argv == nil {
            argv = try? String(contentsOfFile: folder + "/argv", encoding: .utf8)
            if argv == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(argv == url + "\n")
    }

    /// What the stub in `folder` was started with, one argument a line (waits up to 5 s for it).
    func arguments(in folder: String) -> String? {
        var argv: String?
        for _ in 0..<500 where argv == nil {
            argv = try? String(contentsOfFile: folder + "/argv", encoding: .utf8)
            if argv == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        return argv
    }

    @Test func opensAnExistingFileByItsAbsolutePath() throws {
        let folder = try stubFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = folder + "/Ada's clip (1).mp4"
        #expect(FileManager.default.createFile(atPath: video, contents: Data("not really a video".utf8)))
        #expect(LinkOpener.openFile(video, searchPath: folder) == .opened)
        #expect(arguments(in: folder) == video + "\n")
    }

    @Test func refusesRelativeMissingAndOddPathsWithoutStartingAnything() throws {
        let folder = try stubFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // This stub appends its arguments to `log` (one line per start) instead of replacing `argv`.
        let script = "#!/bin/sh\nprintf '%s\\n' \"$@\" >> \"$(dirname \"$0\")/log\"\n"
        try script.write(toFile: folder + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(folder + "/xdg-open", 0o755)
        try FileManager.default.createDirectory(atPath: folder + "/clips", withIntermediateDirectories: true)
        let odd = folder + "/$(touch pwned)`x`.mp4"
        #expect(FileManager.default.createFile(atPath: odd, contents: Data()))
        var asked: [String] = []
        func record(_ path: String) -> String? { asked.append(path); return nil }
        #expect(LinkOpener.openFile("clips/a.mp4", searchPath: folder, materialize: record)
            == .refused("not opened: clips/a.mp4 is not an absolute path"))
        #expect(LinkOpener.openFile(folder + "/missing.mp4", searchPath: folder, materialize: record)
            == .refused("not opened: \(folder)/missing.mp4 does not exist"))
        #expect(LinkOpener.openFile(folder + "/clips", searchPath: folder, materialize: record)
            == .refused("not opened: \(folder)/clips is not a regular file"))
        #expect(LinkOpener.openFile(odd, searchPath: folder, materialize: record)
            == .refused("not opened: the name \(odd) has characters the desktop's opener may misread"))
        // Only the absolute paths that are not plain files were offered to be copied out of an archive.
        #expect(asked == [folder + "/missing.mp4", folder + "/clips"])
        // Then one file that does open: once its start has logged, every earlier start (there must be
        // none) would have been spawned before it, so the log holds that one line and nothing else.
        let opened = folder + "/opened.mp4"
        #expect(FileManager.default.createFile(atPath: opened, contents: Data("x".utf8)))
        #expect(LinkOpener.openFile(opened, searchPath: folder) == .opened)
        var log: String?
        for _ in 0..<500 where log?.contains(opened) != true {
            log = try? String(contentsOfFile: folder + "/log", encoding: .utf8)
            if log?.contains(opened) != true { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(log == opened + "\n")
    }

    @Test func aFileInsideAnArchiveOpensAsItsLocalCopy() throws {
        let folder = try stubFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = folder + "/cache-1-a.mp4"
        #expect(FileManager.default.createFile(atPath: copy, contents: Data("copied".utf8)))
        let member = "/x/archive.zip/data/tweets_media/1-a.mp4"
        #expect(LinkOpener.openFile(member, searchPath: folder) { $0 == member ? copy : nil } == .opened)
        #expect(arguments(in: folder) == copy + "\n")
        // A copy that cannot be made is refused with the reason; a copy is checked like any file.
        struct TooLarge: Error, CustomStringConvertible { var description: String { "over the size cap" } }
        #expect(LinkOpener.openFile(member, searchPath: folder) { _ in throw TooLarge() }
            == .refused("cannot copy \(member) out of its archive: over the size cap"))
        #expect(LinkOpener.openFile(member, searchPath: folder) { _ in "relative/copy.mp4" }
            == .refused("not opened: relative/copy.mp4 is not an absolute path"))
    }

    @Test func withoutXdgOpenTheLinkGoesToTheClipboard() throws {
        try Video.initialize(headless: true)
        let empty = try stubFolder()
        try FileManager.default.removeItem(atPath: empty + "/xdg-open")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(LinkOpener.open("https://example.com/", searchPath: empty) == .copiedToClipboard)
        #expect(LinkOpener.executable("sh", in: "/nonexistent:/bin:/usr/bin") != nil)
    }

    @Test func theBrowserInheritsNoDescriptorOfTheApp() throws {
        let folder = try stubFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // This stub lists where its open descriptors lead instead of its arguments.
        let script = "#!/bin/sh\nls -l /proc/self/fd > \"$(dirname \"$0\")/fds.tmp\" && mv \"$(dirname \"$0\")/fds.tmp\" \"$(dirname \"$0\")/fds\"\n"
        try script.write(toFile: folder + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(folder + "/xdg-open", 0o755)
        let marker = folder + "/marker-held-open-by-the-app"
        #expect(FileManager.default.createFile(atPath: marker, contents: Data("x".utf8)))
        let held = try #require(FileHandle(forReadingAtPath: marker))
        defer { try? held.close() }
        #expect(LinkOpener.open("https://example.com/", searchPath: folder) == .opened)
        var listed: String?
        for _ in 0..<500 where listed == nil {
            listed = try? String(contentsOfFile: folder + "/fds", encoding: .utf8)
            if listed == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(listed?.contains("/proc/") == true)  // the listing itself is there
        #expect(listed?.contains("marker-held-open-by-the-app") == false)
    }

    /// The children of this process that are zombies (exited, not reaped), by their command name,
    /// read from `/proc` (an oracle independent of the opener's own bookkeeping).
    static func zombieChildren(named names: Set<String>) -> [String] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let name = String(stat[stat.index(after: open)..<close])
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 1, fields[0] == "Z", Int32(fields[1]) == me, names.contains(name) else { return nil }
            return name
        }
    }

    /// Opening leaves no zombie: the intermediate shell is reaped before `open` returns, and the
    /// opener (which exits at once) is not this process's child.
    @Test func leavesNoZombieChildren() throws {
        let folder = try stubFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for i in 0..<3 {
            try? FileManager.default.removeItem(atPath: folder + "/argv")
            #expect(LinkOpener.open("https://example.com/\(i)", searchPath: folder) == .opened)
            #expect(arguments(in: folder) == "https://example.com/\(i)\n")
        }
        #expect(Self.zombieChildren(named: ["sh", "xdg-open"]) == [])
    }
}
