/// Finds hashtags, @mentions and links in plain text as Twitter's twitter-text library extracts them,
/// plus Mastodon's `@user@instance`; offsets count Unicode scalars.
///
/// - Hashtag: `#` or `＃`, then letters, marks and digits of any script, `_`, the word-internal
///   punctuation of `EntityScalars.isHashtagScalar` and ZWNJ/ZWJ between two of those, with at least
///   one letter or mark. Not after a letter, digit, `_`, `&`, `#`, `$`, `%` or `*`, not before
///   another `#` or `://` (`#http://…` is nothing), never inside a link.
/// - Mention: `@` or `＠` and 1–20 of `[A-Za-z0-9_]`, or a Mastodon `@user@instance.tld` (user 1–30
///   of `[A-Za-z0-9_.-]`, ending in a word character). Not after an ASCII letter, digit or one of
///   `_!#$%&*@＠` except in `RT@user`; not before `://`, a Latin letter with a diacritic, a longer handle
///   or an `@` that starts no instance.
/// - Link: see `link(in:at:)` and `schemelessLink(in:at:)`: with or without `http(s)://`, a valid host
///   ending in one of `topLevelDomains`, then a port, path and query with trailing punctuation left
///   out; a link cut short by `…` is not one.
public struct EntityDetector: Sendable {
    /// The top-level domains a link's host may end in.
    public let topLevelDomains: TopLevelDomains

    /// How many scalars of a text `entities(in:)` searches (5 × `TextLayout.maxCharacters`).
    public static let scanLimit = 5 * TextLayout.maxCharacters

    /// A detector that accepts links whose host ends in one of `topLevelDomains`.
    public init(topLevelDomains: TopLevelDomains) {
        self.topLevelDomains = topLevelDomains
    }

    /// Every entity in `text`, sorted by `start`, non-overlapping; `target` is the full URL (`https://`
    /// added to a link written without a scheme), the tag without `#` or the handle without `@`
    /// (with `@instance` when present). Only the first `scanLimit` scalars are searched, so a huge
    /// text costs no more than a long one (entities past them are not found).
    public func entities(in text: String) -> [Entity] {
        // Only the start of a huge text is read: it is all that is ever laid out (`TextLayout.maxCharacters`).
        var s = Array(text.unicodeScalars.prefix(Self.scanLimit + 1))
        let truncated = s.count > Self.scanLimit
        if truncated { s.removeLast() }
        var found: [Entity] = []
        var i = 0
        while i < s.count {
            // Only these scalars can start an entity; checking them first keeps plain text cheap.
            let entity: Entity? =
                switch s[i] {
                case "#", "＃": hashtag(in: s, at: i)
                case "@", "＠": mention(in: s, at: i)
                case "h", "H": link(in: s, at: i)
                default: nil
                }
            if let entity {
                found.append(entity)
                i = entity.end
            } else if startsPlainHost(s, at: i) {
                let (link, next) = schemelessLink(in: s, at: i)
                if let link { found.append(link) }
                i = next
            } else {
                i += 1
            }
        }
        // An entity reaching the cut may go on past it: not known whole, so not kept.
        if truncated, found.last?.end == s.count { found.removeLast() }
        return found
    }

    // MARK: Hashtags

    private func hashtag(in s: [Unicode.Scalar], at i: Int) -> Entity? {
        if i > 0 {
            let before = s[i - 1]
            let variationSelector = before == "\u{FE0E}" || before == "\u{FE0F}"
            if !variationSelector,
                EntityScalars.isHashtagScalar(before) || EntityScalars.isOneOf(before, "&#$%*") || before == "＃"
            {
                return nil
            }
        }
        var end = i + 1
        if end < s.count, s[end] == "\u{FE0F}" || s[end] == "\u{20E3}" { return nil }
        var hasLetter = false
        while end < s.count {
            let c = s[end]
            if EntityScalars.isHashtagScalar(c) {
                hasLetter = hasLetter || EntityScalars.isLetterOrMark(c)
            } else if !(EntityScalars.isJoiner(c) && end > i + 1 && end + 1 < s.count
                && EntityScalars.isHashtagScalar(s[end + 1]))
            {
                break
            }
            end += 1
        }
        guard hasLetter else { return nil }
        if end < s.count, s[end] == "#" || s[end] == "＃" || Self.matches("://", in: s, at: end) { return nil }
        return Entity(
            kind: .hashtag, text: Self.string(s, i, end), start: i, end: end, target: Self.string(s, i + 1, end))
    }

