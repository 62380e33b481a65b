import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// Media that are not decodable photos (videos, GIFs, files missing from an archive, remote
/// images): how they are sized and labelled, that nothing of theirs is ever decoded, and what
/// choosing them does in the feed, the details and the image view.
@Suite struct MediaCardTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    static let video = Media(kind: .video, locator: .file("/media/clip.mp4"), width: 1280, height: 720, duration: 42.3)
    static let gif = Media(kind: .gif, locator: .file("/media/loop.mp4"), width: 0, height: 0)
    static let photo = Media(kind: .photo, locator: .file("/media/p.jpg"), width: 1600, height: 900, alt: "A cup of coffee")
    static let missingVideo = Media(kind: .video, locator: nil, width: 0, height: 0)
    static let missingPhoto = Media(kind: .photo, locator: nil, width: 0, height: 0)
    static let remote = Media(kind: .photo, locator: nil, width: 0, height: 0, remoteHost: "cdn.example.com")

    /// An archive whose posts hold: a video; a GIF then a photo; a missing video; a missing and a remote photo.
    static func source(kind: SourceKind = .twitterArchive) -> FeedSource {
        let media: [[Media]] = [[video], [gif, photo], [missingVideo], [missingPhoto, remote]]
        let items = media.enumerated().map { i, media in
            Fixtures.item("\(i + 1)", "Post \(i + 1)", by: "ada", at: 1_700_000_000 - Int64(i) * 60, media: media)
        }
        return FeedSource(kind: kind, title: "Archive", sections: [Section(name: "Tweets", itemIndices: [0, 1, 2, 3])],
                          items: items)
    }

    func makeApp() -> AppState {
        var app = AppState.feed(Self.source())
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        app.completeFeedLayout(at: 0, measurer: m)
        return app
    }

    /// Scrolls row `row` to the top and returns the window centre of its medium `index`.
    func centre(ofMedium index: Int, row: Int, in app: inout AppState) -> Point? {
        guard let list = app.feedScreen?.list else { return nil }
        app.scrollList(to: list.rowTops[row], at: 0)
        guard let list = app.feedScreen?.list, let layout = list.layout(row), layout.photos.indices.contains(index)
        else { return nil }
        let frame = layout.photos[index]
        return Point(x: 80 + frame.midX, y: list.windowY(ofContentY: list.rowTops[row]) + frame.midY)
    }

    func click(_ point: Point, in app: inout AppState) -> [Effect] {
        _ = app.handle(.pointerDown(.left, at: point), at: 1)
        return app.handle(.pointerUp(.left, at: point), at: 1.05)
    }

    @Test func durationsReadAsPlayersShowThem() {
        #expect(MediaDrawing.durationLabel(42.3) == "0:42")
        #expect(MediaDrawing.durationLabel(59.6) == "1:00")
        #expect(MediaDrawing.durationLabel(62) == "1:02")
        #expect(MediaDrawing.durationLabel(725) == "12:05")
        #expect(MediaDrawing.durationLabel(3723) == "1:02:03")
        #expect(MediaDrawing.durationLabel(0.3) == "0:01")
        #expect(MediaDrawing.durationLabel(nil) == nil)
        #expect(MediaDrawing.durationLabel(0) == nil)
        #expect(MediaDrawing.durationLabel(-5) == nil)
        #expect(MediaDrawing.durationLabel(.nan) == nil)
        #expect(MediaDrawing.durationLabel(.infinity) == nil)
    }

    @Test func unknownSizesAre16By9ForVideosAnd3By4ForPhotos() {
        #expect(MediaDrawing.aspect(of: Self.gif) == 0.5625)
        #expect(MediaDrawing.aspect(of: Self.missingVideo) == 0.5625)
        #expect(MediaDrawing.aspect(of: Self.missingPhoto) == 0.75)
        #expect(MediaDrawing.aspect(of: Self.video) == 0.5625)
        #expect(MediaDrawing.aspect(of: Media(kind: .photo, locator: nil, width: 1000, height: 1500)) == 1.5)
        // A lone video fills the column at 16:9; a lone missing photo at 3:4.
        #expect(CellLayout.photoGrid([Self.gif], width: 400) == [Rect(x: 0, y: 0, width: 400, height: 225)])
        #expect(CellLayout.photoGrid([Self.missingPhoto], width: 400) == [Rect(x: 0, y: 0, width: 400, height: 300)])
    }

    @Test func placeholdersSayWhyTheMediumIsNotShown() {
        #expect(MediaDrawing.unavailableReason(Self.missingPhoto, in: .twitterArchive) == "Not in the archive")
        #expect(MediaDrawing.unavailableReason(Self.missingPhoto, in: .mastodonArchive) == "Not in the archive")
        #expect(MediaDrawing.unavailableReason(Self.missingPhoto, in: .jsonFeed) == "File not found")
        #expect(MediaDrawing.unavailableReason(Self.remote, in: .jsonFeed) == "cdn.example.com — not downloaded")
        #expect(MediaDrawing.unavailableReason(Self.photo, in: .twitterArchive) == nil)
        #expect(MediaDrawing.unavailableReason(Self.video, in: .twitterArchive) == nil)
    }

    @Test func cellsDecodeOnlyPhotosThatHaveFiles() {
        let source = Self.source()
        let requests = source.items.map { item in
            CellLayout.make(item, width: 640, theme: Fixtures.theme, now: Timestamp(seconds: 1_700_003_600), measurer: m)
                .imageRequests(item, scale: .one).map(\.0.source.description)
        }
        #expect(requests == [[], ["/media/p.jpg"], [], []])
    }

    @Test func aRealGIFFileShowsItsFirstFrameUnderThePlayDisc() {
        let file = Media(kind: .gif, locator: .file("/feed/loop.GIF"), width: 400, height: 300)
        let item = Fixtures.item("1", "gif", media: [file])
        let layout = CellLayout.make(item, width: 640, theme: Fixtures.theme, now: Timestamp(seconds: 1_700_003_600),
                                     measurer: m)
        #expect(layout.imageRequests(item, scale: .one).map(\.0.source.description) == ["/feed/loop.GIF"])
        var commands: [DrawCommand] = []
        MediaDrawing.drawCard(file, in: Rect(x: 0, y: 0, width: 400, height: 300), source: .jsonFeed,
                              theme: Fixtures.theme, measurer: m, into: &commands)
        // No dark card over the picture: the disc, ▶ and the badge only.
        #expect(commands.first == .roundedFill(Rect(x: 168, y: 118, width: 64, height: 64), radius: 32, MediaDrawing.playDisc))
        #expect(commands.contains { if case .icon(.play, _, _) = $0 { true } else { false } })
        #expect(!commands.contains(.roundedFill(Rect(x: 0, y: 0, width: 400, height: 300), radius: 12, MediaDrawing.cardColor)))
    }

    @Test func aCellDrawsTheCardsBadgesAndPlaceholders() {
        var app = makeApp()
        var dump = app.updatedFrame(at: 1, measurer: m, statistics: nil).textDump
        app.scrollList(to: app.list.rowTops[3], at: 1)
        dump += app.updatedFrame(at: 1, measurer: m, statistics: nil).textDump
        #expect(dump.contains("icon play"))
        #expect(dump.contains("\"0:42\""))
        #expect(dump.contains("\"GIF\""))
        #expect(dump.contains("\"Not in the archive\""))
        // 32 characters of 8 points do not fit the 250 points beside a second photo: split after the
        // host, each line centred on its own under the frame's middle (x = 80 + 74 + 278 + 137 = 569).
        let lines = dump.split(separator: "\n")
        let host = lines.first { $0.hasSuffix("\"cdn.example.com —\"") }
        let rest = lines.first { $0.hasSuffix("\"not downloaded\"") }
        #expect(host?.contains("at (501, ") == true && host?.contains(" 136x20 ") == true)
        #expect(rest?.contains("at (513, ") == true && rest?.contains(" 112x20 ") == true)
        // Every author here lacks a picture: a disc of initials, no image request for an avatar.
        #expect(dump.contains("\"A\""))
        #expect(!dump.contains("circle"))
    }

    @Test func clickingAVideoCardOpensItsFile() {
        var app = makeApp()
        guard let point = centre(ofMedium: 0, row: 0, in: &app) else { Issue.record("no video frame"); return }
        #expect(click(point, in: &app) == [.openFile(.file("/media/clip.mp4"))])
        #expect(app.feedScreen != nil)
    }

    @Test func clickingAGifOpensItsFileAndThePhotoBesideItOpensTheImageView() {
        var app = makeApp()
        guard let gif = centre(ofMedium: 0, row: 1, in: &app) else { Issue.record("no GIF frame"); return }
        #expect(click(gif, in: &app) == [.openFile(.file("/media/loop.mp4"))])
        guard let photo = centre(ofMedium: 1, row: 1, in: &app) else { Issue.record("no photo frame"); return }
        _ = click(photo, in: &app)
        #expect(app.photoScreen?.photos.map(\.source?.description) == ["/media/p.jpg"])
        #expect(app.photoScreen?.index == 0)
        #expect(app.photoScreen?.photo?.alt == "A cup of coffee")
    }

    @Test func clickingAMissingVideoSaysItIsNotInTheArchive() {
        var app = makeApp()
        guard let point = centre(ofMedium: 0, row: 2, in: &app) else { Issue.record("no video frame"); return }
        #expect(click(point, in: &app) == [])
        #expect(app.notice?.text == "video not in the archive")
    }

    @Test func choosingAVideoSaysWhyItCannotOpen() {
        #expect(EntityChoice.play(Self.video, in: .twitterArchive) == .openFile(.file("/media/clip.mp4")))
        #expect(EntityChoice.play(Self.missingVideo, in: .mastodonArchive) == .notice("video not in the archive"))
        #expect(EntityChoice.play(Self.missingVideo, in: .jsonFeed) == .notice("video file not found"))
        // A live feed's video is a link: the browser opens it, after the same check as any link.
        let remote = Media(kind: .video, locator: .url("https://cdn.example.social/v.mp4"), width: 0, height: 0)
        #expect(EntityChoice.play(remote, in: .mastodonTag) == .openURL("https://cdn.example.social/v.mp4"))
        let odd = Media(kind: .video, locator: .url("javascript:alert(1)"), width: 0, height: 0)
        #expect(EntityChoice.play(odd, in: .rss)
            == .notice("not opened: javascript:alert(1) (only http and https links open in the browser)"))
        let remoteGIF = Media(kind: .gif, locator: nil, width: 0, height: 0, remoteHost: "cdn.example.com")
        #expect(EntityChoice.play(remoteGIF, in: .jsonFeed) == .notice("GIF on cdn.example.com — not downloaded"))
    }

    @Test func theImageViewListsOnlyPhotosWithTheirAltTextAndReasons() {
        let item = Fixtures.item("1", "x", media: [Self.video, Self.missingPhoto, Self.gif, Self.photo, Self.remote])
        let photos = Photo.photos(of: item, source: .twitterArchive)
        #expect(photos.map(\.source?.description) == [nil, "/media/p.jpg", nil])
        #expect(photos.map(\.alt) == [nil, "A cup of coffee", nil])
        #expect(photos.map(\.unavailableReason) == ["Not in the archive", nil, "cdn.example.com — not downloaded"])
        #expect((0..<6).map { Photo.index(ofMedium: $0, in: item) } == [nil, 0, nil, 1, 2, nil])
    }

    @Test func detailsListVideosAmongTheImagesAndEnterOpensThem() {
        let source = Self.source()
        let content = DetailsContent(item: source.items[1])
        #expect(content.sections.first?.title == "Images")
        #expect(content.sections.first?.entries == [.video(Self.gif), .photo(index: 0, Self.photo)])
        var app = makeApp()
        app.push(DetailsScreen(source: source, item: 1), at: 0, animated: false)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        _ = app.handle(.key(.down, []), at: 1)
        #expect(app.handle(.key(.enter, []), at: 1) == [.openFile(.file("/media/loop.mp4"))])
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        #expect(app.photoScreen?.photos.count == 1)
    }

    @Test func detailsOfAMissingVideoShowThePlaceholderAndEnterGivesANotice() {
        let source = Self.source()
        var app = makeApp()
        app.push(DetailsScreen(source: source, item: 2), at: 0, animated: false)
        let dump = app.updatedFrame(at: 1, measurer: m, statistics: nil).textDump
        #expect(dump.contains("icon broken-image") && dump.contains("\"Not in the archive\""))
        #expect(!dump.contains("icon play"))
        _ = app.handle(.key(.down, []), at: 1)
        #expect(app.handle(.key(.enter, []), at: 1) == [])
        #expect(app.notice?.text == "video not in the archive")
    }

    @Test func aMissingPhotoNeverAsksForADecodeNorSpins() {
        var app = makeApp()
        app.openPhotos(Photo.photos(of: Self.source().items[3], source: .twitterArchive), at: 0)
        let frame = app.step(at: 1, measurer: m, statistics: nil)
        #expect(!frame.effects.contains { if case .loadPhotos = $0 { true } else { false } })
        #expect(frame.frame.textDump.contains("\"Not in the archive\""))
        #expect(!app.isAnimating(at: 1.5))
        _ = app.handle(.key(.character("n"), []), at: 2)
        let remote = app.step(at: 2, measurer: m, statistics: nil)
        #expect(remote.frame.textDump.contains("\"cdn.example.com — not downloaded\""))
        #expect(!remote.effects.contains { if case .loadPhotos = $0 { true } else { false } })
        #expect(!app.isAnimating(at: 2.5))
    }

    @Test func altTextShowsInABandAtTheBottomAndATogglesIt() {
        var app = makeApp()
        let photo = Photo(source: .file("/p.jpg"), title: "p.jpg", knownSize: PixelSize(width: 1600, height: 900),
                          alt: "A cup of coffee on a wooden table")
        app.openPhotos([photo], at: 0)
        func band(_ frame: Frame) -> Rect? {
            frame.commands.lazy.compactMap { if case let .fill(r, c) = $0, c == RGBA(0, 0, 0, 160) { r } else { nil } }.first
        }
        let shown = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        // One line (20 points × 1.15 spacing = 23) plus 12 above and below, across the bottom of the window.
        #expect(band(shown) == Rect(x: 0, y: 553, width: 800, height: 47))
        #expect(shown.textDump.contains("\"A cup of coffee on a wooden table\""))
        _ = app.handle(.key(.character("a"), []), at: 2)
        #expect(app.photoScreen?.showsAlt == false)
        let hidden = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(band(hidden) == nil && !hidden.textDump.contains("A cup of coffee"))
        #expect(PhotoCommand.keys.helpRows.contains { $0.keys == "a" && $0.action == "alt text" })
        // Blank alt text draws no band.
        app.openPhotos([Photo(source: .file("/q.jpg"), title: "q.jpg", alt: " \n ")], at: 0)
        #expect(band(app.updatedFrame(at: 3, measurer: m, statistics: nil)) == nil)
    }

    @Test func longAltTextStopsAtThreeLines() {
        var app = makeApp()
        let words = Array(repeating: "word", count: 200).joined(separator: " ")
        app.openPhotos([Photo(source: .file("/p.jpg"), title: "p.jpg", alt: words)], at: 0)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let alt = frame.commands.compactMap { if case let .text(block, _, key) = $0, key.hasPrefix("alt:") { block } else { nil } }
        #expect(alt.count == 1 && alt.first?.lines.count == 3)
        #expect(alt.first?.lines.last?.runs.last?.text.hasSuffix("…") == true)
    }
}
