import PlumageCore
import PlumageTestSupport
import Testing

/// The FPS overlay's text is rendered ahead: the frame that first shows the overlay — and each
/// refresh — lists the new text for the platform to render in idle time and shows it from the next
/// drawn frame on.
@Suite struct FPSOverlayAheadTests {
    @Test func overlayTextIsListedAheadAndShownFromTheNextDrawnFrame() {
        var app = AppState.feed(Fixtures.source(count: 5))
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        let m = MonospaceMeasurer(advance: 8, lineHeight: 20)
        let statistics = FrameStatistics.synthetic(refreshHz: 60)
        app.showsFPS = true
        func fpsKeys(_ commands: [DrawCommand]) -> [String] {
            commands.compactMap { if case let .text(_, _, key) = $0, key.hasPrefix("fps:") { key } else { nil } }
        }
        let first = app.updatedFrame(at: 1, measurer: m, statistics: statistics)
        #expect(fpsKeys(first.commands).isEmpty, "nothing of the overlay before its text is rendered")
        let firstAhead = app.lookahead(at: 1, measurer: m, statistics: statistics)
        let ahead = fpsKeys(firstAhead.text)
        #expect(ahead.count == 3 && ahead.allSatisfy { $0.hasSuffix(":\(Fixtures.theme.name)") })
        // Not drawn yet (the same frame updated again): still ahead only.
        #expect(fpsKeys(app.updatedFrame(at: 1, measurer: m, statistics: statistics).commands).isEmpty)
        _ = app.want(first, ahead: firstAhead)  // the frame was drawn
        let second = app.updatedFrame(at: 1.01, measurer: m, statistics: statistics)
        #expect(fpsKeys(second.commands) == ahead)
        #expect(fpsKeys(app.lookahead(at: 1.01, measurer: m, statistics: statistics).text).isEmpty)
    }
}
