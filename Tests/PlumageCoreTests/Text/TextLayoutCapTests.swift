import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// Huge texts: only `TextLayout.maxCharacters` characters are laid out, then "…".
@Suite struct TextLayoutCapTests {
    let m = MonospaceMeasurer(advance: 10, lineHeight: 20)
    let ink = RGBA(1, 2, 3)
    let link = RGBA(9, 9, 9)

    @Test func theCapIs20000Characters() {
        #expect(TextLayout.maxCharacters == 20_000)
    }

    @Test func aShortTextIsNotCapped() {
        let spans = [StyledSpan("hello", ink), StyledSpan(" #tag", link, link: 0)]
        #expect(TextLayout.capped(spans) == spans)
        #expect(TextLayout.capped([StyledSpan("abcde", ink)], limit: 5) == [StyledSpan("abcde", ink)])
    }

    @Test func aLongSpanIsCutAndEndsInAnEllipsis() {
        let capped = TextLayout.capped([StyledSpan("abcdefgh", ink)], limit: 5)
        #expect(capped == [StyledSpan("abcde", ink), StyledSpan("…", ink)])
    }

    @Test func theCutFallsInTheSpanThatCrossesIt() {
        let spans = [StyledSpan("abc", ink), StyledSpan("#defg", link, link: 0), StyledSpan(" rest", ink)]
        #expect(TextLayout.capped(spans, limit: 5) == [StyledSpan("abc", ink), StyledSpan("#d", link, link: 0), StyledSpan("…", link)])
        // Cut right at the end of a span with more after it: the ellipsis follows in the colour of the span kept.
        #expect(TextLayout.capped(spans, limit: 3) == [StyledSpan("abc", ink), StyledSpan("…", ink)])
    }

    @Test func fiftyThousandLettersLayOutAs20000AndAnEllipsis() {
        let text = String(repeating: "a", count: 50_000)
        let block = TextLayout.layout([StyledSpan(Substring(text), ink)], style: .a2, maxWidth: 1_000, measurer: m)
        let shown = block.lines.map { $0.runs.map(\.text).joined() }.joined()
        #expect(shown.count == 20_001)
        #expect(shown.hasSuffix("a…"))
        #expect(block.lines.count == 201)  // 100 characters a line
    }

    @Test func fiftyThousandNewlinesMakeAtMost20001Lines() {
        let text = String(repeating: "\n", count: 50_000)
        let block = TextLayout.layout([StyledSpan(Substring(text), ink)], style: .a2, maxWidth: 1_000, measurer: m)
        #expect(block.lines.count == 20_001)
        #expect(block.size.height == 20_001 * 20)
    }

    @Test func aHugeAuthorNameOnOneLineIsCutToo() {
        let name = String(repeating: "n", count: 1_000_000)
        let block = TextLayout.layout([StyledSpan(Substring(name), ink)], style: .a1, maxWidth: 100, maxLines: 1, measurer: m)
        #expect(block.lines.map { $0.runs.map(\.text).joined() } == ["nnnnnnnnn…"])
    }

    @Test func bodySpansStopAtTheCap() {
        // 40,000 hashtags of 5 characters: only those in the first 20,000 characters make spans.
        let text = String(repeating: "#tag ", count: 40_000)
        let entities = (0..<40_000).map { i in
            Entity(kind: .hashtag, text: "#tag", start: i * 5, end: i * 5 + 4, target: "tag")
        }
        let item = Fixtures.item("1", text, entities: entities)
        let spans = CellLayout.bodySpans(item, theme: Fixtures.theme)
        let links = spans.filter { $0.link != nil }
        #expect(links.count > 3_990 && links.count <= 4_002)
        // The rest of the text is one plain span (a slice, not laid out past the cap).
        #expect(spans.last?.link == nil)
        #expect(spans.map(\.text.count).reduce(0, +) == 200_000)
    }
}
