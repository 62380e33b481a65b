import URLs
/// Finds the feed an HTML page announces: the first
/// `<link rel="alternate" type="application/rss+xml|application/atom+xml|application/feed+json" href>`,
/// with `rel` a set of space-separated tokens and `rel` and `type` compared without regard to case
/// (parameters after `;` in `type` ignored), resolved against the page's URL, or against its first
/// `<base href>` (itself resolved against the page's URL), per RFC 3986 §5.
///
/// Tags are read by the same scanner as `HTMLText`; comments, `<script>` and `<style>` are skipped.
public enum FeedDiscovery {
    /// A feed announced by a page.
    public struct Link: Hashable, Sendable {
        /// The feed's absolute URL.
        public var url: String
        /// What the `type` attribute announces: `.rss`, `.atom` or `.jsonFeed`.
        public var format: FeedFormat
        /// The link's `title` attribute, nil when absent.
        public var title: String?
    }

    /// The first feed `html` (the body of `pageURL`) links to; throws `PAGE: no feed found (…)`.
    public static func feed(in html: [UInt8], pageURL: String) throws(SourceError) -> Link {
        let (link, base) = html.withUnsafeBufferPointer { scan($0) }
        guard let link else {
            throw SourceError(
                .invalidFeed, path: pageURL,
                reason: "no feed found (the page has no <link rel=\"alternate\"> of type RSS, Atom or JSON Feed)")
        }
        let pageBase = base.map { URIReference.resolve(cleaned($0), against: pageURL) } ?? pageURL
        return Link(url: URIReference.resolve(cleaned(link.url), against: pageBase), format: link.format, title: link.title)
    }

    /// Feed `type` values and what they announce.
    private static let types: [String: FeedFormat] = [
        "application/rss+xml": .rss, "application/atom+xml": .atom, "application/feed+json": .jsonFeed,
    ]

    /// The first feed link (its `href` as written) and the first `<base href>` of `s`.
    private static func scan(_ s: UnsafeBufferPointer<UInt8>) -> (Link?, base: String?) {
        var found: Link?
        var base: String?
        var tagsEnded = false
        var i = 0
        while i < s.count, found == nil || base == nil {
            guard s[i] == UInt8(ascii: "<"), !tagsEnded, let tag = HTMLTag(s, at: i, reachedEnd: &tagsEnded) else {
                i += 1
                continue
            }
            i = tag.end
            guard !tag.isClosing else { continue }
            switch tag.name {
            case "!--": i = skip(s, from: i, until: "-->")
            case "script", "style": i = skip(s, from: i, until: "</" + tag.name)
            case "base" where base == nil:
                base = tag.attributes(["href"], in: s)["href"]
            case "link" where found == nil:
                let a = tag.attributes(["rel", "type", "href", "title"], in: s)
                let rels = (a["rel"] ?? "").lowercased().split(whereSeparator: { " \t\n\r\u{0C}".contains($0) })
                let type = (a["type"] ?? "").split(separator: ";").first.map { String($0).lowercased().trimmingSpaces } ?? ""
                if rels.contains("alternate"), let format = types[type], let href = a["href"], !href.trimmingSpaces.isEmpty {
                    found = Link(url: href, format: format, title: a["title"])
                }
            default: break
            }
        }
        return (found, base)
    }

    /// The offset after the first `terminator` (ASCII, any case) at or after `from`, or the end.
    private static func skip(_ s: UnsafeBufferPointer<UInt8>, from: Int, until terminator: String) -> Int {
        let t = Array(terminator.utf8)
        var i = from
        while i + t.count <= s.count {
            if (0..<t.count).allSatisfy({ HTMLTag.lower(s[i + $0]) == t[$0] }) { return i + t.count }
            i += 1
        }
        return s.count
    }

    /// An `href` as a URL: surrounding whitespace removed, tabs and newlines inside dropped (as
    /// browsers do), spaces, controls and non-ASCII bytes percent-encoded.
    static func cleaned(_ href: String) -> String {
        var out = ""
        for b in href.trimmingSpaces.utf8 where b != 0x09 && b != 0x0A && b != 0x0D {
            if b <= 0x20 || b >= 0x7F {
                let hex = Array("0123456789ABCDEF")
                out += "%" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
            } else {
                out.unicodeScalars.append(Unicode.Scalar(b))
            }
        }
        return out
    }
}

private extension String {
    /// Without HTML whitespace at either end.
    var trimmingSpaces: String {
        let bytes = Array(utf8)
        var start = 0, end = bytes.count
        while start < end, HTMLTextWriter.isSpace(bytes[start]) { start += 1 }
        while end > start, HTMLTextWriter.isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
