/// The feed model: what every source (demo, JSON Feed, archives, photo folders, live feeds) is read into.

/// A person who writes items.
public struct Author: Hashable, Sendable {
    /// Display name ("Ada Lovelace").
    public var name: String
    /// Handle without the leading @ ("ada").
    public var handle: String
    /// Where the avatar image is, or nil when there is none.
    public var avatar: ResourceLocator?
    /// Creates an author.
    public init(name: String, handle: String, avatar: ResourceLocator? = nil) {
        self.name = name; self.handle = handle; self.avatar = avatar
    }
}

/// The kind of a highlighted span in an item's text.
public enum EntityKind: String, Hashable, Sendable, CaseIterable {
    case hashtag, mention, url
}

/// A highlighted span of an item's text: `start`/`end` count Unicode scalars, end exclusive.
public struct Entity: Hashable, Sendable {
    /// Whether the span is a hashtag, a mention or a URL.
    public var kind: EntityKind
    /// The exact substring of the item's text (`#tag`, `@user`, `example.com/path`).
    public var text: String
    /// Offset of the first scalar in the item's text.
    public var start: Int
    /// Offset one past the last scalar.
    public var end: Int
    /// Expanded URL, tag without `#`, or handle without `@`.
    public var target: String
    /// Creates an entity.
    public init(kind: EntityKind, text: String, start: Int, end: Int, target: String) {
        self.kind = kind; self.text = text; self.start = start; self.end = end; self.target = target
    }
}

/// The kind of an attached medium.
public enum MediaKind: String, Hashable, Sendable {
    case photo, video, gif
}

/// An attached photo, video or GIF; its size is known from metadata before any pixels load.
public struct Media: Hashable, Sendable {
    /// Whether the file is a photo, a video or an animated GIF.
    public var kind: MediaKind
    /// Where the file is, or nil when it is missing.
    public var locator: ResourceLocator?
    /// Width in pixels of the original (0 when unknown).
    public var width: Int
    /// Height in pixels of the original (0 when unknown).
    public var height: Int
    /// The author's description of the medium (Mastodon alt text), shown in the image view; nil when none.
    public var alt: String?
    /// Running time of a video or GIF in seconds, when the source gives it.
    public var duration: Double?
    /// The host of a remote medium that is never fetched (`cdn.example.com`), shown on its placeholder.
    public var remoteHost: String?
    /// The BlurHash (blurha.sh) of a remote medium (Mastodon's `blurhash`), shown until its pixels
    /// arrive; nil when the source gives none.
    public var blurhash: String?
    /// Creates a medium.
    public init(
        kind: MediaKind, locator: ResourceLocator?, width: Int, height: Int, alt: String? = nil, duration: Double? = nil,
        remoteHost: String? = nil, blurhash: String? = nil
    ) {
        self.kind = kind; self.locator = locator; self.width = width; self.height = height
        self.alt = alt; self.duration = duration; self.remoteHost = remoteHost; self.blurhash = blurhash
    }
    /// Height over width, or 3:4 landscape when unknown.
    public var aspect: Double { width > 0 && height > 0 ? Double(height) / Double(width) : 0.75 }
}

/// The preview of the link a post carries (Mastodon's `card`, a Bluesky external embed).
public struct LinkCard: Hashable, Sendable {
    /// The linked page's title (may be empty).
    public var title: String
    /// The linked page's http(s) URL.
    public var url: String
    /// Who publishes the page: the provider's name, else the URL's host (`example.com`).
    public var site: String
    /// Creates a card.
    public init(title: String, url: String, site: String) { self.title = title; self.url = url; self.site = site }
}

/// An item's live-only details, immutable and shared between copies of the item; compared by value.
final class LiveDetails: Hashable, Sendable {
    let contentWarning: String?
    let sensitive: Bool
    let card: LinkCard?

    private init(contentWarning: String?, sensitive: Bool, card: LinkCard?) {
        self.contentWarning = contentWarning; self.sensitive = sensitive; self.card = card
    }

    /// The details, or nil when there are none (what `Item` stores then).
    static func make(contentWarning: String?, sensitive: Bool, card: LinkCard?) -> LiveDetails? {
        contentWarning == nil && !sensitive && card == nil
            ? nil : LiveDetails(contentWarning: contentWarning, sensitive: sensitive, card: card)
    }

    static func == (a: LiveDetails, b: LiveDetails) -> Bool {
        a.contentWarning == b.contentWarning && a.sensitive == b.sensitive && a.card == b.card
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(contentWarning); hasher.combine(sensitive); hasher.combine(card)
    }
}

/// What an item is in its conversation.
public enum ItemKind: String, Hashable, Sendable {
    case post, reply, repost, quote
}

