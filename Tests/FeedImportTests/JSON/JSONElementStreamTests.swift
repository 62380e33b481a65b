import Testing

@testable import FeedImport

/// What a stream handed out: each element's text and offset, the oversized offsets, the starts.
private struct Outcome: Equatable {
    var elements: [String] = []
    var offsets: [Int] = []
    var oversized: [Int] = []
    var starts = 0
    var error: JSONElementStream.FrameError?
}

/// Runs a stream over `bytes` cut into the chunks that end at `cuts` (then the rest).
private func run(_ frame: JSONElementStream.Frame, _ bytes: [UInt8], cuts: [Int] = [], cap: Int = 1 << 20)
    -> (Outcome, JSONElementStream)
{
    var stream = JSONElementStream(frame, maxElementBytes: cap)
    var outcome = Outcome()
    func take(_ event: JSONElementStream.Event) -> Bool {
        switch event {
        case .arrayStart: outcome.starts += 1
        case .element(let b, let offset):
            outcome.elements.append(String(decoding: b, as: UTF8.self))
            outcome.offsets.append(offset)
        case .oversized(let offset): outcome.oversized.append(offset)
        }
        return true
    }
    var start = 0
    for end in cuts + [bytes.count] where end >= start {
        let more = bytes[start..<end].withUnsafeBytes { stream.feed($0, take) }
        start = end
        if !more { break }
    }
    outcome.error = stream.finish(take)
    return (outcome, stream)
}

/// A script whose elements hold every trap of a structural scan: brackets and quotes in strings,
/// escaped quotes and backslashes, a multi-byte character, nested containers, bare scalars.
private let trapScript = #"window.YTD.tweets.part0 = [ {"a": "]},{[\"", "b": [1, {"c": "\\"}]}, "x\"y", 12.5e-3,"# + "\n"
    + #"  true , null, [[], {}], {"é": "…"}, -0 ];"#

@Test func elementsAreTheSameWhereverTheChunksAreCut() throws {
    let bytes = Array(trapScript.utf8)
    // The oracle: the array parsed whole, each element printed back in the file's own spelling.
    let expected = [
        #"{"a": "]},{[\"", "b": [1, {"c": "\\"}]}"#, #""x\"y""#, "12.5e-3", "true", "null", "[[], {}]",
        #"{"é": "…"}"#, "-0",
    ]
    let whole = try JSONParser.parse(Array(bytes[26..<(bytes.count - 1)]))
    #expect(whole.array?.count == expected.count)
    for cut in 0...bytes.count {
        let (outcome, _) = run(.script, bytes, cuts: [cut])
        #expect(outcome.elements == expected, "cut at \(cut)")
        #expect(outcome.error == nil, "cut at \(cut)")
        #expect(outcome.starts == 1)
        // Every element parses alone to the value the whole parse has at its index.
        #expect(try outcome.elements.map { try JSONParser.parse(Array($0.utf8)) } == whole.array, "cut at \(cut)")
    }
    let (byByte, _) = run(.script, bytes, cuts: Array(0...bytes.count))
    #expect(byByte.elements == expected)
    // Offsets of each element's first byte (counted by a Python one-liner over the same text).
    #expect(byByte.offsets == [28, 69, 77, 88, 95, 101, 111, 126])
}

@Test func aMemberArrayIsFoundAndItsSiblingsPassedOverWhateverTheirSize() {
    // A 3 MB string and a nested object before the array, a number after it.
    let huge = String(repeating: "x\\\"[{", count: 600_000)
    let text = #"{"@context": ["a", {"b": "]"}], "name": ""# + huge + #"", "orderedItems": [1, {"id": "s"}], "totalItems": 2}"#
    let bytes = Array(text.utf8)
    let (outcome, stream) = run(.member("orderedItems"), bytes, cuts: stride(from: 65_536, to: bytes.count, by: 65_536).map { $0 })
    #expect(outcome.elements == ["1", #"{"id": "s"}"#])
    #expect(outcome.error == nil && stream.topLevelIsObject == true && stream.foundArray)
    // Nothing of the skipped string was held: only the chunks passed through.
    #expect(stream.largestHeld < 64)
}

