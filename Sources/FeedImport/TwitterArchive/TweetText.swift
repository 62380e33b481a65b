import Glibc
import PlumageCore

/// Turns a tweet's `full_text` and entity lists into display text (archive-formats.md §1.4).
///
/// Entity indices are `[start, end)` in Unicode scalars over the still-escaped text; each is checked
/// against the text and moved to its token when it does not match (`SourceEntities.validated`).
/// Then `&amp;` `&lt;` `&gt;` are unescaped (nothing else: a bare `&` stays), url entities show their
/// `display_url` and open `expanded_url ?? url`, and the media t.co link is removed (with the
/// whitespace it leaves at the end). A tweet without url entities gets its raw `http(s)://` links
/// linkified, never one cut short by `…` (a truncated retweet). A text longer than
/// `maxEntityText` bytes or with more than `maxEntities` entities (no real tweet comes near) is
/// shown plain, so hostile input cannot make the entity work slow.
struct TweetText: Sendable {
    /// Longest escaped text, in UTF-8 bytes, whose entities are read.
    static let maxEntityText = 16384
    /// Most entities (hashtags, mentions, URLs and the media link) read for one tweet.
    static let maxEntities = 200

    /// Finds raw links in tweets that list no url entities.
    let detector: EntityDetector

    /// The display text of escaped `raw` with the entities of `tweet` and its media list (whose
    /// first element's t.co link is removed).
    func display(raw: String, tweet: RawTweet, media: [RawTweet.RawMedia]) -> DisplayText {
        var given: [Entity] = []
        var shown: [String: String] = [:]
        for tag in tweet.hashtags {
            guard let text = tag.text, let start = tag.start, let end = tag.end else { continue }
            given.append(Entity(kind: .hashtag, text: "#" + text, start: start, end: end, target: text))
        }
        for mention in tweet.mentions {
            guard let handle = mention.text, let start = mention.start, let end = mention.end else { continue }
            given.append(Entity(kind: .mention, text: "@" + handle, start: start, end: end, target: handle))
        }
        for url in tweet.urls {
            guard let link = Self.nonEmpty(url.text), let start = url.start, let end = url.end else { continue }
            given.append(Entity(kind: .url, text: link, start: start, end: end, target: Self.nonEmpty(url.expanded) ?? link))
            if let display = Self.nonEmpty(url.display) { shown[link] = display }
        }
        var mediaLink: String?
        if let first = media.first?.link, let link = Self.nonEmpty(first.text), let start = first.start, let end = first.end {
            mediaLink = link
            given.append(Entity(kind: .url, text: link, start: start, end: end, target: link))
        }
        if raw.utf8.count > Self.maxEntityText || given.count > Self.maxEntities {
            return DisplayText(text: Self.unescaped(raw, entities: []).0, entities: [])
        }
        var (text, kept) = Self.unescaped(raw, entities: given.isEmpty ? [] : SourceEntities.validated(given, in: raw))
        // Links not covered by an entity: only when the text holds more `://` than the entities.
        if tweet.urls.isEmpty, Self.schemeMarks(in: text) > kept.reduce(0, { $0 + Self.schemeMarks(in: $1.text) }) {
            kept = Self.merged(kept, rawLinks(in: text))
        }
        // Without links, validated entities are already the display's (in bounds, sorted, apart).
        if !kept.contains(where: { $0.kind == .url }) { return DisplayText(text: text, entities: kept) }
        let removesMedia = kept.contains { $0.kind == .url && $0.text == mediaLink }
        var display = DisplayText.rewritingLinks(in: text, entities: kept) { entity in
            if entity.text == mediaLink { return "" }
            return shown[entity.text] ?? DisplayText.shortURL(entity.target)
        }
        if removesMedia, display.text.unicodeScalars.last?.properties.isWhitespace == true {
            let scalars = display.text.unicodeScalars
            let end = scalars.lastIndex { !$0.properties.isWhitespace }.map(scalars.index(after:)) ?? scalars.startIndex
            display.text = String(scalars[..<end])
        }
        return display
    }

    /// How many times `://` occurs in `text`.
    private static func schemeMarks(in text: String) -> Int {
        var count = 0
        var text = text
        text.withUTF8 { b in
            var i = 0
            while i + 2 < b.count {
                if b[i] == UInt8(ascii: ":"), b[i + 1] == UInt8(ascii: "/"), b[i + 2] == UInt8(ascii: "/") { count += 1 }
                i += 1
            }
        }
        return count
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
        var raw = raw
        guard raw.withUTF8({ $0.isEmpty ? false : memchr($0.baseAddress!, Int32(UInt8(ascii: "&")), $0.count) != nil }) else {
            return (raw, entities)
        }
        var out: [UInt8] = []
        // (raw scalar offset just past an escape, scalars removed by it and the ones before).
        var removals: [(end: Int, removed: Int)] = []
        raw.withUTF8 { b in
            out.reserveCapacity(b.count)
            var i = 0, scalar = 0
            while i < b.count {
                // Copy the run up to the next `&` in one piece, counting its scalars.
                var next = i
                while next < b.count, b[next] != UInt8(ascii: "&") {
                    if b[next] & 0xC0 != 0x80 { scalar += 1 }
                    next += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<next]))
                i = next
                guard i < b.count else { break }
                if let (byte, length) = escape(in: b, at: i) {
                    out.append(byte)
                    i += length
                    scalar += length
                    removals.append((scalar, (removals.last?.removed ?? 0) + length - 1))
                } else {
                    out.append(b[i])
                    scalar += 1
                    i += 1
                }
            }
        }
        // Scalars removed before `offset`: those of the last escape ending at or before it (binary search).
        func moved(_ offset: Int) -> Int {
            var low = 0, high = removals.count
            while low < high {
                let mid = (low + high) / 2
                if removals[mid].end <= offset { low = mid + 1 } else { high = mid }
            }
            return offset - (low > 0 ? removals[low - 1].removed : 0)
        }
        let rebased = entities.map { entity in
            var e = entity
            e.start = moved(entity.start)
            e.end = moved(entity.end)
            return e
        }
        return (String(decoding: out, as: UTF8.self), rebased)
    }

    /// The byte `&amp;`, `&lt;` or `&gt;` at `i` of `b` stands for, and the escape's length (in bytes,
    /// which are scalars here).
    private static func escape(in b: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt8, Int)? {
        func matches(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            return i + n <= b.count && (0..<n).allSatisfy { b[i + $0] == word.utf8Start[$0] }
        }
        if matches("&amp;") { return (UInt8(ascii: "&"), 5) }
        if matches("&lt;") { return (UInt8(ascii: "<"), 4) }
        if matches("&gt;") { return (UInt8(ascii: ">"), 4) }
        return nil
    }
}
