import Archives
import Foundation
import Glibc
import PlumageTestSupport
import Testing

@Suite struct FolderArchiveTests {
    @Test func linksPointingOutsideAreNeitherListedNorRead() throws {
        let temp = try TemporaryFolder()
        try temp.write("root/data/tweets.js", text: "inside")
        try temp.write("sibling/secret.txt", text: "secret")
        try temp.link("root/data/hostname", to: "/etc/hostname")
        try temp.link("root/data/sibling.txt", to: temp.path + "/sibling/secret.txt")
        try temp.link("root/data/relative.txt", to: "../../sibling/secret.txt")
        try temp.link("root/data/inside.js", to: "tweets.js")
        try temp.link("root/data/dangling.js", to: "nowhere.js")
        try temp.link("root/media", to: temp.path + "/sibling")
        let archive = try FolderArchive(path: temp.path + "/root")
        #expect(archive.entries == ["data/inside.js", "data/tweets.js"])
        for name in ["data/hostname", "data/sibling.txt", "data/relative.txt", "media/secret.txt", "data/dangling.js"] {
            let what = name == "data/dangling.js" ? "a link to nothing, not read" : "a link leading outside the archive, not read"
            #expect(archiveError { try archive.read(name, limit: 1 << 20) } == .notReadable(name, what: what))
            #expect(archiveError { try archive.readPrefix(name, count: 4) } == .notReadable(name, what: what))
            #expect(archive.whyUnlisted(name) == .notReadable(name, what: what))
            #expect(archive.size(of: name) == nil)
            #expect(!archive.contains(name))
        }
        #expect(archive.whyUnlisted("data/inside.js") == nil)
        #expect(archive.whyUnlisted("data/none.js") == nil)
        #expect(archiveError { try archive.read("data/none.js", limit: 10) } == .missing("data/none.js"))
        #expect(try archive.read("data/inside.js", limit: 100) == Array("inside".utf8))
        #expect(archive.size(of: "data/inside.js") == 6)
        #expect(
            archiveError { try archive.read("../sibling/secret.txt", limit: 100) } == .refused("../sibling/secret.txt"))
        #expect(archiveError { try archive.read("/etc/hostname", limit: 100) } == .refused("/etc/hostname"))
    }

    @Test func aLinkRetargetedOutsideAfterListingIsRefused() throws {
        let temp = try TemporaryFolder()
        try temp.write("root/data/tweets.js", text: "inside")
        try temp.write("outside.txt", text: "secret")
        try temp.link("root/data/photo.jpg", to: "tweets.js")
        let archive = try FolderArchive(path: temp.path + "/root")
        #expect(archive.entries == ["data/photo.jpg", "data/tweets.js"])
        try FileManager.default.removeItem(atPath: temp.path + "/root/data/photo.jpg")
        try temp.link("root/data/photo.jpg", to: temp.path + "/outside.txt")
        #expect(archiveError { try archive.read("data/photo.jpg", limit: 100) } == .refused("data/photo.jpg"))
        #expect(archive.size(of: "data/photo.jpg") == nil)
    }

    @Test func aFolderSwappedForALinkAfterListingIsRefused() throws {
        let temp = try TemporaryFolder()
        try temp.write("root/media/a.jpg", text: "photo")
        try temp.write("elsewhere/a.jpg", text: "secret")
        let archive = try FolderArchive(path: temp.path + "/root")
        #expect(archive.entries == ["media/a.jpg"])
        try FileManager.default.removeItem(atPath: temp.path + "/root/media")
        try temp.link("root/media", to: temp.path + "/elsewhere")
        #expect(archiveError { try archive.read("media/a.jpg", limit: 100) } == .refused("media/a.jpg"))
    }

    @Test func hiddenFilesUnlistedFilesAndOddNamesAreNotRead() throws {
        let temp = try TemporaryFolder()
        try temp.write("root/.hidden.js", text: "hidden")
        try temp.write("root/.git/config", text: "x")
        try temp.write("root/ok.js", text: "ok")
        // A name that is not UTF-8 (byte 0xFF).
        let odd = temp.path + "/root/odd-"
        let fd = Array(odd.utf8CString.dropLast().map { UInt8(bitPattern: $0) } + [0xFF, 0]).withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { Glibc.open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(fd >= 0)
        close(fd)
        mkfifo(temp.path + "/root/fifo", 0o644)
        let archive = try FolderArchive(path: temp.path + "/root")
        #expect(archive.entries == ["ok.js"])
        #expect(archiveError { try archive.read(".hidden.js", limit: 100) } == .missing(".hidden.js"))
        #expect(
            archiveError { try archive.read("fifo", limit: 100) } == .notReadable("fifo", what: "not a regular file (a FIFO)"))
    }

    @Test func whatIsAtAnUnlistedNameIsSaidWithoutOpeningIt() throws {
        let temp = try TemporaryFolder()
        try temp.write("root/data/real.js", text: "[]")
        try temp.folder("root/data/tweets.js")
        #expect(mkfifo(temp.path + "/root/outbox.json", 0o644) == 0)
        try temp.link("root/data/pipe.js", to: "../outbox.json")
        try temp.link("root/data/null.js", to: "/dev/null")
        try temp.link("root/data/loop.js", to: "loop.js")
        let archive = try FolderArchive(path: temp.path + "/root")
        #expect(archive.entries == ["data/real.js"])
        // A FIFO opened for reading would wait for a writer: the answers come from lstat/stat alone.
        #expect(archive.whyUnlisted("outbox.json")?.description == "outbox.json: not a regular file (a FIFO)")
        #expect(archive.whyUnlisted("data/pipe.js")?.description == "data/pipe.js: not a regular file (a FIFO)")
        #expect(archive.whyUnlisted("data/tweets.js")?.description == "data/tweets.js: a folder, not a file")
        #expect(archive.whyUnlisted("data/null.js")?.description == "data/null.js: a link leading outside the archive, not read")
        #expect(archive.whyUnlisted("data/loop.js")?.description == "data/loop.js: a link loop, not read")
        #expect(
            archiveError { try archive.read("outbox.json", limit: 100) }?.description
                == "outbox.json: not a regular file (a FIFO)")
        // A view of a sub-folder asks its base.
        let sub = SubfolderArchive(base: archive, folder: "data")
        #expect(sub.whyUnlisted("tweets.js") == .notReadable("data/tweets.js", what: "a folder, not a file"))
        #expect(sub.whyUnlisted("real.js") == nil)
    }

    @Test func readsAreCapped() throws {
        let temp = try TemporaryFolder()
        try temp.write("root/big.bin", [UInt8](repeating: 7, count: 2_000))
        let archive = try FolderArchive(path: temp.path + "/root")
        #expect(archiveError { try archive.read("big.bin", limit: 1_999) } == .tooLarge("big.bin", limit: 1_999))
        #expect(try archive.read("big.bin", limit: 2_000).count == 2_000)
    }

    @Test func aRootGivenThroughALinkStillConfines() throws {
        let temp = try TemporaryFolder()
        try temp.write("real/data/tweets.js", text: "[]")
        try temp.link("alias", to: temp.path + "/real")
        try temp.link("real/data/up.js", to: "../../real/data/tweets.js")
        let archive = try FolderArchive(path: temp.path + "/alias")
        #expect(archive.rootPath == temp.path + "/alias")
        #expect(archive.entries == ["data/tweets.js", "data/up.js"])
        #expect(try archive.read("data/up.js", limit: 10) == Array("[]".utf8))
        #expect(archive.path(of: "data/tweets.js") == temp.path + "/alias/data/tweets.js")
    }
}
