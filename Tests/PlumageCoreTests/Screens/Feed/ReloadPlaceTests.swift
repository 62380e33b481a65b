import PlumageCore
import PlumageTestSupport
import Testing

/// F5 keeps the reader's place: the post at the top of the window stays there, found again by id,
/// even when new posts arrived above it.
@Suite struct ReloadPlaceTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    /// Items with ids `first…first+count-1`, newest (highest id) first.
    static func source(ids: ClosedRange<Int>) -> FeedSource {
        let items = ids.reversed().map { id in
            Fixtures.item("\(id)", "Post \(id) with a few words", at: 1_700_000_000 + Int64(id) * 60)
        }
        return FeedSource(kind: .jsonFeed, title: "T", sections: [Section(name: "Timeline", itemIndices: Array(items.indices))],
                          items: items)
    }

    /// The id of the post under the top edge of the list and how far the list starts into it.
    func topPost(_ app: AppState) -> (id: String, points: Double)? {
        guard let screen = app.feedScreen, let top = screen.list.topRow else { return nil }
        return (screen.source.items[screen.list.rows[top.row]].id, top.points)
    }

    @Test func newPostsAboveDoNotMoveThePostBeingRead() {
        var app = AppState.feed(Self.source(ids: 1...200))
        app.fixedNow = Timestamp(seconds: 1_700_100_000)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        app.scrollList(to: 3_000, at: 0)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let before = try! #require(topPost(app))
        #expect(Int(before.id)! < 200)
        _ = app.handle(.sourceReloaded(Self.source(ids: 1...230)), at: 2)
        _ = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        let after = try! #require(topPost(app))
        #expect(after.id == before.id)
        #expect(abs(after.points - before.points) < 1)
        #expect(app.list.rows.count == 230)
    }

    @Test func aPostThatIsGoneKeepsTheOffset() {
        var app = AppState.feed(Self.source(ids: 1...200))
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        app.scrollList(to: 3_000, at: 0)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let offset = app.list.scroll.offset
        _ = app.handle(.sourceReloaded(Self.source(ids: 500...700)), at: 2)
        _ = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        #expect(abs(app.list.scroll.offset - offset) < 1)
    }
}
