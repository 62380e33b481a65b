import PlumageCore

/// Turns one activity of a Mastodon `outbox.json` into an `Item`; see `MastodonArchiveReader`.
struct MastodonStatusReader {
    /// The archive's owner, the author of every status and boost.
    let owner: Author
    /// Finds attachment files.
    let media: MastodonMediaResolver

    /// What became of one activity.
    enum Outcome {
        /// A listed status or boost.
        case item(Item)
        /// A direct message: read, never listed.
        case direct
        /// Not readable, with the reason (`no object id`).
        case skipped(String)
    }

    /// Reads a `Create` (of a `Note`, `Question` or other object) or an `Announce` (a boost).
    func read(_ activity: JSONValue) -> Outcome {
        switch activity["type"]?.string {
        case "Create": return status(activity)
        case "Announce": return boost(activity)
        case let other?: return .skipped("activity type \(other)")
        case nil: return .skipped(activity.object == nil ? "not an object" : "no activity type")
        }
    }

    /// A status: object id and date, HTML content with its anchors as entities, content warning
    /// first, poll options last; a reply when `inReplyTo` is set.
    private func status(_ activity: JSONValue) -> Outcome {
        guard let object = activity["object"], object.object != nil else { return .skipped("a Create without an object") }
        guard let id = object["id"]?.string ?? activity["id"]?.string else { return .skipped("a status without an id") }
        let visibility = MastodonVisibility(to: object["to"] ?? activity["to"], cc: object["cc"] ?? activity["cc"])
        if visibility == .direct { return .direct }
        let (date, problem) = Self.date(object["published"] ?? activity["published"])
        let html = HTMLText(html: Self.content(of: object))
        let body = HTMLEntities.displayText(html, mentions: Self.mentions(in: object))
        let display = Self.framed(body, warning: object["summary"]?.string, poll: Self.pollLines(of: object))
        let inReplyTo = object["inReplyTo"]
        let isReply = inReplyTo != nil && inReplyTo != .null
        let item = FieldLimits.capped(Item(
            id: id, date: date, dateProblem: problem, author: owner, kind: isReply ? .reply : .post,
            text: display.text, entities: display.entities,
            media: Self.list(object["attachment"]).compactMap(media.medium)))
        return .item(item)
    }

    /// A boost: the activity's id and date, text `Boosted <link>` with the status URI as a url entity.
    private func boost(_ activity: JSONValue) -> Outcome {
        guard let uri = activity["object"]?.string ?? activity["object"]?["id"]?.string, !uri.isEmpty else {
            return .skipped("an Announce without an object URI")
        }
        if MastodonVisibility(to: activity["to"], cc: activity["cc"]) == .direct { return .direct }
        let (date, problem) = Self.date(activity["published"])
        let card = Self.linkText(prefix: "Boosted ", uri: uri)
        let item = FieldLimits.capped(Item(
            id: activity["id"]?.string ?? "boost:" + uri, date: date, dateProblem: problem, author: owner, kind: .repost,
            text: card.text, entities: card.entities))
        return .item(item)
    }

    /// `prefix` followed by `uri` shown short, which is a url entity targeting `uri`.
    static func linkText(prefix: String, uri: String) -> DisplayText {
        let shown = DisplayText.shortURL(uri)
        let start = prefix.unicodeScalars.count
        let entity = Entity(kind: .url, text: shown, start: start, end: start + shown.unicodeScalars.count, target: uri)
        return DisplayText(text: prefix + shown, entities: [entity])
    }

    /// An RFC 3339 date, or nil and why (nil too when absent).
    private static func date(_ value: JSONValue?) -> (Timestamp?, String?) {
        guard let value, value != .null else { return (nil, nil) }
        guard let text = value.string else { return (nil, "published is not a string") }
        guard let date = RFC3339.timestamp(text) else { return (nil, "published '\(text)' is not an RFC 3339 date") }
        return (date, nil)
    }

    /// `content`, else the first `contentMap` value by language code, else empty.
    private static func content(of object: JSONValue) -> String {
        if let html = object["content"]?.string { return html }
        let byLanguage = object["contentMap"]?.object ?? [:]
        return byLanguage.keys.sorted().lazy.compactMap { byLanguage[$0]?.string }.first ?? ""
    }

    /// The `Mention` tags: `@mcg@social.lol` and the account's URL.
    private static func mentions(in object: JSONValue) -> MentionDirectory {
        MentionDirectory(
            list(object["tag"]).compactMap { tag in
                guard tag["type"]?.string == "Mention", let name = tag["name"]?.string else { return nil }
                let handle = String(name.trimmingPrefix("@"))
                return handle.isEmpty ? nil : MentionDirectory.Account(handle: handle, href: tag["href"]?.string)
            })
    }

    /// `body` under `CW: <warning>` and a blank line when there is a warning, followed by a blank
    /// line and the poll's lines when there is a poll; entities moved with the text.
    private static func framed(_ body: DisplayText, warning: String?, poll: [String]) -> DisplayText {
        var parts: [String] = []
        let summary = (warning ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !summary.isEmpty { parts.append("CW: " + summary) }
        let head = parts.isEmpty ? 0 : parts.joined(separator: "\n\n").unicodeScalars.count + (body.text.isEmpty ? 0 : 2)
        if !body.text.isEmpty { parts.append(body.text) }
        if !poll.isEmpty { parts.append(poll.joined(separator: "\n")) }
        let entities = body.entities.map { entity in
            var moved = entity
            moved.start += head
            moved.end += head
            return moved
        }
        return DisplayText(text: parts.joined(separator: "\n\n"), entities: entities)
    }

    /// A poll's lines: `• Option — 12 votes` per option (`oneOf`, else `anyOf`), then `34 voters`
    /// when `votersCount` is given; empty for a status without a poll.
    private static func pollLines(of object: JSONValue) -> [String] {
        let options = list(object["oneOf"]).isEmpty ? list(object["anyOf"]) : list(object["oneOf"])
        var lines: [String] = options.compactMap { option in
            guard let name = option["name"]?.string else { return nil }
            let line = "• " + name.split(whereSeparator: \.isNewline).joined(separator: " ")
            guard let votes = option["replies"]?["totalItems"]?.int else { return line }
            return line + " — " + counted(votes, "vote")
        }
        if !lines.isEmpty, let voters = object["votersCount"]?.int { lines.append(counted(voters, "voter")) }
        return lines
    }

    private static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// A JSON-LD value that may be one object or an array of them, as an array.
    static func list(_ value: JSONValue?) -> [JSONValue] {
        guard let value, value != .null else { return [] }
        return value.array ?? [value]
    }
}
