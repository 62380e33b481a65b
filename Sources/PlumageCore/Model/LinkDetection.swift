/// Links, after twitter-text's extraction rules, with the top-level domains given as a value.
extension EntityDetector {
    /// A link written with `http://` or `https://` (any case) at `i`: not after an ASCII letter or
    /// digit, `@`, `$` or `#`; the host's labels may be in any script (IDN). A `t.co` link ends after
    /// its slug (and query); a slug longer than 40 characters makes no link.
    func link(in s: [Unicode.Scalar], at i: Int) -> Entity? {
        let schemeLength = Self.matches("https://", in: s, at: i) ? 8 : Self.matches("http://", in: s, at: i) ? 7 : 0
        guard schemeLength > 0 else { return nil }
        if i > 0 {
            let before = s[i - 1]
            guard
                !(EntityScalars.isASCIIAlphanumeric(before) || EntityScalars.isOneOf(before, "@$#") || before == "＠"
                    || before == "＃"
                    || EntityScalars.isInvalid(before))
            else { return nil }
        }
        return link(in: s, from: i, hostStart: i + schemeLength, plain: false)
    }

    /// Whether a link without a scheme may start at `i`: the first ASCII host character of a run
    /// (so `これはexample.com` links `example.com`), not after `@`, `$`, `#`, `/` or a host character.
    func startsPlainHost(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        let c = s[i]
        guard EntityScalars.isPlainHostScalar(c), c != "-", c != "_" else { return false }
        guard i > 0 else { return true }
        let before = s[i - 1]
        return
            !(EntityScalars.isPlainHostScalar(before) || EntityScalars.isOneOf(before, "./@$#") || before == "＠"
            || before == "＃" || EntityScalars.isInvalid(before))
    }

    /// A link without a scheme at `i` (`example.com/path`, `t.co/abc`, `bücher.de`): its labels are
    /// ASCII or Latin letters with diacritics; its target gets `https://`. Without one, `next` is
    /// where an entity may start next: past a word of host characters without a dot, unless an `h`
    /// inside it may start a link with a scheme (`x-https://…`).
    func schemelessLink(in s: [Unicode.Scalar], at i: Int) -> (link: Entity?, next: Int) {
        var j = i + 1
        var schemeStart: Int?
        while j < s.count, EntityScalars.isPlainHostScalar(s[j]) {
            if schemeStart == nil, s[j] == "h" || s[j] == "H", !EntityScalars.isASCIIAlphanumeric(s[j - 1]) {
                schemeStart = j
            }
            j += 1
        }
        // Most words have no dot: leave them before collecting labels.
        guard j < s.count, s[j] == "." else { return (nil, schemeStart ?? j) }
        guard let link = link(in: s, from: i, hostStart: i, plain: true) else { return (nil, i + 1) }
        return (link, link.end)
    }

    private func link(in s: [Unicode.Scalar], from start: Int, hostStart: Int, plain: Bool) -> Entity? {
        guard let hostEnd = hostEnd(in: s, from: hostStart, plain: plain) else { return nil }
        var end = hostEnd
        if end + 1 < s.count, s[end] == ":", EntityScalars.isASCIIAlphanumeric(s[end + 1]), s[end + 1].value <= 0x39 {
            end += 1
            while end < s.count, ("0"..."9").contains(s[end]) { end += 1 }
        }
        if hostEnd - hostStart == 4, Self.matches("t.co", in: s, at: hostStart), end < s.count, s[end] == "/" {
            var slugEnd = end + 1
            while slugEnd < s.count, EntityScalars.isASCIIAlphanumeric(s[slugEnd]) { slugEnd += 1 }
            guard slugEnd - end - 1 <= 40 else { return nil }
            end = slugEnd > end + 1 ? slugEnd : Self.pathEnd(in: s, from: end + 1)
        } else if end < s.count, s[end] == "/" {
            end = Self.pathEnd(in: s, from: end + 1)
        }
        if end < s.count, s[end] == "?" { end = Self.queryEnd(in: s, from: end + 1) ?? end }
        // A link cut short by an ellipsis (a truncated retweet) would open the wrong page.
        guard end - start <= 4096, end == s.count || s[end] != "…" else { return nil }
        let text = Self.string(s, start, end)
        return Entity(
            kind: .url, text: text, start: start, end: end, target: hostStart == start ? "https://" + text : text)
    }

