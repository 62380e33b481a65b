import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// Whole frames as text, compared with `Tests/Snapshots/*.txt`: every command each screen draws,
/// in order, with its geometry and colours (monospace measurer, fixture theme). Re-record with
/// `RECORD_SNAPSHOTS=1 swift test --filter DisplayListSnapshotTests` (which fails on purpose).
@Suite struct DisplayListSnapshotTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp() -> AppState {
        var app = AppState.feed(Fixtures.source(count: 12))
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        app.assetRoot = "/assets"
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        app.completeFeedLayout(at: 0, measurer: m)
        return app
    }

    let photos = (0..<3).map { Photo(source: .file("/p\($0).jpg"), title: "p\($0).jpg", knownSize: PixelSize(width: 1600, height: 900)) }

    @Test func feed() {
        var app = makeApp()
        _ = app.handle(.pointerMoved(to: Point(x: 300, y: 120)), at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "feed") == nil)
    }

    @Test func pickerOpen() {
        var app = makeApp()
        _ = app.handle(.pointerDown(.left, at: Point(x: 400, y: 26)), at: 1)
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "feed-picker") == nil)
    }

    @Test func imageView() {
        var app = makeApp()
        app.openPhotos(photos, at: 1)
        _ = app.handle(.photo(.size(source: .file("/p1.jpg"), PixelSize(width: 1600, height: 900))), at: 1)
        _ = app.handle(.photo(.level(source: .file("/p1.jpg"), level: 1)), at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "image-view") == nil)
    }

    @Test func imageViewLoadingAndFailed() {
        var app = makeApp()
        app.openPhotos(photos, at: 0)
        let loading = app.updatedFrame(at: 1.25, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(loading.textDump, named: "image-view-loading") == nil)
        _ = app.handle(.photo(.failed(source: .file("/p0.jpg"), .tooLarge(width: 30000, height: 20000, limit: 250_000_000))), at: 2)
        let failed = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(failed.textDump, named: "image-view-failed") == nil)
    }

    /// An archive's cells: authors without pictures (generated avatars), a video with its running
    /// time, a GIF beside a photo, a photo missing from the archive beside a remote one.
    @Test func archiveCells() {
        let media: [(Author, [Media])] = [
            (Author(name: "Ada Lovelace", handle: "ada"),
             [Media(kind: .video, locator: .file("/media/clip.mp4"), width: 1280, height: 720, duration: 42.3)]),
            (Author(name: "Ωμέγα Σ", handle: "omega"),
             [Media(kind: .gif, locator: .file("/media/loop.mp4"), width: 0, height: 0),
              Media(kind: .photo, locator: .file("/media/p.jpg"), width: 1600, height: 900)]),
            (Author(name: "", handle: "_zed"),
             [Media(kind: .photo, locator: nil, width: 1600, height: 1200),
              Media(kind: .photo, locator: nil, width: 0, height: 0, remoteHost: "cdn.example.com")]),
        ]
        let items = media.enumerated().map { i, entry in
            Item(id: "\(i + 1)", date: Timestamp(seconds: 1_700_000_000 - Int64(i) * 60), author: entry.0,
                 text: "Post \(i + 1)", media: entry.1)
        }
        let source = FeedSource(kind: .twitterArchive, title: "Archive",
                                sections: [Section(name: "Tweets", itemIndices: [0, 1, 2])], items: items)
        var app = AppState.feed(source)
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        app.assetRoot = "/assets"
        _ = app.handle(.resized(Size(width: 800, height: 1200), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        app.completeFeedLayout(at: 0, measurer: m)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "feed-archive-cells") == nil)
    }

    @Test func imageViewWithAltText() {
        var app = makeApp()
        let alt = "A cup of coffee on a wooden table, steam rising, morning light from a window on the left; "
            + "a spoon rests on the saucer and a notebook lies open beside it with a few handwritten lines."
        app.openPhotos([Photo(source: .file("/p0.jpg"), title: "p0.jpg", knownSize: PixelSize(width: 1600, height: 900), alt: alt)],
                       at: 0)
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 1)), at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "image-view-alt") == nil)
    }

    @Test func pushHalfway() {
        var app = makeApp()
        app.push(PhotoScreen(photos: photos, index: 0, context: "Test"), at: 1)
        let frame = app.updatedFrame(at: 1.1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "push-halfway") == nil)
    }

    @Test func helpListsTheTopScreensKeysThenTheApps() {
        var app = makeApp()
        _ = app.handle(.key(.character("?"), []), at: 1)
        let feed = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(feed.textDump, named: "feed-help") == nil)
        _ = app.handle(.key(.character("?"), []), at: 1)
        app.openPhotos(photos, at: 0)
        _ = app.handle(.key(.character("?"), []), at: 2)
        let photo = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(photo.textDump, named: "image-view-help") == nil)
    }
}
