import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct TextLayoutTests {
    let m = MonospaceMeasurer(advance: 10, lineHeight: 20)
    let ink = RGBA(1, 2, 3)
    let link = RGBA(9, 9, 9)

    func lines(_ block: TextBlock) -> [String] { block.lines.map { $0.runs.map(\.text).joined() } }

    @Test func wrapsAtSpacesGreedily() {
        let block = TextLayout.layout([StyledSpan("aaa bbb ccc dddd", ink)], style: .a2, maxWidth: 75, measurer: m)
        #expect(lines(block) == ["aaa bbb", "ccc", "dddd"])
        #expect(block.size == Size(width: 70, height: 60))
        #expect(block.lines.map(\.y) == [0, 20, 40])
    }

    @Test func trailingSpaceDoesNotForceABreak() {
        // "abcd " is 50 wide with its space but its ink is 40: it fits in 40.
        let block = TextLayout.layout([StyledSpan("abcd efgh", ink)], style: .a2, maxWidth: 40, measurer: m)
        #expect(lines(block) == ["abcd", "efgh"])
    }

    @Test func breaksAnOverlongWordByCharacter() {
        let block = TextLayout.layout([StyledSpan("x abcdefghij", ink)], style: .a2, maxWidth: 40, measurer: m)
        #expect(lines(block) == ["x ab", "cdef", "ghij"])
    }

    @Test func newlinesStartParagraphsAndBlankLinesKeepTheirHeight() {
        let block = TextLayout.layout([StyledSpan("one\n\ntwo", ink)], style: .a2, maxWidth: 500, measurer: m)
        #expect(lines(block) == ["one", "", "two"])
        #expect(block.size.height == 60)
    }

    @Test func lineSpacingScalesLineBoxes() {
        let block = TextLayout.layout([StyledSpan("a b", ink)], style: .a2, maxWidth: 10, lineSpacing: 1.3, measurer: m)
        #expect(block.lineHeight == 26)
        #expect(block.lines.map(\.y) == [0, 26])
    }

    @Test func coloursSplitRunsAndRunsArePositioned() {
        let text: Substring = "see example.com now"
        let spans = [StyledSpan(text.prefix(4), ink), StyledSpan(text.dropFirst(4).prefix(11), link),
                     StyledSpan(text.suffix(4), ink)]
        let block = TextLayout.layout(spans, style: .a2, maxWidth: 1000, measurer: m)
        let runs = block.lines[0].runs
        #expect(runs.map(\.text) == ["see ", "example.com", " now"])
        #expect(runs.map(\.x) == [0, 40, 150])
        #expect(runs.map(\.color) == [ink, link, ink])
    }

    @Test func emojiClustersGetTheEmojiFaceWhole() {
        let block = TextLayout.layout([StyledSpan("hi 👩🏽‍💻 👨‍👩‍👧!", ink)], style: .a2, maxWidth: 1000, measurer: m)
        let runs = block.lines[0].runs
        #expect(runs.map(\.face) == [.text, .emoji, .text, .emoji, .text])
        #expect(runs[1].text == "👩🏽‍💻")
        #expect(runs[1].width == 25)
    }

    @Test func cjkBreaksBetweenCharacters() {
        let block = TextLayout.layout([StyledSpan("今日の夕日です", ink)], style: .a2, maxWidth: 60, measurer: m)
        #expect(lines(block) == ["今日の", "夕日で", "す"])
        #expect(block.lines[0].runs[0].face == .cjk)
    }

    @Test func rightToLeftParagraphIsRightAlignedWithWordsReversed() {
        let block = TextLayout.layout([StyledSpan("שלום עולם", ink)], style: .a2, maxWidth: 200, measurer: m)
        let line = block.lines[0]
        // One RTL run (the space joins the two Hebrew words), shaped right to left, flush right.
        #expect(line.runs.count == 1)
        #expect(line.runs[0].isRightToLeft)
        #expect(line.runs[0].text == "שלום עולם")
        #expect(line.runs[0].x == 110)
    }

    @Test func leftToRightParagraphKeepsEmbeddedHebrewAsOneRTLRun() {
        let block = TextLayout.layout([StyledSpan("say שלום עולם ok", ink)], style: .a2, maxWidth: 500, measurer: m)
        let runs = block.lines[0].runs
        #expect(runs.map(\.isRightToLeft) == [false, true, false, false])
        #expect(runs[1].text == "שלום עולם")
        #expect(runs.map(\.text).joined() == "say שלום עולם ok")
        #expect(runs[0].x == 0)
    }

    @Test func maxLinesCutsTheBlockAndTheLastLineEndsInAnEllipsisThatFits() {
        let block = TextLayout.layout([StyledSpan("aaa bbb ccc ddd eee", ink)], style: .a2, maxWidth: 75, maxLines: 2, measurer: m)
        // The last line is filled by character, not by word: "ccc dd" + "…" is 70 wide.
        #expect(lines(block) == ["aaa bbb", "ccc dd…"])
        #expect(block.size == Size(width: 70, height: 40))
        // No room beside the "…" for a character: the "…" alone.
        let narrow = TextLayout.layout([StyledSpan("a b c d", ink)], style: .a2, maxWidth: 10, maxLines: 2, measurer: m)
        #expect(lines(narrow) == ["a", "…"])
    }

    @Test func ellipsisDropsTrailingSpacesAndTakesTheLastColour() {
        let block = TextLayout.layout([StyledSpan("Ada Park ", ink), StyledSpan("· Aug 12, 2023", link)], style: .a2,
                                      maxWidth: 100, maxLines: 1, measurer: m)
        #expect(lines(block) == ["Ada Park…"])
        #expect(block.lines[0].runs.map(\.color) == [ink])
        #expect(block.size.width == 90)
    }

    @Test func textThatFitsGetsNoEllipsis() {
        for text in ["abcdefghij", "abcdefghij\n", "abcdefghij\n \n"] {
            let block = TextLayout.layout([StyledSpan(Substring(text), ink)], style: .a2, maxWidth: 100, maxLines: 1,
                                          measurer: m)
            #expect(lines(block) == ["abcdefghij"], "\(text.debugDescription)")
        }
    }

    @Test func anOverlongWordAndALaterParagraphAreEllipsized() {
        let word = TextLayout.layout([StyledSpan("abcdefghijkl", ink)], style: .a2, maxWidth: 50, maxLines: 1, measurer: m)
        #expect(lines(word) == ["abcd…"])
        let paragraphs = TextLayout.layout([StyledSpan("one\ntwo", ink)], style: .a2, maxWidth: 100, maxLines: 1,
                                           measurer: m)
        #expect(lines(paragraphs) == ["one…"])
        let tooNarrow = TextLayout.layout([StyledSpan("abc", ink)], style: .a2, maxWidth: 5, maxLines: 1, measurer: m)
        #expect(lines(tooNarrow) == [""])
    }

    @Test func emptyTextIsOneEmptyLine() {
        let block = TextLayout.layout([], style: .a2, maxWidth: 100, measurer: m)
        #expect(block.lines.count == 1)
        #expect(block.size.width == 0)
    }
}
