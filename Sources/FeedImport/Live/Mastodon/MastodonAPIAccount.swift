import PlumageCore

/// A Mastodon API `Account` (`/api/v1/accounts/lookup`, a status's `account`): what finding an
/// account's statuses needs and how its posts are signed.
public struct MastodonAPIAccount: Hashable, Sendable {
    /// The account's id on the server asked (a string: `/api/v1/accounts/ID/statuses`).
    public var id: String
    /// `acct` as the server gives it: `user` for its own accounts, `user@host` for others.
    public var acct: String
    /// The author shown: `display_name` (else `username`, else the handle), handle `acct` with the
    /// host of the account's `url` added when it has none, avatar `.url(avatar)`.
    public var author: Author

    /// The account in `raw`, or nil without a string `id` and `acct`.
    init?(_ raw: JSONValue?) {
        guard let raw, let id = raw["id"]?.idString, !id.isEmpty, let author = Self.author(raw) else { return nil }
        self.id = id
        self.acct = raw["acct"]?.string ?? ""
        self.author = author
    }

    /// The author of account object `raw`; nil without an `acct`.
    static func author(_ raw: JSONValue?) -> Author? {
        guard let raw, let acct = LiveJSON.text(raw["acct"]) else { return nil }
        let handle = qualified(acct, url: raw["url"]?.string)
        let name = LiveJSON.text(raw["display_name"]) ?? LiveJSON.text(raw["username"]) ?? handle
        return FieldLimits.capped(Author(name: name, handle: handle, avatar: LiveJSON.httpURL(raw["avatar"]).map(ResourceLocator.url)))
    }

    /// `acct` without a leading `@`, and `@host` of `url` added when it names no host.
    static func qualified(_ acct: String, url: String?) -> String {
        let bare = String(acct.trimmingPrefix("@"))
        guard !bare.contains("@"), let host = url.flatMap(RemoteURL.host(of:)) else { return bare }
        return bare + "@" + host
    }
}

/// Reads `GET /api/v1/accounts/lookup?acct=…` and the instance probe.
public enum MastodonAccountReader {
    /// The account in `bytes` fetched from `url`; errors as `MastodonStatusesReader`'s, with
    /// `not a Mastodon account` for JSON of another shape.
    public static func account(_ bytes: [UInt8], url: String) throws(SourceError) -> MastodonAPIAccount {
        let root = try LiveJSON.parse(bytes, url: url)
        guard root.object != nil, let account = MastodonAPIAccount(root) else {
            throw LiveJSON.notA("a Mastodon account", root: root, url: url)
        }
        return account
    }

    /// Whether `bytes` (the answer of `/api/v2/instance` or `/api/v1/instance`) say the server speaks
    /// the Mastodon API: a JSON object with a string `domain` (v2) or `uri` (v1). Never throws:
    /// anything else is false.
    public static func isMastodonInstance(_ bytes: [UInt8]) -> Bool {
        guard bytes.count <= LiveJSON.maxBytes, let root = try? JSONParser.parse(bytes), root.object != nil else { return false }
        return LiveJSON.text(root["domain"]) != nil || LiveJSON.text(root["uri"]) != nil
    }
}
