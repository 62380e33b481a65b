import PlumageCore
import PlumageTestSupport
import Testing

/// The search index answers exactly what scanning with `SearchQuery.matches` answers.
@Suite struct SearchIndexTests {
    /// A seeded corpus: words in several scripts and cases, tags, mentions, Mastodon handles.
    static func corpus(count: Int, seed: UInt64) -> [Item] {
        var random = SplitMix64(seed: seed)
        let words = ["Coffee", "tea", "ÉCLAIR", "naïve", "кофе", "日本", "photo", "photography", "swift", "swiftlang"]
        let authors = ["ada", "bob", "cy@mastodon.social", "Dee"]
        return (0..<count).map { i in
            var text = ""
            var entities: [Entity] = []
            for _ in 0..<Int.random(in: 2...8, using: &random) {
                let word = words.randomElement(using: &random)!
                let kind = Int.random(in: 0..<4, using: &random)
                let token = kind == 0 ? "#" + word : kind == 1 ? "@" + word.lowercased() : word
                let start = text.unicodeScalars.count
                text += token + " "
                let end = start + token.unicodeScalars.count
                if kind == 0 { entities.append(Entity(kind: .hashtag, text: token, start: start, end: end, target: word)) }
                if kind == 1 { entities.append(Entity(kind: .mention, text: token, start: start, end: end, target: word.lowercased())) }
            }
            return Fixtures.item("\(i)", text, by: authors[i % authors.count], entities: entities)
        }
    }

    @Test func agreesWithScanningOnRandomQueries() {
        let items = Self.corpus(count: 400, seed: 7)
        let source = FeedSource(kind: .demo, title: "t", sections: [Section(name: "All", itemIndices: Array(items.indices))],
                                items: items)
        let index = SearchIndex(items: items)
        var random = SplitMix64(seed: 11)
        let parts = ["coffee", "COFFEE", "éclair", "кофе", "日本", "#swift", "#SwiftLang", "#photo", "@ada", "@cy",
                     "@cy@mastodon.social", "@dee", "photo", "ph", "naïve", "xyz", "#nope", "@nobody", "a", "e "]
        var nonEmpty = 0
        for _ in 0..<300 {
            let query = SearchQuery((0..<Int.random(in: 1...3, using: &random)).map { _ in parts.randomElement(using: &random)! }
                .joined(separator: " "))
            let expected = query.matchingIndices(in: source)
            #expect(index.matches(query) == expected, "\(query)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 100)  // the queries find things, so agreement means something
    }

    @Test func anEmptyQueryMatchesEverything() {
        let items = Self.corpus(count: 5, seed: 3)
        #expect(SearchIndex(items: items).matches(SearchQuery("  ")) == [0, 1, 2, 3, 4])
    }

    @Test func theAppTakesOnlyTheIndexItLastAskedFor() {
        let items = Self.corpus(count: 5, seed: 3)
        let source = FeedSource(kind: .demo, title: "t", sections: [Section(name: "All", itemIndices: [0, 1, 2, 3, 4])],
                                items: items)
        var app = AppState.feed(source)
        // Two readings of the source announced: the second's index (generation 2) is the one wanted.
        #expect(app.handle(.readingSource(.index(source)), at: 0) == [.readSource(.index(source), generation: 1)])
        #expect(app.handle(.readingSource(.index(source)), at: 0) == [.readSource(.index(source), generation: 2)])
        _ = app.handle(.searchIndex(SearchIndex(items: items, generation: 1)), at: 0)
        #expect(app.searchIndex == nil)
        _ = app.handle(.searchIndex(SearchIndex(items: items, generation: 2)), at: 0)
        #expect(app.searchIndex?.generation == 2)
    }
}

