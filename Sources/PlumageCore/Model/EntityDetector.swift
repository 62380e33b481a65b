/// Finds hashtags, @mentions and links in plain text, with offsets in Unicode scalars.
///
/// Rules (close to twitter-text, kept small):
/// - URL: `http://` or `https://` (any case) or a bare `www.` host, not preceded by a letter or digit;
///   it ends at whitespace, a control or a non-URL character (emoji, `<`, `>`, `"`, CJK punctuation);
///   trailing `.,!?:;'*` and unbalanced `)` / `]` are left out; a URL cut short by `…` is not a link.
/// - Hashtag: `#` or `＃`, then letters, digits, marks or `_` with at least one letter;
///   not preceded by a letter, digit, `_`, `&` or another `#`.
/// - Mention: `@` or `＠`, then 1–30 of `[A-Za-z0-9_]`, optionally `@instance.domain` (Mastodon);
///   not preceded by a word character or `@`, not followed by a word character.
public enum EntityDetector {
    /// Every entity in `text`, sorted by `start`, non-overlapping; `target` is the full URL,
    /// the tag without `#` or the handle without `@` (including `@instance` when present).
    public static func entities(in text: String) -> [Entity] {
        let scalars = Array(text.unicodeScalars)
        var found: [Entity] = []
        var i = 0
        while i < scalars.count {
            // Only these scalars can start an entity; checking them first keeps plain text cheap.
            let entity: Entity? =
                switch scalars[i] {
                case "h", "H", "w", "W": url(in: scalars, at: i)
                case "@", "＠": mention(in: scalars, at: i)
                case "#", "＃": hashtag(in: scalars, at: i)
                default: nil
                }
            if let entity {
                found.append(entity)
                i = entity.end
            } else {
                i += 1
            }
        }
        return found
    }

    // MARK: URLs

    private static func url(in s: [Unicode.Scalar], at i: Int) -> Entity? {
        guard isBoundary(before: i, in: s) else { return nil }
        let hostStart: Int
        if let schemeEnd = schemeEnd(in: s, at: i) {
            hostStart = schemeEnd
        } else if matches("www.", in: s, at: i), i == 0 || !isOneOf(s[i - 1], "./@-") {
            hostStart = i
        } else {
            return nil
        }
        var end = hostStart
        while end < s.count, isURLScalar(s[end]) { end += 1 }
        if end < s.count, s[end] == "…" { return nil }
        end = trimmedURLEnd(s, from: hostStart, to: end)
        guard hasHost(s, from: hostStart, to: end) else { return nil }
        if hostStart == i {
            guard isDomain(s, from: i + 4, to: hostEnd(s, from: i, to: end)) else { return nil }
        }
        let text = string(s, i, end)
        let target = hostStart == i ? "https://" + text : text
        return Entity(kind: .url, text: text, start: i, end: end, target: target)
    }

    /// The offset just past `http://` or `https://` at `i`, matched case-insensitively.
    private static func schemeEnd(in s: [Unicode.Scalar], at i: Int) -> Int? {
        for scheme in ["https://", "http://"] where matches(scheme, in: s, at: i) {
            return i + scheme.unicodeScalars.count
        }
        return nil
    }

    private static func matches(_ word: String, in s: [Unicode.Scalar], at i: Int) -> Bool {
        var j = i
        for w in word.unicodeScalars {
            guard j < s.count, lowerASCII(s[j]) == w else { return false }
            j += 1
        }
        return true
    }

