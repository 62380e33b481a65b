import PlumageCore
import Testing

/// `MessageText`: what error messages echo is one line of at most about 120 characters.
@Suite struct MessageTextTests {
    @Test func shortValuesAreKeptAsWritten() {
        #expect(MessageText.clipped("/home/ada/feed.json") == "/home/ada/feed.json")
        #expect(MessageText.clipped("") == "")
    }

    @Test func controlCharactersAreEscaped() {
        #expect(MessageText.clipped("a\nb\tc\rd\u{1B}[31me\u{7F}") == "a\\nb\\tc\\rd\\u{1B}[31me\\u{7F}")
        #expect(MessageText.clipped("x\u{2028}y") == "x\\u{2028}y")
    }

    @Test func aLongValueIsCutTo120CharactersWithAnEllipsis() {
        let path = "/" + String(repeating: "a", count: 70_000)
        let clipped = MessageText.clipped(path)
        #expect(clipped.count == 120)
        #expect(clipped == "/" + String(repeating: "a", count: 118) + "…")
        // Exactly at the limit: kept whole.
        let exact = String(repeating: "b", count: 120)
        #expect(MessageText.clipped(exact) == exact)
    }

    @Test func escapesAreNeverCutInHalf() {
        // 118 letters then a newline: its escape "\n" would end at 120, beyond the 119 kept.
        let value = String(repeating: "c", count: 118) + "\n" + "tail"
        #expect(MessageText.clipped(value) == String(repeating: "c", count: 118) + "…")
    }

    @Test func aWholeLineKeeps400Characters() {
        let line = MessageText.line("version " + String(repeating: "9", count: 1_000))
        #expect(line.count == 400)
        #expect(line.hasSuffix("9…"))
    }
}
