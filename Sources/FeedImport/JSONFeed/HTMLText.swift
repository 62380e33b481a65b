internal import CLibXML2

/// Turns the small HTML of feed content (JSON Feed `content_html`, Mastodon posts) into plain text:
/// tags stripped, `<br>` a newline, paragraphs and blocks separated by a blank line, runs of
/// whitespace collapsed, character references decoded, `<script>`/`<style>` and Mastodon's
/// `invisible` spans dropped, an `ellipsis` span followed by `…`.
enum HTMLText {
    /// The plain text of `html`.
    static func plainText(_ html: String) -> String {
        var writer = Writer()
        let s = Array(html.unicodeScalars)
        var spans: [SpanClass] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "&" {
                let (decoded, next) = reference(in: s, at: i)
                if !spans.contains(.invisible) { decoded.forEach { writer.text($0) } }
                i = next
            } else if c == "<", let tag = Tag(s, at: i) {
                i = tag.end
                switch tag.name {
                case "br": writer.lineBreak(1)
                case "li": writer.lineBreak(1)
                case "p", "div", "blockquote", "ul", "ol", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "hr":
                    writer.lineBreak(2)
                case "span" where tag.isClosing:
                    if spans.popLast() == .ellipsis, !spans.contains(.invisible) { writer.text("…") }
                case "span" where !tag.selfCloses:
                    spans.append(tag.classes.contains("invisible") ? .invisible : tag.classes.contains("ellipsis") ? .ellipsis : .plain)
                case "script", "style", "!--":
                    i = skipRaw(s, from: i, until: tag.name == "!--" ? "-->" : "</" + tag.name)
                default: break
                }
            } else {
                if !spans.contains(.invisible) { writer.text(c) }
                i += 1
            }
        }
        return String(writer.out)
    }

    private enum SpanClass { case plain, invisible, ellipsis }

    /// The character a named reference (`eacute`, case-sensitive) stands for: libxml2's table of
    /// the HTML 4 entities, plus `apos` (XHTML, HTML5); nil for an unknown name.
    static func namedCharacter(_ name: String) -> Unicode.Scalar? {
        if name == "apos" { return "'" }
        guard let entity = htmlEntityLookup(Array(name.utf8) + [0]) else { return nil }
        return Unicode.Scalar(entity.pointee.value)
    }

    /// Decodes the reference starting with `&` at `i`; returns its scalars and the offset after it.
    private static func reference(in s: [Unicode.Scalar], at i: Int) -> ([Unicode.Scalar], Int) {
        var j = i + 1
        while j < s.count, j - i <= 32, s[j] != ";", s[j].properties.isAlphabetic || s[j] == "#" || s[j].properties.numericType != nil {
            j += 1
        }
        guard j < s.count, s[j] == ";" else { return (["&"], i + 1) }
        let name = String(String.UnicodeScalarView(s[(i + 1)..<j]))
        if let scalar = namedCharacter(name) { return ([scalar], j + 1) }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            if let value, let scalar = Unicode.Scalar(value), value != 0 { return ([scalar], j + 1) }
        }
        return (["&"], i + 1)
    }

    /// The offset just past the first `terminator` (case-insensitive) at or after `from`, or the end.
    private static func skipRaw(_ s: [Unicode.Scalar], from: Int, until terminator: String) -> Int {
        let t = Array(terminator.lowercased().unicodeScalars)
        var i = from
        while i + t.count <= s.count {
            if (0..<t.count).allSatisfy({ lower(s[i + $0]) == t[$0] }) {
                var end = i + t.count
                while end < s.count, s[end - 1] != ">" { end += 1 }
                return end
            }
            i += 1
        }
        return s.count
    }

    fileprivate static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(c) ? Unicode.Scalar(UInt8(c.value + 32)) : c
    }

    /// Accumulates text, collapsing whitespace and turning requested breaks into newlines between content.
    private struct Writer {
        /// The text produced so far.
        var out = String.UnicodeScalarView()
        /// Newlines owed before the next visible character (the largest break requested wins).
        var pendingBreak = 0
        /// True when whitespace was seen since the last character; it becomes one space before the next.
        var pendingSpace = false

        /// Requests at least `newlines` newlines before the next text (ignored at the very start).
        mutating func lineBreak(_ newlines: Int) { pendingBreak = max(pendingBreak, newlines) }

        /// Appends one scalar; whitespace is deferred and collapsed, pending breaks/space are written first.
        mutating func text(_ c: Unicode.Scalar) {
            if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" {
                pendingSpace = true
                return
            }
            if !out.isEmpty {
                if pendingBreak > 0 {
                    out.append(contentsOf: repeatElement("\n", count: pendingBreak))
                } else if pendingSpace {
                    out.append(" ")
                }
            }
            pendingBreak = 0
            pendingSpace = false
            out.append(c)
        }
    }

    /// One tag: its lowercased name (`!--` for a comment), whether it closes, and its `class` words.
    private struct Tag {
        /// Lowercased tag name, `!--` for a comment; empty until parsed.
        var name = ""
        /// True for a closing tag (`</name>`).
        var isClosing = false
        /// True when the tag ends with `/>`.
        var selfCloses = false
        /// The words of its `class` attribute, if any.
        var classes: [Substring] = []
        /// Offset just past the tag.
        var end = 0

        /// Reads the tag at `<` offset `i`; nil when it is not a tag (a lone `<` is text).
        init?(_ s: [Unicode.Scalar], at i: Int) {
            var j = i + 1
            if j < s.count, s[j] == "/" { isClosing = true; j += 1 }
            if j + 2 < s.count, s[j] == "!", s[j + 1] == "-", s[j + 2] == "-" {
                name = "!--"; end = j + 3
                return
            }
            let nameStart = j
            while j < s.count, s[j].isASCII, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) { j += 1 }
            guard j > nameStart else { return nil }
            name = String(String.UnicodeScalarView(s[nameStart..<j].map(HTMLText.lower)))
            let attributesStart = j
            var quote: Unicode.Scalar?
            while j < s.count {
                if let q = quote {
                    if s[j] == q { quote = nil }
                } else if s[j] == "\"" || s[j] == "'" {
                    quote = s[j]
                } else if s[j] == ">" {
                    break
                }
                j += 1
            }
            guard j < s.count else { return nil }
            end = j + 1
            selfCloses = j > attributesStart && s[j - 1] == "/"
            classes = Self.classAttribute(String(String.UnicodeScalarView(s[attributesStart..<j])))
        }

        /// The words of `class="…"` in an attribute string.
        private static func classAttribute(_ attributes: String) -> [Substring] {
            guard let range = attributes.firstRange(of: "class=") else { return [] }
            let rest = attributes[range.upperBound...]
            guard let q = rest.first, q == "\"" || q == "'" else {
                return rest.split(whereSeparator: { $0 == " " || $0 == "/" }).prefix(1).map { $0 }
            }
            let value = rest.dropFirst().prefix { $0 != q }
            return value.split(separator: " ")
        }
    }
}