    /// The end of the longest valid host at `start`: two or more labels joined by single dots, the
    /// last a top-level domain of the set (it may be followed by a character that is no ASCII letter,
    /// digit, `@`, `+` or `-`: `example.comです`). Labels neither start nor end with `-` or `_`, the
    /// label before the top-level domain has no `_`, and each is at most 63 characters long (in
    /// Punycode); `plain` (no scheme) allows only `EntityScalars.isPlainHostScalar` before the
    /// top-level domain.
    func hostEnd(in s: [Unicode.Scalar], from start: Int, plain: Bool) -> Int? {
        var labels: [Range<Int>] = []
        var j = start
        while j < s.count {
            let labelStart = j
            while j < s.count, plain ? EntityScalars.isPlainHostScalar(s[j]) : EntityScalars.isHostScalar(s[j]) {
                j += 1
            }
            // Without a scheme, a label in another script can only be the top-level domain (`.みんな`).
            if plain, j > labelStart || !labels.isEmpty, j < s.count, s[j] != ".", EntityScalars.isHostScalar(s[j]) {
                let limit = min(s.count, labelStart + topLevelDomains.longestName + 1)
                while j < limit, EntityScalars.isHostScalar(s[j]) { j += 1 }
                if j > labelStart { labels.append(labelStart..<j) }
                break
            }
            guard j > labelStart else { break }
            labels.append(labelStart..<j)
            guard j + 1 < s.count, s[j] == ".", EntityScalars.isHostScalar(s[j + 1]) else { break }
            j += 1
        }
        guard labels.count >= 2 else { return nil }
        for k in stride(from: labels.count - 1, through: 1, by: -1) {
            guard let tldEnd = topLevelDomainEnd(in: s, label: labels[k]) else { continue }
            if Self.areValid(labels[0..<k], in: s, plain: plain), tldEnd - start <= 253 { return tldEnd }
        }
        return nil
    }

    /// The end of the longest prefix of `label` that is a top-level domain followed by a boundary.
    private func topLevelDomainEnd(in s: [Unicode.Scalar], label: Range<Int>) -> Int? {
        var end = min(label.upperBound, label.lowerBound + topLevelDomains.longestName)
        while end > label.lowerBound {
            let atBoundary =
                end == s.count || !(EntityScalars.isASCIIAlphanumeric(s[end]) || EntityScalars.isOneOf(s[end], "@+-"))
            if atBoundary, topLevelDomains.contains(Self.string(s, label.lowerBound, end)) { return end }
            end -= 1
        }
        return nil
    }

    private static func areValid(_ labels: ArraySlice<Range<Int>>, in s: [Unicode.Scalar], plain: Bool) -> Bool {
        for (index, label) in zip(labels.indices, labels) {
            let first = s[label.lowerBound], last = s[label.upperBound - 1]
            guard first != "-", first != "_", last != "-", last != "_" else { return false }
            if plain, !s[label].allSatisfy(EntityScalars.isPlainHostScalar) { return false }
            if index == labels.endIndex - 1, s[label].contains("_") { return false }
            if s[label].allSatisfy(\.isASCII) {
                guard label.count <= 63 else { return false }
                // An `xn--` label must be real Punycode of something.
                if matches("xn--", in: s, at: label.lowerBound),
                    Punycode.decode(string(s, label.lowerBound + 4, label.upperBound)) == nil
                {
                    return false
                }
            } else {
                guard let ascii = Punycode.encode(string(s, label.lowerBound, label.upperBound)),
                    ascii.utf8.count + 4 <= 63,
                    !matches("xn--", in: s, at: label.lowerBound)
                else { return false }
            }
        }
        return true
    }

    /// The end of a path whose first character is at `start` (just after `/`): path characters and
    /// balanced parentheses (one level nested), up to the last one a path may end with.
    private static func pathEnd(in s: [Unicode.Scalar], from start: Int) -> Int {
        var j = start, end = start
        while j < s.count {
            if s[j] == "(", let close = balancedParenthesesEnd(in: s, at: j) {
                j = close
                end = j
            } else if EntityScalars.isPathScalar(s[j]) {
                j += 1
                if EntityScalars.isPathEndScalar(s[j - 1]) { end = j }
            } else {
                break
            }
        }
        return end
    }

    /// The end of `(…)` at `i` holding path characters and at most one nested `(…)`, or nil.
    private static func balancedParenthesesEnd(in s: [Unicode.Scalar], at i: Int) -> Int? {
        var j = i + 1
        while j < s.count, EntityScalars.isPathScalar(s[j]) { j += 1 }
        guard j < s.count else { return nil }
        if s[j] == ")" { return j > i + 1 ? j + 1 : nil }
        guard s[j] == "(" else { return nil }
        let innerStart = j + 1
        j = innerStart
        while j < s.count, EntityScalars.isPathScalar(s[j]) { j += 1 }
        guard j > innerStart, j < s.count, s[j] == ")" else { return nil }
        j += 1
        while j < s.count, EntityScalars.isPathScalar(s[j]) { j += 1 }
        return j < s.count && s[j] == ")" ? j + 1 : nil
    }

    /// The end of a query whose first character is at `start` (just after `?`), or nil when none of
    /// its characters may end one.
    private static func queryEnd(in s: [Unicode.Scalar], from start: Int) -> Int? {
        var j = start, end: Int?
        while j < s.count, EntityScalars.isQueryScalar(s[j]) {
            j += 1
            if EntityScalars.isQueryEndScalar(s[j - 1]) { end = j }
        }
        return end
    }
}
