import Archives
import Dispatch
import Foundation
import PlumageTestSupport
import Locking
import Testing
import ZIPFoundation

@Suite struct ZipArchiveTests {
    /// The files of a small Twitter-like archive, written to a folder and zipped.
    static let files: [(String, [UInt8])] = [
        ("data/tweets.js", Array(#"window.YTD.tweets.part0 = [ {"tweet": {"id_str": "1"}} ]"#.utf8)),
        ("data/tweets_media/1-a.jpg", randomBytes(70_000, seed: 1)),
        ("data/manifest.js", Array(repeating: UInt8(ascii: "x"), count: 5_000)),
        ("outbox.json", []),
    ]

    @Test func zipAndFolderReadTheSameFiles() throws {
        let temp = try TemporaryFolder()
        for (name, bytes) in Self.files { try temp.write("tree/" + name, bytes) }
        // An independent writer (ZIPFoundation), deflating some members and storing others.
        let zipPath = temp.path + "/archive.zip"
        let writer = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
        for (index, (name, _)) in Self.files.enumerated() {
            try writer.addEntry(
                with: name, relativeTo: URL(fileURLWithPath: temp.path + "/tree"),
                compressionMethod: index % 2 == 0 ? .deflate : .none)
        }
        let expected = ["data/manifest.js", "data/tweets.js", "data/tweets_media/1-a.jpg", "outbox.json"]
        let folder = try FolderArchive(path: temp.path + "/tree")
        let zip = try ZipArchive(path: zipPath)
        #expect(folder.entries == expected)
        #expect(zip.entries == expected)
        #expect(zip.refused == [])
        for (name, bytes) in Self.files {
            #expect(try zip.read(name, limit: 1 << 20) == bytes, "\(name)")
            #expect(try folder.read(name, limit: 1 << 20) == bytes, "\(name)")
            #expect(zip.size(of: name) == bytes.count)
            #expect(folder.size(of: name) == bytes.count)
        }
        #expect(zip.path(of: "data/tweets.js") == zipPath + "/data/tweets.js")
        #expect(zip.totalRead == 70_000 + 5_000 + 56)
        #expect(archiveError { try zip.read("data/nothing.js", limit: 100) } == .missing("data/nothing.js"))
        #expect(!zip.contains("data/nothing.js"))
        #expect(zip.entries(under: "data/tweets_media") == ["data/tweets_media/1-a.jpg"])
    }

    @Test func directoriesAreNotListed() throws {
        var builder = ZipBuilder()
        builder.add("data/", [], method: .stored)
        builder.add("data/tweets.js", text: "[]")
        builder.add("media", [], method: .stored, unixMode: 0o040755)
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("a.zip", zip: builder))
        #expect(zip.entries == ["data/tweets.js"])
        #expect(try zip.read("data/tweets.js", limit: 10) == Array("[]".utf8))
    }

    @Test func zip64RecordsAreRead() throws {
        var builder = ZipBuilder()
        builder.zip64 = true
        builder.add("big/one.txt", text: "one one one")
        builder.add("big/two.bin", [1, 2, 3], method: .stored)
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("z64.zip", zip: builder))
        #expect(zip.entries == ["big/one.txt", "big/two.bin"])
        #expect(try zip.read("big/one.txt", limit: 100) == Array("one one one".utf8))
        #expect(try zip.read("big/two.bin", limit: 100) == [1, 2, 3])
    }

    @Test func namesWithoutTheUTF8FlagFallBackToCodePage437() throws {
        var bytes = ZipBuilder()
        bytes.add("caf\u{E9}.txt", text: "é")
        var raw = bytes.bytes()
        // Rewrite the name "café.txt" (UTF-8 C3 A9) as CP437 (82) by hand: clear the UTF-8 flags and
        // replace the two bytes everywhere (local header and directory), keeping lengths by padding.
        let utf8Name: [UInt8] = Array("caf\u{E9}.txt".utf8)
        let cp437Name: [UInt8] = [0x63, 0x61, 0x66, 0x82, 0x2E, 0x74, 0x78, 0x74, 0x82]
        #expect(utf8Name.count == cp437Name.count)
        for start in 0..<(raw.count - utf8Name.count) where Array(raw[start..<start + utf8Name.count]) == utf8Name {
            raw.replaceSubrange(start..<start + utf8Name.count, with: cp437Name)
        }
        for start in 0..<(raw.count - 4) where raw[start] == 0x50 && raw[start + 1] == 0x4B {
            if raw[start + 2] == 3 && raw[start + 3] == 4 { raw[start + 7] = 0 }
            if raw[start + 2] == 1 && raw[start + 3] == 2 { raw[start + 9] = 0 }
        }
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("cp437.zip", raw))
        #expect(zip.entries == ["café.txté"])
    }

    @Test func aLaterMemberOfTheSameNameWins() throws {
        var builder = ZipBuilder()
        builder.add("a.txt", text: "old")
        builder.add("a.txt", text: "new")
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("dup.zip", zip: builder))
        #expect(zip.entries == ["a.txt"])
        #expect(try zip.read("a.txt", limit: 10) == Array("new".utf8))
        #expect(zip.duplicates == ["a.txt"])
    }

    @Test func emptyZip() throws {
        let temp = try TemporaryFolder()
        let path = try temp.write("empty.zip", zip: ZipBuilder())
        #expect(try ZipArchive(path: path).entries == [])
        #expect(ArchiveOpener.isZip(path: path))
    }

    @Test func parallelReadsFromFourThreadsReturnTheRightBytes() throws {
        var builder = ZipBuilder()
        var expected: [String: [UInt8]] = [:]
        for index in 0..<8 {
            // Half compressible text, half noise, so inflate and stored paths both run.
            let text = Array(String(repeating: "member \(index) says hello; ", count: 20_000).utf8)
            let bytes = index % 2 == 0 ? text : randomBytes(300_000, seed: UInt64(index))
            builder.add("part\(index).bin", bytes, method: index % 3 == 0 ? .stored : .deflated)
            expected["part\(index).bin"] = bytes
        }
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("parallel.zip", zip: builder))
        let expectedBytes = expected
        let mismatches = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<3 {
                for index in 0..<8 {
                    let name = "part\((index + thread + round) % 8).bin"
                    let bytes = try? zip.read(name, limit: 1 << 20)
                    if bytes != expectedBytes[name] { mismatches.withLock { $0.append("\(thread): \(name)") } }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == [])
        #expect(zip.totalRead == 12 * expected.values.reduce(0) { $0 + $1.count })
    }
}
