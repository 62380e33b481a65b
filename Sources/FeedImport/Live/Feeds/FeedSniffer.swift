/// What a response body is, decided from its bytes (a server's `Content-Type` may lie).
public enum FeedFormat: String, Hashable, Sendable {
    /// An RSS 2.0 (or RSS 1.0 / RDF) document: read by `XMLFeedReader`.
    case rss
    /// An Atom feed: read by `XMLFeedReader`.
    case atom
    /// A JSON Feed: read by `JSONFeedReader`.
    case jsonFeed = "json-feed"
    /// An HTML page: searched by `FeedDiscovery`.
    case html
    /// Anything else.
    case unknown
}

/// Tells RSS, Atom, JSON Feed and HTML apart by their first bytes.
///
/// A byte order mark (UTF-8, or UTF-16 in either order: every other byte is dropped for the look)
/// and leading whitespace are skipped. `{` is a JSON Feed when `jsonfeed.org/version/` appears in
/// the first 64 KiB (its required `version`; other JSON is unknown). `<`: the XML declaration,
/// processing instructions, comments and a doctype are skipped (a doctype `html` means HTML); then
/// the first element decides: `rss` or `RDF` (any prefix) → RSS, `feed` → Atom, `html`, `head`,
/// `body` or another common HTML element (any case) → HTML. Only the first 64 KiB are looked at.
public enum FeedSniffer {
    /// How many bytes are looked at.
    public static let window = 64 << 10

    /// The format of `bytes`.
    public static func format(of bytes: [UInt8]) -> FeedFormat {
        var s = Array(bytes.prefix(window))
        if s.starts(with: [0xEF, 0xBB, 0xBF]) {
            s.removeFirst(3)
        } else if s.starts(with: [0xFE, 0xFF]) || s.starts(with: [0xFF, 0xFE]) {
            let bigEndian = s[0] == 0xFE
            s = stride(from: bigEndian ? 3 : 2, to: s.count, by: 2).map { s[$0] }
        }
        var i = 0
        func skipSpace() { while i < s.count, isSpace(s[i]) { i += 1 } }
        skipSpace()
        guard i < s.count else { return .unknown }
        if s[i] == UInt8(ascii: "{") {
            return contains(s, Array("jsonfeed.org/version/".utf8)) ? .jsonFeed : .unknown
        }
        while i < s.count, s[i] == UInt8(ascii: "<") {
            if starts(s, at: i, "<?") {
                i = after(s, from: i, "?>")
            } else if starts(s, at: i, "<!--") {
                i = after(s, from: i + 4, "-->")
            } else if starts(s, at: i, "<!") {
                let keyword = name(s, from: i + 2).lowercased()
                if keyword == "doctype" {
                    var j = i + 9
                    while j < s.count, isSpace(s[j]) { j += 1 }
                    if name(s, from: j).lowercased() == "html" { return .html }
                }
                i = afterDeclaration(s, from: i)
            } else {
                let element = name(s, from: i + 1)
                let local = (element.split(separator: ":").last.map(String.init) ?? element)
                switch local {
                case "rss", "RDF": return .rss
                case "feed": return .atom
                default: return htmlElements.contains(element.lowercased()) ? .html : .unknown
                }
            }
            skipSpace()
        }
        return .unknown
    }

    /// Elements an HTML page may start with.
    private static let htmlElements: Set<String> = [
        "html", "head", "body", "meta", "title", "link", "script", "style", "div", "p", "base", "noscript", "header",
        "main", "table", "h1", "span", "a", "br",
    ]

    /// XML and HTML whitespace.
    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    /// True when `s` holds `text` at `i`.
    private static func starts(_ s: [UInt8], at i: Int, _ text: String) -> Bool {
        let t = Array(text.utf8)
        return i + t.count <= s.count && s[i..<(i + t.count)].elementsEqual(t)
    }

    /// The offset after the first `terminator` at or after `from`, or the end.
    private static func after(_ s: [UInt8], from: Int, _ terminator: String) -> Int {
        var i = from
        while i < s.count {
            if starts(s, at: i, terminator) { return i + terminator.utf8.count }
            i += 1
        }
        return s.count
    }

    /// The offset after a `<!…>` declaration starting at `from`, skipping a `[…]` internal subset.
    private static func afterDeclaration(_ s: [UInt8], from: Int) -> Int {
        var i = from, inSubset = false
        while i < s.count {
            if s[i] == UInt8(ascii: "[") { inSubset = true }
            if s[i] == UInt8(ascii: "]") { inSubset = false }
            if s[i] == UInt8(ascii: ">"), !inSubset { return i + 1 }
            i += 1
        }
        return s.count
    }

    /// The name starting at `from`: letters, digits and `:`, `-`, `_`, `.`.
    private static func name(_ s: [UInt8], from: Int) -> String {
        var j = from
        while j < s.count, HTMLTag.isAlphanumeric(s[j]) || s[j] == UInt8(ascii: ":") || s[j] == UInt8(ascii: "-")
            || s[j] == UInt8(ascii: "_") || s[j] == UInt8(ascii: ".")
        {
            j += 1
        }
        return String(decoding: s[from..<j], as: UTF8.self)
    }

    /// True when `needle` occurs in `haystack`.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count, let first = needle.first else { return false }
        var i = 0
        while i + needle.count <= haystack.count {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
