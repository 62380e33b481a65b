import Archives
import Foundation
import PlumageTestSupport
import Testing

@Suite struct ZipHostileTests {
    @Test func zipSlipNamesAreRefusedAndListed() throws {
        var builder = ZipBuilder()
        for name in ["../evil.txt", "/etc/passwd", "a/../../b", "a\\..\\b", "ok/./x", "nul\0.txt", "ok.txt"] {
            builder.add(name, text: "payload", method: .stored)
        }
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("slip.zip", zip: builder))
        // `ok/./x` stays inside: it is normalised, not refused.
        #expect(zip.entries == ["ok.txt", "ok/x"])
        #expect(zip.refused == ["../evil.txt", "/etc/passwd", "a/../../b", "a\\..\\b", "nul\0.txt"])
        #expect(archiveError { try zip.read("../evil.txt", limit: 100) } == .refused("../evil.txt"))
        #expect(archiveError { try zip.read("/etc/passwd", limit: 100) } == .refused("/etc/passwd"))
        #expect(archiveError { try zip.read("a/../../b", limit: 100) } == .refused("a/../../b"))
        #expect(!zip.contains("../evil.txt"))
        #expect(zip.size(of: "/etc/passwd") == nil)
    }

    @Test func symbolicLinkMembersAreSkipped() throws {
        var builder = ZipBuilder()
        builder.add("data/link.js", Array("/etc/passwd".utf8), method: .stored, unixMode: 0o120777)
        builder.add("data/tweets.js", text: "[]", method: .stored)
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("links.zip", zip: builder))
        #expect(zip.entries == ["data/tweets.js"])
        let link = ArchiveError.notReadable("data/link.js", what: "a symbolic link in the zip, not read")
        #expect(archiveError { try zip.read("data/link.js", limit: 100) } == link)
        #expect(zip.whyUnlisted("data/link.js") == link)
        #expect(zip.whyUnlisted("data/tweets.js") == nil)
        #expect(zip.whyUnlisted("data/none.js") == nil)
    }

    /// 64 MiB of zeros deflate to about 64 KB.
    static let bomb = ZipBuilder.compressed([UInt8](repeating: 0, count: 64 << 20), .deflated)

    @Test func aBombIsRefusedByItsDeclaredSize() throws {
        var builder = ZipBuilder()
        builder.members.append(
            .init(name: "bomb.bin", content: [], method: .deflated, declaredSize: 64 << 20, payload: Self.bomb))
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("bomb.zip", zip: builder))
        #expect(Self.bomb.count < 100_000)
        #expect(archiveError { try zip.read("bomb.bin", limit: 1 << 20) } == .tooLarge("bomb.bin", limit: 1 << 20))
        #expect(zip.totalRead == 0)
        #expect(
            ArchiveError.tooLarge("bomb.bin", limit: 1 << 20).description == "bomb.bin: larger than 1 MiB, not read")
    }

    @Test func aBombWhoseHeaderLiesIsStoppedByCounting() throws {
        var builder = ZipBuilder()
        builder.members.append(
            .init(name: "liar.bin", content: [], method: .deflated, declaredSize: 100, payload: Self.bomb))
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("liar.zip", zip: builder))
        #expect(zip.size(of: "liar.bin") == 100)
        #expect(archiveError { try zip.read("liar.bin", limit: 1 << 20) } == .tooLarge("liar.bin", limit: 1 << 20))
        // Stopped within one output chunk of the cap, not after inflating all 64 MiB.
        #expect(zip.totalRead <= (1 << 20) + (64 << 10))
        let materialized = archiveError { try zip.stream("liar.bin", limit: 1 << 20) { _ in } }
        #expect(materialized == .tooLarge("liar.bin", limit: 1 << 20))
    }

    @Test func aHeaderDeclaringTooFewBytesWithinTheCapIsCorrupt() throws {
        var builder = ZipBuilder()
        builder.add("short.txt", text: "twelve bytes")
        builder.members[0].declaredSize = 5
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("short.zip", zip: builder))
        #expect(
            archiveError { try zip.read("short.txt", limit: 100) }
                == .cannotRead("short.txt", reason: "corrupt zip: 12 bytes where the header says 5"))
    }

    @Test func theTotalCapStopsManyReads() throws {
        var builder = ZipBuilder()
        builder.add("a.bin", [UInt8](repeating: 1, count: 600))
        builder.add("b.bin", [UInt8](repeating: 2, count: 600))
        let temp = try TemporaryFolder()
        let path = try temp.write("total.zip", zip: builder)
        let zip = try ZipArchive(path: path, totalLimit: 1_000)
        #expect(try zip.read("a.bin", limit: 1_000).count == 600)
        #expect(archiveError { try zip.read("b.bin", limit: 1_000) } == .totalExceeded(path, limit: 1_000))
        #expect(
            ArchiveError.totalExceeded("/a/t.zip", limit: 8 << 30).description
                == "/a/t.zip: more than 8 GiB decompressed from its members in all, the rest not read")
        #expect(
            try ZipArchive(path: path, totalLimit: 1_200).read("b.bin", limit: 1_000)
                == [UInt8](repeating: 2, count: 600))
    }

    @Test func aDamagedChecksumIsAnErrorUnlessChecksumsAreOff() throws {
        var builder = ZipBuilder()
        builder.add("a.txt", text: "checked", method: .stored)
        builder.members[0].declaredCRC = 0x1234_5678
        let temp = try TemporaryFolder()
        let path = try temp.write("crc.zip", zip: builder)
        #expect(
            archiveError { try ZipArchive(path: path).read("a.txt", limit: 100) }
                == .cannotRead("a.txt", reason: "corrupt zip: CRC-32 mismatch"))
        #expect(
            try ZipArchive(path: path, verifyingChecksums: false).read("a.txt", limit: 100) == Array("checked".utf8))
    }

    @Test func aTruncatedDeflateStreamIsAnErrorNotAHang() throws {
        // A stored deflate block announcing 65,535 bytes of which 100 follow: ZIPFoundation 0.9.20
        // loops forever on this one (its inflate loop waits for input at end of file).
        var builder = ZipBuilder()
        let payload: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00] + [UInt8](repeating: 0x78, count: 100)
        builder.members.append(
            .init(name: "a.txt", content: [], method: .deflated, declaredSize: 200, payload: payload))
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("trunc.zip", zip: builder))
        #expect(
            archiveError { try zip.read("a.txt", limit: 1_000) }
                == .cannotRead("a.txt", reason: "corrupt zip: the compressed data ends too early"))
    }

    @Test func everyTruncationOfAZipIsAnErrorNotACrash() throws {
        var builder = ZipBuilder()
        let text = String(repeating: "tweet ", count: 50)
        builder.add("data/tweets.js", text: text)
        builder.add("outbox.json", text: "{}", method: .stored)
        let expected = ["data/tweets.js": Array(text.utf8), "outbox.json": Array("{}".utf8)]
        let whole = builder.bytes()
        let temp = try TemporaryFolder()
        var openedCut = 0
        for length in 0..<whole.count {
            // The file cut short, and the file cut short with its end record put back after the cut.
            for (variant, bytes) in [Array(whole[..<length]), Array(whole[..<length] + whole.suffix(22))].enumerated() {
                let path = try temp.write("cut-\(length)-\(variant).zip", bytes)
                do throws(ArchiveError) {
                    let zip = try ZipArchive(path: path)
                    if variant == 0 { openedCut += 1 }
                    for name in zip.entries {
                        if let read = try? zip.read(name, limit: 1 << 20) {
                            #expect(read == expected[name], "\(length)")
                        }
                    }
                } catch {
                    guard case .cannotRead = error else {
                        Issue.record("length \(length): \(error)")
                        continue
                    }
                }
            }
        }
        // A cut anywhere removes part of the end record: no cut file opens.
        #expect(openedCut == 0)
    }

    @Test func damagedBytesNeverCrashNorReadAsGood() throws {
        let originals = ["data/tweets.js": Array(String(repeating: "tweet ", count: 200).utf8),
                         "outbox.json": Array("{\"a\": 1}".utf8)]
        var builder = ZipBuilder()
        builder.add("data/tweets.js", originals["data/tweets.js"]!)
        builder.add("outbox.json", originals["outbox.json"]!, method: .stored)
        let whole = builder.bytes()
        // Where each member's data lies, from its local header as the zip spec lays it out: 30 bytes,
        // the name (length at 26), the extra field (length at 28), then the compressed size (at 18).
        func uint(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(whole[at + $1]) << (8 * $1) } }
        var data: [String: Range<Int>] = [:]
        var header = 0
        for name in ["data/tweets.js", "outbox.json"] {
            #expect(uint(header, 4) == 0x0403_4B50)
            let start = header + 30 + uint(header + 26, 2) + uint(header + 28, 2)
            // (A deflate stream's last byte may end in padding bits inflate never reads: not counted.)
            data[name] = start..<(start + uint(header + 18, 4) - (name == "data/tweets.js" ? 1 : 0))
            header = start + uint(header + 18, 4)
        }
        let temp = try TemporaryFolder()
        var generator = SplitMix64(seed: 42)
        var read = 0, refusedDamagedData = 0
        for round in 0..<150 {
            var damaged = whole
            for _ in 0..<3 {
                damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            let changed = damaged.indices.filter { damaged[$0] != whole[$0] }
            let path = try temp.write("damaged-\(round).zip", damaged)
            guard let zip = try? ZipArchive(path: path) else { continue }
            for name in zip.entries {
                let hit = data[name].map { range in changed.contains { range.contains($0) } } ?? false
                guard let bytes = try? zip.read(name, limit: 1 << 20) else {
                    if hit { refusedDamagedData += 1 }
                    continue
                }
                read += 1
                // What reads is the member as written (a damaged name still names one of the two);
                // a member whose own data bytes were changed never reads (inflate, size or CRC-32).
                if let original = originals[name] {
                    #expect(bytes == original, "round \(round): \(name) read \(bytes.count) bytes that are not its own")
                } else {
                    #expect(originals.values.contains(bytes), "round \(round): \(name) read bytes no member holds")
                }
                #expect(!hit, "round \(round): \(name) read though its data bytes \(changed) were damaged")
            }
        }
        // Both outcomes happened (the checks above ran on something): intact members read, and
        // members with damaged data were refused.
        #expect(read > 0 && refusedDamagedData > 0, "\(read) read, \(refusedDamagedData) refused for damaged data")
    }

    @Test func randomBytesAreNotAZip() throws {
        let temp = try TemporaryFolder()
        let path = try temp.write("random.zip", randomBytes(4_096, seed: 7))
        #expect(!ArchiveOpener.isZip(path: path))
        #expect(
            archiveError { try OpenArchives().open(path: path) }
                == .cannotRead(path, reason: "not a zip archive (no zip signature)"))
        let posing = try temp.write("posing.zip", [0x50, 0x4B, 0x03, 0x04] + randomBytes(4_096, seed: 8))
        #expect(ArchiveOpener.isZip(path: posing))
        #expect(
            archiveError { try ZipArchive(path: posing) }
                == .cannotRead(posing, reason: "not a zip archive (truncated: no end of central directory)"))
    }

    @Test func anEmptyATextOrACutShortZipSaysWhyItIsNone() throws {
        let temp = try TemporaryFolder()
        let empty = try temp.write("empty.zip", [])
        let text = try temp.write("text.zip", text: "hello\n")
        var builder = ZipBuilder()
        builder.add("data/tweets.js", text: "window.YTD.tweets.part0 = []")
        let whole = builder.bytes()
        // Cut before the end record: the local header and data are there, the directory is not.
        let cut = try temp.write("cut.zip", Array(whole.prefix(whole.count - 30)))
        let isEmpty = ArchiveError.cannotRead(empty, reason: "not a zip archive (empty file)")
        let isText = ArchiveError.cannotRead(text, reason: "not a zip archive (no zip signature)")
        #expect(archiveError { try OpenArchives().open(path: empty) } == isEmpty)
        #expect(archiveError { try ZipArchive(path: empty) } == isEmpty)
        #expect(archiveError { try OpenArchives().open(path: text) } == isText)
        #expect(archiveError { try ZipArchive(path: text) } == isText)
        #expect(
            archiveError { try OpenArchives().open(path: cut) }?.description
                == cut + ": cannot read: not a zip archive (truncated: no end of central directory)")
    }

    @Test func dotSegmentsInNamesAreNormalised() throws {
        var builder = ZipBuilder()
        builder.add("./data/./tweets.js", text: "tweets", method: .stored)
        builder.add("data//like.js", text: "likes")
        builder.add("./", text: "", method: .stored)
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("dots.zip", zip: builder))
        #expect(zip.entries == ["data/like.js", "data/tweets.js"])
        #expect(zip.refused == [])
        #expect(try zip.read("data/tweets.js", limit: 100) == Array("tweets".utf8))
        #expect(try zip.read("data/like.js", limit: 100) == Array("likes".utf8))
    }

    @Test func aRepeatedNameKeepsItsLastEntryAndIsListed() throws {
        var builder = ZipBuilder()
        builder.add("data/tweets.js", text: "first", method: .stored)
        builder.add("data/like.js", text: "likes")
        builder.add("data/tweets.js", text: "second")
        builder.add("data/./like.js", text: "again", method: .stored)
        builder.add("data/tweets.js", text: "third", method: .stored)
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("twice.zip", zip: builder))
        #expect(zip.entries == ["data/like.js", "data/tweets.js"])
        #expect(zip.duplicates == ["data/tweets.js", "data/like.js"])
        #expect(try zip.read("data/tweets.js", limit: 100) == Array("third".utf8))
        #expect(try zip.read("data/like.js", limit: 100) == Array("again".utf8))
        #expect(zip.size(of: "data/tweets.js") == 5)
    }

    @Test func unsupportedMethodsAndEncryptionAreReportedNotRead() throws {
        var builder = ZipBuilder()
        builder.add("a.txt", text: "x", method: .stored)
        var raw = builder.bytes()
        // Method 14 (LZMA) in the central directory entry, which is what the reader trusts.
        let directory = try #require((0..<raw.count - 4).first { raw[$0..<$0 + 4] == [0x50, 0x4B, 0x01, 0x02] })
        raw[directory + 10] = 14
        let temp = try TemporaryFolder()
        let zip = try ZipArchive(path: try temp.write("lzma.zip", raw))
        #expect(
            archiveError { try zip.read("a.txt", limit: 10) }
                == .cannotRead("a.txt", reason: "compression method 14 not supported (only stored and deflate)"))
        raw[directory + 10] = 0
        raw[directory + 8] |= 1
        let locked = try ZipArchive(path: try temp.write("locked.zip", raw))
        #expect(
            archiveError { try locked.read("a.txt", limit: 10) }
                == .cannotRead("a.txt", reason: "encrypted, not supported"))
    }
}
