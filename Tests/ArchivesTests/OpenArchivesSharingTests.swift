import Archives
import Foundation
import Glibc
import PlumageTestSupport
import Testing

/// One registry, one reading of each zip: opens of the same zip share its directory, different zips
/// stay apart, the member cache keeps to its byte cap.
@Suite struct OpenArchivesSharingTests {
    @Test func twoOpensOfOneZipShareItsDirectory() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        let photo = randomBytes(30_000, seed: 21)
        builder.add("data/tweets.js", text: "window.YTD.tweets.part0 = []")
        builder.add("data/tweets_media/1-a.jpg", photo)
        let zip = try temp.write("a.zip", zip: builder)
        let archives = OpenArchives()
        let first = try #require(try archives.open(path: zip) as? ZipArchive)
        let second = try #require(try archives.open(path: zip) as? ZipArchive)
        #expect(try archives.zip(at: zip) != nil)
        // Members by path (as the decoders ask) come from the same opened zip.
        #expect(try archives.read(.member(archive: zip, name: "data/tweets_media/1-a.jpg"), limit: 1 << 20) == photo)
        #expect(archives.directoriesRead == 1)
        // Views share what was produced, each with a budget of its own.
        _ = try first.read("data/tweets_media/1-a.jpg", limit: 1 << 20)
        #expect(first.totalRead == 30_000)
        #expect(second.totalRead == 0)
        #expect(second.bytesProduced == first.bytesProduced)
        #expect(first.bytesProduced == 60_000)
        // A second registry is another program's: it reads the directory again.
        let other = OpenArchives()
        _ = try other.open(path: zip)
        #expect(other.directoriesRead == 1)
        #expect(archives.directoriesRead == 1)
    }

    @Test func twoDifferentZipsAreOpenAtOnce() throws {
        let temp = try TemporaryFolder()
        var one = ZipBuilder()
        one.add("media/a.jpg", text: "from one")
        var two = ZipBuilder()
        two.add("media/a.jpg", text: "from two")
        // One path is the other's prefix: each archive names its members with its own path.
        let first = try temp.write("x.zip", zip: one)
        let second = try temp.write("x.zip2", zip: two)
        let archives = OpenArchives()
        #expect(try archives.open(path: first).location(of: "media/a.jpg") == .member(archive: first, name: "media/a.jpg"))
        #expect(try archives.open(path: second).location(of: "media/a.jpg") == .member(archive: second, name: "media/a.jpg"))
        #expect(try archives.read(.member(archive: first, name: "media/a.jpg"), limit: 100) == Array("from one".utf8))
        #expect(try archives.read(.member(archive: second, name: "media/a.jpg"), limit: 100) == Array("from two".utf8))
        #expect(archives.directoriesRead == 2)
    }

    @Test func aMemberOfAZipNotOpenYetOpensIt() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        builder.add("a.txt", text: "inside")
        let zip = try temp.write("n.zip", zip: builder)
        let archives = OpenArchives()
        // A path through the zip is no file: nothing walks up the path looking for an archive.
        #expect(archiveError { try archives.read(.file(zip + "/a.txt"), limit: 100) } == .missing(zip + "/a.txt"))
        #expect(archives.directoriesRead == 0)
        // A member of a zip nobody opened yet (a source from the index cache names it): the zip is
        // opened at the first member asked for.
        #expect(try archives.read(.member(archive: zip, name: "a.txt"), limit: 100) == Array("inside".utf8))
        #expect(archives.directoriesRead == 1)
    }

    @Test func theMemberCacheKeepsToItsByteCap() throws {
        let temp = try TemporaryFolder()
        var builder = ZipBuilder()
        for index in 0..<4 { builder.add("m/\(index).jpg", randomBytes(40_000, seed: UInt64(40 + index))) }
        builder.add("m/big.jpg", randomBytes(60_000, seed: 50))
        let zip = try temp.write("c.zip", zip: builder)
        let archives = OpenArchives(memberBytes: 100_000)
        for index in 0..<4 {
            _ = try archives.read(.member(archive: zip, name: "m/\(index).jpg"), limit: 1 << 20)
            // 40,000 bytes each: two fit under 100,000, the third pushes the oldest out.
            #expect(archives.cachedMemberBytes == min(index + 1, 2) * 40_000)
        }
        // More than half the cap is never kept.
        _ = try archives.read(.member(archive: zip, name: "m/big.jpg"), limit: 1 << 20)
        #expect(archives.cachedMemberBytes == 80_000)
        // A kept member is not inflated again; an evicted one is.
        let zipped = try #require(try archives.zip(at: zip))
        let before = zipped.bytesProduced
        _ = try archives.read(.member(archive: zip, name: "m/3.jpg"), limit: 1 << 20)
        #expect(zipped.bytesProduced == before)
        _ = try archives.read(.member(archive: zip, name: "m/0.jpg"), limit: 1 << 20)
        #expect(zipped.bytesProduced == before + 40_000)
    }

    @Test func onlyTheNewestZipsStayOpen() throws {
        let temp = try TemporaryFolder()
        let archives = OpenArchives(zips: 2)
        var paths: [String] = []
        for index in 0..<3 {
            var builder = ZipBuilder()
            builder.add("a.txt", text: "zip \(index)")
            paths.append(try temp.write("z\(index).zip", zip: builder))
            _ = try archives.open(path: paths[index])
        }
        #expect(archives.directoriesRead == 3)
        // The first was dropped for the third; its members are still found (it is opened again).
        #expect(try archives.read(.member(archive: paths[0], name: "a.txt"), limit: 100) == Array("zip 0".utf8))
        #expect(archives.directoriesRead == 4)
        _ = try archives.read(.member(archive: paths[2], name: "a.txt"), limit: 100)
        #expect(archives.directoriesRead == 4)
    }
}
