import PlumageCore
import PlumageTestSupport
import Testing

/// An item whose entities are detected from `text`.
private func item(_ id: String, _ text: String, by handle: String = "someone") -> Item {
    let display = DisplayText.detecting(in: text, with: Fixtures.detector)
    return Item(
        id: id, date: Timestamp(seconds: 0), author: Author(name: handle, handle: handle),
        text: display.text, entities: display.entities)
}

private let items = [
    item("1", "Morning #Swift coffee ☕️", by: "ada"),
    item("2", "#SwiftLang is not #swift-ish? @Ada", by: "bob"),
    item("3", "Talking to @mcg@social.lol about COFFEE beans", by: "cy"),
    item("4", "Nothing here", by: "mcg@social.lol"),
]

private func ids(_ query: String) -> [String] {
    items.filter(SearchQuery(query).matches).map(\.id)
}

@Test func parsesTermsLowercased() {
    #expect(SearchQuery("  #Swift   @Ada coffee # ").terms == [.hashtag("swift"), .mention("ada"), .word("coffee"), .word("#")])
    #expect(SearchQuery("  #Swift   @Ada ").description == "#Swift @Ada")
}

@Test func hashtagIsAWholeTagAnyCase() {
    #expect(ids("#swift") == ["1", "2"])
    #expect(ids("#SWIFTLANG") == ["2"])
    #expect(ids("#swif") == [])
}

@Test func mentionIsAuthorOrMention() {
    #expect(ids("@ada") == ["1", "2"])
    #expect(ids("@mcg") == ["3", "4"])
    #expect(ids("@mcg@social.lol") == ["3", "4"])
    #expect(ids("@mc") == [])
}

@Test func wordsAllMatchCaseInsensitively() {
    #expect(ids("coffee") == ["1", "3"])
    #expect(ids("coffee beans") == ["3"])
    #expect(ids("COFFEE #swift") == ["1"])
    #expect(ids("") == ["1", "2", "3", "4"])
}

@Test func resultsFormAFeed() {
    let source = FeedSource(
        kind: .demo, title: "Demo", sections: [Section(name: "Timeline", itemIndices: [0, 1, 2, 3])], items: items)
    let query = SearchQuery("#swift")
    #expect(query.matchingIndices(in: source) == [0, 1])
    let results = query.results(in: source)
    #expect(results.items.map(\.id) == ["1", "2"])
    #expect(results.sections == [Section(name: "#swift", itemIndices: [0, 1])])
    #expect(results.kind == .demo && results.title == "Demo")
}
