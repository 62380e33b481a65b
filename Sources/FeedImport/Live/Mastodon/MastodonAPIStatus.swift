import PlumageCore

/// Turns one Mastodon API `Status` into an `Item`, with the archive's rules for its HTML
/// (`HTMLText` + `HTMLEntities`: paragraphs, `<br>`, invisible and ellipsis spans, `mention
/// hashtag` anchors as hashtags, `u-url mention` anchors as mentions qualified by the status's
/// `mentions`, other links as url entities).
///
/// - id: `id` (a string, kept as is); date: `created_at` (RFC 3339).
/// - kind: a `reblog` makes a repost (the boosted status's text, media, card and warning, written by
///   the boosted account as the Twitter archive shows retweets, with the boost's own id and date);
///   else `in_reply_to_id` a reply; else a `quote` (Mastodon 4.4+) a quote; else a post.
/// - author: `account` (`MastodonAPIAccount`).
/// - `spoiler_text` → `contentWarning` (whitespace collapsed; kept out of the text), `sensitive`,
///   `card` → `LinkCard` (title, url, `provider_name` or the URL's host), `media_attachments` →
///   `MastodonAPIMedia`; a poll's options follow the text as the archive writes them.
enum MastodonAPIStatus {
    /// Why a status could not be read ("no id").
    struct Unreadable: Error { let reason: String }

    /// The item of status `raw`, or why it is none.
    static func item(_ raw: JSONValue) -> Result<Item, Unreadable> {
        guard raw.object != nil else { return .failure(Unreadable(reason: "not an object")) }
        guard let id = raw["id"]?.idString, !id.isEmpty else { return .failure(Unreadable(reason: "no id")) }
        let (date, problem) = LiveJSON.date(raw["created_at"], field: "created_at")
        var shown = raw
        var kind = ItemKind.post
        if let reblog = raw["reblog"], reblog.object != nil {
            shown = reblog
            kind = .repost
        } else if let replyTo = raw["in_reply_to_id"], replyTo != .null {
            kind = .reply
        } else if let quote = raw["quote"], quote.object != nil {
            kind = .quote
        }
        guard let author = MastodonAPIAccount.author(shown["account"]) else {
            return .failure(Unreadable(reason: "no account"))
        }
        let display = text(of: shown)
        let media = (shown["media_attachments"]?.array ?? []).prefix(maxMedia).compactMap(MastodonAPIMedia.medium)
        let warning = LiveJSON.text(shown["spoiler_text"]).map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        return .success(FieldLimits.capped(Item(
            id: id, date: date, dateProblem: problem, author: author, kind: kind, text: display.text,
            entities: display.entities, media: media, contentWarning: warning,
            sensitive: shown["sensitive"] == .bool(true), card: card(shown["card"]))))
    }

    /// Most attachments read from one status (Mastodon allows 4).
    static let maxMedia = 16

    /// The display text of `status`'s `content` with its anchors as entities, the poll's lines after it.
    private static func text(of status: JSONValue) -> DisplayText {
        let html = HTMLText(html: status["content"]?.string ?? "")
        let body = HTMLEntities.displayText(html, mentions: mentions(in: status))
        let poll = pollLines(status["poll"])
        guard !poll.isEmpty else { return body }
        return DisplayText(text: body.text.isEmpty ? poll : body.text + "\n\n" + poll, entities: body.entities)
    }

    /// `mentions[]` (`acct`, `url`) as the directory that qualifies `@user` anchors: a local account's
    /// `acct` has no host, so the host of its `url` is added.
    private static func mentions(in status: JSONValue) -> MentionDirectory {
        MentionDirectory((status["mentions"]?.array ?? []).prefix(100).compactMap { mention in
            guard let acct = LiveJSON.text(mention["acct"]) else { return nil }
            let href = mention["url"]?.string
            return MentionDirectory.Account(handle: MastodonAPIAccount.qualified(acct, url: href), href: href)
        })
    }

    /// `• Option — 12 votes` per option, then `34 voters` when given (the archive's poll lines); empty without a poll.
    private static func pollLines(_ poll: JSONValue?) -> String {
        var lines: [String] = (poll?["options"]?.array ?? []).prefix(100).compactMap { option in
            guard let title = option["title"]?.string else { return nil }
            let line = "• " + title.split(whereSeparator: \.isNewline).joined(separator: " ")
            guard let votes = option["votes_count"]?.int else { return line }
            return line + " — \(votes) vote\(votes == 1 ? "" : "s")"
        }
        if !lines.isEmpty, let voters = poll?["voters_count"]?.int { lines.append("\(voters) voter\(voters == 1 ? "" : "s")") }
        return lines.joined(separator: "\n")
    }

    /// A `PreviewCard` with an http(s) `url`: its title, url and `provider_name` (else the URL's host).
    private static func card(_ raw: JSONValue?) -> LinkCard? {
        guard let raw, let url = LiveJSON.httpURL(raw["url"]), let host = RemoteURL.host(of: url) else { return nil }
        return LinkCard(title: raw["title"]?.string ?? "", url: url, site: LiveJSON.text(raw["provider_name"]) ?? host)
    }
}
