import PlumageCore

/// Reads the answer of `app.bsky.feed.getAuthorFeed` (`{feed: [{post, reply?, reason?}], cursor?}`)
/// into a `LivePage` with the `cursor` of the next page.
///
/// One feed entry: id the PostView's `uri` (a repost: the repost record's `reason.uri`, else
/// `repost:` + the post's URI); text `record.text` with `record.facets` as entities
/// (`BlueskyFacets`); date `record.createdAt` (a repost: `reason.indexedAt`, when it was reposted);
/// author `post.author` (`displayName`, else the handle; `handle`; avatar `.url`), the original
/// author for a repost; kind repost for `reason.$type == app.bsky.feed.defs#reasonRepost`, else
/// reply when `record.reply` is set, else quote when the embed quotes a post, else post; media and
/// card from `post.embed` (`BlueskyEmbed`); sensitive when the post carries a self-label or label
/// `porn`, `sexual`, `nudity` or `graphic-media`. At most `LiveJSON.maxItems` entries are read.
public enum BlueskyFeedReader {
    /// The page in `bytes` fetched from `url`. Errors: `URL: malformed JSON at LINE:COLUMN: …`,
    /// `URL: not a Bluesky author feed`, `URL: the server answered: Error: message`,
    /// `URL: larger than 16 MiB, not read`.
    public static func read(_ bytes: [UInt8], url: String) throws(SourceError) -> LivePage {
        let root = try LiveJSON.parse(bytes, url: url)
        guard root.object != nil, let feed = root["feed"]?.array else { throw LiveJSON.notA("a Bluesky author feed", root: root, url: url) }
        var items: [Item] = []
        var warnings: [String] = []
        func warn(_ message: String) { if warnings.count < LiveJSON.maxWarnings { warnings.append(message) } }
        for (index, entry) in feed.prefix(LiveJSON.maxItems).enumerated() {
            switch item(entry) {
            case .success(let item): items.append(item)
            case .failure(let why): warn("post \(index + 1): \(why.reason)")
            }
        }
        if feed.count > LiveJSON.maxItems { warn("\(feed.count - LiveJSON.maxItems) posts past the first \(LiveJSON.maxItems) not read") }
        // A cursor too long to send back is no cursor (the feed then ends here).
        let cursor = LiveJSON.text(root["cursor"]).flatMap { $0.utf8.count <= FieldLimits.url ? $0 : nil }
        return LivePage(items: items, cursor: cursor, warnings: warnings)
    }

    /// Why a feed entry could not be read.
    struct Unreadable: Error { let reason: String }

    /// Labels that hide a post's media until clicked.
    static let sensitiveLabels: Set<String> = ["porn", "sexual", "nudity", "graphic-media"]

    /// The item of one `feed` entry, or why it is none.
    static func item(_ entry: JSONValue) -> Result<Item, Unreadable> {
        guard let post = entry["post"], post.object != nil else { return .failure(Unreadable(reason: "no post")) }
        guard let uri = LiveJSON.text(post["uri"]) else { return .failure(Unreadable(reason: "no uri")) }
        guard let author = author(post["author"]) else { return .failure(Unreadable(reason: "no author handle")) }
        let record = post["record"]
        let text = record?["text"]?.string ?? ""
        let embed = BlueskyEmbed(post["embed"])
        let reason = entry["reason"]
        let reposted = reason?["$type"]?.string == "app.bsky.feed.defs#reasonRepost"
        var (date, problem) = LiveJSON.date(record?["createdAt"], field: "createdAt")
        if reposted, let indexed = reason?["indexedAt"], case let (at?, _) = LiveJSON.date(indexed, field: "indexedAt") {
            (date, problem) = (at, nil)
        }
        let kind: ItemKind
        if reposted {
            kind = .repost
        } else if let reply = record?["reply"], reply != .null {
            kind = .reply
        } else {
            kind = embed.quotes ? .quote : .post
        }
        let id = reposted ? LiveJSON.text(reason?["uri"]) ?? "repost:" + uri : uri
        return .success(FieldLimits.capped(Item(
            id: id, date: date, dateProblem: problem, author: author, kind: kind, text: text,
            entities: BlueskyFacets.entities(record?["facets"], text: text), media: embed.media,
            sensitive: isSensitive(post), card: embed.card)))
    }

    /// `author {handle, displayName, avatar}`; nil without a handle.
    private static func author(_ raw: JSONValue?) -> Author? {
        guard let raw, let handle = LiveJSON.text(raw["handle"]) else { return nil }
        return FieldLimits.capped(Author(
            name: LiveJSON.text(raw["displayName"]) ?? handle, handle: handle,
            avatar: LiveJSON.httpURL(raw["avatar"]).map(ResourceLocator.url)))
    }

    /// Whether the post's `labels` or its record's self-labels (`record.labels.values`) hold a sensitive one.
    private static func isSensitive(_ post: JSONValue) -> Bool {
        let labels = (post["labels"]?.array ?? []) + (post["record"]?["labels"]?["values"]?.array ?? [])
        return labels.prefix(64).contains { $0["val"]?.string.map(sensitiveLabels.contains) ?? false }
    }
}