    // MARK: Mentions

    private func mention(in s: [Unicode.Scalar], at i: Int) -> Entity? {
        guard Self.mayStartMention(s, at: i) else { return nil }
        if let mastodon = instanceMention(in: s, at: i) { return mastodon }
        var end = i + 1
        while end < s.count, EntityScalars.isHandleScalar(s[end]) { end += 1 }
        guard (1...20).contains(end - i - 1) else { return nil }
        if end < s.count {
            let next = s[end]
            if next == "@" || next == "＠" || EntityScalars.isLatinAccent(next) || Self.matches("://", in: s, at: end) {
                return nil
            }
        }
        return Entity(
            kind: .mention, text: Self.string(s, i, end), start: i, end: end, target: Self.string(s, i + 1, end))
    }

    /// `@user@instance.tld` at `i`, or nil.
    private func instanceMention(in s: [Unicode.Scalar], at i: Int) -> Entity? {
        var userEnd = i + 1
        while userEnd < s.count, userEnd - i <= 31,
            EntityScalars.isHandleScalar(s[userEnd]) || s[userEnd] == "." || s[userEnd] == "-"
        {
            userEnd += 1
        }
        guard userEnd < s.count, s[userEnd] == "@" || s[userEnd] == "＠", (1...30).contains(userEnd - i - 1),
            EntityScalars.isHandleScalar(s[userEnd - 1]),
            let hostEnd = hostEnd(in: s, from: userEnd + 1, plain: false),
            hostEnd == s.count || !(s[hostEnd] == "＠" || EntityScalars.isHostScalar(s[hostEnd]))
        else { return nil }
        return Entity(
            kind: .mention, text: Self.string(s, i, hostEnd), start: i, end: hostEnd,
            target: Self.string(s, i + 1, hostEnd))
    }

    /// Whether an `@` at `i` may start a mention: at the start, after anything but an ASCII letter,
    /// digit or `_!#$%&*@＠`, or right after a standalone `RT` (any case).
    private static func mayStartMention(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        guard i > 0 else { return true }
        let before = s[i - 1]
        if !(EntityScalars.isHandleScalar(before) || EntityScalars.isOneOf(before, "!#$%&*@") || before == "＠") {
            return true
        }
        guard i >= 2, lowerASCII(s[i - 2]) == "r", lowerASCII(before) == "t" else { return false }
        return i == 2 || !(EntityScalars.isHandleScalar(s[i - 3]) || EntityScalars.isOneOf(s[i - 3], "+~.-"))
    }

    // MARK: Scalars

    /// True when `word` (lowercase ASCII) is at `i`, matched case-insensitively.
    static func matches(_ word: StaticString, in s: [Unicode.Scalar], at i: Int) -> Bool {
        word.withUTF8Buffer { bytes in
            guard i + bytes.count <= s.count else { return false }
            return bytes.indices.allSatisfy { lowerASCII(s[i + $0]).value == UInt32(bytes[$0]) }
        }
    }

    /// `c` with `A`–`Z` lowercased.
    static func lowerASCII(_ c: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(c) ? Unicode.Scalar(UInt8(c.value + 32)) : c
    }

    /// The scalars `from..<to` of `s` as a string.
    static func string(_ s: [Unicode.Scalar], _ from: Int, _ to: Int) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity((to - from) * 2)
        for c in s[from..<to] { UTF8.encode(c) { utf8.append($0) } }
        return String(decoding: utf8, as: UTF8.self)
    }
}
