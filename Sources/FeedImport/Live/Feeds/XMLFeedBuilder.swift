import URLs
import PlumageCore

/// Collects what `XMLFeedReader` hands it — the feed's own elements and its items, one expanded
/// element at a time — into an `XMLFeed`.
struct XMLFeedBuilder {
    /// `.rss` or `.atom`.
    let kind: SourceKind
    /// The document's URL: relative links resolve against it.
    let url: String
    /// The namespace of Atom elements (the root's for Atom, RFC 4287's inside RSS).
    let atomNamespace: String?
    /// Finds hashtags, mentions and links in plain text.
    let detector: EntityDetector
    /// The feed's title (`channel/title`, `feed/title`).
    private var title: String?
    /// The feed's site link (RSS `link`, Atom `link rel="alternate"`).
    private var siteLink: String?
    /// The feed's image (RSS `image/url`, Atom `icon` else `logo`), absolute.
    private var image: String?
    /// Atom's feed-level `author`.
    private var author: Author?
    /// RFC 5005's next page, absolute.
    private var next: String?
    /// Items read so far (without an author where the item names none).
    private var items: [(item: Item, hasAuthor: Bool)] = []
    /// Items seen, read or not.
    private var seen = 0

    /// Starts a feed of `kind` at `url`.
    init(kind: SourceKind, url: String, atomNamespace: String?, detector: EntityDetector) {
        self.kind = kind; self.url = url; self.atomNamespace = atomNamespace; self.detector = detector
    }

    /// True for an element whose children the reader walks one by one: RSS 2.0's `channel`.
    func descends(into name: String, _ namespace: String?, depth: Int) -> Bool {
        kind == .rss && depth == 1 && name == "channel" && (namespace == nil)
    }

    /// True when an element at `depth` belongs to the feed (and is handed to `take` whole).
    func isFeedChild(depth: Int) -> Bool { kind == .rss ? depth == 1 || depth == 2 : depth == 1 }

    /// Reads one child of the channel or feed (RSS 1.0: of the root).
    mutating func take(_ element: XMLElement) {
        let rssNamespace = element.namespace == nil || element.namespace == XMLNamespace.rss1
        let isAtom = element.namespace == atomNamespace
        switch element.localName {
        case "item" where kind == .rss && rssNamespace, "entry" where kind == .atom && isAtom:
            seen += 1
            guard items.count < XMLFeedReader.itemLimit else { return }
            let reader = XMLFeedItemReader(kind: kind, baseURL: url, atomNamespace: atomNamespace, detector: detector)
            let (item, hasAuthor) = reader.item(element, index: seen)
            items.append((FieldLimits.capped(item), hasAuthor))
        case "title" where (kind == .rss && rssNamespace) || (kind == .atom && isAtom):
            title = title ?? element.text(limit: 4 * FieldLimits.name)
        case "channel" where kind == .rss:  // RSS 1.0's channel, beside its items
            for child in element.children { take(child) }
        case "link" where isAtom:
            guard let href = element.attribute("href"), !href.isEmpty else { return }
            let rel = element.attribute("rel") ?? "alternate"
            if rel == "next" { next = next ?? absolute(href) }
            if rel == "alternate", kind == .atom { siteLink = siteLink ?? absolute(href) }
        case "link" where rssNamespace:
            siteLink = siteLink ?? absolute(element.text())
        case "image" where kind == .rss && rssNamespace:
            image = image ?? (element.child("url", element.namespace).map { absolute($0.text()) } ?? element.attribute("resource").map(absolute))
        case "icon" where isAtom:
            image = absolute(element.text())
        case "logo" where isAtom:
            image = image ?? absolute(element.text())
        case "author" where isAtom:
            author = author ?? XMLFeedItemReader.atomAuthor(element, namespace: atomNamespace)
        default:
            break
        }
    }

    /// `reference` resolved against the document's URL.
    private func absolute(_ reference: String) -> String { URIReference.resolve(FeedDiscovery.cleaned(reference), against: url) }

    /// The feed read.
    func feed() -> XMLFeed {
        let title = FieldLimits.capped(title.flatMap { $0.isEmpty ? nil : $0 } ?? RemoteURL.host(of: url) ?? url, FieldLimits.name)
        let avatar = image.flatMap { RemoteURL.host(of: $0) != nil ? ResourceLocator.url($0) : nil }
        var feedAuthor = author ?? Author(
            name: title,
            handle: siteLink.flatMap(MentionDirectory.handle(fromProfileURL:)) ?? JSONFeedItemReader.handle(fromName: title))
        if feedAuthor.avatar == nil { feedAuthor.avatar = avatar }
        feedAuthor = FieldLimits.capped(feedAuthor)
        let read = items.map { entry in
            var item = entry.item
            if !entry.hasAuthor { item.author = feedAuthor }
            return item
        }
        let order = read.indices.sorted { i, j in read[i].isNewer(than: read[j]) || (!read[j].isNewer(than: read[i]) && i < j) }
        let sorted = order.map { read[$0] }
        let all = Array(sorted.indices)
        let withMedia = all.filter { !sorted[$0].media.isEmpty }
        let sections = [Section(name: "Timeline", itemIndices: all)] + (withMedia.isEmpty ? [] : [Section(name: "Media", itemIndices: withMedia)])
        var warnings: [String] = []
        if seen > items.count { warnings.append("\(url): \(seen) items, only the first \(items.count) read") }
        return XMLFeed(
            source: FeedSource(kind: kind, title: title, owner: nil, sections: sections, items: sorted, warnings: warnings),
            nextPage: next.flatMap { RemoteURL.host(of: $0) != nil ? $0 : nil })
    }
}
