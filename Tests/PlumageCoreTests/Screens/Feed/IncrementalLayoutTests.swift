import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct IncrementalLayoutTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp(count: Int) -> AppState {
        var items = Fixtures.source(count: count)
        // Vary text lengths so estimates and exact heights differ.
        for i in items.items.indices {
            items.items[i].text = String(repeating: "word ", count: 5 + (i * 37) % 90)
        }
        var app = AppState.feed(items)
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        return app
    }

    // Issue 17: a damaged index cache gave a section holding index 0 of no items, and every launch
    // trapped laying it out. Rows naming no item are dropped.
    @Test func rowsNamingNoItemAreDropped() {
        let items = [Fixtures.item("a", "first"), Fixtures.item("b", "second")]
        var list = FeedList(rows: [1, 5, 0, -1, 2])
        list.layoutIfNeeded(key: FeedList.LayoutKey(width: 600, textScale: 1, displayScale: 1, theme: "t"),
                            viewportHeight: 400, context: FeedList.Context(items: items, theme: Fixtures.theme,
                                                                            now: Timestamp(seconds: 1_700_003_600)),
                            measurer: m)
        #expect(list.rows == [1, 0])
        #expect(list.layout(0) != nil && list.layout(1) != nil)
        var empty = FeedList(rows: [0])
        empty.layoutIfNeeded(key: FeedList.LayoutKey(width: 600, textScale: 1, displayScale: 1, theme: "t"),
                             viewportHeight: 400, context: FeedList.Context(items: [], theme: Fixtures.theme,
                                                                             now: Timestamp(seconds: 1_700_003_600)),
                             measurer: m)
        #expect(empty.rows.isEmpty)
    }

    @Test func firstFrameLaysOutOnlyTheNeighbourhoodOfTheViewport() {
        var app = makeApp(count: 2000)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        #expect(!app.list.isFullyLaidOut)
        #expect(app.list.estimatedCount > 1900)
        for row in app.list.rows(from: -52, to: 548) { #expect(app.list.layout(row) != nil) }
    }

    @Test func refiningRowsAboveKeepsTheTopRowInPlace() {
        var app = makeApp(count: 2000)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        app.scrollList(to: app.list.contentHeight / 2, at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        let row = app.list.row(atContentY: app.list.scroll.offset)!
        let screenY = app.list.windowY(ofContentY: app.list.rowTops[row])
        while app.refine(maxRows: 100, at: 0, measurer: m) {}
        #expect(app.list.isFullyLaidOut)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        #expect(app.list.row(atContentY: app.list.scroll.offset) == row)
        #expect(abs(app.list.windowY(ofContentY: app.list.rowTops[row]) - screenY) <= 1)
    }

    @Test func completeLayoutMatchesExactHeights() {
        var app = makeApp(count: 300)
        app.completeFeedLayout(at: 0, measurer: m)
        let exact = (0..<300).map { app.list.layout($0)!.height }.reduce(0, +)
        #expect(app.list.rowTops.last! == exact)
    }

    @Test func endLandsAtTheExactBottomFromFarAway() {
        var app = makeApp(count: 2000)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        _ = app.handle(.key(.end, []), at: 1)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(app.list.scroll.offset == app.list.scroll.maxOffset)
        let last = app.list.rows.count - 1
        #expect(app.list.layout(last) != nil)
        #expect(app.list.rows(from: app.list.scroll.offset - 52, to: app.list.scroll.offset + 548).contains(last))
    }
}
