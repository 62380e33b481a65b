import PlumageCore
import Testing

/// Merging this instance's recently opened list with another's (what the file holds when saving).
@Suite struct RecentsMergeTests {
    func entry(_ path: String, _ opened: Int64, title: String? = nil) -> RecentEntry {
        RecentEntry(kind: .source, path: path, title: title ?? path, opened: Timestamp(seconds: opened))
    }

    @Test func theUnionNewestFirstOneEntryPerThing() {
        let mine = Recents([entry("/a", 10), entry("/b", 30, title: "mine")])
        let theirs = Recents([entry("/b", 20, title: "theirs"), entry("/c", 40), entry("/d", 5)])
        let merged = mine.merged(with: theirs)
        #expect(merged.entries.map(\.path) == ["/c", "/b", "/a", "/d"])
        #expect(merged.entries[1].title == "mine")
        // On a tie this list's entry wins.
        let tie = Recents([entry("/x", 7, title: "mine")]).merged(with: Recents([entry("/x", 7, title: "theirs")]))
        #expect(tie.entries.map(\.title) == ["mine"])
    }

    @Test func theUnionIsCutToCapacity() {
        let mine = Recents((0..<40).map { entry("/m\($0)", Int64(2 * $0 + 1)) })
        let theirs = Recents((0..<40).map { entry("/t\($0)", Int64(2 * $0)) })
        let merged = mine.merged(with: theirs)
        #expect(merged.entries.count == 50)
        // The oldest 30 of the 80 openings (times 0…29) fall off: the newest kept is /m39 (79), the oldest /t15 (30).
        #expect(merged.entries.first?.path == "/m39")
        #expect(merged.entries.last?.path == "/t15")
    }

    @Test func aForgottenThingStaysOutUnlessOpenedAgainLater() {
        var mine = Recents([entry("/a", 10), entry("/b", 20)])
        mine.forget(entry("/a", 10))
        #expect(mine.forgotten.map(\.path) == ["/a"])
        #expect(mine.merged(with: Recents([entry("/a", 10), entry("/c", 5)])).entries.map(\.path) == ["/b", "/c"])
        #expect(mine.merged(with: Recents([entry("/a", 11)])).entries.map(\.path) == ["/b", "/a"])
        #expect(mine.merged(with: Recents()).forgotten.map(\.path) == ["/a"])
    }
}
