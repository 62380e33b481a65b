import PlumageCore
import PlumageTestSupport
import Testing

/// The recently opened list (seed 002): its order and cap, the screen the left bar button opens,
/// and what choosing or forgetting an entry asks for.
@Suite struct RecentsScreenTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    static func entry(_ name: String, _ kind: RecentEntry.Kind = .source, at seconds: Int64, missing: Bool = false) -> RecentEntry {
        RecentEntry(kind: kind, path: "/home/u/\(name)", title: name, opened: Timestamp(seconds: seconds), isMissing: missing)
    }

    @Test func newestFirstEachThingOnceAtMostFifty() {
        var recents = Recents([Self.entry("a", at: 10), Self.entry("b", at: 30), Self.entry("a", at: 20)])
        #expect(recents.entries.map(\.title) == ["b", "a"])
        #expect(recents.entries[1].opened.seconds == 20)
        recents.record(Self.entry("a", at: 40))
        #expect(recents.entries.map(\.title) == ["a", "b"])
        recents.record(Self.entry("a", .photo, at: 50))
        #expect(recents.entries.map(\.kind) == [.photo, .source, .source])
        for i in 0..<60 { recents.record(Self.entry("p\(i)", .photo, at: 100 + Int64(i))) }
        #expect(recents.entries.count == 50)
        #expect(recents.entries.first?.title == "p59")
        #expect(recents.entries.last?.title == "p10")
        recents.forget(Self.entry("p59", .photo, at: 0))
        #expect(recents.entries.first?.title == "p58")
    }

    func makeApp(_ entries: [RecentEntry]) -> AppState {
        var app = AppState.feed(Fixtures.source(count: 3))
        _ = app.handle(.recentsLoaded(Recents(entries), notices: []), at: 0)
        app.fixedNow = Timestamp(seconds: 1_000)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    @Test func theLeftBarButtonOpensTheListAndEnterOpensTheChosenEntry() {
        var app = makeApp([Self.entry("archive.zip", at: 900), Self.entry("cat.jpg", .photo, at: 800)])
        let bar = NavigationBar(windowWidth: 800)
        let click = Point(x: bar.leftButton.midX, y: bar.leftButton.midY)
        _ = app.handle(.pointerDown(.left, at: click), at: 1)
        _ = app.handle(.pointerUp(.left, at: click), at: 1)
        guard let screen = app.top(as: RecentsScreen.self) else {
            Issue.record("the left button did not open the recents list")
            return
        }
        #expect(screen.entries.map(\.title) == ["archive.zip", "cat.jpg"])
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        _ = app.handle(.key(.down, []), at: 2)
        _ = app.handle(.key(.down, []), at: 2)
        #expect(app.handle(.key(.enter, []), at: 2) == [.open(Self.entry("cat.jpg", .photo, at: 800))])
    }

    @Test func aClickOnARowOpensItAndOnItsCrossForgetsIt() {
        var app = makeApp([Self.entry("a.json", at: 900), Self.entry("b.json", at: 800)])
        _ = app.handle(.key(.character("o"), .control), at: 1)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        // Rows are 64 pt tall below the 52 pt bar, in the 640 pt column centred in 800.
        let second = Point(x: 200, y: 52 + 64 + 32)
        _ = app.handle(.pointerDown(.left, at: second), at: 3)
        #expect(app.handle(.pointerUp(.left, at: second), at: 3) == [.open(Self.entry("b.json", at: 800))])
        let cross = Point(x: 80 + 640 - 14 - 16, y: 52 + 32)
        _ = app.handle(.pointerMoved(to: cross), at: 4)
        _ = app.handle(.pointerDown(.left, at: cross), at: 4)
        // Forgetting is the core's: the platform hears one thing, to save the list without it.
        let saved = app.handle(.pointerUp(.left, at: cross), at: 4)
        #expect(saved.count == 1)
        guard case let .saveRecents(list) = saved.first else { Issue.record("no save: \(saved)"); return }
        #expect(list.entries.map(\.title) == ["b.json"])
        #expect(list.forgotten.map(\.title) == ["a.json"])
        #expect(app.top(as: RecentsScreen.self)?.entries.map(\.title) == ["b.json"])
        #expect(app.recents.entries.map(\.title) == ["b.json"])
    }

    @Test func aMissingEntryIsGreyedAndOnlySaysItIsGone() {
        var app = makeApp([Self.entry("gone.zip", at: 900, missing: true)])
        _ = app.handle(.key(.character("o"), .control), at: 1)
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        let titles = frame.commands.compactMap { command -> String? in
            guard case let .text(block, _, key) = command, key.hasPrefix("recents:") else { return nil }
            return block.lines.flatMap(\.runs).map(\.text).joined()
        }
        #expect(titles.contains("gone.zip"))
        #expect(titles.contains { $0.hasPrefix("missing · /home/u") })
        _ = app.handle(.key(.down, []), at: 3)
        #expect(app.handle(.key(.enter, []), at: 3) == [])
        #expect(app.notice?.text == "gone.zip is no longer at /home/u/gone.zip")
        #expect(app.handle(.key(.delete, []), at: 3) == [.saveRecents(app.recents)])
        #expect(app.recents.entries.isEmpty)
        #expect(app.recents.forgotten.map(\.title) == ["gone.zip"])
    }

    @Test func anEmptyListSaysSo() {
        var app = makeApp([])
        _ = app.handle(.key(.character("o"), .control), at: 1)
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(frame.commands.contains { command in
            guard case let .text(block, _, _) = command else { return false }
            return block.lines.flatMap(\.runs).map(\.text).joined().hasPrefix("Nothing opened yet")
        })
    }
}
