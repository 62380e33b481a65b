import Archives
import Foundation
import PlumageTestSupport
import Testing

/// A prefix read (the window's preview of `tweets.js`) followed by the whole read (the background
/// load) inflates the prefix once: the whole read goes on where the prefix stopped.
@Suite struct ZipPrefixTests {
    /// `count` bytes of seeded text that deflates well (as tweets do).
    static func text(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        let words = ["tweet", "photo", "swift", "linux", "garden", "#tag", "@ada", "https://t.co/x", "\n", " "]
        var bytes: [UInt8] = []
        while bytes.count < count { bytes += Array(words[Int.random(in: 0..<words.count, using: &generator)].utf8) + [32] }
        return Array(bytes.prefix(count))
    }

    /// All of `relative` through `readChunks`, in chunks of `chunkSize`.
    static func chunks(_ zip: ZipArchive, _ relative: String, chunkSize: Int = 1 << 20) throws -> [UInt8] {
        var all: [UInt8] = []
        try zip.readChunks(relative, limit: 1 << 30, chunkSize: chunkSize) { chunk in
            all += chunk
            return true
        }
        return all
    }

    @Test func thePrefixIsInflatedOnce() throws {
        let temp = try TemporaryFolder()
        let tweets = Self.text(3_000_000, seed: 7)
        var builder = ZipBuilder()
        builder.add("data/tweets.js", tweets)
        let path = try temp.write("t.zip", zip: builder)
        let archives = OpenArchives()
        let preview = try #require(try archives.open(path: path) as? ZipArchive)
        #expect(try preview.readPrefix("data/tweets.js", count: 1 << 20) == Array(tweets.prefix(1 << 20)))
        #expect(preview.bytesProduced == 1 << 20)
        // A second look at the prefix is answered from the parked bytes.
        #expect(try preview.readPrefix("data/tweets.js", count: 1000) == Array(tweets.prefix(1000)))
        #expect(preview.bytesProduced == 1 << 20)
        // The whole read, through another view (the background load's), in odd-sized chunks.
        let load = try #require(try archives.open(path: path) as? ZipArchive)
        #expect(try Self.chunks(load, "data/tweets.js", chunkSize: 300_000) == tweets)
        #expect(load.bytesProduced == tweets.count)
        #expect(load.totalRead == tweets.count)
        #expect(archives.directoriesRead == 1)
        // Nothing stays parked: a second whole read inflates everything again.
        #expect(try Self.chunks(load, "data/tweets.js") == tweets)
        #expect(load.bytesProduced == 2 * tweets.count)
    }

    @Test func aResumedReadKeepsItsCapsAndItsChecks() throws {
        let temp = try TemporaryFolder()
        let tweets = Self.text(1_500_000, seed: 8)
        var builder = ZipBuilder()
        builder.add("data/tweets.js", tweets)
        let path = try temp.write("c.zip", zip: builder)
        let zip = try ZipArchive(path: path)
        _ = try zip.readPrefix("data/tweets.js", count: 600_000)
        #expect(
            archiveError {
                try zip.readChunks("data/tweets.js", limit: 1_000_000, chunkSize: 1 << 20) { _ in true }
            } == .tooLarge("data/tweets.js", limit: 1_000_000))
        // A reader that stops early leaves nothing parked half-read.
        _ = try zip.readPrefix("data/tweets.js", count: 600_000)
        var seen = 0
        try zip.readChunks("data/tweets.js", limit: 1 << 30, chunkSize: 100_000) { chunk in
            seen += chunk.count
            return seen < 250_000
        }
        #expect(seen == 300_000)
        #expect(try Self.chunks(zip, "data/tweets.js") == tweets)
        // A short header probe parks nothing (an image's first bytes).
        let before = zip.bytesProduced
        _ = try zip.readPrefix("data/tweets.js", count: 4_096)
        #expect(try Self.chunks(zip, "data/tweets.js") == tweets)
        #expect(zip.bytesProduced == before + 4_096 + tweets.count)
    }

    @Test func aDamagedMemberIsStillCaughtAfterAPrefix() throws {
        let temp = try TemporaryFolder()
        let tweets = Self.text(800_000, seed: 9)
        var builder = ZipBuilder()
        builder.add("data/tweets.js", tweets, method: .stored)
        var bytes = builder.bytes()
        // Flip a byte past the prefix: the CRC-32 check at the end of the resumed read fails.
        bytes[30 + "data/tweets.js".utf8.count + 700_000] ^= 0xFF
        let path = try temp.write("d.zip", bytes)
        let zip = try ZipArchive(path: path)
        _ = try zip.readPrefix("data/tweets.js", count: 300_000)
        #expect(
            archiveError { try Self.chunks(zip, "data/tweets.js") }
                == .cannotRead("data/tweets.js", reason: "corrupt zip: CRC-32 mismatch"))
    }
}
