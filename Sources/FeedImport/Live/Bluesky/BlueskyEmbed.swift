import PlumageCore

/// What a Bluesky PostView's `embed` (the hydrated view, with CDN URLs) adds to an item:
/// - `app.bsky.embed.images#view`: photos (`fullsize` as `.url`, `alt`, `aspectRatio` as width and height);
/// - `app.bsky.embed.video#view`: a video whose picture is its `thumbnail` (`.url`; without one the
///   medium has no locator and names the playlist's host), `alt`, `aspectRatio`;
/// - `app.bsky.embed.external#view`: a link card (`title`, `uri`, the URI's host as site);
/// - `app.bsky.embed.record#view`: a quoted post, which makes the item a quote;
/// - `app.bsky.embed.recordWithMedia#view`: a quote and its `media` (one of the above).
struct BlueskyEmbed {
    /// Photos and videos in order.
    var media: [Media] = []
    /// The link card, if any.
    var card: LinkCard?
    /// True when the post quotes another.
    var quotes = false

    /// Most images read from one embed (Bluesky allows 4).
    static let maxImages = 16

    /// Reads `embed`; an unknown or malformed one adds nothing.
    init(_ embed: JSONValue?) {
        guard let embed else { return }
        switch embed["$type"]?.string {
        case "app.bsky.embed.record#view":
            quotes = true
        case "app.bsky.embed.recordWithMedia#view":
            quotes = true
            // The media view nests one level; it cannot hold another recordWithMedia.
            if embed["media"]?["$type"]?.string != "app.bsky.embed.recordWithMedia#view" {
                let inner = BlueskyEmbed(embed["media"])
                media = inner.media
                card = inner.card
            }
        case "app.bsky.embed.images#view":
            media = (embed["images"]?.array ?? []).prefix(Self.maxImages).compactMap { image in
                guard let url = LiveJSON.httpURL(image["fullsize"]) ?? LiveJSON.httpURL(image["thumb"]) else { return nil }
                let (w, h) = Self.aspect(image["aspectRatio"])
                return Media(kind: .photo, locator: .url(url), width: w, height: h, alt: LiveJSON.text(image["alt"]))
            }
        case "app.bsky.embed.video#view":
            let (w, h) = Self.aspect(embed["aspectRatio"])
            let thumbnail = LiveJSON.httpURL(embed["thumbnail"])
            media = [Media(
                kind: .video, locator: thumbnail.map(ResourceLocator.url), width: w, height: h, alt: LiveJSON.text(embed["alt"]),
                remoteHost: thumbnail == nil ? (embed["playlist"]?.string).flatMap(RemoteURL.host(of:)) : nil)]
        case "app.bsky.embed.external#view":
            let external = embed["external"]
            if let url = LiveJSON.httpURL(external?["uri"]), let host = RemoteURL.host(of: url) {
                card = LinkCard(title: external?["title"]?.string ?? "", url: url, site: host)
            }
        default: break
        }
    }

    /// `aspectRatio {width, height}` as a size, or 0 × 0.
    private static func aspect(_ value: JSONValue?) -> (Int, Int) {
        (LiveJSON.size(value?["width"]), LiveJSON.size(value?["height"]))
    }
}
