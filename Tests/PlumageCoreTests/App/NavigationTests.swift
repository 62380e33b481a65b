import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// The navigation stack: pushes and pops slide, the screen below keeps its state, Back comes
/// from every key and button SPEC §7 names, and news reach screens that are not on top.
@Suite struct NavigationTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp() -> AppState {
        var app = AppState.feed(Fixtures.source(count: 60))
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    let photos = (0..<3).map { Photo(source: .file("/p\($0).jpg"), title: "p\($0).jpg", knownSize: PixelSize(width: 1600, height: 900)) }

    /// The x of the first backdrop image drawn (each screen draws its backdrop first).
    func backdropXs(_ frame: Frame) -> [Double] {
        frame.commands.compactMap { if case let .image(request, rect, _, _) = $0, request.blurSigma > 0 { rect.minX } else { nil } }
    }

    @Test func aPushSlidesInFromTheRightOverTheScreenBelow() {
        var app = makeApp()
        app.push(PhotoScreen(photos: photos, index: 0, context: "Test"), at: 1)
        let animating = app.isAnimating(at: 1.05)
        #expect(animating)
        let early = app.updatedFrame(at: 1.02, measurer: m, statistics: nil)
        let middle = app.updatedFrame(at: 1.1, measurer: m, statistics: nil)
        // The feed's backdrop at 0, the image view's further right, moving left as time goes.
        #expect(backdropXs(early).first == 0)
        #expect(backdropXs(early).count == 2 && backdropXs(middle).count == 2)
        #expect(backdropXs(early)[1] > backdropXs(middle)[1])
        #expect(backdropXs(middle)[1] > 0 && backdropXs(middle)[1] < 800)
        // The sliding screen is clipped to its part of the window.
        #expect(middle.commands.contains(.clip(Rect(x: backdropXs(middle)[1], y: 0, width: 800 - backdropXs(middle)[1], height: 600))))
        let done = app.updatedFrame(at: 1.01 + NavigationStack.slideDuration, measurer: m, statistics: nil)
        #expect(backdropXs(done) == [0])
        #expect(app.stack.slideOffset(at: 2) == nil)
    }

    @Test func popSlidesOutAndTheFeedKeepsItsScrollOffset() {
        var app = makeApp()
        app.scrollList(to: 900, at: 0)
        _ = app.updatedFrame(at: 0.5, measurer: m, statistics: nil)
        app.push(PhotoScreen(photos: photos, index: 0, context: "Test"), at: 1)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        _ = app.handle(.key(.backspace, []), at: 3)
        #expect(app.feedScreen != nil)
        let sliding = app.updatedFrame(at: 3.1, measurer: m, statistics: nil)
        #expect(backdropXs(sliding).count == 2)
        #expect(backdropXs(sliding)[1] > 0)
        _ = app.updatedFrame(at: 4, measurer: m, statistics: nil)
        #expect(app.list.scroll.offset == 900)
        #expect(app.stack.transition == nil)
    }

    @Test func everyBackGestureGoesBack() {
        let gestures: [InputEvent] = [
            .key(.escape, []), .key(.backspace, []), .key(.left, .alt), .pointerDown(.back, at: Point(x: 400, y: 300)),
            .pointerDown(.left, at: Point(x: 28, y: 26)),  // the bar's back button
        ]
        for gesture in gestures {
            var app = makeApp()
            app.openPhotos(photos, at: 1)
            #expect(app.handle(gesture, at: 1) == [.cancelPhotoLoads], "\(gesture)")
            #expect(app.stack.depth == 1, "\(gesture)")
        }
    }

    @Test func thePushedScreenShowsABackButtonAndTheRootFeedAMenu() {
        var app = makeApp()
        #expect(app.updatedFrame(at: 1, measurer: m, statistics: nil).textDump.contains("icon menu"))
        app.openPhotos(photos, at: 0)
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(frame.textDump.contains("icon back"))
        #expect(!frame.textDump.contains("icon menu"))
    }

    @Test func backClosesTheHelpThenThePickerBeforePopping() {
        var app = makeApp()
        _ = app.handle(.pointerDown(.left, at: Point(x: 400, y: 26)), at: 1)
        _ = app.handle(.key(.character("?"), []), at: 1)
        #expect(app.showsHelp && app.feedScreen?.picker.isOpen == true)
        _ = app.handle(.key(.escape, []), at: 2)
        #expect(!app.showsHelp && app.feedScreen?.picker.isOpen == true)
        _ = app.handle(.key(.escape, []), at: 3)
        #expect(app.feedScreen?.picker.isOpen == false)
        #expect(app.handle(.key(.escape, []), at: 4).isEmpty)
        #expect(app.stack.depth == 1)
    }

    @Test func appKeysWorkOnEveryScreenAndScreenKeysOnlyOnTheirOwn() {
        var app = makeApp()
        app.openPhotos(photos, at: 0)
        let theme = app.theme.name
        _ = app.handle(.key(.character("t"), []), at: 1)
        #expect(app.theme.name == theme)  // one theme in the fixture library: cycling stays on it
        _ = app.handle(.key(.f12, []), at: 1)
        #expect(app.showsFPS)
        #expect(app.handle(.key(.f5, []), at: 1) == [.reload])
        // j pans the image view; the feed under it does not scroll.
        _ = app.handle(.key(.character("j"), []), at: 1)
        _ = app.handle(.key(.escape, []), at: 2)
        _ = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        #expect(app.list.scroll.offset == 0)
    }

