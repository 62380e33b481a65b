/// Which network a live post came from, for Smashtag's flow: in a Mastodon post a hashtag opens
/// that tag's live timeline on the same server and a mention the account's; in a Bluesky post a
/// mention opens the account. Posts of other sources (RSS, archives) search what is loaded.
public enum LiveOrigin: Hashable, Sendable {
    /// A Mastodon server, by its base URL (`https://mastodon.social`).
    case mastodon(server: String)
    /// Bluesky.
    case bluesky

    /// The origin of posts read from `address` as a source of `kind`; nil for kinds without one.
    public static func of(address: String, kind: SourceKind) -> LiveOrigin? {
        switch kind {
        case .mastodonTag, .mastodonAccount: serverBase(address).map { .mastodon(server: $0) }
        case .blueskyAccount: .bluesky
        default: nil
        }
    }

    /// The address a hashtag (`tag`, without `#`) of a post from here opens; nil when it is
    /// searched among the loaded posts instead.
    public func address(ofTag tag: String) -> String? {
        switch self {
        case .mastodon(let server): server + "/tags/" + tag
        case .bluesky: nil
        }
    }

    /// The address a mention (`handle`, without `@`: `user@host` or a Bluesky handle) opens.
    public func address(ofMention handle: String) -> String? {
        switch self {
        case .mastodon(let server): server + "/@" + handle
        case .bluesky: "https://bsky.app/profile/" + handle
        }
    }

    /// `scheme://authority` of an http(s) address, or `https://host` for `@user@host`; nil otherwise.
    static func serverBase(_ address: String) -> String? {
        if address.hasPrefix("@") {
            let parts = address.dropFirst().split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[1].isEmpty ? "https://" + parts[1].lowercased() : nil
        }
        guard let colon = address.firstIndex(of: ":") else { return nil }
        let scheme = address[..<colon].lowercased()
        let rest = address[address.index(after: colon)...]
        guard scheme == "http" || scheme == "https", rest.hasPrefix("//") else { return nil }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return authority.isEmpty ? nil : scheme + "://" + authority
    }
}
