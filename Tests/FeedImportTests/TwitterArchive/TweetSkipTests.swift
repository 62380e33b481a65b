import Archives
import Foundation
import PlumageCore
import Synchronization
import Testing

@testable import FeedImport

/// The bytes of a tweets file: line 1 the `window.YTD…= [` prefix, then one element per line
/// (two spaces in, so each element starts at column 3), `]` on the last line.
private func tweetsFile(_ elements: [[UInt8]]) -> Data {
    var bytes = Array("window.YTD.tweets.part0 = [\n".utf8)
    for (index, element) in elements.enumerated() {
        bytes += Array("  ".utf8) + element + Array((index == elements.count - 1 ? "\n" : ",\n").utf8)
    }
    return Data(bytes + Array("]".utf8))
}

/// A tweet element with `id` and `text` (raw bytes, already JSON-escaped).
private func tweet(_ id: String?, _ text: [UInt8]) -> [UInt8] {
    let idMember = id.map { #""id_str": "\#($0)", "# } ?? ""
    return Array(#"{"tweet": {\#(idMember)"created_at": "Mon Jan 02 10:00:00 +0000 2023", "full_text": ""#.utf8) + text
        + Array(#""}}"#.utf8)
}

/// The place `element` alone fails to parse at, moved to line `line`, column 3 (an independent
/// oracle: the whole-buffer parser over the element by itself).
private func place(of element: [UInt8], line: Int) -> String {
    do {
        _ = try JSONParser.parse(element)
        return "parses"
    } catch {
        return error.relocated(toLine: line, column: 3).description
    }
}

@Test func badTweetsAreSkippedAndCountedAndTheRestOfThePartKept() throws {
    // 47 tweets: #10 has an invalid byte, #20 a raw NUL, #30 no id, #40 nesting 600 deep.
    var elements: [[UInt8]] = []
    for i in 1...47 {
        switch i {
        case 10: elements.append(tweet("10", Array("bad ".utf8) + [0xFF] + Array(" byte".utf8)))
        case 20: elements.append(tweet("20", Array("nul ".utf8) + [0x00]))
        case 30: elements.append(tweet(nil, Array("no id".utf8)))
        case 40:
            elements.append(
                Array(#"{"tweet": {"id_str": "40", "deep": "#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 600)
                    + [UInt8](repeating: UInt8(ascii: "]"), count: 600) + Array("}}".utf8))
        default: elements.append(tweet(String(i), Array("tweet \(i)".utf8)))
        }
    }
    let fixture = try TwitterFixture([:])
    try fixture.write("data/tweets.js", tweetsFile(elements))
    let source = try fixture.read()
    let kept = (1...47).filter { ![10, 20, 30, 40].contains($0) }.map(String.init)
    #expect(source.items.map(\.id).sorted() == kept.sorted())
    // Tweet 10 is on line 11; its error is the parser's own, placed in the file.
    let first = place(of: elements[9], line: 11)
    #expect(first.hasSuffix("invalid UTF-8 in string"))
    #expect(source.warnings == ["data/tweets.js: 4 tweets skipped (first: \(first))"])
}

@Test func tweetsWithoutAnIdAreCountedWithTheirPlace() throws {
    let fixture = try TwitterFixture([:])
    try fixture.write("data/tweets.js", tweetsFile([tweet("1", Array("a".utf8)), tweet(nil, Array("b".utf8)), tweet("", Array("c".utf8))]))
    let source = try fixture.read()
    #expect(source.items.map(\.id) == ["1"])
    #expect(source.warnings == ["data/tweets.js: 2 tweets skipped (first: 3:3: no id)"])
}

@Test func aTweetOverTheElementCapIsSkippedAndItsNeighboursKept() throws {
    let huge = [UInt8](repeating: UInt8(ascii: "h"), count: ArchiveArrayReader.maxElementBytes + 1)
    let fixture = try TwitterFixture([:])
    try fixture.write("data/tweets.js", tweetsFile([tweet("1", Array("a".utf8)), tweet("2", huge), tweet("3", Array("c".utf8))]))
    let source = try fixture.read()
    #expect(source.items.map(\.id) == ["3", "1"])
    #expect(source.warnings == ["data/tweets.js: 1 tweet skipped (first: 3:3: larger than 16 MiB)"])
}

/// A running total, shared by copies of the archive that counts.
private final class Counter: Sendable {
    let value = Atomic<Int>(0)
    func add(_ count: Int) { value.add(count, ordering: .relaxed) }
    var total: Int { value.load(ordering: .relaxed) }
}

/// A folder archive that counts the bytes its readers were handed, by `read` or by chunks.
private struct CountingArchive: ArchiveFiles {
    let base: FolderArchive
    let handed = Counter()
    var rootPath: String { base.rootPath }
    var entries: [String] { base.entries }
    func contains(_ relative: String) -> Bool { base.contains(relative) }
    func size(of relative: String) -> Int? { base.size(of: relative) }
    func read(_ relative: String, limit: Int) throws(ArchiveError) -> [UInt8] {
        let bytes = try base.read(relative, limit: limit)
        handed.add(bytes.count)
        return bytes
    }
    func readPrefix(_ relative: String, count: Int) throws(ArchiveError) -> [UInt8] {
        try base.readPrefix(relative, count: count)
    }
    func readChunks(_ relative: String, limit: Int, chunkSize: Int, _ body: (UnsafeRawBufferPointer) -> Bool)
        throws(ArchiveError)
    {
        try base.readChunks(relative, limit: limit, chunkSize: chunkSize) { chunk in
            handed.add(chunk.count)
            return body(chunk)
        }
    }
}

@Test func aSyntaxErrorAtByte28OfASparse2GiBPartIsReportedAfterReadingOnlyItsStart() throws {
    let fixture = try TwitterFixture([:])
    try fixture.write("data/tweets.js", Data("window.YTD.tweets.part0 = [ }".utf8))
    let path = fixture.root + "/data/tweets.js"
    // A hole up to 2 GiB - 1 (the data-file cap is 2 GiB): no disk is used.
    #expect(truncate(path, off_t((2 << 30) - 1)) == 0)
    let archive = CountingArchive(base: try fixture.archive)
    var message = "no error"
    do {
        _ = try TwitterArchiveReader.read(archive, topLevelDomains: TwitterFixture.domains)
    } catch {
        message = error.description
    }
    #expect(message == fixture.root + "/data/tweets.js: 1:29: unexpected character '}', expected a value")
    #expect(archive.handed.total <= 2 << 20)
}

@Test func ownerNamesAreCappedAndAnOversizedManifestIsAWarning() throws {
    let longName = String(repeating: "é", count: 2_000)
    let manifest = #"window.__THAR_CONFIG = {"userInfo": {"accountId": "1", "userName": "ann", "displayName": "\#(longName)"}}"#
    let fixture = try TwitterFixture([
        "data/manifest.js": manifest,
        "data/tweets.js": TwitterFixture.ytd("tweets.part0", [#"{"tweet": {"id_str": "1"}}"#]),
    ])
    let source = try fixture.read()
    #expect(source.owner?.name == String(repeating: "é", count: 999) + "…")
    #expect(source.title == source.owner?.name)

    let big = try TwitterFixture([
        "data/manifest.js": "window.__THAR_CONFIG = {\"userInfo\": {\"displayName\": \"" + String(repeating: "x", count: 5 << 20) + "\"}}",
        "data/tweets.js": TwitterFixture.ytd("tweets.part0", [#"{"tweet": {"id_str": "1"}}"#]),
    ])
    let bigSource = try big.read()
    #expect(bigSource.items.map(\.id) == ["1"])
    #expect(bigSource.warnings == ["data/manifest.js: larger than 4 MiB, not read"])
}
