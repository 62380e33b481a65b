import PlumageTestSupport
import Testing

@testable import PlumageCore

/// Screens live in the stack as `any Screen`; events, frames and idle layout must change them in
/// place. A screen copied out while the stack still held it would copy a 100,000-row list's
/// arrays on every change (O(n) per event, O(n²) to lay a feed out in idle time).
@Suite struct InPlaceUpdateTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    /// Where the top feed's row layouts and heights are stored.
    func storage(_ app: AppState) -> [UnsafeRawPointer?] {
        guard let list = app.feedScreen?.list else { return [] }
        return [list.layouts.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
                list.heights.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }]
    }

    @Test func eventsFramesAndIdleLayoutDoNotCopyTheListsArrays() {
        var app = AppState.feed(Fixtures.source(count: 3000))
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        let before = storage(app)
        #expect(before.count == 2 && !before.contains(nil))
        app.refine(maxRows: 16, at: 0.1, measurer: m)
        #expect(storage(app) == before)
        _ = app.handle(.key(.down, []), at: 0.2)
        _ = app.handle(.wheel(dx: 0, dy: -1, at: Point(x: 400, y: 300), []), at: 0.3)
        _ = app.updatedFrame(at: 0.4, measurer: m, statistics: nil)
        #expect(storage(app) == before)
        app.updateTop(FeedScreen.self) { $0.scrollList(to: 900, at: 0.5) }
        _ = app.updatedFrame(at: 0.6, measurer: m, statistics: nil)
        #expect(storage(app) == before)
    }
}
