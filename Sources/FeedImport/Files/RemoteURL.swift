/// The few facts readers need about `http(s)` URLs, which Plumage never fetches.
enum RemoteURL {
    /// `url` without `http://` or `https://` (any case), or nil when it has another scheme or none.
    static func withoutScheme(_ url: String) -> Substring? {
        let head = url.prefix(8).lowercased()
        if head.hasPrefix("https://") { return url.dropFirst(8) }
        if head.hasPrefix("http://") { return url.dropFirst(7) }
        return nil
    }

    /// The host of an `http(s)` URL, lowercased, without user info or port (`cdn.example.com`,
    /// `[::1]`); nil for other URLs or an empty host.
    static func host(of url: String) -> String? {
        guard let rest = withoutScheme(url) else { return nil }
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            let bracketed = authority.prefix { $0 != "]" }
            return bracketed.count > 1 ? bracketed.lowercased() + "]" : nil
        }
        let host = authority.prefix { $0 != ":" }.lowercased()
        return host.isEmpty ? nil : host
    }
}
