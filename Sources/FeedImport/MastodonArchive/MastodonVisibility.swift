/// Who a Mastodon status was addressed to, read from its ActivityPub `to` and `cc`.
enum MastodonVisibility: Hashable {
    /// The public collection is in `to`.
    case `public`
    /// The public collection is in `cc` (listed nowhere, visible to all).
    case unlisted
    /// Only a `…/followers` collection.
    case `private`
    /// Only the mentioned accounts: a direct message, never listed.
    case direct

    /// The visibility of an object with the recipients `to` and `cc` (strings or arrays of strings).
    init(to: JSONValue?, cc: JSONValue?) {
        let to = Self.recipients(to), cc = Self.recipients(cc)
        if to.contains(where: Self.isPublic) {
            self = .public
        } else if cc.contains(where: Self.isPublic) {
            self = .unlisted
        } else if (to + cc).contains(where: { $0.hasSuffix("/followers") }) {
            self = .private
        } else {
            self = .direct
        }
    }

    /// `https://www.w3.org/ns/activitystreams#Public`, `as:Public` or `Public` (all valid JSON-LD spellings).
    private static func isPublic(_ recipient: String) -> Bool {
        recipient == "https://www.w3.org/ns/activitystreams#Public" || recipient == "as:Public" || recipient == "Public"
    }

    private static func recipients(_ value: JSONValue?) -> [String] {
        if let one = value?.string { return [one] }
        return (value?.array ?? []).compactMap { $0.string ?? $0["id"]?.string }
    }
}
