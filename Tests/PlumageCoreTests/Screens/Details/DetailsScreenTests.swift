import PlumageCore
import PlumageTestSupport
import Testing

/// The details screen (SPEC §2): what it lists, what choosing an entry does, and how the feed
/// opens it by click or keyboard.
@Suite struct DetailsScreenTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    /// Entities of `text` for the words given, found by their text.
    static func entities(_ text: String, _ words: [(EntityKind, String, String)]) -> [Entity] {
        let scalars = Array(text.unicodeScalars)
        return words.map { kind, word, target in
            let w = Array(word.unicodeScalars)
            let start = (0...(scalars.count - w.count)).first { Array(scalars[$0..<($0 + w.count)]) == w }!
            return Entity(kind: kind, text: word, start: start, end: start + w.count, target: target)
        }
    }

    /// A source whose first post has a photo, two hashtags (one twice), a mention and two links;
    /// the others mention #swift, #swiftlang and @ada to search for.
    static func source() -> FeedSource {
        let text = "Hello #Swift and #swift with @bob at example.com/a see ftp://files.example.com #SDL2"
        let first = Fixtures.item("1", text, by: "ada", entities: entities(text, [
            (.hashtag, "#Swift", "Swift"), (.hashtag, "#swift", "swift"), (.mention, "@bob", "bob"),
            (.url, "example.com/a", "https://example.com/a"), (.url, "ftp://files.example.com", "ftp://files.example.com"),
            (.hashtag, "#SDL2", "SDL2"),
        ]), media: [Media(kind: .photo, locator: .file("/p.jpg"), width: 1200, height: 600)])
        let second = Fixtures.item("2", "#swiftlang is not #swift", by: "cy", at: 1_699_999_000,
                                   entities: entities("#swiftlang is not #swift", [
                                       (.hashtag, "#swiftlang", "swiftlang"), (.hashtag, "#swift", "swift")]))
        let third = Fixtures.item("3", "only #swiftlang here, hi @ada", by: "dee", at: 1_699_998_000,
                                  entities: entities("only #swiftlang here, hi @ada", [
                                      (.hashtag, "#swiftlang", "swiftlang"), (.mention, "@ada", "ada")]))
        let items = [first, second, third]
        return FeedSource(kind: .demo, title: "Test", sections: [Section(name: "Timeline", itemIndices: [0, 1, 2])],
                          items: items)
    }

    func makeApp() -> AppState {
        var app = AppState.feed(Self.source())
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 900), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    @Test func listsImagesHashtagsUsersAndURLsOncePerEntryAndNoEmptySections() {
        let content = DetailsContent(item: Self.source().items[0])
        #expect(content.sections.map(\.title) == ["Images", "Hashtags", "Users", "URLs"])
        #expect(content.sections[1].entries == [.hashtag("Swift"), .hashtag("SDL2")])
        #expect(content.sections[2].entries == [.user("ada"), .user("bob")])
        #expect(content.sections[3].entries.count == 2)
        let plain = DetailsContent(item: Fixtures.item("9", "no entities here"))
        #expect(plain.sections.map(\.title) == ["Users"])
    }

    @Test func clickingAPostOpensItsDetailsAndEnterOpensTheSelectedOne() {
        var app = makeApp()
        _ = app.handle(.pointerDown(.left, at: Point(x: 400, y: 70)), at: 1)
        _ = app.handle(.pointerUp(.left, at: Point(x: 400, y: 70)), at: 1.05)
        #expect(app.top(as: DetailsScreen.self)?.item == 0)
        _ = app.handle(.key(.escape, []), at: 2)
        #expect(app.feedScreen?.selection == 0)  // the click chose the row
        _ = app.handle(.key(.down, []), at: 3)
        #expect(app.feedScreen?.selection == 1)
        _ = app.handle(.key(.enter, []), at: 3)
        #expect(app.top(as: DetailsScreen.self)?.item == 1)
    }

    @Test func choosingAHashtagPushesAnExactCaseInsensitiveSearchOfTheWholeFeed() {
        var app = makeApp()
        app.push(DetailsScreen(source: Self.source(), item: 0), at: 0, animated: false)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        // Entries: the photo, #Swift, #SDL2, @ada, @bob, two links. ↓ twice selects #Swift.
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        let search = app.feedScreen
        #expect(search?.title == "#Swift")
        #expect(search?.list.rows == [0, 1])  // #swiftlang alone does not match
        #expect(search?.hasPicker == false)
        #expect(app.windowTitle == "Plumage — #Swift · Test")
    }

    @Test func choosingAUserFindsPostsByOrMentioningThem() {
        var app = makeApp()
        app.push(DetailsScreen(source: Self.source(), item: 0), at: 0, animated: false)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        for _ in 0..<4 { _ = app.handle(.key(.down, []), at: 1) }
        _ = app.handle(.key(.enter, []), at: 1)
        #expect(app.feedScreen?.title == "@ada")
        #expect(app.feedScreen?.list.rows == [0, 2])
    }

    @Test func httpLinksOpenInTheBrowserOthersAreRefusedWithANotice() {
        var app = makeApp()
        app.push(DetailsScreen(source: Self.source(), item: 0), at: 0, animated: false)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        for _ in 0..<6 { _ = app.handle(.key(.down, []), at: 1) }
        #expect(app.handle(.key(.enter, []), at: 1) == [.openURL("https://example.com/a")])
        _ = app.handle(.key(.down, []), at: 1)
        #expect(app.handle(.key(.enter, []), at: 2).isEmpty)
        #expect(app.notice?.text.hasPrefix("not opened: ftp://files.example.com") == true)
    }

    @Test func choosingThePhotoOpensTheImageViewOnThePostsPhotos() {
        var app = makeApp()
        app.push(DetailsScreen(source: Self.source(), item: 0), at: 0, animated: false)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let photo = frame.commands.compactMap { if case let .image(r, rect, _, _) = $0, r.source.description == "/p.jpg" { rect } else { nil } }
        #expect(photo.count == 1)
        // The full column width less padding, at the photo's 2:1 aspect ratio before any pixels load.
        #expect(photo.first.map { $0.width == 612 && $0.height == 306 } == true)
        guard let rect = photo.first else { return }
        _ = app.handle(.pointerDown(.left, at: Point(x: rect.midX, y: rect.midY)), at: 2)
        _ = app.handle(.pointerUp(.left, at: Point(x: rect.midX, y: rect.midY)), at: 2.05)
        #expect(app.photoScreen?.photo?.source?.description == "/p.jpg")
    }

    @Test func backFromASearchRestoresTheDetailsAndThenTheFeedScroll() {
        var app = AppState.feed(Fixtures.source(count: 60))
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        app.scrollList(to: 700, at: 0)
        for _ in 0..<3 { _ = app.handle(.key(.down, []), at: 1) }
        let selected = app.feedScreen?.selection
        _ = app.handle(.key(.enter, []), at: 2)
        #expect(app.stack.depth == 2)
        _ = app.handle(.key(.backspace, []), at: 3)
        _ = app.updatedFrame(at: 4, measurer: m, statistics: nil)
        #expect(app.feedScreen?.selection == selected)
        #expect(app.list.scroll.offset > 600)
    }

    @Test func snapshot() {
        var app = makeApp()
        app.push(DetailsScreen(source: Self.source(), item: 0), at: 0, animated: false)
        _ = app.handle(.key(.down, []), at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "details") == nil)
    }

    /// Clicks at `x` characters into the first post's first line of text (8 pt a character).
    func click(characters x: Int, in app: inout AppState, at time: Seconds) -> [Effect] {
        let frame = app.updatedFrame(at: time, measurer: m, statistics: nil)
        let body = frame.commands.compactMap { if case let .text(_, p, key) = $0, key.hasPrefix("body:"), key.hasSuffix(":1") { p } else { nil } }
        guard let origin = body.first else { Issue.record("no body text"); return [] }
        let point = Point(x: origin.x + Double(x) * 8 + 4, y: origin.y + 5)
        _ = app.handle(.pointerDown(.left, at: point), at: time)
        return app.handle(.pointerUp(.left, at: point), at: time + 0.05)
    }

    @Test func clickingAHashtagMentionOrLinkInAPostsTextActsOnIt() {
        var app = makeApp()
        _ = click(characters: 7, in: &app, at: 1)  // inside "#Swift"
        #expect(app.feedScreen?.title == "#Swift" && app.stack.depth == 2)
        _ = app.handle(.key(.escape, []), at: 2)
        _ = click(characters: 30, in: &app, at: 3)  // inside "@bob"
        #expect(app.feedScreen?.title == "@bob")
        _ = app.handle(.key(.escape, []), at: 4)
        #expect(click(characters: 40, in: &app, at: 5) == [.openURL("https://example.com/a")])
        _ = click(characters: 2, in: &app, at: 6)  // "Hello": the post's details
        #expect(app.top(as: DetailsScreen.self)?.item == 0)
    }

    @Test func clicksFollowWhereTheRunsWereReallyDrawn() {
        var app = makeApp()
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let bodies = frame.commands.compactMap { c -> (TextBlock, Point, String)? in
            if case let .text(block, p, key) = c, key.hasPrefix("body:"), key.hasSuffix(":1") { (block, p, key) } else { nil }
        }
        guard let (block, origin, key) = bodies.first else { Issue.record("no body text"); return }
        // The platform reports every run drawn 16 points right of where it was laid out.
        let shifted = block.lines.map { $0.runs.map { RunExtent(x: $0.x + 16, width: $0.width) } }
        _ = app.handle(.textRendered(key: key, runs: shifted), at: 1)
        // 7 characters in is inside "#Swift" as laid out, but inside "Hello " as drawn.
        let point = Point(x: origin.x + 7 * 8 + 4, y: origin.y + 5)
        _ = app.handle(.pointerDown(.left, at: point), at: 2)
        _ = app.handle(.pointerUp(.left, at: point), at: 2.05)
        #expect(app.top(as: DetailsScreen.self)?.item == 0)
        _ = app.handle(.key(.escape, []), at: 3)
        let drawn = Point(x: point.x + 16, y: point.y)
        _ = app.handle(.pointerDown(.left, at: drawn), at: 4)
        _ = app.handle(.pointerUp(.left, at: drawn), at: 4.05)
        #expect(app.feedScreen?.title == "#Swift")
    }

    @Test func arrowsBeforeANewListIsLaidOutDoNothingRatherThanCrash() {
        var app = makeApp()
        _ = app.handle(.key(.character("/"), []), at: 1)
        _ = app.handle(.text("swift"), at: 1)  // a new list of matches, not laid out until the next frame
        _ = app.handle(.key(.down, []), at: 1)
        #expect(app.feedScreen?.selection == nil)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        _ = app.handle(.key(.down, []), at: 2)
        #expect(app.feedScreen?.selection == 0)
    }
}

