import PlumageCore
import PlumageTestSupport
import Testing

/// The split view of wide windows: the feed on the left, the details or image view on the right;
/// narrower windows stack; crossing the threshold keeps what is shown.
@Suite struct SplitViewTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp(width: Double) -> AppState {
        var app = AppState.feed(Fixtures.source(count: 30))
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: width, height: 800), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    /// The frame of every backdrop image drawn (each screen draws its backdrop first); a row's
    /// highlight, the same backdrop with the selection as a second tint, is not one.
    func backdrops(_ frame: Frame) -> [Rect] {
        frame.commands.compactMap {
            if case let .image(request, rect, _, _) = $0, request.blurSigma > 0, request.tints.count == 1 { rect } else { nil }
        }
    }

    @Test func aWideWindowShowsTheDetailsBesideTheFeed() {
        var app = makeApp(width: 1280)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        #expect(app.split?.listPane == Rect(x: 0, y: 0, width: 560, height: 800))
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(backdrops(frame) == [Rect(x: 0, y: 0, width: 560, height: 800), Rect(x: 560, y: 0, width: 720, height: 800)])
        #expect(frame.textDump.contains("text bar:Post"))
        #expect(frame.textDump.contains("text bar:Timeline"))
    }

    @Test func aClickOnAnotherPostInTheListReplacesTheDetails() {
        var app = makeApp(width: 1280)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        // The second post's body text, in the list's pane on the left.
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        let bodies = frame.commands.compactMap { if case let .text(_, p, key) = $0, key.hasPrefix("body:"), p.x < 560 { p } else { nil } }
        #expect(bodies.count > 2)
        let target = Point(x: 300, y: bodies[1].y + 5)
        _ = app.handle(.pointerDown(.left, at: target), at: 3)
        #expect(app.handle(.pointerUp(.left, at: target), at: 3.05) == [])
        #expect(app.stack.depth == 2)
        #expect(app.top(as: DetailsScreen.self)?.item == 1)
    }

    @Test func crossingTheThresholdKeepsWhatIsShown() {
        var app = makeApp(width: 1280)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        _ = app.handle(.resized(Size(width: 900, height: 800), .one), at: 2)
        #expect(app.split == nil)
        #expect(backdrops(app.updatedFrame(at: 3, measurer: m, statistics: nil)) == [Rect(x: 0, y: 0, width: 900, height: 800)])
        #expect(app.top(as: DetailsScreen.self)?.item == 0)
        _ = app.handle(.resized(Size(width: 1200, height: 800), .one), at: 4)
        #expect(app.split != nil && app.top(as: DetailsScreen.self)?.item == 0)
        _ = app.handle(.key(.escape, []), at: 5)
        #expect(app.split == nil && app.stack.depth == 1)
    }

    @Test func theDetailsBackButtonSitsInItsPane() {
        var app = makeApp(width: 1280)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        #expect(app.handle(.pointerDown(.left, at: Point(x: 560 + 28, y: 26)), at: 2) == [])
        #expect(app.stack.depth == 1)
    }

    @Test func tabSendsTheKeysToTheListWhichThenChoosesTheDetail() {
        var app = makeApp(width: 1280)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        #expect(!app.listHasFocus)
        _ = app.handle(.key(.tab, []), at: 2)
        #expect(app.listHasFocus)
        _ = app.handle(.key(.down, []), at: 2)
        _ = app.handle(.key(.enter, []), at: 2)
        #expect(app.stack.depth == 2 && app.top(as: DetailsScreen.self)?.item == 1)
        #expect(app.updatedFrame(at: 3, measurer: m, statistics: nil).commands.contains(.fill(Rect(x: 0, y: 50, width: 560, height: 2), Fixtures.theme.color(.link))))
        _ = app.handle(.key(.tab, []), at: 3)
        #expect(!app.listHasFocus)
        _ = app.handle(.key(.escape, []), at: 4)
        #expect(app.stack.depth == 1 && !app.listHasFocus)
        _ = app.handle(.key(.tab, []), at: 5)  // no split: nothing to switch
        #expect(!app.listHasFocus)
    }

    @Test func aSearchBoxOpenedInTheListTakesTheKeys() {
        var app = makeApp(width: 1280)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        let button = NavigationBar(windowWidth: 560).searchButton
        _ = app.handle(.pointerDown(.left, at: Point(x: button.midX, y: button.midY)), at: 2)
        #expect(app.listHasFocus)
        let theme = app.theme.name
        _ = app.handle(.key(.character("t"), []), at: 2)
        _ = app.handle(.text("number 27"), at: 2)
        #expect(app.theme.name == theme)
        #expect((app.stack.screens[0] as? FeedScreen)?.list.rows == [27])
    }

    @Test func aPhotoOpenedFromTheDetailsShowsBesideTheList() {
        var app = AppState.feed(DetailsScreenTests.source())
        _ = app.handle(.resized(Size(width: 1280, height: 800), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        _ = app.handle(.key(.down, []), at: 2)  // the post's photo
        _ = app.handle(.key(.enter, []), at: 2)
        #expect(app.photoScreen != nil && app.split?.listDepth == 0)
    }

    @Test func aDragThatLeavesItsPaneEndsInIt() {
        var app = makeApp(width: 1280)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        _ = app.updatedFrame(at: 1.5, measurer: m, statistics: nil)
        _ = app.handle(.pointerDown(.left, at: Point(x: 300, y: 600)), at: 2)
        for i in 1...5 { _ = app.handle(.pointerMoved(to: Point(x: 300 + Double(i) * 100, y: 600 - Double(i) * 40)), at: 2 + Double(i) * 0.01) }
        _ = app.handle(.pointerUp(.left, at: Point(x: 800, y: 400)), at: 2.1)
        _ = app.updatedFrame(at: 4, measurer: m, statistics: nil)
        let settled = app.list.scroll.offset
        // Hovering over the list afterwards does not scroll it: its drag ended with the release.
        _ = app.handle(.pointerMoved(to: Point(x: 300, y: 300)), at: 5)
        _ = app.handle(.pointerMoved(to: Point(x: 300, y: 100)), at: 5.1)
        _ = app.updatedFrame(at: 6, measurer: m, statistics: nil)
        #expect(app.list.scroll.offset == settled)
    }

    @Test func theListsBackButtonGoesBackPastTheDetail() {
        var app = makeApp(width: 1280)
        app.push(FeedScreen.search("item", in: Fixtures.source(count: 30)), at: 0, animated: false)
        _ = app.updatedFrame(at: 0.5, measurer: m, statistics: nil)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        #expect(app.stack.depth == 3 && app.split?.listDepth == 1)
        _ = app.handle(.pointerDown(.left, at: Point(x: 28, y: 26)), at: 2)
        #expect(app.stack.depth == 1)
    }
}

