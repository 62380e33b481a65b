import Archives
import Jobs
import PlumageCore

/// Reads a Twitter/X account archive of any era (a folder or a zip, through `ArchiveFiles`) into a
/// `FeedSource`: see `TwitterArchiveLayout` (which files), `TwitterOwner`, `TweetReader` (kinds and
/// authors), `TweetText` (entities), `TweetMedia` (files), `LikeReader` and `GrailbirdArchive`.
///
/// Items: the tweets newest first (by `created_at`, equal times by id, larger first; undated ones
/// after them), then the likes in file order. Sections: Tweets (everything but replies, like X's
/// Posts tab), Replies, Reposts, Media (items with media), Likes; empty ones are left out, except
/// Tweets. The title is the owner's name. Tweets files are parsed element by element on every core
/// (`ArchiveArrayReader`), streamed one file at a time.
///
/// A tweets or likes element that cannot be read (a syntax error, invalid UTF-8, no id) is skipped
/// and counted in one warning per file (`data/tweets.js: 3 tweets skipped (first: 12:5: reason)`). A
/// file whose array breaks (a truncation) keeps the elements before the break, and the break becomes
/// a warning (`data/tweets-part1.js: 3:17: reason`), as does a file that cannot be read; when every
/// tweets file fails with nothing read the first failure is thrown. An archive without tweets files
/// throws `.invalidFeed`.
public enum TwitterArchiveReader {
    /// Reads `archive`; detected links must end in one of `topLevelDomains`.
    public static func read(_ archive: any ArchiveFiles, topLevelDomains: TopLevelDomains, jobs system: JobSystem? = nil)
        throws(SourceError) -> FeedSource
    {
        let layout = TwitterArchiveLayout(archive)
        var warnings = layout.warnings
        guard !layout.tweetFiles.isEmpty else {
            throw SourceError(
                .invalidFeed, path: archive.rootPath,
                reason: "no data/tweets.js, data/tweet.js or outbox.json in \(archive.rootPath)")
        }
        let owner = TwitterOwner.read(archive, layout: layout, warnings: &warnings)
        let detector = EntityDetector(topLevelDomains: topLevelDomains)
        let reader = TweetReader(
            owner: owner ?? Author(name: "Archive owner", handle: "owner"), text: TweetText(detector: detector),
            media: TweetMedia(archive: archive, folder: layout.isGrailbird ? nil : MediaFolder(archive, directory: layout.mediaDirectory)))

        let jobs = layout.tweetFiles.map { ArchiveArrayReader.Job(file: $0, noun: "tweet", missing: "no id", decode: reader.item) }
            + layout.likeFiles.map { ArchiveArrayReader.Job(file: $0, noun: "like", missing: "no tweetId", decode: LikeReader.item) }
        var tweetRuns: [[Item]] = [], likeRuns: [[Item]] = []
        var failures: [ArchiveFileFailure] = []
        let (results, stoppedAt) = ArchiveArrayReader.read(jobs, in: archive, on: system)
        for (index, result) in results.enumerated() {
            let isTweets = index < layout.tweetFiles.count
            if isTweets { tweetRuns += result.runs } else { likeRuns += result.runs }
            if result.skipped > 0 {
                warnings.append("\(jobs[index].file): \(result.skipped) \(jobs[index].noun)\(result.skipped == 1 ? "" : "s") skipped (first: \(result.firstSkip ?? "?"))")
            }
            if let failure = result.failure {
                if isTweets, result.failedWhole { failures.append(failure) }
                warnings.append(failure.warning)
            }
        }
        if failures.count == layout.tweetFiles.count, let first = failures.first { throw first.sourceError(in: archive) }
        if let stoppedAt {
            warnings.append("\(stoppedAt): more than \(ArchiveArrayReader.maxElements) tweets and likes in the archive; the rest are not read")
        }
        var items = newestFirst(tweetRuns)
        let tweetCount = items.count
        for run in likeRuns { items += run }
        let title = owner?.name ?? String(archive.rootPath.split(separator: "/").last ?? "Twitter archive")
        return FeedSource(
            kind: .twitterArchive, title: title, owner: owner, sections: sections(items, tweetCount: tweetCount), items: items,
            warnings: warnings)
    }

