@testable import FeedImport
import Testing

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

@Test func hostileInputNeverCrashes() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("{}[]\",:0123456789.-eE+tfnul\\ \n\"abc\u{e9}".utf8)
    for _ in 0..<2000 {
        let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        _ = try? JSONParser.parse(bytes)
    }
}
