import PlumageCore
import PlumageTestSupport
import Testing

/// The progress of a source read in the background: a bar under the navigation bar and a pill,
/// animated while unknown, gone when the read ends.
@Suite struct LoadingBarTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp() -> AppState {
        var app = AppState.feed(Fixtures.source(count: 3))
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        return app
    }

    /// The fills lying on the bar's bottom 3 points (y 49).
    func barFills(_ frame: Frame) -> [Rect] {
        frame.commands.compactMap { command in
            guard case let .fill(rect, _) = command, rect.minY == 49, rect.height == 3 else { return nil }
            return rect
        }
    }

    @Test func aKnownFractionFillsThatMuchAndThePillSaysWhat() {
        var app = makeApp()
        #expect(!app.isAnimating(at: 0))
        _ = app.handle(.loading(LoadingBar(fraction: 0.5, label: "Reading archive.zip…")), at: 0)
        #expect(app.isAnimating(at: 0))
        let frame = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        #expect(barFills(frame).map(\.width) == [800, 400])
        #expect(frame.textDump.contains("loading:Reading archive.zip…:test"))
        _ = app.handle(.loading(nil), at: 1)
        #expect(barFills(app.updatedFrame(at: 1, measurer: m, statistics: nil)).isEmpty)
        #expect(!app.isAnimating(at: 1))
    }

    @Test func anUnknownFractionSweepsAQuarterAcross() {
        var app = makeApp()
        _ = app.handle(.loading(LoadingBar(fraction: 0)), at: 0)
        // At 0.6 s into a 1.5 s sweep the segment starts at 0.4 · 1000 − 200 = 200 points.
        let early = barFills(app.updatedFrame(at: 0.6, measurer: m, statistics: nil))
        #expect(early.count == 2)
        #expect(early.last == Rect(x: 200, y: 49, width: 200, height: 3))
        // At 0.15 s it is entering from the left: it starts at 0.1 · 1000 − 200 = −100, so 100 points show.
        let entering = barFills(app.updatedFrame(at: 0.15, measurer: m, statistics: nil)).last
        #expect(entering == Rect(x: 0, y: 49, width: 100, height: 3))
    }
}
