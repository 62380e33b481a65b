import PlumageCore

/// Turns a tweet's `full_text` and entity lists into display text (archive-formats.md §1.4).
///
/// Entity indices are `[start, end)` in Unicode scalars over the still-escaped text; each is checked
/// against the text and moved to its token when it does not match (`SourceEntities.validated`).
/// Then `&amp;` `&lt;` `&gt;` are unescaped (nothing else: a bare `&` stays), url entities show their
/// `display_url` and open `expanded_url ?? url`, and the media t.co link is removed (with the
/// whitespace it leaves at the end). A tweet without url entities gets its raw `http(s)://` links
/// linkified, never one cut short by `…` (a truncated retweet).
struct TweetText: Sendable {
    /// Finds raw links in tweets that list no url entities.
    let detector: EntityDetector

    /// The display text of escaped `raw` with the tweet's `entities` object and its media list (whose
    /// first element's t.co link is removed).
    func display(raw: String, entities: JSONValue?, media: [JSONValue]) -> DisplayText {
        var given: [Entity] = []
        var shown: [String: String] = [:]
        for tag in entities?["hashtags"]?.array ?? [] {
            guard let text = tag["text"]?.string, let (start, end) = Self.indices(tag) else { continue }
            given.append(Entity(kind: .hashtag, text: "#" + text, start: start, end: end, target: text))
        }
        for mention in entities?["user_mentions"]?.array ?? [] {
            guard let handle = mention["screen_name"]?.string, let (start, end) = Self.indices(mention) else { continue }
            given.append(Entity(kind: .mention, text: "@" + handle, start: start, end: end, target: handle))
        }
        let urls = entities?["urls"]?.array ?? []
        for url in urls {
            guard let link = Self.nonEmpty(url["url"]?.string), let (start, end) = Self.indices(url) else { continue }
            given.append(Entity(kind: .url, text: link, start: start, end: end, target: Self.nonEmpty(url["expanded_url"]?.string) ?? link))
            if let display = Self.nonEmpty(url["display_url"]?.string) { shown[link] = display }
        }
        var mediaLink: String?
        if let first = media.first, let link = Self.nonEmpty(first["url"]?.string), let (start, end) = Self.indices(first) {
            mediaLink = link
            given.append(Entity(kind: .url, text: link, start: start, end: end, target: link))
        }
        var (text, kept) = Self.unescaped(raw, entities: SourceEntities.validated(given, in: raw))
        if urls.isEmpty, text.utf8.contains(UInt8(ascii: ":")) {
            kept = Self.merged(kept, rawLinks(in: text))
        }
        let removesMedia = kept.contains { $0.kind == .url && $0.text == mediaLink }
        var display = DisplayText.rewritingLinks(in: text, entities: kept) { entity in
            if entity.text == mediaLink { return "" }
            return shown[entity.text] ?? DisplayText.shortURL(entity.target)
        }
        if removesMedia {
            while let last = display.text.unicodeScalars.last, last.properties.isWhitespace {
                display.text.unicodeScalars.removeLast()
            }
        }
        return display
    }

    /// `[start, end]` of an entity's `indices` (strings or numbers).
    private static func indices(_ entity: JSONValue) -> (Int, Int)? {
        guard let pair = entity["indices"]?.array, pair.count == 2, let start = pair[0].int, let end = pair[1].int
        else { return nil }
        return (start, end)
    }

    private static func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }

    /// The `http://` and `https://` links EntityDetector finds in `text` (never one ending in `…`).
    private func rawLinks(in text: String) -> [Entity] {
        detector.entities(in: text).filter { entity in
            let scheme = entity.text.prefix(8).lowercased()
            return entity.kind == .url && (scheme.hasPrefix("http://") || scheme.hasPrefix("https://"))
        }
    }

    /// `kept` plus the entities of `extra` that overlap none of them, sorted.
    private static func merged(_ kept: [Entity], _ extra: [Entity]) -> [Entity] {
        let free = extra.filter { e in !kept.contains { $0.start < e.end && e.start < $0.end } }
        return (kept + free).sorted { $0.start < $1.start }
    }

    /// `raw` with `&amp;` `&lt;` `&gt;` unescaped, and `entities` (scalar ranges of `raw`) moved to
    /// the same characters of the result.
    static func unescaped(_ raw: String, entities: [Entity]) -> (String, [Entity]) {
        guard raw.utf8.contains(UInt8(ascii: "&")) else { return (raw, entities) }
        var out = String.UnicodeScalarView()
        // (raw scalar offset just past an escape, scalars removed by it and the ones before).
        var removals: [(end: Int, removed: Int)] = []
        let scalars = Array(raw.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "&", let (character, length) = escape(in: scalars, at: i) {
                out.append(character)
                i += length
                removals.append((i, (removals.last?.removed ?? 0) + length - 1))
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        func moved(_ offset: Int) -> Int {
            offset - (removals.last(where: { $0.end <= offset })?.removed ?? 0)
        }
        let rebased = entities.map { entity in
            var e = entity
            e.start = moved(entity.start)
            e.end = moved(entity.end)
            return e
        }
        return (String(out), rebased)
    }

    /// The character `&amp;`, `&lt;` or `&gt;` at `i` stands for, and the escape's length in scalars.
    private static func escape(in s: [Unicode.Scalar], at i: Int) -> (Unicode.Scalar, Int)? {
        func matches(_ word: String) -> Bool {
            let w = Array(word.unicodeScalars)
            return i + w.count <= s.count && s[i..<(i + w.count)].elementsEqual(w)
        }
        if matches("&amp;") { return ("&", 5) }
        if matches("&lt;") { return ("<", 4) }
        if matches("&gt;") { return (">", 4) }
        return nil
    }
}
