import Archives
import Dispatch
import Foundation
import Glibc
import PlumageTestSupport
import Locking
import Testing

/// The registry of open archives: files and members read by their locations, each zip's directory
/// read once per registry.
@Suite struct OpenArchivesTests {
    @Test func membersReadByLocation() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        let photo = randomBytes(50_000, seed: 3)
        builder.add("data/tweets_media/1-a.jpg", photo)
        builder.add("data/tweets.js", text: "[]", method: .stored)
        let zip = try temp.write("archives/x.zip", zip: builder)
        let plain = try temp.write("plain.txt", text: "plain")
        let archives = OpenArchives()
        _ = try archives.open(path: zip)
        #expect(try archives.read(.member(archive: zip, name: "data/tweets_media/1-a.jpg"), limit: 1 << 20) == photo)
        #expect(try archives.read(.member(archive: zip, name: "data/tweets.js"), limit: 10) == Array("[]".utf8))
        #expect(try archives.read(.file(plain), limit: 10) == Array("plain".utf8))
        #expect(
            archiveError { try archives.read(.member(archive: zip, name: "data/nope.jpg"), limit: 10) }
                == .missing(zip + "/data/nope.jpg"))
        #expect(
            archiveError { try archives.read(.file(plain + "/inside"), limit: 10) } == .missing(plain + "/inside"))
        #expect(
            archiveError { try archives.read(.file(temp.path + "/no/such"), limit: 10) }
                == .missing(temp.path + "/no/such"))
        #expect(
            archiveError { try archives.read(.member(archive: zip, name: "data/tweets_media/1-a.jpg"), limit: 1_000) }
                == .tooLarge("data/tweets_media/1-a.jpg", limit: 1_000))
        #expect(archives.isReadable(.member(archive: zip, name: "data/tweets.js")))
        #expect(!archives.isReadable(.member(archive: zip, name: "data")))
        #expect(archives.isReadable(.file(plain)))
        #expect(archives.size(of: .member(archive: zip, name: "data/tweets_media/1-a.jpg")) == 50_000)
        #expect(archives.size(of: .file(plain)) == 5)
        #expect(archives.size(of: .member(archive: zip, name: "missing")) == nil)
        #expect(
            try archives.readPrefix(.member(archive: zip, name: "data/tweets_media/1-a.jpg"), count: 100) == Array(photo[..<100]))
        #expect(try archives.readPrefix(.file(plain), count: 3) == Array("pla".utf8))
        #expect(try archives.readPrefix(.file(plain), count: 300) == Array("plain".utf8))
        #expect(try archives.open(path: zip).location(of: "data/tweets.js") == .member(archive: zip, name: "data/tweets.js"))
        #expect(try archives.open(path: temp.path).location(of: "plain.txt") == .file(plain))
        #expect(archives.directoriesRead == 1)
    }

    @Test func parallelPathReadsShareTheCacheSafely() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        var expected: [String: [UInt8]] = [:]
        for index in 0..<6 {
            let bytes = randomBytes(40_000 + index, seed: UInt64(100 + index))
            builder.add("media/\(index).jpg", bytes, method: index.isMultiple(of: 2) ? .deflated : .stored)
            expected["media/\(index).jpg"] = bytes
        }
        let zip = try temp.write("p.zip", zip: builder)
        let wanted = expected
        let archives = OpenArchives()
        let wrong = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<20 {
                let name = "media/\((thread + round) % 6).jpg"
                if (try? archives.read(.member(archive: zip, name: name), limit: 1 << 20)) != wanted[name] {
                    wrong.withLock { $0 += 1 }
                }
                if archives.size(of: .member(archive: zip, name: name)) != wanted[name]?.count { wrong.withLock { $0 += 1 } }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
        // Four threads asked for the zip at once: its directory was still read once.
        #expect(archives.directoriesRead == 1)
    }

    @Test func aReplacedZipIsReadAfresh() throws {
        let temp = try TemporaryFolder()
        var first = ZipBuilder()
        first.add("a.txt", text: "first version")
        let path = try temp.write("r.zip", zip: first)
        let archives = OpenArchives()
        #expect(try archives.read(.member(archive: path, name: "a.txt"), limit: 100) == Array("first version".utf8))
        var second = ZipBuilder()
        second.add("a.txt", text: "second, longer version")
        try second.write(to: path + ".new")
        #expect(rename(path + ".new", path) == 0)
        #expect(try archives.read(.member(archive: path, name: "a.txt"), limit: 100) == Array("second, longer version".utf8))
        #expect(archives.directoriesRead == 2)
    }

    @Test func materializeCopiesAMemberIntoTheCacheOnce() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        let video = randomBytes(200_000, seed: 9)
        builder.add("data/tweets_media/2-clip.mp4", video)
        let zip = try temp.write("archive/x.zip", zip: builder)
        let plain = try temp.write("plain.mp4", text: "not zipped")
        let cache = temp.path + "/cache/plumage/open"
        let before = try FileManager.default.contentsOfDirectory(atPath: temp.path + "/archive")
        let archives = OpenArchives()
        let copy = try archives.materialize(.member(archive: zip, name: "data/tweets_media/2-clip.mp4"), cacheFolder: cache)
        #expect(copy.hasPrefix(cache + "/"))
        let name = String(copy.dropFirst(cache.count + 1))
        #expect(name.count == 12 + 1 + "2-clip.mp4".count)
        #expect(name.hasSuffix("-2-clip.mp4"))
        #expect(name.prefix(12).allSatisfy { $0.isHexDigit })
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: copy))) == video)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache) == [name])
        var first = stat()
        stat(copy, &first)
        let again = try archives.materialize(.member(archive: zip, name: "data/tweets_media/2-clip.mp4"), cacheFolder: cache)
        var second = stat()
        stat(again, &second)
        #expect(again == copy)
        #expect(first.st_ino == second.st_ino)
        #expect(try archives.materialize(.file(plain), cacheFolder: cache) == plain)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp.path + "/archive") == before)
        #expect(
            archiveError { try archives.materialize(.member(archive: zip, name: "nothing.mp4"), cacheFolder: cache) }
                == .missing(zip + "/nothing.mp4"))
    }

    @Test func aMaterializeOverTheCapLeavesNothingBehind() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        builder.add("big.mp4", [UInt8](repeating: 1, count: 10_000))
        let zip = try temp.write("x.zip", zip: builder)
        let cache = temp.path + "/cache"
        let archives = OpenArchives()
        #expect(
            archiveError { try archives.materialize(.member(archive: zip, name: "big.mp4"), cacheFolder: cache, limit: 1_000) }
                == .tooLarge("big.mp4", limit: 1_000))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache) == [])
    }

    @Test func theCacheFolderFollowsXDG() {
        let saved = getenv("XDG_CACHE_HOME").map { String(cString: $0) }
        defer { if let saved { setenv("XDG_CACHE_HOME", saved, 1) } else { unsetenv("XDG_CACHE_HOME") } }
        setenv("XDG_CACHE_HOME", "/somewhere/cache", 1)
        #expect(OpenArchives.cacheFolder() == "/somewhere/cache/plumage/open")
        setenv("XDG_CACHE_HOME", "relative/cache", 1)
        #expect(OpenArchives.cacheFolder() == String(cString: getenv("HOME")) + "/.cache/plumage/open")
    }
}