    @Test func newsReachScreensBelowTheTop() {
        var app = makeApp()
        app.openPhotos(photos, at: 0)
        app.push(FeedScreen(source: Fixtures.source(count: 3)), at: 1, animated: false)
        _ = app.handle(.photo(.size(source: .file("/p0.jpg"), PixelSize(width: 640, height: 480))), at: 2)
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 0)), at: 2)
        _ = app.handle(.key(.escape, []), at: 3)
        #expect(app.photoScreen?.currentStatus == PhotoStatus(size: PixelSize(width: 640, height: 480), levels: [0]))
    }

    @Test func aReloadedSourceReplacesTheFeedAndAFailureIsANotice() {
        var app = makeApp()
        _ = app.handle(.sourceReloaded(Fixtures.source(count: 7)), at: 1)
        #expect(app.list.rows.count == 7)
        _ = app.handle(.failed("cannot reload: feed.json: 3:12: expected ','"), at: 2)
        #expect(app.list.rows.count == 7)
        let frame = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        #expect(frame.textDump.contains("notice:cannot reload: feed.json: 3:12: expected ','"))
        #expect(!app.updatedFrame(at: 2 + Notice.duration, measurer: m, statistics: nil).textDump.contains("notice:"))
    }

    @Test func theBarThemeButtonIsAnAppCommandFromEveryScreen() {
        let lib = ThemeLibrary(themes: [Fixtures.theme, Fixtures.otherTheme])
        var app = AppState(root: FeedScreen(source: Fixtures.source(count: 3)), themes: lib, theme: Fixtures.theme)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.handle(.pointerDown(.left, at: Point(x: 772, y: 26)), at: 1)
        #expect(app.theme.name == Fixtures.otherTheme.name)
        app.openPhotos(photos, at: 0)
        _ = app.handle(.pointerDown(.left, at: Point(x: 772, y: 26)), at: 2)
        #expect(app.theme.name == Fixtures.theme.name)
    }

    @Test func backDuringAPushSlidesOutFromWhereThePushGotTo() {
        var app = makeApp()
        app.push(PhotoScreen(photos: photos, index: 0, context: "Test"), at: 1)
        let before = backdropXs(app.updatedFrame(at: 1.1, measurer: m, statistics: nil))
        _ = app.handle(.key(.escape, []), at: 1.1)
        let after = backdropXs(app.updatedFrame(at: 1.1, measurer: m, statistics: nil))
        #expect(before.count == 2 && after.count == 2)
        #expect(abs(before[1] - after[1]) <= 1)
        let later = backdropXs(app.updatedFrame(at: 1.15, measurer: m, statistics: nil))
        #expect(later.count == 2 && later[1] > after[1])
    }

    @Test func alwaysBackWithTheHelpOpenOnlyClosesTheHelp() {
        for key in [InputEvent.key(.escape, []), .key(.backspace, []), .key(.left, .alt)] {
            var app = makeApp()
            app.openPhotos(photos, at: 0)
            _ = app.handle(.key(.character("?"), []), at: 1)
            #expect(app.handle(key, at: 2).isEmpty, "\(key)")
            #expect(!app.showsHelp && app.stack.depth == 2, "\(key)")
        }
    }

    @Test func aRevealedImageViewAsksForItsPhotosAgain() {
        var app = makeApp()
        app.openPhotos(photos, at: 0)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        app.push(FeedScreen(source: Fixtures.source(count: 3)), at: 2, animated: false)
        #expect(app.handle(.key(.escape, []), at: 3) == [])
        _ = app.updatedFrame(at: 4, measurer: m, statistics: nil)
        app.openPhotos(Array(photos.prefix(1)), at: 0, time: 5)
        _ = app.updatedFrame(at: 5, measurer: m, statistics: nil)
        #expect(app.handle(.key(.escape, []), at: 6) == [.cancelPhotoLoads])
        let frame = app.step(at: 7, measurer: m, statistics: nil)
        let asked = frame.effects.compactMap { if case let .loadPhotos(requests) = $0 { requests.map(\.source.description) } else { nil } }
        #expect(asked == [["/p0.jpg", "/p1.jpg", "/p2.jpg"]])
    }

    @Test func aNoticeWakesTheLoopWhenItGoesButDoesNotAnimate() {
        var app = makeApp()
        _ = app.handle(.failed("cannot reload"), at: 2)
        #expect(!app.isAnimating(at: 3))
        #expect(app.nextChange(after: 3) == 2 + Notice.duration)
        #expect(app.nextChange(after: 2 + Notice.duration) == nil)
    }

    @Test func aPoppedImageViewIsDrawnFromWhatIsUploadedAndAsksForNothing() {
        var app = makeApp()
        app.openPhotos(photos, at: 0)
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 0)), at: 1)
        #expect(app.updatedFrame(at: 1, measurer: m, statistics: nil).textDump.contains("level 0 linear\n"))
        _ = app.handle(.key(.escape, []), at: 2)
        let sliding = app.step(at: 2.05, measurer: m, statistics: nil)
        #expect(sliding.frame.textDump.contains("photo p0.jpg in"))
        #expect(sliding.frame.textDump.contains("no-uploads"))
        #expect(sliding.effects.isEmpty)
    }

    @Test func idleLayoutEndsWhenTheFeedBelowWasLaidOutForAnotherSize() {
        var app = makeApp()
        app.openPhotos(photos, at: 0)
        _ = app.handle(.resized(Size(width: 500, height: 400), .one), at: 1)
        var steps = 0
        while app.refine(maxRows: 16, at: 1, measurer: m) && steps < 1000 { steps += 1 }
        #expect(steps < 1000)
        _ = app.handle(.key(.escape, []), at: 2)
        _ = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        #expect(app.list.layoutKey?.width == 500)
    }
}

