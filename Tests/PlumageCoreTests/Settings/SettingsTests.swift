import PlumageCore
import PlumageTestSupport
import Testing

/// Settings values: validation per field, what is written back, the display check, and the app's look.
@Suite struct SettingsTests {
    let full = Settings(theme: "dark", background: "sky.jpg", textScale: 1.25, showsFPS: true,
                        windowSize: Size(width: 900, height: 700), windowPosition: Point(x: 10, y: 20), fullscreen: false)

    @Test func validSettingsPassUnchanged() {
        let (out, problems) = full.validated(themes: ["original", "dark"], backgrounds: ["sky.jpg"])
        #expect(out == full)
        #expect(problems.isEmpty)
    }

    @Test func eachUnusableFieldFallsBackAloneWithAMessage() {
        var bad = full
        bad.theme = "neon"
        bad.textScale = 5
        bad.background = "gone.png"
        let (out, problems) = bad.validated(themes: ["original", "dark"], backgrounds: ["sky.jpg"])
        #expect(out.theme == nil && out.textScale == nil && out.background == nil)
        #expect(out.showsFPS == true && out.windowSize == Size(width: 900, height: 700) && out.windowPosition == Point(x: 10, y: 20))
        #expect(problems == ["unknown theme 'neon'", "unknown background 'gone.png'", "text size 5.0 outside 0.8–2"])
    }

    @Test(arguments: [0.0, 0.79, 2.01, 100, .nan, .infinity, -1])
    func textSizesOutside08To2AreRefused(scale: Double) {
        let (out, problems) = Settings(textScale: scale).validated(themes: [], backgrounds: [])
        #expect(out.textScale == nil)
        #expect(problems.count == 1)
    }

    @Test(arguments: [0.8, 1.0, 2.0])
    func textSizesInsideTheRangeAreKept(scale: Double) {
        #expect(Settings(textScale: scale).validated(themes: [], backgrounds: []).0.textScale == scale)
    }

    @Test func windowSidesAndPositionsOutOfRangeAreRefused() {
        let tiny = Settings(windowSize: Size(width: 10, height: 700), windowPosition: Point(x: .nan, y: 0))
        let (out, problems) = tiny.validated(themes: [], backgrounds: [])
        #expect(out.windowSize == nil && out.windowPosition == nil)
        #expect(problems.count == 2)
    }

    @Test func onlyWhatTheUserChangedIsWrittenBack() {
        // The file said original at 1.0; `--theme dark` made the start dark; the user then changed the text size only.
        let stored = Settings(theme: "original", textScale: 1.0, showsFPS: false)
        let start = Settings(theme: "dark", textScale: 1.0, showsFPS: false)
        let now = Settings(theme: "dark", textScale: 1.4, showsFPS: false)
        #expect(now.fields(differingFrom: start) == [.textScale])
        #expect(stored.merging(now, changed: [.textScale]) == Settings(theme: "original", textScale: 1.4, showsFPS: false))
        // A theme changed and changed back to the overridden one is the user's choice too.
        #expect(stored.merging(now, changed: [.textScale, .theme]) == Settings(theme: "dark", textScale: 1.4, showsFPS: false))
    }

    @Test func everyFieldCanDiffer() {
        #expect(full.fields(differingFrom: Settings()) == Set(Settings.Field.allCases))
        #expect(Settings().merging(full, changed: Set(Settings.Field.allCases)) == full)
        #expect(full.merging(Settings(), changed: []) == full)
    }

    @Test func aPositionIsRestoredOnlyOnAConnectedDisplay() {
        let displays = [Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 1280, height: 1024)]
        let size = Size(width: 800, height: 600)
        #expect(Settings.isOnDisplay(position: Point(x: 100, y: 100), size: size, displays: displays))
        #expect(Settings.isOnDisplay(position: Point(x: 2500, y: 300), size: size, displays: displays))
        // Left on a third monitor that was unplugged.
        #expect(!Settings.isOnDisplay(position: Point(x: 3300, y: 100), size: size, displays: displays))
        // Only 40 points of it would show.
        #expect(!Settings.isOnDisplay(position: Point(x: -760, y: 100), size: size, displays: displays))
        #expect(!Settings.isOnDisplay(position: Point(x: 0, y: 0), size: size, displays: []))
    }

    @Test func theAppAppliesAndReportsItsLook() {
        var app = AppState.feed(Fixtures.source(count: 3))
        app.backgrounds = ["a.jpg", "b.jpg"]
        app.applyLook(Settings(theme: "no-such-theme", background: "b.jpg", textScale: 1.6, showsFPS: true))
        #expect(app.theme.name == Fixtures.theme.name)
        #expect(app.chosenBackground == "b.jpg")
        #expect(app.textScale == 1.6)
        #expect(app.showsFPS)
        #expect(app.lookSettings == Settings(theme: Fixtures.theme.name, background: "b.jpg", textScale: 1.6, showsFPS: true))
        app.applyLook(Settings(background: "c.jpg"))
        #expect(app.chosenBackground == "b.jpg")
    }
}

/// "A moment after a change": each change restarts the wait; a change undone cancels it.
@Suite struct SaveDebounceTests {
    @Test func aChangeIsDueHalfASecondAfterTheLastChange() {
        var d = SaveDebounce(delay: 0.5, written: 1)
        d.observe(1, at: 0)
        #expect(d.deadline == nil)
        d.observe(2, at: 1.0)
        #expect(d.take(at: 1.4) == nil)
        d.observe(3, at: 1.4)
        #expect(d.take(at: 1.8) == nil)
        #expect(d.deadline == 1.9)
        #expect(d.take(at: 1.9) == 3)
        #expect(d.written == 3 && d.deadline == nil)
        #expect(d.take(at: 5) == nil)
    }

    @Test func theSameValueAgainDoesNotPostpone() {
        var d = SaveDebounce(delay: 0.5, written: 1)
        d.observe(2, at: 1.0)
        d.observe(2, at: 1.3)
        #expect(d.take(at: 1.5) == 2)
    }

    @Test func aChangeUndoneBeforeItIsDueIsNotWritten() {
        var d = SaveDebounce(delay: 0.5, written: 1)
        d.observe(2, at: 1.0)
        d.observe(1, at: 1.2)
        #expect(d.deadline == nil)
        #expect(d.take(at: 9) == nil)
        #expect(d.flush() == nil)
    }

    @Test func quitFlushesWhatWaits() {
        var d = SaveDebounce(delay: 0.5, written: 1)
        d.observe(4, at: 1.0)
        #expect(d.flush() == 4)
        #expect(d.flush() == nil)
    }
}
