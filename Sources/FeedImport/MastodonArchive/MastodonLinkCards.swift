import PlumageCore

/// The Likes and Bookmarks of a Mastodon archive (`likes.json`, `bookmarks.json`: collections of
/// status URIs only) as text cards linking to each status.
enum MastodonLinkCards {
    /// The card of one element of `orderedItems` (a URI, or an object with an `id`): id
    /// `<idPrefix>:<uri>` (unique even when the owner liked their own status), no date, author named
    /// `authorName` with the status author's handle when the URI shows it
    /// (`https://host/users/u/statuses/1`, `https://host/@u/1` → `u@host`), else the host; text the
    /// URI shown short, a url entity. Nil when it names no URI.
    static func card(_ raw: JSONValue, idPrefix: String, authorName: String) -> Item? {
        guard let uri = raw.string ?? raw["id"]?.string, !uri.isEmpty else { return nil }
        let handle = MentionDirectory.handle(fromProfileURL: uri) ?? RemoteURL.host(of: uri) ?? "unknown"
        let card = MastodonStatusReader.linkText(prefix: "", uri: uri)
        return FieldLimits.capped(Item(
            id: idPrefix + ":" + uri, date: nil, author: Author(name: authorName, handle: handle), kind: .post,
            text: card.text, entities: card.entities))
    }
}
