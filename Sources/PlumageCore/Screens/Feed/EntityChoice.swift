/// What choosing an entity does, wherever it is chosen (a post's text, the details screen): a
/// hashtag or user of a live Mastodon or Bluesky post opens its live timeline (Smashtag's flow),
/// another one its search feed among the posts loaded; a link opens in the browser when it is http or https
/// and is refused with a notice otherwise; a video opens in the desktop's player.
public enum EntityChoice {
    /// The effect of choosing an entity of `kind` whose target is `target` (a tag, a handle, a URL)
    /// in a post of `source` (searched with `index` when it is the source's) that came from `origin`
    /// (nil: not from a live feed).
    public static func effect(of kind: EntityKind, target: String, in source: FeedSource, index: SearchIndex?,
                              origin: LiveOrigin? = nil) -> Effect {
        if let origin {
            let address = switch kind {
            case .hashtag: origin.address(ofTag: target)
            case .mention: origin.address(ofMention: target)
            case .url: String?.none
            }
            if let address { return .push(FeedScreen(live: LiveFeed(addresses: [address]))) }
        }
        return switch kind {
        case .hashtag: .push(FeedScreen.search("#" + target, in: source, index: index))
        case .mention: .push(FeedScreen.search("@" + target, in: source, index: index))
        case .url: open(target)
        }
    }

    /// Choosing a video or GIF (`media`, from a source of kind `source`): its file opens in the
    /// desktop's default program, a remote one in the browser (as a link, checked like one); one that
    /// is missing or never fetched gets a notice saying so.
    public static func play(_ media: Media, in source: SourceKind) -> Effect {
        let what = media.kind == .gif ? "GIF" : "video"
        guard let locator = media.locator else {
            if let host = media.remoteHost, !host.isEmpty { return .notice("\(what) on \(host) — not downloaded") }
            switch source {
            case .twitterArchive, .mastodonArchive: return .notice("\(what) not in the archive")
            case .demo, .jsonFeed, .photoFolder: return .notice("\(what) file not found")
            case .rss, .atom, .mastodonTag, .mastodonAccount, .blueskyAccount: return .notice("\(what) has no address")
            }
        }
        if case .url(let url) = locator { return open(url) }
        return .openFile(locator)
    }

    /// Opening a link: http and https go to the browser; anything else is refused with a notice.
    public static func open(_ url: String) -> Effect {
        let scheme = url.prefix { $0 != ":" }.lowercased()
        guard url.contains(":"), scheme == "http" || scheme == "https" else {
            return .notice("not opened: \(url) (only http and https links open in the browser)")
        }
        // No spaces or control characters (openers that fall back to $BROWSER split words), and a host.
        let rest = url.dropFirst(scheme.count + 1)
        guard rest.hasPrefix("//"), rest.count > 2,
              !url.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { return .notice("not opened: \(url) (not a well-formed link)") }
        return .openURL(url)
    }
}
