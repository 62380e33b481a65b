import FeedImport
import PlumageCore
import Testing

/// The bundled demo (`Assets/demo/feed.json` in the repository) loads and keeps its promises.
@Test func bundledDemoFeedHoldsItsInvariants() throws {
    let demo = try SourceLoader.load(path: nil)
    #expect(demo.kind == .demo)
    #expect(demo.items.count >= 60)
    #expect(Set(demo.items.map(\.author.handle)).count >= 12)
    #expect(demo.sections.map(\.name) == ["Timeline", "Favorites", "Media"])
    #expect(demo.sections[0].itemIndices == Array(demo.items.indices))
    let dates = demo.items.compactMap(\.date)
    #expect(dates.count == demo.items.count && zip(dates, dates.dropFirst()).allSatisfy { $0 >= $1 })
    for item in demo.items {
        for e in item.entities { #expect(slice(item.text, e) == e.text, "item \(item.id)") }
        #expect(!item.text.contains("https://"), "item \(item.id)")
    }
    for index in demo.sections[2].itemIndices { #expect(!demo.items[index].media.isEmpty) }
    #expect(demo.items.contains { !$0.media.isEmpty })
}
