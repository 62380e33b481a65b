import PlumageCore

/// Turns one element of a tweets file into an `Item` (archive-formats.md §7.1): every era's shape,
/// wrapped in `{"tweet": …}` or not, Grailbird's `text`, `user` and `retweeted_status` too.
///
/// Kinds: a reply has `in_reply_to_status_id(_str)`; else a repost starts `RT @` or `RT: ` (or has
/// Grailbird's `retweeted_status`); else a quote links `(twitter|x).com/<handle>/status/<id>` in
/// a url entity; else a post. The owner writes posts, replies and quotes; a repost's author is the
/// retweeted account (`retweeted_status.user`, else the handle after `RT @`, named by its handle,
/// without avatar), or the owner when the text names none.
struct TweetReader: Sendable {
    /// The archive's owner.
    let owner: Author
    /// Builds display text and entities.
    let text: TweetText
    /// Resolves media files.
    let media: TweetMedia

    /// The members read at any depth; the others (`source`, `edit_info`, counts, `sizes.thumb`…)
    /// are skipped unbuilt.
    static let keys = JSONKeyFilter([
        "tweet", "id_str", "id", "created_at", "full_text", "text", "entities", "extended_entities",
        "in_reply_to_status_id_str", "in_reply_to_status_id", "retweeted_status", "user", "name", "screen_name",
        "hashtags", "user_mentions", "urls", "media", "indices", "url", "expanded_url", "display_url",
        "type", "media_url_https", "media_url", "sizes", "large", "medium", "w", "h",
        "video_info", "variants", "bitrate", "content_type", "duration_millis", "aspect_ratio",
    ])

    /// The item of `element`, or nil when it is not an object with an id.
    func item(_ element: JSONValue) -> Item? {
        let tweet = element["tweet"] ?? element
        guard tweet.object != nil, let id = (tweet["id_str"] ?? tweet["id"])?.idString, !id.isEmpty else { return nil }
        let raw = tweet["full_text"]?.string ?? tweet["text"]?.string ?? ""
        let entities = tweet["entities"]
        let mediaList = TweetMedia.list(of: tweet)
        let kind = Self.kind(of: tweet, raw: raw)
        let display = text.display(raw: raw, entities: entities, media: mediaList)
        var date: Timestamp?
        var problem: String?
        switch tweet["created_at"] {
        case .string(let created)?:
            date = TwitterDate.timestamp(created)
            if date == nil { problem = "created_at '\(created)' is not a Twitter date" }
        case nil, .null?:
            problem = "no created_at"
        case _?:
            problem = "created_at is not a string"
        }
        return Item(
            id: id, date: date, dateProblem: problem, author: kind == .repost ? Self.retweeted(tweet, raw: raw) ?? owner : owner,
            kind: kind, text: display.text, entities: display.entities, media: media.media(mediaList, tweetID: id))
    }

    /// reply, repost, quote or post.
    static func kind(of tweet: JSONValue, raw: String) -> ItemKind {
        for key in ["in_reply_to_status_id_str", "in_reply_to_status_id"] {
            if let replied = tweet[key]?.idString, !replied.isEmpty { return .reply }
        }
        if tweet["retweeted_status"]?.object != nil || raw.hasPrefix("RT @") || raw.hasPrefix("RT: ") { return .repost }
        let urls = tweet["entities"]?["urls"]?.array ?? []
        if urls.contains(where: { ($0["expanded_url"]?.string).map(isStatusLink) == true }) { return .quote }
        return .post
    }

    /// Whether `url` is `http(s)://[www.|mobile.](twitter|x).com/<handle>/status/<digits>[/…|?…|#…]`.
    static func isStatusLink(_ url: String) -> Bool {
        guard hasStatusPath(url) else { return false }
        let lower = url.lowercased()
        guard let scheme = lower.firstRange(of: "://"), lower.hasPrefix("http") else { return false }
        var rest = lower[scheme.upperBound...]
        for prefix in ["www.", "mobile."] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        guard let slash = rest.firstIndex(of: "/"), ["twitter.com", "x.com"].contains(rest[..<slash]) else { return false }
        let parts = rest[rest.index(after: slash)...].prefix { $0 != "?" && $0 != "#" }.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[1] == "status", (1...15).contains(parts[0].count),
            parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
            !parts[2].isEmpty, parts[2].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return false }
        return true
    }

    /// Whether `url` holds `/status/` (a cheap test before the full one).
    private static func hasStatusPath(_ url: String) -> Bool {
        let needle = Array("/status/".utf8)
        var url = url
        return url.withUTF8 { b in
            guard b.count >= needle.count else { return false }
            return (0...(b.count - needle.count)).contains { i in
                b[i] == needle[0] && (1..<needle.count).allSatisfy { b[i + $0] == needle[$0] }
            }
        }
    }

    /// The retweeted account: Grailbird's `retweeted_status.user`, else the handle after `RT @` or
    /// `RT: @` (name = handle, no avatar); nil when there is none.
    static func retweeted(_ tweet: JSONValue, raw: String) -> Author? {
        if let user = tweet["retweeted_status"]?["user"], let handle = user["screen_name"]?.string, !handle.isEmpty {
            return Author(name: user["name"]?.string ?? handle, handle: handle)
        }
        let rest = raw.hasPrefix("RT @") ? raw.dropFirst(4) : raw.hasPrefix("RT: @") ? raw.dropFirst(5) : nil
        guard let rest else { return nil }
        let handle = rest.unicodeScalars.prefix { c in
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_"
        }.prefix(20)
        guard !handle.isEmpty else { return nil }
        let name = String(String.UnicodeScalarView(handle))
        return Author(name: name, handle: name)
    }
}
