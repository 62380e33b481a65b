import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// The spinner: which loading images get one (the ledger's policy), where it goes, how it turns,
/// that the app keeps drawing only while one shows, and the spokes' pixels. Expected values are
/// worked out by hand.
@Suite struct SpinnerPolicyTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)
    let light = RGBA(230, 230, 230), dark = RGBA(40, 40, 40)

    func remote(_ name: String, width: Int = 200, height: Int = 100) -> ImageRequest {
        ImageRequest(source: .url("https://files.example/\(name).jpg"), size: PixelSize(width: width, height: height))
    }

    @Test func aRemoteImageLoadingOverAPlaceholderGetsATurningSpinnerInItsMiddle() {
        var ledger = ResourceLedger()
        let image = remote("a")
        let frame = Frame(commands: [.image(image, Rect(x: 0, y: 0, width: 200, height: 100), placeholder: light,
                                            failureIcon: nil)])
        #expect(ledger.resolved(frame, scale: .one, at: 0).commands == frame.commands, "not asked for yet: no spinner")
        _ = ledger.want(frame, ahead: Lookahead())
        #expect(ledger.showsSpinner)
        // Half the shorter side (50) but at most 28, centred: (100 − 14, 50 − 14). Dark spokes on a
        // light placeholder. At 0.25 s the head has gone 3 of 12 steps.
        let resolved = ledger.resolved(frame, scale: .one, at: 0.25).commands
        #expect(resolved == frame.commands + [.spinner(Rect(x: 86, y: 36, width: 28, height: 28), RGBA(0, 0, 0, 140), head: 3)])
        guard case let .spinner(_, _, head)? = ledger.resolved(frame, scale: .one, at: 1.99).commands.last else {
            Issue.record("no spinner"); return
        }
        #expect(head == 11)
        ledger.apply(ResourceID(1), .ready(PixelSize(width: 200, height: 100)))
        #expect(!ledger.showsSpinner)
        #expect(ledger.resolved(frame, scale: .one, at: 0.25).commands == frame.commands)
    }

    @Test func imagesOverABlurHashLocalFilesAndTinySlotsGetNone() {
        var ledger = ResourceLedger()
        let local = ImageRequest(source: .file("/p/a.jpg"), size: PixelSize(width: 200, height: 100))
        let hash = ImageRequest(source: .blurhash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"), size: PixelSize(width: 200, height: 100))
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        let frame = Frame(commands: [
            .image(local, rect, placeholder: light, failureIcon: nil),
            .image(hash, rect, placeholder: light, failureIcon: nil),
            .image(remote("b"), rect, placeholder: nil, failureIcon: nil),
            // Half of 23 is 11 points: under the 12 a spinner needs.
            .image(remote("c", width: 23, height: 23), Rect(x: 0, y: 0, width: 23, height: 23), placeholder: dark,
                   failureIcon: nil),
        ])
        _ = ledger.want(frame, ahead: Lookahead())
        #expect(ledger.loadingCount == 4)
        #expect(!ledger.showsSpinner)
        #expect(ledger.resolved(frame, scale: .one, at: 0.5).commands == frame.commands)
    }

    @Test func aFailedRemoteImageShowsTheBrokenIconNotTheSpinner() {
        var ledger = ResourceLedger()
        let image = remote("a")
        let frame = Frame(commands: [.image(image, Rect(x: 0, y: 0, width: 90, height: 60), placeholder: dark,
                                            failureIcon: .white)])
        _ = ledger.want(frame, ahead: Lookahead())
        // Light spokes on a dark placeholder; side min(28, 30) = 28 at (45 − 14, 30 − 14).
        #expect(ledger.resolved(frame, scale: .one, at: 0).commands.last
                == .spinner(Rect(x: 31, y: 16, width: 28, height: 28), RGBA(255, 255, 255, 190), head: 0))
        ledger.apply(ResourceID(1), .failed(.unsupportedFormat("text/html")))
        #expect(!ledger.showsSpinner)
        #expect(ledger.resolved(frame, scale: .one, at: 0).commands
                == [.image(image, Rect(x: 0, y: 0, width: 90, height: 60), placeholder: dark, failureIcon: nil),
                    .icon(.brokenImage, Rect(x: 35, y: 20, width: 20, height: 20), .white)])
    }

    @Test func theAppAnimatesOnlyWhileARemoteAvatarLoads() {
        let author = Author(name: "Ada", handle: "ada", avatar: .url("https://files.example/ada.png"))
        let item = Item(id: "1", date: Timestamp(seconds: 1_700_000_000), author: author, text: "hello")
        var app = AppState.feed(FeedSource(kind: .mastodonTag, title: "Live", sections: [Section(name: "Posts", itemIndices: [0])],
                                           items: [item]))
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        var frame = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        #expect(!app.isAnimating(at: 0))
        _ = app.want(frame, ahead: Lookahead())
        #expect(app.isAnimating(at: 0.1), "the avatar's spinner turns")
        frame = app.updatedFrame(at: 0.1, measurer: m, statistics: nil)
        // The avatar (48 points at 14, 14 in the column at x = 80, under the bar of 52): a 24-point spinner.
        #expect(frame.commands.contains { command in
            if case let .spinner(rect, _, head) = command { rect == Rect(x: 106, y: 78, width: 24, height: 24) && head == 1 }
            else { false }
        })
        guard let avatar = app.resources.entries.first(where: { $0.key.source == author.avatar })?.value.id else {
            Issue.record("the avatar was not asked for"); return
        }
        _ = app.handle(.resource(avatar, .ready(PixelSize(width: 48, height: 48))), at: 0.2)
        #expect(!app.isAnimating(at: 0.3))
    }

    @Test func theHeadStepsClockwiseTwelveTimesASecond() {
        #expect(ActivitySpinner.head(at: 0) == 0)
        #expect(ActivitySpinner.head(at: 0.0834) == 1)
        #expect(ActivitySpinner.head(at: 0.999) == 11)
        #expect(ActivitySpinner.head(at: 1.0) == 0)
        #expect(ActivitySpinner.head(at: 25.5) == 6)
        #expect(ActivitySpinner.head(at: -0.05) == 11)
        #expect(ActivitySpinner.head(at: .nan) == 0 && ActivitySpinner.head(at: .infinity) == 0)
        // The head is opaque; the spoke just ahead of it is the one furthest behind: the tail's 0.25.
        #expect(ActivitySpinner.opacity(ofSpoke: 5, head: 5) == 1)
        #expect(ActivitySpinner.opacity(ofSpoke: 6, head: 5) == 0.25)
        #expect(abs(ActivitySpinner.opacity(ofSpoke: 4, head: 5) - (1 - 0.75 / 11)) < 1e-12)
    }

    @Test func theSpokesArePaintedWhereTheyPointAndTheHeadIsTheBrightest() {
        // 40 pixels: radius 20, spokes from 9 to 19 pixels out, 2.2 wide either side.
        let head0 = ActivitySpinner.bitmap(side: 40, head: 0)
        #expect(head0.size == PixelSize(width: 40, height: 40))
        // 12 o'clock, 14 pixels above the centre: on the head spoke, opaque white.
        #expect(head0.pixel(x: 19, y: 6) == RGBA(255, 255, 255, 255))
        // 1 o'clock (30° clockwise): the spoke just after the head, furthest behind: 25 %.
        let x = Int((20 + 14 * 0.5).rounded(.down)), y = Int((20 - 14 * 0.866).rounded(.down))
        #expect(head0.pixel(x: x, y: y).a == 64)
        // 3 o'clock with the head there (spoke 3).
        #expect(ActivitySpinner.bitmap(side: 40, head: 3).pixel(x: 34, y: 19).a == 255)
        // The hub, the corners and between two spokes stay clear.
        #expect(head0.pixel(x: 20, y: 20).a == 0 && head0.pixel(x: 0, y: 0).a == 0 && head0.pixel(x: 39, y: 39).a == 0)
        #expect(ActivitySpinner.bitmap(side: 100_000, head: 0).width == 256, "clamped")
    }
}