/// One tweet, toot or feed entry.
public struct Item: Hashable, Sendable, Identifiable {
    /// Source id, kept as a string (tweet ids exceed 2^53).
    public var id: String
    /// When the item was posted; nil when the source gives no usable date (see `dateProblem`).
    public var date: Timestamp?
    /// Why `date` is nil when the source's date could not be read ("date_published 'garbage' is not
    /// an RFC 3339 date"); nil when the date is fine or simply absent.
    public var dateProblem: String?
    /// Who wrote the item: name, handle and avatar head its cell.
    public var author: Author
    /// Post, reply, repost or quote.
    public var kind: ItemKind
    /// Display text (entities already unescaped and expanded).
    public var text: String
    /// Highlighted spans in `text`, sorted by `start`, non-overlapping.
    public var entities: [Entity]
    /// Attached photos, videos and GIFs in attachment order (a cell shows at most four).
    public var media: [Media]
    /// What only live posts have (content warning, sensitivity, link card), boxed: nil for the
    /// archives' hundreds of thousands of items, which then carry one pointer instead of ~70 bytes.
    private var live: LiveDetails?
    /// The content warning the text is collapsed behind (Mastodon's `spoiler_text`); nil when none.
    /// Live sources keep it here, out of `text` (archives still write it into `text` as `CW: …`).
    public var contentWarning: String? {
        get { live?.contentWarning }
        set { live = LiveDetails.make(contentWarning: newValue, sensitive: sensitive, card: card) }
    }
    /// True when the author marked the media sensitive: they stay hidden until clicked.
    public var sensitive: Bool {
        get { live?.sensitive ?? false }
        set { live = LiveDetails.make(contentWarning: contentWarning, sensitive: newValue, card: card) }
    }
    /// The preview of the link the item carries; nil when none.
    public var card: LinkCard? {
        get { live?.card }
        set { live = LiveDetails.make(contentWarning: contentWarning, sensitive: sensitive, card: newValue) }
    }
    /// Creates an item.
    public init(
        id: String, date: Timestamp?, dateProblem: String? = nil, author: Author, kind: ItemKind = .post, text: String,
        entities: [Entity] = [], media: [Media] = [], contentWarning: String? = nil, sensitive: Bool = false,
        card: LinkCard? = nil
    ) {
        self.id = id; self.date = date; self.dateProblem = dateProblem; self.author = author; self.kind = kind
        self.text = text; self.entities = entities; self.media = media
        live = LiveDetails.make(contentWarning: contentWarning, sensitive: sensitive, card: card)
    }

    /// The date in UTC ISO 8601, or "no date" followed by the problem in parentheses when there is one.
    public var dateDescription: String {
        if let date { return date.iso8601 }
        return dateProblem.map { "no date (\($0))" } ?? "no date"
    }

    /// True when `self` sorts before `other` newest first: later dates first, undated items last;
    /// false for equal dates (so a stable sort keeps their order).
    public func isNewer(than other: Item) -> Bool {
        switch (date, other.date) {
        case let (a?, b?): a > b
        case (.some, nil): true
        case (nil, _): false
        }
    }
}

/// A named list of items shown by the title picker (Timeline, Favorites, Media…).
public struct Section: Hashable, Sendable {
    /// Title shown in the bar and the section picker ("Timeline").
    public var name: String
    /// Indices into `FeedSource.items`, in display order (newest first).
    public var itemIndices: [Int]
    /// Creates a section.
    public init(name: String, itemIndices: [Int]) { self.name = name; self.itemIndices = itemIndices }
}

/// Where a feed came from.
public enum SourceKind: String, Hashable, Sendable {
    case demo
    case jsonFeed = "json-feed"
    case twitterArchive = "twitter-archive"
    case mastodonArchive = "mastodon-archive"
    case photoFolder = "photo-folder"
    /// An RSS 2.0 feed fetched from a URL.
    case rss
    /// An Atom feed fetched from a URL.
    case atom
    /// A Mastodon server's live hashtag timeline (`/api/v1/timelines/tag/:tag`).
    case mastodonTag = "mastodon-tag"
    /// A Mastodon account's live statuses (`/api/v1/accounts/:id/statuses`).
    case mastodonAccount = "mastodon-account"
    /// A Bluesky account's posts from the AppView (`app.bsky.feed.getAuthorFeed`).
    case blueskyAccount = "bluesky-account"
}

/// A whole parsed source: items newest first and the sections over them.
public struct FeedSource: Hashable, Sendable {
    /// Which kind of source the feed was read from.
    public var kind: SourceKind
    /// Name of the feed: the window title, and the bar title when there is no section.
    public var title: String
    /// The archive's owner, when the source has one.
    public var owner: Author?
    /// At least one section; the first is shown at start.
    public var sections: [Section]
    /// Items, newest first.
    public var items: [Item]
    /// Problems met while reading that did not stop it ("data/tweets-part1.js: 3:17: …"): a part that
    /// failed, a file that was skipped. Shown as a notice in the window, on stderr by `dump`.
    public var warnings: [String]
    /// Creates a source.
    public init(
        kind: SourceKind, title: String, owner: Author? = nil, sections: [Section], items: [Item], warnings: [String] = []
    ) {
        self.kind = kind; self.title = title; self.owner = owner; self.sections = sections; self.items = items
        self.warnings = warnings
    }
}