    private static func isURLScalar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII {
            guard c.value > 0x20, c.value < 0x7F else { return false }
            switch c {
            case "<", ">", "\"", "`", "{", "}", "|", "\\", "^": return false
            default: return true
            }
        }
        return isWordScalar(c)
    }

    /// Drops trailing punctuation and closing brackets that have no opening partner inside the URL.
    private static func trimmedURLEnd(_ s: [Unicode.Scalar], from start: Int, to end: Int) -> Int {
        var end = end
        while end > start {
            let last = s[end - 1]
            if isOneOf(last, ".,!?:;'*") {
                end -= 1
            } else if last == ")" || last == "]" {
                let open: Unicode.Scalar = last == ")" ? "(" : "["
                let opens = s[start..<end].count { $0 == open }
                let closes = s[start..<end].count { $0 == last }
                guard closes > opens else { break }
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    /// The end of the host part: the first `/`, `?` or `#` after `start`, or `end`.
    private static func hostEnd(_ s: [Unicode.Scalar], from start: Int, to end: Int) -> Int {
        var j = start
        while j < end, !isOneOf(s[j], "/?#") { j += 1 }
        return j
    }

    private static func hasHost(_ s: [Unicode.Scalar], from start: Int, to end: Int) -> Bool {
        s[start..<hostEnd(s, from: start, to: end)].contains { isWordScalar($0) }
    }

    /// True for `label.label…` where the last label has at least two letters (a plausible TLD).
    private static func isDomain(_ s: [Unicode.Scalar], from start: Int, to end: Int) -> Bool {
        let labels = s[start..<end].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, tld.count >= 2 else { return false }
        return labels.allSatisfy { !$0.isEmpty } && tld.allSatisfy { $0.properties.isAlphabetic }
    }

    // MARK: Mentions

    private static func mention(in s: [Unicode.Scalar], at i: Int) -> Entity? {
        guard s[i] == "@" || s[i] == "＠", i == 0 || !(isWordScalar(s[i - 1]) || isAt(s[i - 1])) else { return nil }
        var end = i + 1
        while end < s.count, isHandleScalar(s[end]) { end += 1 }
        let handleLength = end - i - 1
        guard handleLength >= 1, handleLength <= 30 else { return nil }
        if end < s.count, isAt(s[end]) {
            guard let instanceEnd = domainEnd(in: s, from: end + 1) else { return nil }
            end = instanceEnd
        }
        if end < s.count, isWordScalar(s[end]) || isAt(s[end]) { return nil }
        let text = string(s, i, end)
        return Entity(kind: .mention, text: text, start: i, end: end, target: string(s, i + 1, end))
    }

    /// The end of a dotted ASCII domain starting at `start` (at least two labels), or nil.
    private static func domainEnd(in s: [Unicode.Scalar], from start: Int) -> Int? {
        var j = start, labels = 0, lastLabelEnd = start
        while true {
            let labelStart = j
            while j < s.count, s[j].isASCII, isWordScalar(s[j]) || s[j] == "-" { j += 1 }
            guard j > labelStart else { break }
            labels += 1
            lastLabelEnd = j
            guard j + 1 < s.count, s[j] == ".", isHandleScalar(s[j + 1]) else { break }
            j += 1
        }
        return labels >= 2 ? lastLabelEnd : nil
    }

    private static func isHandleScalar(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c))
    }

    /// True when `c` is one of the ASCII characters of `set`.
    private static func isOneOf(_ c: Unicode.Scalar, _ set: StaticString) -> Bool {
        guard c.isASCII else { return false }
        return set.withUTF8Buffer { $0.contains(UInt8(c.value)) }
    }

    private static func isAt(_ c: Unicode.Scalar) -> Bool { c == "@" || c == "＠" }

    // MARK: Hashtags

    private static func hashtag(in s: [Unicode.Scalar], at i: Int) -> Entity? {
        guard s[i] == "#" || s[i] == "＃" else { return nil }
        if i > 0 {
            let p = s[i - 1]
            guard !isWordScalar(p), p != "&", p != "#", p != "＃" else { return nil }
        }
        var end = i + 1, hasLetter = false
        while end < s.count, isWordScalar(s[end]) || isMark(s[end]) {
            hasLetter = hasLetter || s[end].properties.isAlphabetic
            end += 1
        }
        guard hasLetter else { return nil }
        return Entity(kind: .hashtag, text: string(s, i, end), start: i, end: end, target: string(s, i + 1, end))
    }

    // MARK: Scalars

    /// Letters, digits (any script) and `_`.
    private static func isWordScalar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII {
            let v = c.value | 0x20
            return (v >= 0x61 && v <= 0x7A) || (c.value >= 0x30 && c.value <= 0x39) || c == "_"
        }
        return c.properties.isAlphabetic || c.properties.numericType == .decimal
    }

    private static func isMark(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return c != "\u{FE0F}" && c != "\u{200D}"
        default: return false
        }
    }

    private static func isBoundary(before i: Int, in s: [Unicode.Scalar]) -> Bool {
        i == 0 || !isWordScalar(s[i - 1])
    }

    private static func lowerASCII(_ c: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(c) ? Unicode.Scalar(UInt8(c.value + 32)) : c
    }

    private static func string(_ s: [Unicode.Scalar], _ from: Int, _ to: Int) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity((to - from) * 2)
        for c in s[from..<to] { UTF8.encode(c) { utf8.append($0) } }
        return String(decoding: utf8, as: UTF8.self)
    }
}
