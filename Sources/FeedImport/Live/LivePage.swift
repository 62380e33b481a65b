import PlumageCore

/// One page of a live feed read from an API answer: its items newest first, the distinct authors
/// of those items, where the next (older) page starts when the answer says so, and what was passed over.
public struct LivePage: Hashable, Sendable {
    /// The items, newest first (undated last; equal dates keep the answer's order).
    public var items: [Item]
    /// The items' authors, each once, in the order first met.
    public var authors: [Author]
    /// Bluesky's `cursor` for the next page; nil at the end, and for Mastodon, whose next page is
    /// named by the `Link` response header.
    public var cursor: String?
    /// Elements passed over and why ("status 3: no id"), at most `LiveJSON.maxWarnings` of them.
    public var warnings: [String]

    /// A page of `items` (sorted here, newest first) with their authors.
    public init(items: [Item], cursor: String? = nil, warnings: [String] = []) {
        let order = items.indices.sorted { i, j in
            items[i].isNewer(than: items[j]) || (!items[j].isNewer(than: items[i]) && i < j)
        }
        self.items = order.map { items[$0] }
        var seen: Set<Author> = []
        self.authors = self.items.compactMap { seen.insert($0.author).inserted ? $0.author : nil }
        self.cursor = cursor
        self.warnings = warnings
    }

    /// The page as a source of `kind` titled `title`: a Timeline section of every item and, when any
    /// item has media, a Media section.
    public func source(kind: SourceKind, title: String, owner: Author? = nil) -> FeedSource {
        let all = Array(items.indices)
        let withMedia = all.filter { !items[$0].media.isEmpty }
        return FeedSource(
            kind: kind, title: FieldLimits.capped(title, FieldLimits.name), owner: owner,
            sections: [Section(name: "Timeline", itemIndices: all)]
                + (withMedia.isEmpty ? [] : [Section(name: "Media", itemIndices: withMedia)]),
            items: items, warnings: warnings)
    }
}
