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

@Test func aKeyFilterSkipsMembersButStillChecksThem() throws {
    let filter = JSONKeyFilter(["keep", "inner", "ü"])
    let text = #"{"keep": {"inner": [1, {"drop": 2, "inner": "x"}], "drop": {"deep": [true]}}, "drop": "\u00e9\n", "ü": null}"#
    let bytes = Array(text.utf8)
    let value = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0, keeping: filter) }
    #expect(value == .object([
        "keep": .object(["inner": .array([.number("1"), .object(["inner": .string("x")])])]),
        "ü": .null,
    ]))
    // Escaped keys are decoded before the look-up: `\u006beep` is `keep`, kept but a number here.
    let escaped = Array(#"{"\u006beep": 3}"#.utf8)
    #expect(try escaped.withUnsafeBufferPointer { try JSONParser.parse($0, keeping: filter) } == .object(["keep": .number("3")]))
    for (broken, message) in [
        (#"{"drop": [1 2]}"#, "1:13: expected ',' or ']' after array element"),
        (#"{"drop": "\q"}"#, "1:11: invalid escape sequence"),
        (#"{"drop": {"a" 1}}"#, "1:15: expected ':' after object key"),
        (#"{"drop": tru}"#, "1:13: invalid literal, expected 'true'"),
        (#"{"drop": 01}"#, "1:11: expected ',' or '}' after object member"),
    ] {
        let b = Array(broken.utf8)
        #expect(throws: JSONSyntaxError.self) { try b.withUnsafeBufferPointer { try JSONParser.parse($0, keeping: filter) } }
        #expect(b.withUnsafeBufferPointer { buffer -> String in
            do throws(JSONSyntaxError) {
                _ = try JSONParser.parse(buffer, keeping: filter)
                return "ok"
            } catch {
                return error.description
            }
        } == message)
    }
}
