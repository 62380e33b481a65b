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
}
