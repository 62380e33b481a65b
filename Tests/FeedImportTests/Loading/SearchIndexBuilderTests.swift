import Dispatch
import FeedImport
import Jobs
import Locking
import PlumageCore
import PlumageTestSupport
import Testing

/// 45,000 seeded items with hashtags and mentions.
private func sampleItems() -> [Item] {
    var rng = SplitMix64(seed: 21)
    let tags = ["swift", "Linux", "фото", "写真", "coffee"], users = ["ada", "bo", "cy@example.social", "dee"]
    return (0..<45_000).map { i -> Item in
        let tag = tags[Int(rng.next() % 5)], user = users[Int(rng.next() % 4)]
        let text = "Post \(i) about #\(tag) with @\(user) word\(rng.next() % 50)"
        let tagStart = text.unicodeScalars.count - "with @\(user) word".unicodeScalars.count - "#\(tag) ".unicodeScalars.count
        let userStart = tagStart + "#\(tag) with ".unicodeScalars.count
        return Item(id: "\(i)", date: nil, author: Fixtures.author(users[i % 4].split(separator: "@")[0].lowercased()),
                    text: text, entities: [
                        Entity(kind: .hashtag, text: "#" + tag, start: tagStart, end: tagStart + tag.unicodeScalars.count + 1, target: tag),
                        Entity(kind: .mention, text: "@" + user, start: userStart, end: userStart + user.unicodeScalars.count + 1, target: user),
                    ])
    }
}

/// The index built in parts on several cores answers every query as the one-pass index does.
@Test func anIndexBuiltInPartsAnswersLikeOneBuiltInOnePass() {
    let items = sampleItems()
    let parallel = SearchIndexBuilder.build(items: items, generation: 4, jobs: JobSystem())
    let serial = SearchIndex(items: items, generation: 4)
    #expect(parallel.itemCount == 45_000)
    #expect(parallel.generation == 4)
    for text in ["#swift", "#ФОТО", "#写真", "@cy", "@cy@example.social", "@ada", "word7", "post 44999", "#linux @bo word1", "nothing"] {
        let query = SearchQuery(text)
        #expect(parallel.matches(query) == serial.matches(query), "\(text)")
    }
    // Known by construction: only item 44999's text holds "44999", the last part's last item.
    #expect(parallel.matches(SearchQuery("44999")) == [44999])
    #expect(parallel == serial)
}

/// Built from a loading worker while every indexing worker is blocked, the index still finishes
/// (the caller runs the parts itself) and equals the one-pass index.
@Test func anIndexBuildsWhileEveryIndexingWorkerIsBlocked() {
    let items = sampleItems()
    let jobs = JobSystem(workers: WorkerCounts(indexing: 2))
    let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
    for _ in 0..<2 {
        jobs.submit(on: .indexing) {
            started.signal()
            release.wait()
        }
    }
    for _ in 0..<2 { started.wait() }
    let built = Locked<SearchIndex?>(nil), done = DispatchSemaphore(value: 0)
    jobs.submit(on: .loading) {
        built.withLock { $0 = SearchIndexBuilder.build(items: items, generation: 2, jobs: jobs) }
        done.signal()
    }
    #expect(done.wait(timeout: .now() + 120) == .success, "the build finished")
    #expect(built.withLock { $0 } == SearchIndex(items: items, generation: 2))
    for _ in 0..<2 { release.signal() }
}
