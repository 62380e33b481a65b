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

/// `dump --json` of the demo: every entity of every item slices the dumped text to its `text`.
@Test func dumpedDemoEntitiesSliceTheirText() throws {
    let demo = try SourceLoader.load(path: nil)
    let items = try JSONParser.parse(Array(DumpEncoder.encode(demo).utf8))["items"]?.array ?? []
    #expect(items.count == demo.items.count)
    var count = 0
    for item in items {
        let text = Array((item["text"]?.string ?? "").unicodeScalars)
        for entity in item["entities"]?.array ?? [] {
            let start = try #require(entity["start"]?.int), end = try #require(entity["end"]?.int)
            try #require(0 <= start && start < end && end <= text.count)
            #expect(String(String.UnicodeScalarView(text[start..<end])) == entity["text"]?.string)
            count += 1
        }
    }
    #expect(count >= 20)
}
