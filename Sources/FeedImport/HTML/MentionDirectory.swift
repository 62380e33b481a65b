/// The accounts a post mentions, with their full handles (Mastodon's `tag[]` entries of type
/// `Mention`: `{"name": "@mcg@social.lol", "href": "https://social.lol/users/mcg"}`), used to
/// qualify the `@mcg` a post's text shows.
struct MentionDirectory {
    /// One mentioned account.
    struct Account: Hashable {
        /// `mcg@social.lol` (without the leading `@`).
        var handle: String
        /// The account's URL as the tag gives it, or nil.
        var href: String?
    }

    /// The accounts, in tag order.
    let accounts: [Account]

    /// A directory of `accounts`.
    init(_ accounts: [Account] = []) { self.accounts = accounts }

    /// The full handle for a mention written `@` + `written`, linking to `href`:
    /// 1. `written` already holds `@host` → itself;
    /// 2. the account whose `href` is `href`;
    /// 3. the account whose local part is `written` (any case), preferring the one on `href`'s host;
    /// 4. `user@host` read from a profile `href` (`https://host/@user`, `https://host/users/user`);
    /// 5. `written` as is.
    func handle(written: String, href: String?) -> String {
        if written.contains("@") { return written }
        if let href, let exact = accounts.first(where: { $0.href == href }) { return exact.handle }
        let local = written.lowercased()
        let sameLocal = accounts.filter { $0.handle.split(separator: "@").first.map { $0.lowercased() == local } ?? false }
        let hrefHost = href.flatMap(RemoteURL.host(of:))
        if let onHost = sameLocal.first(where: { account in hrefHost.map { account.handle.lowercased().hasSuffix("@" + $0) } ?? false }) {
            return onHost.handle
        }
        if let first = sameLocal.first { return first.handle }
        if let href, let profile = Self.handle(fromProfileURL: href) { return profile }
        return written
    }

    /// `https://host/@user` or `https://host/users/user` (any further path ignored) → `user@host`; nil otherwise.
    static func handle(fromProfileURL url: String) -> String? {
        guard let host = RemoteURL.host(of: url), let rest = RemoteURL.withoutScheme(url) else { return nil }
        let path = rest.prefix { $0 != "?" && $0 != "#" }.split(separator: "/").dropFirst()
        guard let first = path.first else { return nil }
        if first.hasPrefix("@"), first.count > 1, !first.dropFirst().contains("@") { return first.dropFirst() + "@" + host }
        if first == "users", let user = path.dropFirst().first, !user.isEmpty, !user.contains("@") { return user + "@" + host }
        return nil
    }
}
