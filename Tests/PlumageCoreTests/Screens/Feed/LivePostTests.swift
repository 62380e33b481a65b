import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// What live posts carry, shown in the feed and the details: a content warning collapsed behind
/// Show more, sensitive media hidden until clicked, link cards, BlurHash placeholders. Heights are
/// derived by hand from the monospace measurer (8 points a character, 20 a line; body lines 26).
@Suite struct LivePostTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)
    static let hash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"
    static let remotePhoto = Media(kind: .photo, locator: .url("https://files.example/beach.jpg"), width: 1600,
                                   height: 900, blurhash: hash)
    static let card = LinkCard(title: "A page title", url: "https://example.com/post", site: "Example News")

    /// 0: a content warning over text, a remote photo with a BlurHash and a card; 1: a sensitive
    /// remote photo with a BlurHash; 2: a sensitive local photo without one; 3: a long-titled card.
    static func source(fillers: Int = 0) -> FeedSource {
        var items = [
            Item(id: "cw", date: Timestamp(seconds: 1_700_000_000), author: Fixtures.author("ada"),
                 text: "The butler did it", media: [remotePhoto], contentWarning: "Spoilers ahead", card: card),
            Item(id: "beach", date: Timestamp(seconds: 1_699_999_000), author: Fixtures.author("bo"), text: "Beach day",
                 media: [remotePhoto], sensitive: true),
            Item(id: "plain", date: Timestamp(seconds: 1_699_998_000), author: Fixtures.author("cy"), text: "No hash",
                 media: [Media(kind: .photo, locator: .file("/p/plain.jpg"), width: 1600, height: 900)], sensitive: true),
            Item(id: "link", date: Timestamp(seconds: 1_699_997_000), author: Fixtures.author("di"), text: "Read this",
                 card: LinkCard(title: String(repeating: "word ", count: 200), url: "https://example.com/long",
                                site: "example.com")),
        ]
        items.insert(contentsOf: (0..<fillers).map { Fixtures.item("f\($0)", "Filler \($0)", at: 1_700_000_100) }, at: 0)
        return FeedSource(kind: .mastodonTag, title: "Live", sections: [Section(name: "Posts", itemIndices: Array(items.indices))],
                          items: items)
    }

    func makeApp(_ source: FeedSource = Self.source(), height: Double = 2000) -> AppState {
        var app = AppState.feed(source)
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: height), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        app.completeFeedLayout(at: 0, measurer: m)
        return app
    }

    func click(_ point: Point, in app: inout AppState) -> [Effect] {
        _ = app.handle(.pointerDown(.left, at: point), at: 1)
        return app.handle(.pointerUp(.left, at: point), at: 1.05)
    }

    /// The window point `(x, y)` points into row `row`'s cell (the column starts at x = 80).
    func point(_ x: Double, _ y: Double, row: Int, in app: AppState) -> Point {
        Point(x: 80 + x, y: app.list.windowY(ofContentY: app.list.rowTops[row]) + y)
    }

    /// The centre of the Show more button: the header line ends at y = 14 + 20 + 3 = 37, the
    /// warning's one line (26) and a gap of 6 put the button at y = 69, 28 high; x = 74, 96 wide.
    func showMore(row: Int, in app: AppState) -> Point { point(74 + 48, 69 + 14, row: row, in: app) }

    /// The whole frame as text (`Tests/Snapshots/live-cells.txt`): the warning opened, the
    /// sensitive photos hidden, the cards; re-record with `RECORD_SNAPSHOTS=1`.
    @Test func snapshot() {
        var app = makeApp()
        _ = click(showMore(row: 0, in: app), in: &app)
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "live-cells") == nil)
    }

    @Test func aContentWarningShowsItsTextAndShowMoreInsteadOfTheContent() {
        var app = makeApp()
        let dump = app.updatedFrame(at: 1, measurer: m, statistics: nil).textDump
        #expect(dump.contains("\"Spoilers ahead\""))
        #expect(dump.contains("\"Show more\""))
        #expect(!dump.contains("The butler did it"))
        #expect(!dump.contains("A page title"))
        #expect(dump.components(separatedBy: "image blurhash@").count == 2, "only the sensitive row's BlurHash: the first row's photo is hidden")
        // 37 + 26 + 6 = 69, button 20 + 8 = 28 high, then the cell's padding of 14.
        #expect(app.list.layout(0)?.height == 111)
        #expect(app.list.layout(0)?.warning?.button == Rect(x: 74, y: 69, width: 96, height: 28))
    }

    @Test func showMoreRevealsTextCardAndMediaAndShowLessHidesThemAgain() {
        var app = makeApp()
        #expect(click(showMore(row: 0, in: app), in: &app) == [])
        let dump = app.updatedFrame(at: 1, measurer: m, statistics: nil).textDump
        #expect(dump.contains("\"The butler did it\""))
        #expect(dump.contains("\"Show less\""))
        #expect(dump.contains("\"A page title\"") && dump.contains("\"Example News\""))
        // Button ends at 97; a gap of 10, the body (26) to 133; a gap of 10, the card (10 + 20 + 2 +
        // 20 + 10 = 62) to 205; a gap of 10, the photo 552 × 0.5625 = 310.5 → 311 to 526; padding 14.
        #expect(app.list.layout(0)?.height == 540)
        #expect(app.list.layout(0)?.card?.frame == Rect(x: 74, y: 143, width: 552, height: 62))
        #expect(app.list.layout(0)?.photos == [Rect(x: 74, y: 215, width: 552, height: 311)])
        #expect(app.list.rowTops[1] == 540)
        _ = click(showMore(row: 0, in: app), in: &app)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(app.list.layout(0)?.height == 111)
        #expect(app.list.rowTops[1] == 111)
    }

    @Test func theOpenedRowKeepsItsPlaceOnScreenEvenWhenItStartsAboveTheWindow() {
        var app = makeApp(Self.source(fillers: 12), height: 500)
        let row = 12
        // The warning's row starts 30 points above the list's top edge: its button is still on screen.
        app.scrollList(to: app.list.rowTops[row] + 30, at: 0)
        _ = app.updatedFrame(at: 0.5, measurer: m, statistics: nil)
        let before = app.list.windowY(ofContentY: app.list.rowTops[row])
        #expect(before == 52 - 30)
        _ = click(showMore(row: row, in: app), in: &app)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(app.list.layout(row)?.height == 540)
        #expect(app.list.windowY(ofContentY: app.list.rowTops[row]) == before)
    }

    @Test func anOpenedWarningStaysOpenAcrossAReloadAndSearchStillFindsTheHiddenText() {
        var app = makeApp()
        _ = click(showMore(row: 0, in: app), in: &app)
        _ = app.handle(.sourceReloaded(Self.source(fillers: 1)), at: 2)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        app.completeFeedLayout(at: 2, measurer: m)
        #expect(app.list.layout(1)?.showsContent == true, "the post, now the second row, is still open")
        #expect(app.list.layout(1)?.height == 540)
        let search = FeedScreen.search("butler", in: Self.source())
        #expect(search.list.rows == [0])
    }

    @Test func revealsAreBoundedAndForgetTheOldestFirst() {
        var reveals = PostReveals()
        let items = (0...PostReveals.limit).map {
            Item(id: "\($0)", date: nil, author: Fixtures.author("a"), text: "t", contentWarning: "cw", sensitive: true)
        }
        for item in items { reveals.toggleContent(of: item.id); reveals.revealMedia(of: item.id) }
        #expect(!reveals.showsContent(of: items[0]) && !reveals.showsMedia(of: items[0]), "the oldest of 1025 is forgotten")
        #expect(reveals.showsContent(of: items[1]) && reveals.showsMedia(of: items[1]))
        #expect(reveals.showsContent(of: items[PostReveals.limit]))
        reveals.toggleContent(of: items[1].id)
        #expect(!reveals.showsContent(of: items[1]) && reveals.showsMedia(of: items[1]), "closing keeps media shown")
        let plain = Item(id: "p", date: nil, author: Fixtures.author("a"), text: "t")
        #expect(PostReveals().showsContent(of: plain) && PostReveals().showsMedia(of: plain))
    }

    /// The image commands of the frame, as "name placeholder?" strings, in order.
    func images(_ frame: Frame) -> [String] {
        frame.commands.compactMap {
            guard case let .image(request, _, placeholder, _) = $0, request.shape != .circle, request.size.width < 700
            else { return nil }
            return "\(request)" + (placeholder == nil ? " over-nothing" : "")
        }
    }

    @Test func sensitiveMediaShowOnlyTheirBlurHashUntilTheFirstClickThenOpenOnTheNext() {
        var app = makeApp()
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        // Row 1 at 111: the header (37), the text (26) to 63, a gap of 10: the photo at 73.
        #expect(images(frame) == ["blurhash@552x311 rounded(12)", "plain.jpg@552x311 rounded(12) blur 39"])
        #expect(frame.textDump.components(separatedBy: "\"Sensitive content — click to show\"").count == 3, "two labels")
        let photo = point(74 + 276, 73 + 155, row: 1, in: app)
        #expect(click(photo, in: &app) == [])
        #expect(app.photoScreen == nil, "the first click only shows the photo")
        let shown = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(images(shown) == ["blurhash@552x311 rounded(12)", "beach.jpg@552x311 rounded(12) over-nothing",
                                  "plain.jpg@552x311 rounded(12) blur 39"])
        #expect(shown.textDump.components(separatedBy: "\"Sensitive content — click to show\"").count == 2, "one label left")
        _ = click(photo, in: &app)
        #expect(app.photoScreen != nil)
    }

    @Test func aRemotePhotoDrawsItsBlurHashFirstAndItsPixelsOverNoPlaceholder() {
        let item = Item(id: "1", date: nil, author: Fixtures.author("a"), text: "", media: [Self.remotePhoto])
        let layout = CellLayout.make(item, width: 640, theme: Fixtures.theme, now: Timestamp(seconds: 0), measurer: m)
        var commands: [DrawCommand] = []
        let env = makeApp().environment(at: 0)
        layout.draw(item, origin: .zero, width: 640, highlighted: false, tag: "t", source: .mastodonTag, env: env,
                    measurer: m, into: &commands)
        let frame = layout.photos[0]
        let placeholder = CellLayout.placeholderColor(Fixtures.theme)
        let hash = ImageRequest(source: .blurhash(Self.hash), size: PixelSize(width: 552, height: 311), shape: .rounded(12))
        var pixels = hash
        pixels.source = .url("https://files.example/beach.jpg")
        let images = commands.filter { if case .image = $0 { true } else { false } }
        #expect(images == [.image(hash, frame, placeholder: placeholder, failureIcon: nil),
                           .image(pixels, frame, placeholder: nil, failureIcon: RGBA(255, 255, 255, 150))])
        #expect(layout.imageRequests(item, scale: .one).map(\.0) == [hash, pixels], "the lookahead asks for both")
    }

    @Test func aLinkCardShowsTwoLinesOfTitleAndTheSiteAndOpensTheLink() {
        var app = makeApp()
        guard let layout = app.list.layout(3), let card = layout.card else { Issue.record("no card"); return }
        // 552 − 20 = 532 points: 66 characters a line; the second line ends in "…".
        #expect(card.title?.lines.count == 2)
        #expect(card.title?.lines.last?.runs.map(\.text).joined().hasSuffix("…") == true)
        #expect(card.site.lines.map { $0.runs.map(\.text).joined() } == ["example.com"])
        #expect(card.frame == Rect(x: 74, y: 73, width: 552, height: 10 + 40 + 2 + 20 + 10))
        let effects = click(point(card.frame.midX, card.frame.midY, row: 3, in: app), in: &app)
        #expect(effects == [.openURL("https://example.com/long")])
        #expect(click(point(card.frame.midX, card.frame.maxY + 3, row: 3, in: app), in: &app) != [.openURL("https://example.com/long")])
    }

    @Test func aCardWithAnUnsafeLinkIsRefusedWithANotice() {
        var source = Self.source()
        source.items[3].card = LinkCard(title: "x", url: "javascript:alert(1)", site: "evil")
        var app = makeApp(source)
        guard let card = app.list.layout(3)?.card else { Issue.record("no card"); return }
        #expect(click(point(card.frame.midX, card.frame.midY, row: 3, in: app), in: &app) == [])
        #expect(app.notice?.text.hasPrefix("not opened: javascript:alert(1)") == true)
        #expect(app.feedScreen != nil, "nothing else happens")
    }

    @Test func theDetailsShowTheWarningWithTheirOwnShowMore() {
        var app = makeApp()
        guard let feed = app.feedScreen else { Issue.record("no feed"); return }
        app.push(feed.detailsScreen(item: 0), at: 1, animated: false)
        var dump = app.updatedFrame(at: 1, measurer: m, statistics: nil).textDump
        #expect(dump.contains("\"Spoilers ahead\"") && dump.contains("\"Show more\""))
        #expect(!dump.contains("The butler did it") && !dump.contains("Images"))
        #expect(app.top(as: DetailsScreen.self)?.content.entries == [.user("ada")])
        // The details' post: a larger body (l1, same 20-point lines here): the button sits as in the feed.
        #expect(click(Point(x: 80 + 74 + 48, y: 52 + 69 + 14), in: &app) == [])
        dump = app.updatedFrame(at: 2, measurer: m, statistics: nil).textDump
        #expect(dump.contains("\"The butler did it\"") && dump.contains("\"Show less\"") && dump.contains("\"Images\""))
        #expect(app.top(as: DetailsScreen.self)?.content.entries.count == 2)
        #expect(app.feedScreen == nil && app.top(as: DetailsScreen.self) != nil)
    }

    @Test func theDetailsOpenTheCardAndShowASensitivePhotoBeforeOpeningIt() {
        var app = makeApp()
        guard let feed = app.feedScreen else { Issue.record("no feed"); return }
        app.push(feed.detailsScreen(item: 3), at: 1, animated: false)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        // The card at y = 73 in the post (as in the feed), the post under the bar at 52.
        #expect(click(Point(x: 80 + 300, y: 52 + 73 + 30), in: &app) == [.openURL("https://example.com/long")])
        app.push(feed.detailsScreen(item: 1), at: 3, animated: false)
        let frame = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        #expect(frame.textDump.contains("Sensitive content"))
        guard let photo = frame.commands.compactMap({ command -> Rect? in
            if case let .image(request, rect, _, _) = command, request.source == .blurhash(Self.hash) { rect } else { nil }
        }).first else { Issue.record("no hidden photo"); return }
        let centre = Point(x: photo.midX, y: photo.midY)
        #expect(click(centre, in: &app) == [])
        #expect(app.photoScreen == nil)
        let shown = app.updatedFrame(at: 4, measurer: m, statistics: nil)
        #expect(!shown.textDump.contains("Sensitive content"))
        _ = click(centre, in: &app)
        #expect(app.photoScreen != nil)
    }
}