@Test func aRepeatedMemberStartsOverAndOtherKeysAreNotTheArray() {
    let text = #"{"orderedItemsX": [9], "ordered\u0049tems": [8], "orderedItems": [1], "orderedItems": [2, 3]}"#
    let (outcome, _) = run(.member("orderedItems"), Array(text.utf8))
    #expect(outcome.elements == ["1", "2", "3"] && outcome.starts == 2)
}

@Test func anElementOverTheCapIsReportedAndTheNextOnesKept() {
    let text = "[1, \"0123456789abcdef\", [2,  3], \"" + String(repeating: "y", count: 40) + "\", 4]"
    for cuts in [[], [10], Array(0...text.utf8.count)] {
        let (outcome, _) = run(.script, Array(text.utf8), cuts: cuts, cap: 10)
        #expect(outcome.elements == ["1", "[2,  3]", "4"], "cuts \(cuts.count)")
        #expect(outcome.oversized == [4, 33])
        #expect(outcome.error == nil)
    }
}

@Test func frameFaultsEndTheStreamWithTheirOffset() {
    let cases: [(String, [String], Int, String)] = [
        ("[1 2]", ["1"], 3, "expected ',' or ']' after array element"),
        ("x = [1,]", ["1"], 7, "unexpected character ']', expected a value"),
        ("[1, 2", ["1", "2"], 5, "expected ',' or ']' after array element"),
        ("[] x", [], 3, "unexpected data after the array"),
        ("{}", [], 0, "expected '[' (an array)"),
        ("a = {", [], 4, "expected '[' (an array)"),
        ("[1, tru\u{0}\u{0}\u{0}", ["1", "tru"], 7, "expected ',' or ']' after array element"),
        ("[\u{0}\u{0}\u{0}", [], 1, "unexpected byte 0x0, expected a value"),
        ("   ", [], 3, "unexpected end of input, expected '['"),
        ("[{\"a\": \"b", [], 7, "unterminated string"),
    ]
    for (text, elements, offset, reason) in cases {
        let (outcome, _) = run(.script, Array(text.utf8))
        #expect(outcome.elements == elements, "\(text)")
        #expect(outcome.error == JSONElementStream.FrameError(offset: offset, reason: reason), "\(text)")
    }
    let member: [(String, Int, String)] = [
        ("[]", 0, "the top level is not an object"),
        ("{\"a\" 1}", 5, "expected ':' after object key"),
        ("{\"a\": 1 \"b\"}", 8, "expected ',' or '}' after object member"),
        ("{} {}", 3, "unexpected data after the top-level value"),
    ]
    for (text, offset, reason) in member {
        let (outcome, _) = run(.member("orderedItems"), Array(text.utf8))
        #expect(outcome.error == JSONElementStream.FrameError(offset: offset, reason: reason), "\(text)")
    }
}

@Test func aScriptWithoutAnEqualsSignStopsAfterItsPreludeCap() {
    var stream = JSONElementStream(.script)
    let junk = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
    var fed = 0
    while fed < 1 << 20 {
        guard junk.withUnsafeBytes({ stream.feed($0) { _ in true } }) else { break }
        fed += junk.count
    }
    #expect(fed < JSONElementStream.maxPrelude + junk.count)
    #expect(stream.error?.reason == "no '=' in the first 64 KiB: not an archive data file")
}

@Test func invalidUTF8IsReplacedSequenceBySequenceAndValidInputLeftAlone() {
    let valid = Array("plain ascii and é…🎉".utf8)
    #expect(valid.withUnsafeBufferPointer(UTF8Repair.repaired) == nil)
    // A lone 0xFF, a cut three-byte sequence (E2 82), an overlong C0 80: as String(decoding:) does.
    let broken: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xC0, 0x80, 0x64]
    let repaired = broken.withUnsafeBufferPointer(UTF8Repair.repaired)
    #expect(repaired.map { String(decoding: $0.bytes, as: UTF8.self) } == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d")
    #expect(repaired?.replaced == 4)
}
