import PlumageCore

/// The longest names, handles, titles, alt texts, post texts and URLs the readers keep, decided
/// here for every format (Twitter/X, Mastodon, JSON Feed): a longer text is cut and ends with "…",
/// a longer URL dropped. Real values are
/// far shorter (X caps display names at 50 characters, Mastodon alt text at 1,500); the caps only
/// keep a hostile file's 50 MB name from being copied into every row, title and dump.
public enum FieldLimits {
    /// Most Unicode scalars of a display name or a feed's title.
    public static let name = 1_000
    /// Most Unicode scalars of a handle.
    public static let handle = 1_000
    /// Most Unicode scalars of an image's alt text.
    public static let alt = 10_000
    /// Most UTF-8 bytes of a URL or path (a link's target, an avatar, a medium's file or address):
    /// a longer one is dropped, never cut (a cut URL leads somewhere else). Browsers and servers
    /// stop near 8 KiB too.
    public static let url = 8_192
    /// Most UTF-8 bytes of a host name (DNS allows 253).
    public static let host = 253
    /// Most Unicode scalars of a post's text: five times what a cell lays out
    /// (`EntityDetector.scanLimit`, all that entity detection reads); entities past the cut go.
    public static let text = EntityDetector.scanLimit
    /// Most Unicode scalars of a date problem, which quotes the source's unreadable date.
    public static let problem = 1_000
    /// Most UTF-8 bytes of a BlurHash: a longer one is dropped (9×9 components take 166).
    public static let blurhash = 256

    /// `text` cut to at most `limit` Unicode scalars, the last of them "…" when it was cut.
    public static func capped(_ text: String, _ limit: Int) -> String {
        // A native string knows its UTF-8 length at once, and it is never shorter than its scalars.
        guard text.utf8.count > limit else { return text }
        var scalars = text.unicodeScalars.prefix(limit)
        guard scalars.endIndex < text.unicodeScalars.endIndex else { return text }
        scalars = scalars.dropLast()
        return String(String.UnicodeScalarView(scalars)) + "…"
    }

    /// `author` with its name and handle capped, and without an avatar whose path or URL is too long.
    public static func capped(_ author: Author) -> Author {
        Author(name: capped(author.name, name), handle: capped(author.handle, handle), avatar: dropped(author.avatar, url))
    }

    /// `item` within every limit: author as above, text cut (with the entities reaching past the
    /// cut left out), links whose target is too long left as plain text, media paths and hosts too
    /// long dropped (the medium shows as missing), alt text and the date problem cut; a content
    /// warning and a card's title and site cut like a name, a card whose URL is too long and a long
    /// blurhash dropped. Cheap for an item within the limits (lengths only).
    public static func capped(_ item: Item) -> Item {
        var item = item
        item.author = capped(item.author)
        item.dateProblem = item.dateProblem.map { capped($0, problem) }
        if item.text.utf8.count > text {
            item.text = capped(item.text, text)
            let kept = item.text.unicodeScalars.count - 1  // the scalars before "…"
            item.entities.removeAll { $0.end > kept }
        }
        item.entities.removeAll { $0.target.utf8.count > url }
        for i in item.media.indices {
            item.media[i].locator = dropped(item.media[i].locator, url)
            item.media[i].remoteHost = dropped(item.media[i].remoteHost, host)
            item.media[i].alt = item.media[i].alt.map { capped($0, alt) }
            item.media[i].blurhash = dropped(item.media[i].blurhash, blurhash)
        }
        item.contentWarning = item.contentWarning.map { capped($0, name) }
        if let card = item.card {
            item.card = card.url.utf8.count > url ? nil
                : LinkCard(title: capped(card.title, name), url: card.url, site: capped(card.site, name))
        }
        return item
    }

    /// `value`, or nil when it has more than `limit` UTF-8 bytes.
    private static func dropped(_ value: String?, _ limit: Int) -> String? {
        guard let value, value.utf8.count <= limit else { return nil }
        return value
    }

    /// `locator`, or nil when its path or URL (`description`) is longer than `limit` bytes.
    private static func dropped(_ locator: ResourceLocator?, _ limit: Int) -> ResourceLocator? {
        guard let locator, locator.description.utf8.count <= limit else { return nil }
        return locator
    }
}
