import Testing

@testable import FeedImport

/// The ranges of `text`'s array elements (as their texts), in batches of `batch`, and the frame error.
private func scan(_ text: String, from start: Int = 0, batch: Int = 2) -> (elements: [String], error: String?) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { b in
        var scanner = JSONArrayScanner(b, from: start)
        var found: [String] = []
        while !scanner.isFinished {
            let ranges = scanner.next(batch)
            #expect(ranges.count <= batch)
            found += ranges.map { String(decoding: b[$0], as: UTF8.self) }
        }
        return (found, scanner.error?.description)
    }
}

@Test func scansTheElementsOfAnArray() {
    let text = #"x = [ {"a": "}]\"", "b": [1, {"c": []}]}, "s\\", 12, -3.5e2 , true,null,[ ] ] ;"#
    #expect(scan(text, from: 3) == ([#"{"a": "}]\"", "b": [1, {"c": []}]}"#, #""s\\""#, "12", "-3.5e2", "true", "null", "[ ]"], nil))
    #expect(scan("[]") == ([], nil))
    #expect(scan("\n[ \n ]\n") == ([], nil))
}

@Test func frameErrorsKeepTheElementsBefore() {
    #expect(scan("[1, 2 3]") == (["1", "2"], "1:7: expected ',' or ']' after array element"))
    #expect(scan("[1,]") == (["1"], "1:4: unexpected character ']', expected a value"))
    #expect(scan("[1, {\"a\": [2}") == (["1"], "1:13: expected ',' or ']' after array element"))
    #expect(scan("[1, \"abc") == (["1"], "1:5: unterminated string"))
    #expect(scan("[1] x") == (["1"], "1:5: unexpected data after the array"))
    #expect(scan("[1];;") == (["1"], "1:5: unexpected data after the array"))
    #expect(scan("{}") == ([], "1:1: expected '[' (an array)"))
    #expect(scan("  ") == ([], "1:3: unexpected end of input, expected '['"))
    #expect(scan("[1") == ([], "1:3: expected ',' or ']' after array element"))
}

@Test func elementsAreParsedAloneAndErrorsPlacedInTheFile() throws {
    let text = "v = [\n  {\"a\": 1},\n  {\"a\": tru}\n]"
    let bytes = Array(text.utf8)
    let failure: String? = bytes.withUnsafeBufferPointer { b -> String? in
        var scanner = JSONArrayScanner(b, from: 4)
        let ranges = scanner.next(10)
        #expect(ranges.count == 2 && scanner.error == nil)
        #expect((try? JSONParser.parse(UnsafeBufferPointer(rebasing: b[ranges[0]])))?["a"] == .number("1"))
        do throws(JSONSyntaxError) {
            _ = try JSONParser.parse(UnsafeBufferPointer(rebasing: b[ranges[1]]))
            return nil
        } catch {
            // `{"a": tru}`: the bad byte (`}` where `e` should be) is column 10 of the element and
            // column 12 of line 3 of the file (after two spaces).
            #expect(error.description == "1:10: invalid literal, expected 'true'")
            return error.relocated(toStart: ranges[1].lowerBound, of: b).description
        }
    }
    #expect(failure == "3:12: invalid literal, expected 'true'")
}

/// `{"keep": {"inner": [Int or String…]}}` read by a cursor from `text`: the inner values as text,
/// or the error.
private func readKept(_ text: String) -> String {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { b -> String in
        var cursor = JSONCursor(b)
        var found: [String] = []
        do throws(JSONSyntaxError) {
            _ = try cursor.readObject { c, key throws(JSONSyntaxError) in
                guard key == "keep" else { return try c.skip() }
                _ = try c.readObject { c, key throws(JSONSyntaxError) in
                    guard key == "inner" else { return try c.skip() }
                    _ = try c.readArray { c throws(JSONSyntaxError) in found.append(try c.readID() ?? "-") }
                }
            }
            try cursor.end()
            return found.joined(separator: " ")
        } catch {
            return error.description
        }
    }
}

@Test func aCursorReadsAShapeSkippingTheRestButCheckingIt() {
    #expect(readKept(#"{"drop": {"deep": [true, null, {"x": "\u00e9"}]}, "keep": {"inner": [1, "2", {"a": 1}, -3e2], "no": []}}"#)
        == "1 2 - -3e2")
    // Escaped keys are decoded before they are compared: `\u006beep` is `keep`.
    #expect(readKept(#"{"\u006beep": {"inner": [7]}}"#) == "7")
    #expect(readKept(#"{"keep": "not an object"}"#) == "")
    #expect(readKept(#"[1]"#) == "")
    for (broken, message) in [
        (#"{"drop": [1 2]}"#, "1:13: expected ',' or ']' after array element"),
        (#"{"drop": "\q"}"#, "1:11: invalid escape sequence"),
        (#"{"drop": {"a" 1}}"#, "1:15: expected ':' after object key"),
        (#"{"drop": tru}"#, "1:13: invalid literal, expected 'true'"),
        (#"{"drop": 01}"#, "1:11: expected ',' or '}' after object member"),
        (#"{"keep": {"inner": [1,]}}"#, "1:23: unexpected character ']', expected a value"),
        (#"{"keep": 1} x"#, "1:13: unexpected character 'x' after the top-level value"),
        (#"{"keep": 1"#, "1:11: expected ',' or '}' after object member"),
    ] {
        #expect(readKept(broken) == message)
    }
}

@Test func byteSearchesFindTheFirstMatchEightAtATimeAndInTheTail() {
    func run(_ text: [UInt8], _ from: Int = 0) -> (string: Int, structural: Int) {
        text.withUnsafeBufferPointer { (JSONBytes.stringRunEnd($0, from: from), JSONBytes.structuralEnd($0, from: from)) }
    }
    let plain = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)  // 36 bytes, nothing special
    #expect(run(plain) == (36, 36))
    for (byte, isString, isStructural) in [
        (UInt8(ascii: "\""), true, true), (UInt8(ascii: "\\"), true, false), (0x0A, true, false), (0x1F, true, false),
        (UInt8(ascii: "{"), false, true), (UInt8(ascii: "}"), false, true), (UInt8(ascii: "["), false, true),
        (UInt8(ascii: "]"), false, true), (0x20, false, false), (0x7F, false, false), (0xE9, false, false),
    ] as [(UInt8, Bool, Bool)] {
        // Every place: inside the first word, across words, in the tail after the last full word.
        for at in [0, 3, 7, 8, 13, 31, 32, 35] {
            var text = plain
            text[at] = byte
            #expect(run(text) == (isString ? at : 36, isStructural ? at : 36), "byte \(byte) at \(at)")
            #expect(run(text, min(at + 1, 36)) == (36, 36))
        }
    }
    // Two matches: the first wins, whatever comes after it in the same word.
    var two = plain
    two[5] = UInt8(ascii: "]")
    two[2] = UInt8(ascii: "\"")
    #expect(run(two) == (2, 2))
    #expect(run(two, 3) == (36, 5))
}
