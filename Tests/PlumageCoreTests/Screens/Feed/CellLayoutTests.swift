import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct CellLayoutTests {
    let m = MonospaceMeasurer(advance: 10, lineHeight: 20)
    let theme = Fixtures.theme
    let now = Timestamp(seconds: 1_700_003_600)

    @Test func entitySpansAreColouredByKind() {
        let text = "Hi @ada see #swift at example.com 👍🏽"
        let entities = [
            Entity(kind: .mention, text: "@ada", start: 3, end: 7, target: "ada"),
            Entity(kind: .hashtag, text: "#swift", start: 12, end: 18, target: "swift"),
            Entity(kind: .url, text: "example.com", start: 22, end: 33, target: "https://example.com"),
        ]
        let spans = CellLayout.bodySpans(Fixtures.item("1", text, entities: entities), theme: theme)
        #expect(spans.map(\.text) == ["Hi ", "@ada", " see ", "#swift", " at ", "example.com", " 👍🏽"])
        #expect(spans.map(\.color) == [.text, .mention, .text, .hashtag, .text, .link, .text].map(theme.color))
    }

    @Test func entityOffsetsCountUnicodeScalars() {
        // "👍🏽" is two scalars and one Character: the hashtag after it starts at scalar 3.
        let text = "👍🏽 #tag"
        let spans = CellLayout.bodySpans(
            Fixtures.item("1", text, entities: [Entity(kind: .hashtag, text: "#tag", start: 3, end: 7, target: "tag")]),
            theme: theme)
        #expect(spans.map(\.text) == ["👍🏽 ", "#tag"])
    }

    // Issue 17: a damaged index cache gave an entity whose start is after its end, and every launch
    // trapped here slicing the text backwards. Such an entity is plain text; the entities after it still count.
    @Test func anEntityEndingBeforeItStartsStaysPlainText() {
        let text = "ab #tag cd"
        let entities = [Entity(kind: .hashtag, text: "#tag", start: 7, end: 3, target: "tag"),
                        Entity(kind: .mention, text: "cd", start: 8, end: 10, target: "cd")]
        let spans = CellLayout.bodySpans(Fixtures.item("1", text, entities: entities), theme: theme)
        #expect(spans.map(\.text) == ["ab #tag ", "cd"])
        #expect(spans.map(\.link) == [nil, 1])
    }

    @Test func geometryOfATextOnlyCell() {
        let layout = CellLayout.make(Fixtures.item("1", "hello world", at: 1_700_000_000), width: 600, theme: theme,
                                     now: now, measurer: m)
        #expect(layout.avatar == Rect(x: 14, y: 14, width: 48, height: 48))
        #expect(layout.nameOrigin.x == 74)
        #expect(layout.body.lines.count == 1)
        #expect(layout.photos.isEmpty)
        // padding 14 + header 20 + gap 3 + body 26 (1.3 line spacing) + padding 14.
        #expect(layout.height == 77)
        #expect(layout.separator == Rect(x: 74, y: 76, width: 526, height: 1))
        #expect(layout.meta.lines[0].runs.map(\.text) == ["@ada", " · 1h"])
    }

    @Test func anUndatedItemShowsNoDate() {
        var item = Fixtures.item("1", "hello world")
        item.date = nil
        item.dateProblem = "date_published 'garbage' is not an RFC 3339 date"
        let layout = CellLayout.make(item, width: 600, theme: theme, now: now, measurer: m)
        #expect(layout.meta.lines.map { $0.runs.map(\.text) } == [["@ada"]])
        #expect(layout.metaDate == "")
        // The clock moving on leaves it so.
        let later = layout.withDate(RelativeDate.format(item.date, now: now), item: item, cellWidth: 600, theme: theme, measurer: m)
        #expect(later.meta.lines.map { $0.runs.map(\.text) } == [["@ada"]])
        #expect(RelativeDate.format(nil, now: now) == "")
    }

    @Test func onePhotoKeepsItsAspectWithinLimits() {
        let wide = CellLayout.photoGrid([Media(kind: .photo, locator: .file("/a"), width: 1600, height: 900)], width: 512)
        #expect(wide == [Rect(x: 0, y: 0, width: 512, height: 288)])
        let tall = CellLayout.photoGrid([Media(kind: .photo, locator: .file("/a"), width: 900, height: 3000)], width: 400)
        #expect(tall[0].height == 500)
        let panorama = CellLayout.photoGrid([Media(kind: .photo, locator: .file("/a"), width: 4000, height: 500)], width: 400)
        #expect(panorama[0].height == 160)
    }

    @Test func gridsForTwoThreeAndFourPhotos() {
        let photo = Media(kind: .photo, locator: .file("/a"), width: 100, height: 100)
        let two = CellLayout.photoGrid(Array(repeating: photo, count: 2), width: 404)
        #expect(two == [Rect(x: 0, y: 0, width: 200, height: 227), Rect(x: 204, y: 0, width: 200, height: 227)])
        let three = CellLayout.photoGrid(Array(repeating: photo, count: 3), width: 404)
        #expect(three.count == 3)
        #expect(three[0].height == 227 && three[1].height == 111 && three[2].maxY == 227)
        let five = CellLayout.photoGrid(Array(repeating: photo, count: 5), width: 404)
        #expect(five.count == 4)
        #expect(five[3] == Rect(x: 204, y: 116, width: 200, height: 111))
    }

    @Test func relativeDates() {
        let base = Timestamp(year: 2026, month: 11, day: 20, hour: 12)
        func f(_ seconds: Int64) -> String { RelativeDate.format(Timestamp(seconds: base.seconds - seconds), now: base) }
        #expect(f(5) == "now")
        #expect(f(5 * 60) == "5m")
        #expect(f(3 * 3600) == "3h")
        #expect(f(6 * 86_400) == "6d")
        #expect(f(30 * 86_400) == "Oct 21")
        #expect(RelativeDate.format(Timestamp(year: 2025, month: 3, day: 5), now: base) == "Mar 5, 2025")
        #expect(Timestamp(year: 2023, month: 8, day: 12, hour: 16, minute: 10, second: 37).iso8601 == "2023-08-12T16:10:37Z")
    }
}
