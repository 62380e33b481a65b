import PlumageCore

/// Reads the answer of `GET /api/v1/timelines/tag/:tag` or `/api/v1/accounts/:id/statuses` (a JSON
/// array of Mastodon `Status` entities) into a `LivePage`; see `MastodonAPIStatus` for one status.
/// At most `LiveJSON.maxItems` statuses are read; an element that is not a readable status is
/// passed over with a warning.
public enum MastodonStatusesReader {
    /// The page in `bytes`, fetched from `url` (which only names the source in errors). Errors:
    /// `URL: malformed JSON at LINE:COLUMN: …`, `URL: not a Mastodon statuses array`,
    /// `URL: the server answered: …` (an API error object), `URL: larger than 16 MiB, not read`.
    public static func read(_ bytes: [UInt8], url: String) throws(SourceError) -> LivePage {
        let root = try LiveJSON.parse(bytes, url: url)
        guard let statuses = root.array else { throw LiveJSON.notA("a Mastodon statuses array", root: root, url: url) }
        var items: [Item] = []
        var warnings: [String] = []
        func warn(_ message: String) { if warnings.count < LiveJSON.maxWarnings { warnings.append(message) } }
        for (index, raw) in statuses.prefix(LiveJSON.maxItems).enumerated() {
            switch MastodonAPIStatus.item(raw) {
            case .success(let item): items.append(item)
            case .failure(let why): warn("status \(index + 1): \(why.reason)")
            }
        }
        if statuses.count > LiveJSON.maxItems {
            warn("\(statuses.count - LiveJSON.maxItems) statuses past the first \(LiveJSON.maxItems) not read")
        }
        return LivePage(items: items, warnings: warnings)
    }
}
