@testable import FeedImport
import Foundation
import Glibc
import PlumageCore
import Testing

/// Issue 17: the cache folder's files are bounded in size, and writes cut short leave nothing for good.
@Suite struct SourceCacheStoreTests {
    /// A fresh empty folder under the temporary directory.
    func makeFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "plumage-store-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileOverTheCapIsRefusedAndNotWritten() throws {
        let folder = try makeFolder()
        let size = SourceCache.encode(SourceCacheTests.source, path: "/p", fingerprint: "f").count
        SourceCacheStore(folder: folder).save(SourceCacheTests.source, path: "/p", fingerprint: "f")
        #expect(FileSystem.size(of: SourceCacheStore(folder: folder).file(for: "/p")) == size)
        let exact = SourceCacheStore(folder: folder, maxFileSize: size)
        #expect(exact.load(path: "/p", fingerprint: "f") == SourceCacheTests.source)
        #expect(exact.loadHead(path: "/p", fingerprint: "f") == SourceCache.head(of: SourceCacheTests.source))
        let smaller = SourceCacheStore(folder: folder, maxFileSize: size - 1)
        #expect(smaller.load(path: "/p", fingerprint: "f") == nil)
        #expect(smaller.loadHead(path: "/p", fingerprint: "f") == nil)
        smaller.save(SourceCacheTests.source, path: "/q", fingerprint: "f")
        #expect(FileSystem.size(of: smaller.file(for: "/q")) == nil)
    }

    // A sparse 3 GB cache file used to be read up to 2 GiB into memory before being refused.
    @Test func aSparseHugeFileIsRefusedUnread() throws {
        let store = SourceCacheStore(folder: try makeFolder())
        store.save(SourceCacheTests.source, path: "/p", fingerprint: "f")
        let fd = open(store.file(for: "/p"), O_WRONLY)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 3 << 30) == 0)
        close(fd)
        #expect(FileSystem.size(of: store.file(for: "/p")) == 3 << 30)
        #expect(store.maxFileSize == 1 << 30)
        #expect(store.load(path: "/p", fingerprint: "f") == nil)
        #expect(store.loadHead(path: "/p", fingerprint: "f") == nil)
    }

    /// The id of a process that has exited and been waited for.
    func deadPid() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    // `kill -9` during a cache write left `<hash>.index.tmp-<pid>` (2–13 MB each) for good.
    @Test func theFirstUseRemovesTemporariesOfDeadWriters() throws {
        let folder = try makeFolder()
        let dead = try deadPid()
        #expect(kill(dead, 0) != 0 && errno == ESRCH)
        let names = ["0123456789abcdef.index.tmp-\(dead)", "0123456789abcdef.index.tmp-\(getpid())",
                     "0123456789abcdef.index.tmp-1", "recents.json.tmp-\(dead)", "0123456789abcdef.index"]
        for name in names { try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        #expect(SourceCacheStore(folder: folder).load(path: "/p", fingerprint: "f") == nil)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == names.dropFirst().sorted())
    }
}
