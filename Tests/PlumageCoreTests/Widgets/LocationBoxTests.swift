import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// The location box (Ctrl+L, issue 19): opening and closing it over any screen, typing, what
/// Enter and the suggestions ask the platform to open, and the platform's text input.
@Suite struct LocationBoxTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)
    static let ctrlL = InputEvent.key(.character("l"), .control)
    /// The field in an 800 pt window, derived by hand: a 640 pt panel centred (x 80) 8 pt under the
    /// 52 pt bar, its field inset 10 pt and 36 pt tall.
    static let field = Rect(x: 90, y: 70, width: 620, height: 36)

    static func entry(_ path: String, _ kind: RecentEntry.Kind = .source, at seconds: Int64,
                      missing: Bool = false) -> RecentEntry {
        let title = String(path.split(separator: "/").last ?? "")
        return RecentEntry(kind: kind, path: path, title: title, opened: Timestamp(seconds: seconds),
                           isMissing: missing)
    }

    static let entries = [
        entry("/home/u/twitter-2022.zip", at: 900),
        entry("/home/u/Pictures/IMG_0042.jpg", .photo, at: 800),
        entry("/home/u/feeds/swift.json", at: 700),
        entry("/home/u/old/Backup.ZIP", at: 600, missing: true),
    ]

    func makeApp(_ entries: [RecentEntry] = entries, size: Size = Size(width: 800, height: 600)) -> AppState {
        var app = AppState.feed(Fixtures.source(count: 3))
        _ = app.handle(.recentsLoaded(Recents(entries), notices: []), at: 0)
        app.fixedNow = Timestamp(seconds: 1_000)
        _ = app.handle(.resized(size, .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    @Test func ctrlLOpensTheBoxOverAnyScreenAndEscOrCtrlLClosesIt() {
        var app = makeApp()
        #expect(app.handle(Self.ctrlL, at: 1) == [.textInput(Self.field)])
        #expect(app.locationBox != nil && app.stack.depth == 1)
        #expect(app.handle(.key(.escape, []), at: 1) == [.textInput(nil)])
        #expect(app.locationBox == nil && app.stack.depth == 1)
        // Over the image view, whose own "l" pans, and over the recents list.
        let photo = Photo(source: .file("/p.jpg"), title: "p.jpg", knownSize: PixelSize(width: 100, height: 100))
        app.openPhotos([photo], at: 0)
        #expect(app.handle(Self.ctrlL, at: 2) == [.textInput(Self.field)])
        #expect(app.handle(Self.ctrlL, at: 2) == [.textInput(nil)])
        #expect(app.photoScreen != nil && app.stack.depth == 2)
        _ = app.handle(.key(.character("o"), .control), at: 3)
        #expect(app.top(as: RecentsScreen.self) != nil)
        #expect(app.handle(Self.ctrlL, at: 3) == [.textInput(Self.field)])
        // Back (Alt+←) closes the box, not the screen under it.
        #expect(app.handle(.key(.left, .alt), at: 3) == [.textInput(nil)])
        #expect(app.top(as: RecentsScreen.self) != nil)
    }

    @Test func typingGoesToTheBoxNotToTheAppOrTheScreen() {
        var app = makeApp()
        _ = app.handle(Self.ctrlL, at: 1)
        let theme = app.theme.name
        // A typed "t" arrives as a key (which would switch the theme) and as its text.
        _ = app.handle(.key(.character("t"), []), at: 1)
        _ = app.handle(.text("tags swift"), at: 1)
        _ = app.handle(.key(.character("q"), []), at: 1)
        _ = app.handle(.text("q"), at: 1)
        #expect(app.theme.name == theme)
        #expect(app.locationBox?.field.text == "tags swiftq")
        _ = app.handle(.key(.backspace, .control), at: 1)
        #expect(app.locationBox?.field.text == "tags ")
        _ = app.handle(.key(.home, []), at: 1)
        _ = app.handle(.paste("https://x.example/"), at: 1)
        #expect(app.locationBox?.field.text == "https://x.example/tags ")
        _ = app.handle(.composition("かな"), at: 1)
        #expect(app.locationBox?.field.composition == "かな")
        // F5 (reload) and Tab are the screens' and the app's: swallowed while the box is open.
        #expect(app.handle(.key(.f5, []), at: 1) == [])
        #expect(app.handle(.key(.tab, []), at: 1) == [])
        // F12 changes no screen: it still acts.
        _ = app.handle(.key(.f12, []), at: 1)
        #expect(app.showsFPS && app.locationBox != nil)
    }

    @Test func enterOpensTheTrimmedTextAsASourceOpenedNowAndAnEmptyBoxIsIgnored() {
        var app = makeApp()
        _ = app.handle(Self.ctrlL, at: 1)
        _ = app.handle(.text("   "), at: 1)
        #expect(app.handle(.key(.enter, []), at: 1) == [])
        #expect(app.locationBox != nil)
        _ = app.handle(.paste("https://mastodon.social/tags/swift\n"), at: 1)
        let url = "https://mastodon.social/tags/swift"
        let opened = RecentEntry(kind: .source, path: url, title: url, opened: Timestamp(seconds: 1_000))
        #expect(app.handle(.key(.enter, []), at: 2) == [.open(opened), .textInput(nil)])
        #expect(app.locationBox == nil)
        // Paths are left as typed: the platform resolves them.
        for typed in ["~/feeds/a.json", "@ada@example.social", "feeds/relative.xml"] {
            _ = app.handle(Self.ctrlL, at: 3)
            _ = app.handle(.text(typed), at: 3)
            let effects = app.handle(.key(.enter, []), at: 3)
            #expect(effects.first == .open(RecentEntry(kind: .source, path: typed, title: typed,
                                                       opened: Timestamp(seconds: 1_000))))
        }
    }

    @Test func suggestionsAreTheRecentsMatchingTheTextIgnoringCaseAtMostEight() {
        var app = makeApp()
        _ = app.handle(Self.ctrlL, at: 1)
        let all = ["twitter-2022.zip", "IMG_0042.jpg", "swift.json", "Backup.ZIP"]
        #expect(app.locationSuggestions.map(\.title) == all)
        _ = app.handle(.text(" zip "), at: 1)
        #expect(app.locationSuggestions.map(\.title) == ["twitter-2022.zip", "Backup.ZIP"])
        _ = app.handle(.key(.backspace, .control), at: 1)
        _ = app.handle(.text("pictures"), at: 1)  // the path matches, not the title
        #expect(app.locationSuggestions.map(\.title) == ["IMG_0042.jpg"])
        var many = makeApp((0..<12).map { Self.entry("/f/feed\($0).json", at: Int64(100 + $0)) })
        _ = many.handle(Self.ctrlL, at: 1)
        #expect(many.locationSuggestions.map(\.title) == (4..<12).reversed().map { "feed\($0).json" })
    }

    @Test func arrowsChooseASuggestionAndEnterOpensTheChosenEntry() {
        var app = makeApp()
        _ = app.handle(Self.ctrlL, at: 1)
        _ = app.handle(.text("u/"), at: 1)
        for _ in 0..<3 { _ = app.handle(.key(.down, []), at: 1) }
        _ = app.handle(.key(.up, []), at: 1)
        #expect(app.locationBox?.choice == 1)
        #expect(app.handle(.key(.enter, []), at: 2) == [.open(Self.entries[1]), .textInput(nil)])
        // Up from the first row goes back to the typed text; typing drops the choice.
        _ = app.handle(Self.ctrlL, at: 3)
        _ = app.handle(.text("https://a.example/feed"), at: 3)
        #expect(app.locationSuggestions.isEmpty)
        _ = app.handle(.key(.down, []), at: 3)
        #expect(app.locationBox?.choice == nil)
        _ = app.handle(.key(.backspace, .control), at: 3)
        _ = app.handle(.key(.backspace, .control), at: 3)
        _ = app.handle(.key(.down, []), at: 3)
        _ = app.handle(.key(.up, []), at: 3)
        #expect(app.locationBox?.choice == nil)
        _ = app.handle(.key(.down, []), at: 3)
        _ = app.handle(.text("json"), at: 3)
        #expect(app.locationBox?.choice == nil)
        // A missing entry only says so.
        _ = app.handle(.key(.backspace, .control), at: 3)
        _ = app.handle(.text("backup"), at: 3)
        _ = app.handle(.key(.down, []), at: 3)
        #expect(app.handle(.key(.enter, []), at: 4) == [.textInput(nil)])
        #expect(app.notice?.text == "Backup.ZIP is no longer at /home/u/old/Backup.ZIP")
    }

    @Test func aClickOnASuggestionOpensItAndAClickOutsideOnlyClosesTheBox() {
        var app = makeApp()
        _ = app.handle(Self.ctrlL, at: 1)
        // Rows are 52 pt tall from 6 pt under the field (y 106): the second spans 164…216.
        let second = Point(x: 400, y: 190)
        #expect(app.handle(.pointerDown(.left, at: second), at: 2) == [])
        #expect(app.handle(.pointerUp(.left, at: second), at: 2) == [.open(Self.entries[1]), .textInput(nil)])
        // A press on a row released elsewhere opens nothing.
        _ = app.handle(Self.ctrlL, at: 3)
        _ = app.handle(.pointerDown(.left, at: second), at: 3)
        #expect(app.handle(.pointerUp(.left, at: Point(x: 400, y: 90)), at: 3) == [])
        #expect(app.locationBox != nil)
        // Under the four rows (they end at 320): the feed's post there is not opened.
        let below = Point(x: 400, y: 400)
        #expect(app.handle(.pointerDown(.left, at: below), at: 4) == [])
        #expect(app.handle(.pointerUp(.left, at: below), at: 4.05) == [.textInput(nil)])
        #expect(app.locationBox == nil && app.stack.depth == 1)
    }

    @Test func closingTheBoxGivesTheTextInputBackToTheFeedsSearchBox() {
        var app = makeApp()
        let search = NavigationBar(windowWidth: 800).searchFieldFrame
        #expect(app.handle(.key(.character("/"), []), at: 1) == [.textInput(search)])
        #expect(app.handle(Self.ctrlL, at: 1) == [.textInput(Self.field)])
        _ = app.handle(.text("abc"), at: 1)
        #expect(app.feedScreen?.searchField?.text == "")
        #expect(app.handle(.key(.escape, []), at: 2) == [.textInput(search)])
        #expect(app.feedScreen?.searchField != nil)
    }

    @Test func inTheSplitViewTheBoxIsCentredInTheWindowAndBackClosesOnlyIt() {
        var app = makeApp(size: Size(width: 1280, height: 800))
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        guard app.split != nil else { Issue.record("no split view at 1280 pt"); return }
        // (1280 − 640) / 2 = 320, plus the 10 pt padding: the window's centre, not a pane's.
        #expect(app.handle(Self.ctrlL, at: 2) == [.textInput(Rect(x: 330, y: 70, width: 620, height: 36))])
        _ = app.handle(.key(.down, []), at: 2)  // the box's choice, not the list's selection
        #expect(app.locationBox?.choice == 0)
        #expect(app.handle(.pointerDown(.back, at: Point(x: 100, y: 400)), at: 3) == [.textInput(nil)])
        #expect(app.locationBox == nil && app.split != nil && app.stack.depth == 2)
    }

    @Test func aShortWindowListsOnlyTheRowsThatFit() {
        // 200 pt tall: rows start at 112 and must end 18 pt above the bottom, so one 52 pt row fits.
        var app = makeApp(size: Size(width: 300, height: 200))
        _ = app.handle(Self.ctrlL, at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let titles = frame.commands.compactMap { command -> String? in
            guard case let .text(_, _, key) = command, key.hasPrefix("location:t:") else { return nil }
            return key
        }
        #expect(titles.count == 1)
        #expect(frame.commands.contains(.blurBehind(Rect(x: 16, y: 60, width: 268, height: 114),
                                                    sigma: ChromeMetrics.barBlurSigma,
                                                    tint: Fixtures.theme.color(.pickerBackground).withAlpha(0.92))))
    }

    @Test func snapshotOfTheOpenBox() {
        var app = makeApp()
        _ = app.handle(Self.ctrlL, at: 1)
        _ = app.handle(.text("home"), at: 1)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.down, []), at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        // The box's commands, from its panel on (the feed under it has snapshots of its own).
        let box = frame.commands.drop { command in
            guard case let .blurBehind(rect, _, _) = command else { return true }
            return rect.minY != 60
        }
        #expect(!box.isEmpty)
        #expect(TextSnapshot.mismatch(box.map(\.description).joined(separator: "\n"), named: "location-box") == nil)
    }

    @Test func theKeyHelpListsCtrlL() {
        var app = makeApp()
        _ = app.handle(.key(.character("?"), []), at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let texts = frame.commands.compactMap { command -> String? in
            guard case let .text(block, _, key) = command, key.hasPrefix("help:") else { return nil }
            return block.lines.flatMap(\.runs).map(\.text).joined()
        }
        guard let row = texts.firstIndex(of: "Ctrl+l") else { Issue.record("no Ctrl+l in \(texts)"); return }
        #expect(texts[row + 1] == "open an address, feed or path")
    }
}
