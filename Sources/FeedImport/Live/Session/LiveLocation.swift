import URLs

/// What a typed or given address asks for, before any server has answered: which API to try
/// first. Only `bsky.app/profile/…` is decided by its host; a Mastodon-shaped path is tried as
/// Mastodon only if the server answers the instance probe, otherwise it is fetched as a web page.
public enum LiveLocation: Hashable, Sendable {
    /// A Bluesky account (`https://bsky.app/profile/HANDLE_OR_DID`): the AppView's author feed.
    case bluesky(actor: String)
    /// `BASE/tags/TAG`: a Mastodon hashtag timeline if `BASE` is a Mastodon server.
    case mastodonTag(base: String, tag: String, url: String)
    /// `BASE/@user[@host]`, or `@user@host` typed: an account's statuses if `BASE` is a Mastodon server.
    case mastodonAccount(base: String, acct: String, url: String)
    /// Anything else: fetched, and read as a feed or searched for one.
    case web(url: String)

    /// The address `text` names, or nil when it is neither an http(s) URL nor `@user@host`.
    /// Surrounding spaces are ignored; a URL keeps its spelling (it is what the server sees).
    public static func parse(_ text: String) -> LiveLocation? {
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if let (user, host) = Self.handle(trimmed) {
            let base = "https://" + host
            return .mastodonAccount(base: base, acct: user, url: base + "/@" + user)
        }
        let parts = URIReference(parsing: trimmed)
        guard let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let authority = parts.authority, !authority.isEmpty,
              !trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return nil }
        let base = scheme + "://" + authority
        let segments = parts.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let host = parts.host ?? ""
        if host == "bsky.app", segments.count >= 2, segments[0] == "profile", !segments[1].isEmpty {
            return .bluesky(actor: percentDecoded(segments[1]))
        }
        // A trailing slash names the same page.
        let named = segments.last == "" ? Array(segments.dropLast()) : segments
        if named.count == 2, named[0] == "tags", !named[1].isEmpty {
            return .mastodonTag(base: base, tag: percentDecoded(named[1]), url: trimmed)
        }
        if named.count == 1, named[0].hasPrefix("@"), named[0].count > 1 {
            return .mastodonAccount(base: base, acct: percentDecoded(String(named[0].dropFirst())), url: trimmed)
        }
        return .web(url: trimmed)
    }

    /// `@user@host` (or `user@host`) split into its parts; nil for anything else.
    static func handle(_ text: String) -> (String, String)? {
        let body = text.hasPrefix("@") ? Substring(text.dropFirst()) : Substring(text)
        let parts = body.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              parts.allSatisfy({ $0.unicodeScalars.allSatisfy(Self.isHandleScalar) })
        else { return nil }
        return (String(parts[0]), parts[1].lowercased())
    }

    /// Letters, digits, `_`, `-`, `.`: what user names and host names are made of.
    private static func isHandleScalar(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_" || s == "-" || s == "."
    }

    /// `%XX` sequences decoded (UTF-8); invalid ones kept as written.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with everything but unreserved characters percent-encoded: a query value.
    static func queryEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let s = Unicode.Scalar(byte)
            if ("A"..."Z").contains(s) || ("a"..."z").contains(s) || ("0"..."9").contains(s) || "-._~".unicodeScalars.contains(s) {
                out.unicodeScalars.append(s)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