    /// The newest posts, fast, for the window's first frame while `read` runs: the tweets that fit
    /// whole in the first `prefixBytes` of the first tweets file (X writes the newest first; a zip
    /// member is inflated only that far), newest first, with the owner and title `read` gives. Nil
    /// when none can be read that way (the full read then reports why).
    public static func preview(
        _ archive: any ArchiveFiles, topLevelDomains: TopLevelDomains, prefixBytes: Int = 1 << 20
    ) -> FeedSource? {
        let layout = TwitterArchiveLayout(archive)
        guard let file = layout.tweetFiles.first, let bytes = try? archive.readPrefix(file, count: prefixBytes) else {
            return nil
        }
        var warnings: [String] = []
        let owner = TwitterOwner.read(archive, layout: layout, warnings: &warnings)
        let reader = TweetReader(
            owner: owner ?? Author(name: "Archive owner", handle: "owner"),
            text: TweetText(detector: EntityDetector(topLevelDomains: topLevelDomains)),
            media: TweetMedia(archive: archive, folder: layout.isGrailbird ? nil : MediaFolder(archive, directory: layout.mediaDirectory)))
        let tweets: [Item] = bytes.withUnsafeBufferPointer { file in
            var scanner = JSONArrayScanner(file, from: ArchiveScript.jsonStart(file))
            var items: [Item] = []
            // The last element is cut by the prefix: the scanner stops with an error there.
            while !scanner.isFinished, scanner.error == nil {
                let ranges = scanner.next(256)
                for range in ranges {
                    var cursor = JSONCursor(UnsafeBufferPointer(rebasing: file[range]))
                    if let item = try? reader.item(&cursor) { items.append(item) }
                }
                if ranges.isEmpty { break }
            }
            return items
        }
        guard !tweets.isEmpty else { return nil }
        let items = newestFirst([tweets])
        let title = owner?.name ?? String(archive.rootPath.split(separator: "/").last ?? "Twitter archive")
        return FeedSource(kind: .twitterArchive, title: title, owner: owner, sections: sections(items, tweetCount: items.count),
                          items: items)
    }

    /// The items of `runs` newest first; equal dates by id, the larger number first; undated ones last.
    static func newestFirst(_ runs: [[Item]]) -> [Item] {
        // Integer keys sort fast; ids that are not at most 19 digits fall back to comparing text.
        struct Key {
            var seconds: Int64
            var number: UInt64?
            var run: Int32
            var index: Int32
        }
        var keys: [Key] = []
        keys.reserveCapacity(runs.reduce(0) { $0 + $1.count })
        for (r, run) in runs.enumerated() {
            run.withUnsafeBufferPointer { items in
                for i in items.indices {
                    let id = items[i].id
                    let number = id.utf8.count <= 19 ? UInt64(id) : nil
                    keys.append(Key(seconds: items[i].date?.seconds ?? .min, number: number, run: Int32(r), index: Int32(i)))
                }
            }
        }
        keys.sort { a, b in
            if a.seconds != b.seconds { return a.seconds > b.seconds }
            if let x = a.number, let y = b.number { return x > y }
            return isLarger(runs[Int(a.run)][Int(a.index)].id, than: runs[Int(b.run)][Int(b.index)].id)
        }
        return keys.map { runs[Int($0.run)][Int($0.index)] }
    }

    /// Whether id `a` sorts after `b` as a number (digit strings: longer is larger), else as text.
    private static func isLarger(_ a: String, than b: String) -> Bool {
        let digits = { (s: String) in s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
        if a.utf8.count != b.utf8.count, digits(a), digits(b) { return a.utf8.count > b.utf8.count }
        return b.utf8.lexicographicallyPrecedes(a.utf8)
    }

    /// Tweets (not replies), Replies, Reposts, Media, Likes over `items`, whose first `tweetCount`
    /// are tweets and the rest likes; empty sections other than Tweets left out.
    private static func sections(_ items: [Item], tweetCount: Int) -> [Section] {
        var tweets: [Int] = [], replies: [Int] = [], reposts: [Int] = [], media: [Int] = []
        tweets.reserveCapacity(tweetCount)
        items.withUnsafeBufferPointer { items in
            for i in 0..<tweetCount {
                switch items[i].kind {
                case .reply: replies.append(i)
                case .repost: reposts.append(i); tweets.append(i)
                default: tweets.append(i)
                }
                if !items[i].media.isEmpty { media.append(i) }
            }
        }
        let all = [
            Section(name: "Tweets", itemIndices: tweets), Section(name: "Replies", itemIndices: replies),
            Section(name: "Reposts", itemIndices: reposts), Section(name: "Media", itemIndices: media),
            Section(name: "Likes", itemIndices: Array(tweetCount..<items.count)),
        ]
        return all.enumerated().filter { $0.offset == 0 || !$0.element.itemIndices.isEmpty }.map(\.element)
    }
}
