/// The plain text of the small HTML of feed content (JSON Feed `content_html`, Mastodon posts) and
/// the links in it, from one pass over the markup.
///
/// Text: tags stripped, `<br>` and `<li>` a newline, paragraphs and blocks separated by a blank
/// line, runs of whitespace collapsed (none at either end), character references decoded (a bare
/// or unknown `&` stays), `<script>`, `<style>` and comments dropped, Mastodon's `invisible` spans
/// dropped and an `ellipsis` span followed by `…`.
///
/// Anchors: every `<a>` whose visible text is not empty, as a scalar range of `text` with its
/// `href` and `class` words. Anchors do not nest: an `<a>` opened inside another closes it first
/// (as browsers do), an unclosed one ends with the text, a stray `</a>` is ignored. Malformed markup
/// never fails: a `<` that starts no complete tag is text.
struct HTMLText: Hashable {
    /// The display text.
    var text: String
    /// The anchors in text order, non-overlapping.
    var anchors: [HTMLAnchor]

    /// Reads `html`.
    init(html: String) {
        var html = html
        (text, anchors) = html.withUTF8 { Self.read($0) }
    }

    /// The plain text of `html`.
    static func plainText(_ html: String) -> String { HTMLText(html: html).text }

    private enum SpanClass { case plain, invisible, ellipsis }

    /// One pass over UTF-8 `s`.
    private static func read(_ s: UnsafeBufferPointer<UInt8>) -> (String, [HTMLAnchor]) {
        var writer = HTMLTextWriter()
        var anchors: [HTMLAnchor] = []
        var openAnchor: HTMLAnchor?
        var spans: [SpanClass] = []
        var invisibleDepth = 0
        var tagsEnded = false  // set when a tag runs to the end: every later `<` is text

        func closeAnchor() {
            guard var anchor = openAnchor else { return }
            openAnchor = nil
            guard let (range, text) = writer.endMark() else { return }
            anchor.start = range.lowerBound
            anchor.end = range.upperBound
            anchor.text = text
            anchors.append(anchor)
        }

        var i = 0
        while i < s.count {
            let c = s[i]
            if c == UInt8(ascii: "&") {
                if let (decoded, next) = HTMLCharacterReference.decode(s, at: i) {
                    if invisibleDepth == 0 { writer.scalar(decoded) }
                    i = next
                } else {
                    if invisibleDepth == 0 { writer.byte(c) }
                    i += 1
                }
            } else if c == UInt8(ascii: "<"), !tagsEnded, let tag = HTMLTag(s, at: i, reachedEnd: &tagsEnded) {
                i = tag.end
                switch tag.name {
                case "br", "li": writer.lineBreak(1)
                case "p", "div", "blockquote", "ul", "ol", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "hr":
                    writer.lineBreak(2)
                case "a" where tag.isClosing:
                    closeAnchor()
                case "a" where !tag.selfCloses:
                    closeAnchor()
                    let attributes = tag.attributes(["href", "class"], in: s)
                    openAnchor = HTMLAnchor(
                        start: 0, end: 0, text: "", href: attributes["href"], classes: words(attributes["class"]))
                    writer.beginMark()
                case "span" where tag.isClosing:
                    switch spans.popLast() {
                    case .invisible: invisibleDepth -= 1
                    case .ellipsis where invisibleDepth == 0: writer.scalar("…")
                    default: break
                    }
                case "span" where !tag.selfCloses:
                    let classes = words(tag.attributes(["class"], in: s)["class"])
                    let kind: SpanClass = classes.contains("invisible") ? .invisible : classes.contains("ellipsis") ? .ellipsis : .plain
                    if kind == .invisible { invisibleDepth += 1 }
                    spans.append(kind)
                case "script", "style", "!--":
                    i = skipRaw(s, from: i, until: tag.name == "!--" ? "-->" : "</" + tag.name)
                default: break
                }
            } else {
                if invisibleDepth == 0 { writer.byte(c) }
                i += 1
            }
        }
        closeAnchor()
        return (String(decoding: writer.out, as: UTF8.self), anchors)
    }

    /// The words of a `class` attribute.
    private static func words(_ value: String?) -> [String] {
        (value ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    /// The offset just past the first `terminator` (ASCII, case-insensitive) at or after `from`, or the end.
    private static func skipRaw(_ s: UnsafeBufferPointer<UInt8>, from: Int, until terminator: String) -> Int {
        let t = Array(terminator.lowercased().utf8)
        var i = from
        while i + t.count <= s.count {
            if (0..<t.count).allSatisfy({ HTMLTag.lower(s[i + $0]) == t[$0] }) {
                var end = i + t.count
                while end < s.count, s[end - 1] != UInt8(ascii: ">") { end += 1 }
                return end
            }
            i += 1
        }
        return s.count
    }
}

/// One `<a>` of an `HTMLText`: the scalar range of its visible text and its attributes.
struct HTMLAnchor: Hashable {
    /// Offset of its first scalar in the text.
    var start: Int
    /// Offset one past its last scalar.
    var end: Int
    /// Its visible text: the scalars `start..<end` of the text.
    var text: String
    /// The `href` attribute, references decoded; nil when absent.
    var href: String?
    /// The words of its `class` attribute (`u-url`, `mention`).
    var classes: [String]
}
