import Foundation
import PlumageTestSupport
import Testing

@testable import FeedImport

private func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

/// The `LINE:COLUMN: reason` of parsing `text`, or "ok".
private func failure(_ text: String) -> String {
    do {
        _ = try parse(text)
        return "ok"
    } catch {
        return error.description
    }
}

@Test func parsesEveryKindOfValue() throws {
    let v = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": {"c": "d"}, "e": {}, "f": []} "#)
    #expect(v["a"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]))
    #expect(v["b"]?["c"]?.string == "d")
    #expect(v["e"] == .object([:]) && v["f"] == .array([]))
    #expect(v["a"]?.array?[1].double == -2500)
}

@Test func bigIntegersKeepTheirDigits() throws {
    let v = try parse(#"{"id": 1588091220244369409, "n": "42"}"#)
    #expect(v["id"]?.idString == "1588091220244369409")
    #expect(v["id"]?.int == 1_588_091_220_244_369_409)
    #expect(v["n"]?.int == 42)
}

@Test func decodesEscapesAndUnicode() throws {
    let v = try parse(#"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00 x", "ünï 👨‍👩‍👧", "\ud800 lone"]"#)
    #expect(v.array?.map { $0.string } == ["a\"b\\c/d\n\té😀 x", "ünï 👨‍👩‍👧", "\u{FFFD} lone"])
}

@Test func duplicateKeysKeepTheLast() throws {
    #expect(try parse(#"{"a": 1, "a": 2}"#)["a"] == .number("2"))
}

@Test func skipsAByteOrderMark() throws {
    #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([]))
}

@Test(arguments: [
    ("", "1:1: unexpected end of input, expected a value"),
    ("{\n  \"a\": 1\n  \"b\": 2\n}", "3:3: expected ',' or '}' after object member"),
    ("[1 2]", "1:4: expected ',' or ']' after array element"),
    ("{\"a\" 1}", "1:6: expected ':' after object key"),
    ("{\"a\": 1,}", "1:9: expected a string key"),
    ("[1,]", "1:4: unexpected character ']', expected a value"),
    ("[01]", "1:3: expected ',' or ']' after array element"),
    ("[-]", "1:3: invalid number, expected a digit"),
    ("[1.]", "1:4: invalid number, expected a digit"),
    ("[tru]", "1:5: invalid literal, expected 'true'"),
    ("[\"abc", "1:2: unterminated string"),
    ("[\"a\nb\"]", "1:4: unescaped control character in string"),
    ("[\"\\x\"]", "1:3: invalid escape sequence"),
    ("[\"\\u12G4\"]", "1:7: invalid \\u escape, expected 4 hex digits"),
    ("[] []", "1:4: unexpected character '[' after the top-level value"),
    ("\"é\" x", "1:5: unexpected character 'x' after the top-level value"),
    ("{'a': 1}", "1:2: expected a string key"),
    ("[NaN]", "1:2: unexpected character 'N', expected a value"),
])
func reportsLineAndColumn(_ text: String, _ expected: String) {
    #expect(failure(text) == expected)
}

@Test func rejectsInvalidUTF8() {
    #expect(throws: JSONSyntaxError(line: 1, column: 3, reason: "invalid UTF-8 in string")) {
        try JSONParser.parse([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
    }
}

@Test func capsNestingDepth() throws {
    let ok = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
    #expect(failure(ok) == "ok")
    let deep = String(repeating: "[", count: JSONParser.maxDepth + 1) + String(repeating: "]", count: JSONParser.maxDepth + 1)
    #expect(failure(deep) == "1:513: nesting deeper than 512 levels")
    #expect(failure(String(repeating: "{\"a\":[", count: 100_000)).hasSuffix("nesting deeper than 512 levels"))
}

/// Where `error` points must lie within `bytes` (or just past its end): a line that exists and a
/// column at most one past that line's last scalar.
private func pointsIntoInput(_ error: JSONSyntaxError, _ bytes: [UInt8]) -> Bool {
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard error.line >= 1, error.line <= lines.count, error.column >= 1 else { return false }
    return error.column <= lines[error.line - 1].unicodeScalars.count + 1
}

@Test func seededHostileBytesParseOrFailWithAPositionInTheInputAsFoundationDoes() {
    var random = SplitMix64(seed: 0x504C_554D_4147_45)
    let alphabet = Array("{}[]\",:0123456789.-eE+tfnul\\ \n\"abc\u{e9}".utf8)
    var outcomes = (parsed: 0, failed: 0)
    for _ in 0..<3000 {
        let bytes = (0..<Int.random(in: 0..<40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        let foundation = (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil
        do {
            _ = try JSONParser.parse(bytes)
            outcomes.parsed += 1
            #expect(foundation, "accepted what Foundation rejects: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        } catch {
            outcomes.failed += 1
            #expect(!foundation, "rejected what Foundation accepts: \(String(decoding: bytes, as: UTF8.self).debugDescription) \(error)")
            #expect(pointsIntoInput(error, bytes), "\(error) outside \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            #expect(!error.reason.isEmpty)
        }
    }
    #expect(outcomes.parsed > 20 && outcomes.failed > 2000, "\(outcomes)")
}

/// A random JSON value of at most `depth` levels and its text, with random whitespace, escapes and
/// non-ASCII scalars: what the parser must give back exactly.
private func randomDocument(depth: Int, using random: inout SplitMix64) -> (value: JSONValue, text: String) {
    func space() -> String { ["", " ", "\n", "\t ", "\r\n"].randomElement(using: &random)! }
    func string() -> (String, String) {
        let pieces: [(String, String)] = [
            ("a", "a"), ("Zz", "Zz"), ("é", "é"), ("👨‍👩‍👧", "👨‍👩‍👧"), ("\"", #"\""#), ("\\", #"\\"#),
            ("/", #"\/"#), ("\n", #"\n"#), ("\t", #"\t"#), ("é", #"\u00e9"#), ("😀", #"\ud83d\ude00"#), (" ", " "),
        ]
        let chosen = (0..<Int.random(in: 0..<6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        return (chosen.map(\.0).joined(), "\"" + chosen.map(\.1).joined() + "\"")
    }
    let kind = depth == 0 ? Int.random(in: 0..<4, using: &random) : Int.random(in: 0..<6, using: &random)
    switch kind {
    case 0:
        let number = ["0", "-1", "42", "1588091220244369409", "-2.5e3", "0.125", "6E-7", "1e+300"].randomElement(using: &random)!
        return (.number(number), number)
    case 1:
        let (value, text) = string()
        return (.string(value), text)
    case 2:
        let flag = Bool.random(using: &random)
        return (.bool(flag), flag ? "true" : "false")
    case 3: return (.null, "null")
    case 4:
        let elements = (0..<Int.random(in: 0..<4, using: &random)).map { _ in randomDocument(depth: depth - 1, using: &random) }
        let body = elements.map { space() + $0.text + space() }.joined(separator: ",")
        return (.array(elements.map(\.value)), "[" + (elements.isEmpty ? space() : body) + "]")
    default:
        var members: [String: JSONValue] = [:]
        var texts: [String] = []
        for _ in 0..<Int.random(in: 0..<4, using: &random) {
            let (key, keyText) = string()
            let member = randomDocument(depth: depth - 1, using: &random)
            members[key] = member.value
            texts.append(space() + keyText + space() + ":" + space() + member.text + space())
        }
        return (.object(members), "{" + (texts.isEmpty ? space() : texts.joined(separator: ",")) + "}")
    }
}

@Test func seededRandomDocumentsParseBackToTheirValuesAndEveryCutOfOneFails() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<300 {
        let document = randomDocument(depth: 4, using: &random)
        #expect(try parse(document.text) == document.value, "\(document.text)")
        guard document.text.hasPrefix("[") || document.text.hasPrefix("{") else { continue }
        // Every proper prefix of an array or object is incomplete.
        let bytes = Array(document.text.utf8)
        for end in 0..<bytes.count {
            let cut = Array(bytes[0..<end])
            #expect(throws: JSONSyntaxError.self, "\(String(decoding: cut, as: UTF8.self))") { try JSONParser.parse(cut) }
        }
    }
}

@Test func seededNestingBombsFailWithTheDepthErrorAtTheFirstOpenerTooMany() {
    var random = SplitMix64(seed: 513)
    for _ in 0..<50 {
        let openers = (0..<Int.random(in: 513...3000, using: &random)).map { _ in Bool.random(using: &random) ? "[" : #"{"k":"# }
        let text = openers.joined() + String(repeating: "]", count: Int.random(in: 0..<600, using: &random))
        // The 513th opener is the first past the limit; its column is the length of those before it, plus one.
        let column = openers.prefix(JSONParser.maxDepth).map(\.count).reduce(0, +) + 1
        #expect(failure(text) == "1:\(column): nesting deeper than 512 levels")
    }
}
