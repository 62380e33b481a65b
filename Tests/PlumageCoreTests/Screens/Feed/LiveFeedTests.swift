import PlumageCore
import PlumageTestSupport
import Testing

/// A feed screen of live sources: which pages it asks for and when, what their news does to the
/// list, the row at the end, F5's refresh and the new-posts pill, and Smashtag's flow.
@Suite struct LiveFeedTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)
    let address = "https://social.example/tags/cats"

    /// A page of posts `ids` (newest first, one minute apart from `newest`) of a Mastodon tag.
    func page(_ ids: ClosedRange<Int>, newest: Int64 = 1_700_000_000, kind: SourceKind = .mastodonTag) -> FeedSource {
        let items = ids.reversed().enumerated().map { i, id in
            Fixtures.item("\(id)", "Post \(id) about cats", at: newest - Int64(i) * 60)
        }
        return FeedSource(kind: kind, title: "#cats", sections: [Section(name: "Timeline", itemIndices: Array(items.indices))],
                          items: items)
    }

    func makeApp(_ live: LiveFeed? = nil) -> AppState {
        let theme = Fixtures.theme
        var app = AppState(root: FeedScreen(live: live ?? LiveFeed(addresses: [address])), themes: ThemeLibrary(themes: [theme]),
                           theme: theme)
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        return app
    }

    /// One frame as the loop makes it; returns its text and the pages handed to the platform.
    func frame(_ app: inout AppState, at time: Seconds) -> (text: String, pages: [LivePageRequest]) {
        let frame = app.updatedFrame(at: time, measurer: m)
        let effects = app.want(frame, ahead: app.lookahead(at: time, measurer: m, statistics: nil))
        let pages = effects.flatMap { effect -> [LivePageRequest] in
            if case .readLivePages(let pages) = effect { return pages }
            return []
        }
        return (frame.textDump, pages)
    }

    @Test func theFirstPageIsAskedForOnceAndItsPostsReplaceTheLoadingRow() {
        var app = makeApp()
        let first = frame(&app, at: 0)
        #expect(first.pages == [LivePageRequest(address: address, part: .first)])
        #expect(first.text.contains("Loading…"))
        #expect(frame(&app, at: 0.1).pages.isEmpty, "a page in flight is not asked for again")
        let older = "https://social.example/api/v1/timelines/tag/cats?max_id=61"
        _ = app.handle(.livePage(LivePageRequest(address: address, part: .first), .page(page(61...100), older: older, copy: nil)),
                       at: 0.2)
        let shown = frame(&app, at: 0.3)
        #expect(app.list.rows.count == 40)
        #expect(shown.text.contains("Post 100 about cats"))
        #expect(!shown.text.contains("Loading…"))
        #expect(shown.pages.isEmpty, "the older page waits until the reader nears the end")
        #expect(app.feedScreen?.title == "Timeline")
        #expect(app.feedScreen?.source.title == "#cats")
    }

    @Test func nearingTheEndAsksForTheOlderPageWhichArrivesBelow() {
        var app = makeApp()
        _ = frame(&app, at: 0)
        let older = "https://social.example/older"
        _ = app.handle(.livePage(LivePageRequest(address: address, part: .first), .page(page(61...100), older: older, copy: nil)),
                       at: 0.1)
        _ = frame(&app, at: 0.2)
        app.completeFeedLayout(at: 0.2, measurer: m)
        let topItem = app.list.rows[0]
        _ = app.handle(.key(.end, []), at: 0.3)
        let end = frame(&app, at: 2)
        #expect(end.pages == [LivePageRequest(address: address, part: .older(older))])
        #expect(end.text.contains("Loading older posts…"))
        _ = app.handle(.livePage(LivePageRequest(address: address, part: .older(older)),
                                 .page(page(21...60, newest: 1_700_000_000 - 40 * 60), older: nil, copy: nil)), at: 2.1)
        let after = frame(&app, at: 2.2)
        #expect(app.list.rows.count == 80)
        #expect(app.feedScreen?.source.items[topItem].id == "100", "the newest post stays first")
        #expect(app.feedScreen?.source.items.last?.id == "21")
        _ = app.handle(.key(.end, []), at: 2.3)
        let last = frame(&app, at: 4)
        #expect(last.pages.isEmpty, "no page after the last")
        #expect(last.text.contains("No older posts"), "\(after.text.count)")
    }

    @Test func aFailedOlderPageShowsWhyAndRetryAsksAgain() {
        var app = makeApp()
        _ = frame(&app, at: 0)
        let older = "https://social.example/older"
        _ = app.handle(.livePage(LivePageRequest(address: address, part: .first), .page(page(96...100), older: older, copy: nil)),
                       at: 0.1)
        let near = frame(&app, at: 0.2)
        #expect(near.pages == [LivePageRequest(address: address, part: .older(older))], "five posts fill no screen: the end is near")
        _ = app.handle(.livePage(LivePageRequest(address: address, part: .older(older)), .failed("server answered 502 Bad Gateway")),
                       at: 0.3)
        let failed = frame(&app, at: 0.4)
        #expect(failed.text.contains("Cannot load older posts: server answered 502 Bad Gateway"))
        #expect(failed.text.contains("Retry"))
        #expect(failed.pages.isEmpty, "a failed page is not asked for again by itself")
        // The Retry button sits 44 points above the end row's bottom, centred in the column.
        let screen = app.feedScreen!
        let endRow = screen.list.windowY(ofContentY: screen.list.rowTops.last!)
        let retry = Point(x: 400, y: endRow + 104 - 44 + 15)
        _ = app.handle(.pointerDown(.left, at: retry), at: 0.5)
        _ = app.handle(.pointerUp(.left, at: retry), at: 0.55)
        let again = frame(&app, at: 0.6)
        #expect(again.pages == [LivePageRequest(address: address, part: .older(older), attempt: 1)])
        #expect(again.text.contains("Loading older posts…"))
    }

    @Test func f5AsksForNewerPostsKeepsThePlaceAndAnnouncesThem() {
        var app = makeApp()
        _ = frame(&app, at: 0)
        _ = app.handle(.livePage(LivePageRequest(address: address, part: .first), .page(page(61...100), older: nil, copy: nil)),
                       at: 0.1)
        _ = frame(&app, at: 0.2)
        app.completeFeedLayout(at: 0.2, measurer: m)
        app.scrollList(to: 500, at: 0.3)
        _ = frame(&app, at: 0.3)
        let topBefore = app.list.topRow!
        let topID = app.feedScreen!.source.items[app.list.rows[topBefore.row]].id
        #expect(app.handle(.key(.f5, []), at: 0.4).isEmpty, "F5 on a live feed does not read a file again")
        let asked = frame(&app, at: 0.5)
        #expect(asked.pages == [LivePageRequest(address: address, part: .newer, attempt: 1)])
        _ = app.handle(.livePage(LivePageRequest(address: address, part: .newer, attempt: 1),
                                 .page(page(64...103, newest: 1_700_000_180), older: nil, copy: nil)), at: 0.6)
        let after = frame(&app, at: 0.7)
        #expect(app.list.rows.count == 43)
        #expect(after.text.contains("3 new posts ↑"))
        let topAfter = app.list.topRow!
        #expect(app.feedScreen!.source.items[app.list.rows[topAfter.row]].id == topID, "the post read stays at the top")
        #expect(abs(topAfter.points - topBefore.points) < 0.5)
        // Clicking the pill scrolls to the top; there it goes away.
        let pill = Point(x: 400, y: ChromeMetrics.barHeight + 26)
        _ = app.handle(.pointerDown(.left, at: pill), at: 0.8)
        _ = app.handle(.pointerUp(.left, at: pill), at: 0.85)
        let top = frame(&app, at: 3)
        #expect(app.list.scroll.offset == 0)
        #expect(!top.text.contains("new posts ↑"))
    }

    @Test func aStoredCopyShowsFirstThenTheServersAnswerAddsWhatIsNew() {
        var app = makeApp()
        _ = frame(&app, at: 0)
        let request = LivePageRequest(address: address, part: .first)
        _ = app.handle(.livePage(request, .page(page(61...100), older: "https://social.example/older", copy: .stored)), at: 0.1)
        #expect(app.livePages.inFlight == [request], "a stored copy is not the final answer")
        let stored = frame(&app, at: 0.2)
        #expect(stored.text.contains("Post 100 about cats"))
        #expect(stored.pages.isEmpty)
        _ = app.handle(.livePage(request, .page(page(63...102, newest: 1_700_000_120), older: "https://social.example/older2", copy: nil)),
                       at: 0.3)
        #expect(app.livePages.inFlight.isEmpty)
        _ = frame(&app, at: 0.4)
        #expect(app.list.rows.count == 42)
        #expect(app.feedScreen?.newPostsAbove == 2)
        #expect(app.feedScreen?.live?.parts[0].next == .older("https://social.example/older"),
                "the older pages continue where the copy's did")
    }

    @Test func anOfflineCopySaysSoWithItsTime() {
        var app = makeApp()
        _ = frame(&app, at: 0)
        let request = LivePageRequest(address: address, part: .first)
        _ = app.handle(.livePage(request, .page(page(61...100), older: nil, copy: .stored)), at: 0.1)
        _ = app.handle(.livePage(request, .page(page(61...100), older: nil,
                                                copy: .offline(reason: "cannot connect", time: "14:02"))), at: 0.2)
        #expect(app.notice?.text.contains("offline — showing the copy from 14:02") == true)
        #expect(app.list.rows.count == 40)
        #expect(app.feedScreen?.newPostsAbove == 0)
    }

    @Test func aFirstPageThatFailsSaysWhyAndF5TriesAgain() {
        var app = makeApp()
        _ = frame(&app, at: 0)
        _ = app.handle(.livePage(LivePageRequest(address: address, part: .first), .failed("social.example requires signing in (login)")),
                       at: 0.1)
        let failed = frame(&app, at: 0.2)
        #expect(failed.text.contains("Cannot read the feed: social.example requires signing in (login)"))
        #expect(!failed.text.contains("No posts here"))
        _ = app.handle(.key(.f5, []), at: 0.3)
        #expect(frame(&app, at: 0.4).pages == [LivePageRequest(address: address, part: .first, attempt: 1)])
    }

    @Test func hashtagsAndMentionsOfLivePostsOpenLiveTimelines() {
        let tag = EntityChoice.effect(of: .hashtag, target: "dogs", in: page(1...1), index: nil,
                                      origin: .mastodon(server: "https://social.example"))
        #expect(tag == .push(FeedScreen(live: LiveFeed(addresses: ["https://social.example/tags/dogs"]))))
        guard case .push(let screen) = tag, let feed = screen as? FeedScreen else { Issue.record("no push"); return }
        #expect(feed.live?.parts.map(\.address) == ["https://social.example/tags/dogs"])
        let mention = EntityChoice.effect(of: .mention, target: "bob@other.example", in: page(1...1), index: nil,
                                          origin: .mastodon(server: "https://social.example"))
        guard case .push(let m) = mention else { Issue.record("no push"); return }
        #expect((m as? FeedScreen)?.live?.parts.map(\.address) == ["https://social.example/@bob@other.example"])
        let bluesky = EntityChoice.effect(of: .mention, target: "alice.bsky.social", in: page(1...1), index: nil, origin: .bluesky)
        guard case .push(let b) = bluesky else { Issue.record("no push"); return }
        #expect((b as? FeedScreen)?.live?.parts.map(\.address) == ["https://bsky.app/profile/alice.bsky.social"])
        // A Bluesky hashtag, and any post not from a live feed, search what is loaded.
        guard case .push(let s) = EntityChoice.effect(of: .hashtag, target: "cats", in: page(1...1), index: nil, origin: .bluesky)
        else { Issue.record("no push"); return }
        #expect((s as? FeedScreen)?.live == nil)
        #expect((s as? FeedScreen)?.query == "#cats")
    }

    @Test func clickingAHashtagInALivePostPushesItsTimelineAndBackReturnsToThePlace() {
        var app = makeApp(LiveFeed(addresses: ["http://127.0.0.1:8080/tags/cats"]))
        _ = frame(&app, at: 0)
        var first = page(100...100)
        first.items[0].text = "#dogs"
        first.items[0].entities = [Entity(kind: .hashtag, text: "#dogs", start: 0, end: 5, target: "dogs")]
        _ = app.handle(.livePage(LivePageRequest(address: "http://127.0.0.1:8080/tags/cats", part: .first),
                                 .page(first, older: nil, copy: nil)), at: 0.1)
        _ = frame(&app, at: 0.2)
        let layout = app.list.layout(0)!
        let column = (800 - 640) / 2.0
        let point = Point(x: column + layout.bodyOrigin.x + 4, y: ChromeMetrics.barHeight + layout.bodyOrigin.y + 8)
        _ = app.handle(.pointerDown(.left, at: point), at: 0.3)
        _ = app.handle(.pointerUp(.left, at: point), at: 0.35)
        #expect(app.stack.depth == 2)
        #expect(app.feedScreen?.live?.parts.map(\.address) == ["http://127.0.0.1:8080/tags/dogs"])
        #expect(frame(&app, at: 1).pages == [LivePageRequest(address: "http://127.0.0.1:8080/tags/dogs", part: .first)])
        _ = app.handle(.key(.escape, []), at: 1.1)
        _ = frame(&app, at: 2)
        #expect(app.stack.depth == 1)
        #expect(app.feedScreen?.source.items.first?.id == "100")
    }

    @Test func aPageArrivingWhileTheSearchBoxIsOpenKeepsItOpenWithTheNewMatches() {
        var app = makeApp()
        _ = frame(&app, at: 0)
        let request = LivePageRequest(address: address, part: .first)
        _ = app.handle(.livePage(request, .page(page(61...100), older: nil, copy: .stored)), at: 0.1)
        _ = frame(&app, at: 0.2)
        _ = app.handle(.key(.character("/"), []), at: 0.3)
        _ = app.handle(.text("102"), at: 0.4)
        #expect(app.list.rows.isEmpty, "no post 102 yet")
        _ = app.handle(.livePage(request, .page(page(63...102, newest: 1_700_000_120), older: nil, copy: nil)), at: 0.5)
        #expect(app.feedScreen?.searchField?.text == "102", "the box stays open with what was typed")
        #expect(app.list.rows.map { app.feedScreen!.source.items[$0].id } == ["102"])
        _ = app.handle(.key(.escape, []), at: 0.6)
        #expect(app.feedScreen?.searchField == nil)
        #expect(app.list.rows.count == 42, "closing the box shows every post, the new ones too")
    }

    @Test func originsAndServerBases() {
        #expect(LiveOrigin.of(address: "https://social.example/tags/cats", kind: .mastodonTag) == .mastodon(server: "https://social.example"))
        #expect(LiveOrigin.of(address: "http://127.0.0.1:8080/@ada", kind: .mastodonAccount) == .mastodon(server: "http://127.0.0.1:8080"))
        #expect(LiveOrigin.of(address: "@ada@Social.Example", kind: .mastodonAccount) == .mastodon(server: "https://social.example"))
        #expect(LiveOrigin.of(address: "https://bsky.app/profile/a.test", kind: .blueskyAccount) == .bluesky)
        #expect(LiveOrigin.of(address: "https://blog.example/feed.xml", kind: .rss) == nil)
        #expect(LiveOrigin.of(address: "ftp://x/tags/a", kind: .mastodonTag) == nil)
    }
}
