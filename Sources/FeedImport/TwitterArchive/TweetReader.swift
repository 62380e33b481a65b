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

    /// The item of the element at the cursor, or nil when it is not an object with an id.
    func item(_ cursor: inout JSONCursor) throws(JSONSyntaxError) -> Item? {
        guard let tweet = try TweetDecoder.decode(&cursor) else { return nil }
        return item(tweet)
    }

    /// The item of `tweet`, or nil when it has no id.
    func item(_ tweet: RawTweet) -> Item? {
        guard let id = tweet.id, !id.isEmpty else { return nil }
        let raw = tweet.text ?? ""
        let mediaList = tweet.extendedMedia.isEmpty ? tweet.media : tweet.extendedMedia
        let kind = Self.kind(of: tweet, raw: raw)
        let display = text.display(raw: raw, tweet: tweet, media: mediaList)
        var date: Timestamp?
        var problem: String?
        if let created = tweet.createdAt {
            date = TwitterDate.timestamp(created)
            if date == nil { problem = "created_at '\(created)' is not a Twitter date" }
        } else {
            problem = tweet.createdAtIsString ? "no created_at" : "created_at is not a string"
        }
        return FieldLimits.capped(Item(
            id: id, date: date, dateProblem: problem, author: kind == .repost ? Self.retweeted(tweet, raw: raw) ?? owner : owner,
            kind: kind, text: display.text, entities: display.entities, media: media.media(mediaList, tweetID: id)))
    }

    /// reply, repost, quote or post.
    static func kind(of tweet: RawTweet, raw: String) -> ItemKind {
        if tweet.repliesTo { return .reply }
        if tweet.hasRetweetedStatus || raw.utf8.starts(with: "RT @".utf8) || raw.utf8.starts(with: "RT: ".utf8) { return .repost }
        if tweet.urls.contains(where: { $0.expanded.map(isStatusLink) == true }) { return .quote }
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
    static func retweeted(_ tweet: RawTweet, raw: String) -> Author? {
        if let handle = tweet.retweetedHandle, !handle.isEmpty {
            return FieldLimits.capped(Author(name: tweet.retweetedName ?? handle, handle: handle))
        }
        let rest = raw.utf8.starts(with: "RT @".utf8) ? raw.dropFirst(4) : raw.utf8.starts(with: "RT: @".utf8) ? raw.dropFirst(5) : nil
        guard let rest else { return nil }
        let handle = rest.unicodeScalars.prefix { c in
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_"
        }.prefix(20)
        guard !handle.isEmpty else { return nil }
        let name = String(String.UnicodeScalarView(handle))
        return Author(name: name, handle: name)
    }
}
