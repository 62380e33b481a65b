import PlumageCore
import PlumageTestSupport
import Testing

/// The search box: editing, and the feed filtering as one types.
@Suite struct SearchFieldTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    @Test func editsByCharactersAndCtrlBackspaceDeletesAWord() {
        var field = SearchField()
        field.insert("#swift @ada")
        field.deleteBackward(word: true)
        #expect(field.text == "#swift ")
        field.insert("coffee 👨‍👩‍👧")
        field.deleteBackward(word: false)
        #expect(field.text == "#swift coffee ")
        field.moveCaret(toEnd: false)
        field.insert("x")
        #expect(field.text == "x#swift coffee " && field.caret == 1)
        field.moveCaret(by: 100)
        #expect(field.caret == field.text.count)
        field.compose("かな")
        #expect(field.composition == "かな" && field.text == "x#swift coffee ")
        field.insert("仮名")
        #expect(field.text == "x#swift coffee 仮名" && field.composition.isEmpty)
    }

    @Test func pastedTextLosesItsNewlinesAndIsBounded() {
        var field = SearchField()
        field.insert("a\nb\tc")
        #expect(field.text == "a b c")
        field.insert(String(repeating: "z", count: 1000))
        #expect(field.text.count == SearchField.maxLength)
    }

    func makeApp() -> AppState {
        var app = AppState.feed(DetailsScreenTests.source())
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 900), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    @Test func slashOpensTheBoxTypingFiltersEnterPushesTheResultsEscRestores() {
        var app = makeApp()
        #expect(app.handle(.key(.character("/"), []), at: 1) == [.textInput(NavigationBar(windowWidth: 800).searchFieldFrame)])
        #expect(app.top.capturesText)
        // Typing keys reach the box, not the app: "t" would otherwise switch the theme.
        let theme = app.theme.name
        _ = app.handle(.key(.character("t"), []), at: 1)
        for part in ["#swift", "lang"] { _ = app.handle(.text(part), at: 1) }
        #expect(app.theme.name == theme)
        #expect(app.list.rows == [1, 2])
        _ = app.handle(.key(.backspace, .control), at: 1)
        #expect(app.list.rows == [0, 1, 2])  // an empty query shows the list as it was
        _ = app.handle(.paste("#swift"), at: 1)
        #expect(app.list.rows == [0, 1])
        let snapshot = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(snapshot.textDump, named: "search-box") == nil)
        let effects = app.handle(.key(.enter, []), at: 2)
        #expect(effects == [.textInput(nil)])
        #expect(app.stack.depth == 2 && app.feedScreen?.title == "#swift" && app.list.rows == [0, 1])
        _ = app.handle(.key(.escape, []), at: 3)
        #expect(app.feedScreen?.searchField == nil && app.list.rows == [0, 1, 2])
        _ = app.handle(.key(.character("/"), []), at: 4)
        _ = app.handle(.text("ada"), at: 4)
        #expect(app.handle(.key(.escape, []), at: 4) == [.textInput(nil)])
        #expect(app.stack.depth == 1 && app.list.rows == [0, 1, 2])
    }

    @Test func theBarsSearchButtonOpensAndClosesTheBox() {
        var app = makeApp()
        let button = NavigationBar(windowWidth: 800).searchButton
        let centre = Point(x: button.midX, y: button.midY)
        _ = app.handle(.pointerDown(.left, at: centre), at: 1)
        #expect(app.feedScreen?.searchField != nil)
        _ = app.handle(.pointerDown(.left, at: centre), at: 2)
        #expect(app.feedScreen?.searchField == nil)
    }

    @Test func aReloadWhileSearchingClosesTheBoxAndSearchFeedsKeepTheirQuery() {
        var app = makeApp()
        _ = app.handle(.key(.character("/"), []), at: 1)
        _ = app.handle(.text("#swift"), at: 1)
        let fewer = FeedSource(kind: .demo, title: "Test", sections: [Section(name: "Timeline", itemIndices: [0])],
                               items: [DetailsScreenTests.source().items[0]])
        #expect(app.handle(.sourceReloaded(fewer), at: 2) == [.textInput(nil)])
        #expect(app.feedScreen?.searchField == nil && app.list.rows == [0])
        _ = app.updatedFrame(at: 3, measurer: m, statistics: nil)  // the old saved list would index past the items
        app.push(FeedScreen.search("#swift", in: DetailsScreenTests.source()), at: 4, animated: false)
        _ = app.handle(.sourceReloaded(fewer), at: 5)
        #expect(app.feedScreen?.title == "#swift" && app.feedScreen?.query == "#swift" && app.list.rows == [0])
    }

    @Test func leavingAFeedWithTheBoxOpenTurnsTextInputOff() {
        var app = makeApp()
        _ = app.handle(.key(.character("/"), []), at: 1)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let frame = app.updatedFrame(at: 1.1, measurer: m, statistics: nil)
        let body = frame.commands.compactMap { if case let .text(_, p, key) = $0, key.hasPrefix("body:") { p } else { nil } }
        guard let point = body.first.map({ Point(x: $0.x + 2, y: $0.y + 5) }) else { Issue.record("no post"); return }
        _ = app.handle(.pointerDown(.left, at: point), at: 2)
        #expect(app.handle(.pointerUp(.left, at: point), at: 2.05) == [.textInput(nil)])
        #expect(app.top(as: DetailsScreen.self) != nil)
        #expect(app.handle(.key(.escape, []), at: 3).contains(.textInput(NavigationBar(windowWidth: 800).searchFieldFrame)))
    }

    @Test func linksWithSpacesOrWithoutAHostAreNotOpened() {
        #expect(EntityChoice.open("https://example.com/a b") != .openURL("https://example.com/a b"))
        #expect(EntityChoice.open("http:x") != .openURL("http:x"))
        #expect(EntityChoice.open("https://example.com/ok") == .openURL("https://example.com/ok"))
    }
}

