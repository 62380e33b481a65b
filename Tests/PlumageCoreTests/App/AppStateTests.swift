import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct AppStateTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp(count: Int = 200) -> AppState {
        var app = AppState.feed(Fixtures.source(count: count))
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    @Test func wheelScrollsSmoothlyDownAndStops() {
        var app = makeApp()
        _ = app.handle(.wheel(dx: 0, dy: -3, at: Point(x: 400, y: 300), []), at: 1)
        var last = 0.0
        for step in 1...30 {
            _ = app.updatedFrame(at: 1 + Double(step) / 60, measurer: m, statistics: nil)
            #expect(app.list.scroll.offset >= last)
            last = app.list.scroll.offset
        }
        #expect(abs(last - 3 * FeedMetrics.wheelStep) < 0.5)
        #expect(!app.isAnimating(at: 2))
    }

    @Test func keysScrollAndEndReachesTheBottom() {
        var app = makeApp()
        _ = app.handle(.key(.end, []), at: 1)
        _ = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        #expect(app.list.scroll.offset == app.list.scroll.maxOffset)
        _ = app.handle(.key(.character("k"), []), at: 3)
        _ = app.updatedFrame(at: 5, measurer: m, statistics: nil)
        #expect(app.list.scroll.offset == app.list.scroll.maxOffset - FeedMetrics.lineStep)
        _ = app.handle(.key(.home, []), at: 5)
        _ = app.updatedFrame(at: 7, measurer: m, statistics: nil)
        #expect(app.list.scroll.offset == 0)
    }

    @Test func resizeKeepsTheTopRowInPlace() {
        var app = makeApp()
        app.scrollList(to: 5000, at: 1)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let row = app.list.row(atContentY: app.list.scroll.offset)!
        let item = app.list.rows[row]
        _ = app.handle(.resized(Size(width: 420, height: 700), .one), at: 2)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        let after = app.list.row(atContentY: app.list.scroll.offset)!
        #expect(app.list.rows[after] == item)
    }

    @Test func titleClickOpensThePickerAndChoosingASectionSwapsTheList() {
        var app = makeApp(count: 30)
        #expect(app.feedScreen?.title == "Timeline")
        _ = app.handle(.pointerDown(.left, at: Point(x: 400, y: 26)), at: 1)
        #expect(app.feedScreen?.picker.isOpen == true)
        // Second row of the panel (6 pt inset + 1.5 rows down).
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(frame.textDump.contains("picker:Media  10"))
        _ = app.handle(.pointerDown(.left, at: Point(x: 400, y: ChromeMetrics.barHeight + 6 + 6 + 44 * 1.5)), at: 2)
        #expect(app.feedScreen?.picker.isOpen == false)
        #expect(app.feedScreen?.title == "Media")
        #expect(app.list.rows == Array(stride(from: 0, to: 30, by: 3)))
    }

    @Test func escapeClosesThePickerBeforeAnythingElse() {
        var app = makeApp()
        _ = app.handle(.pointerDown(.left, at: Point(x: 400, y: 26)), at: 1)
        #expect(app.handle(.key(.escape, []), at: 1.1).isEmpty)
        #expect(app.feedScreen?.picker.isOpen == false)
    }

    @Test func dragFollowsThePointerThenFlings() {
        var app = makeApp()
        _ = app.handle(.pointerDown(.left, at: Point(x: 400, y: 500)), at: 1)
        for i in 1...10 {
            _ = app.handle(.pointerMoved(to: Point(x: 400, y: 500 - Double(i) * 20)), at: 1 + Double(i) * 0.01)
        }
        #expect(abs(app.list.scroll.offset - 200) < 0.001)  // the content follows the pointer exactly
        _ = app.handle(.pointerUp(.left, at: Point(x: 400, y: 300)), at: 1.1)
        #expect(app.list.scroll.isAnimating)
        _ = app.updatedFrame(at: 1.5, measurer: m, statistics: nil)
        #expect(app.list.scroll.offset > 300)
    }

    @Test func keyCommandsProduceEffectsAndToggles() {
        var app = makeApp()
        #expect(app.handle(.key(.character("q"), []), at: 0) == [.quit])
        #expect(app.handle(.key(.f11, []), at: 0) == [.toggleFullscreen])
        #expect(app.handle(.key(.f5, []), at: 0) == [.reload])
        _ = app.handle(.key(.f12, []), at: 0)
        #expect(app.showsFPS)
        _ = app.handle(.key(.character("="), .control), at: 0)
        #expect(app.textScale == 1.1)
        _ = app.handle(.key(.character("-"), .control), at: 0)
        _ = app.handle(.key(.character("-"), .control), at: 0)
        #expect(app.textScale == 0.9)
        _ = app.handle(.key(.character("0"), .control), at: 0)
        #expect(app.textScale == 1)
    }

    @Test func frameDrawsOnlyVisibleRowsAndPrefetchesAhead() {
        var app = makeApp()
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let bodies = frame.commands.compactMap { command -> (at: Point, key: String)? in
            if case let .text(_, at, key) = command, key.hasPrefix("body:") { (at, key) } else { nil }
        }
        // By hand (CellLayout, the 8 × 20 monospace fake, an 800 × 600 window): the column is 640 wide
        // at x 80; text starts 14 + 48 + 12 = 74 in, 552 wide, so a body ("Item number i with some words
        // to wrap around", 44 × 8 = 352) is one 20 × 1.3 = 26-point line, 14 + 20 + 3 = 37 below the
        // cell's top. A cell is 37 + 26 + 14 = 77 tall; items 0, 3, 6… add a 1600 × 900 photo 552 ×
        // 0.5625 = 310.5 → 311 high after a 10-point gap: 398. Below the 52-point bar cells 0–3 start
        // at window y 52, 450, 527, 604: cells 0–2 are on the 600-point window, 3 is not.
        #expect(bodies.map(\.at) == [Point(x: 154, y: 89), Point(x: 154, y: 487), Point(x: 154, y: 564)])
        #expect(bodies.map { $0.key.split(separator: ":").last.map(String.init) } == ["200", "199", "198"])
        // The next screen's worth (content 548…1148: cells 3–6) is prefetched: the photos of items 3 and 6.
        let ahead = app.lookahead(at: 1, measurer: m, statistics: nil)
        #expect(ahead.images.map(\.source.description).filter { $0.hasPrefix("/p") } == ["/p3.jpg", "/p6.jpg"])
        // The bar comes after the rows, so the list scrolls under it.
        let blur = frame.commands.firstIndex { if case .blurBehind = $0 { true } else { false } }
        let lastBody = frame.commands.lastIndex { if case let .text(_, _, key) = $0 { key.hasPrefix("body:") } else { false } }
        #expect(blur! > lastBody!)
    }

    @Test func relativeDatesFollowTheClockWithoutARelayout() {
        var app = makeApp(count: 5)
        let generation = app.list.generation
        func metaKeys(_ frame: Frame) -> [String] {
            frame.commands.compactMap { if case let .text(_, _, key) = $0, key.hasPrefix("meta:") { key } else { nil } }
        }
        let before = metaKeys(app.updatedFrame(at: 1, measurer: m, statistics: nil))
        #expect(before.first?.hasSuffix(":1h") == true)
        app.fixedNow = Timestamp(seconds: 1_700_003_600 + 3 * 3600)
        let after = metaKeys(app.updatedFrame(at: 2, measurer: m, statistics: nil))
        #expect(after.first?.hasSuffix(":4h") == true)
        #expect(app.list.generation == generation)
    }
}
