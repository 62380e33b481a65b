import URLs
import PlumageCore

/// Turns one RSS `item` or Atom `entry` into an `Item`.
///
/// - id: RSS `guid`, Atom `id`; else the link; else `hash-` and a 64-bit FNV-1a of title and date.
/// - date: RSS `pubDate` (`RFC822Date`, else RFC 3339), else `dc:date`; Atom `published`, else
///   `updated` (RFC 3339). Unreadable: no date and the problem.
/// - author: RSS `author` (`mail@host (Name)` → Name) or `dc:creator`; Atom `author/name`; else
///   none (the feed's author is filled in later).
/// - text: the title as a first paragraph (unless the body starts with it), then RSS
///   `content:encoded` else `description`, Atom `content` else `summary` (`type` text, html or
///   xhtml), all through `HTMLText` and `HTMLEntities` (anchors become entities, plain text is detected).
/// - media: see `XMLFeedMedia`.
struct XMLFeedItemReader {
    /// `.rss` or `.atom`.
    let kind: SourceKind
    /// The document's URL.
    let baseURL: String
    /// The namespace of Atom elements.
    let atomNamespace: String?
    /// Finds hashtags, mentions and links in plain text.
    let detector: EntityDetector

    /// The most bytes of an item's HTML read: the text keeps far fewer characters anyway.
    static let htmlLimit = 1 << 20

    /// The item, and whether it names its own author.
    func item(_ element: XMLElement, index: Int) -> (Item, hasAuthor: Bool) {
        let rss = kind == .rss
        let own: (XMLElement) -> Bool = { rss ? ($0.namespace == nil || $0.namespace == XMLNamespace.rss1) : $0.namespace == atomNamespace }
        var title: XMLElement?, guid: String?, link: String?, dateText: (field: String, value: String)?, dcDate: String?
        var author: Author?, body: XMLElement?, summary: XMLElement?, updated: String?
        for child in element.children {
            let name = child.localName
            if own(child) {
                switch name {
                case "title": title = title ?? child
                case "guid" where rss, "id" where !rss: guid = guid ?? child.text()
                case "link" where rss: link = link ?? child.text()
                case "link":
                    let rel = child.attribute("rel") ?? "alternate"
                    if rel == "alternate", let href = child.attribute("href") { link = link ?? href }
                case "pubDate" where rss, "published" where !rss: dateText = dateText ?? (name, child.text())
                case "updated" where !rss: updated = updated ?? child.text()
                case "author" where rss: author = author ?? Self.rssAuthor(child.text(limit: 4 * FieldLimits.name))
                case "author": author = author ?? Self.atomAuthor(child, namespace: atomNamespace)
                case "description" where rss, "summary" where !rss: summary = summary ?? child
                case "content" where !rss: body = body ?? child
                default: break
                }
            } else if child.namespace == XMLNamespace.content, name == "encoded", rss {
                body = body ?? child
            } else if child.namespace == XMLNamespace.dublinCore {
                if name == "creator", author == nil {
                    let creator = child.text(limit: 4 * FieldLimits.name)
                    if !creator.isEmpty { author = Author(name: creator, handle: JSONFeedItemReader.handle(fromName: creator)) }
                }
                if name == "date" { dcDate = dcDate ?? child.text() }
            }
        }
        if dateText == nil, let updated { dateText = ("updated", updated) }
        if dateText == nil, let dcDate { dateText = ("dc:date", dcDate) }
        let (date, problem) = Self.date(dateText, rss: rss)
        let titleText = title.map { Self.html(of: $0, rss: rss) }.map(HTMLText.plainText) ?? ""
        let bodyHTML = (body ?? summary).map { Self.html(of: $0, rss: rss) } ?? ""
        let display = displayText(title: titleText, body: bodyHTML)
        let id = guid.flatMap { $0.isEmpty ? nil : $0 } ?? link.flatMap { $0.isEmpty ? nil : URIReference.resolve(FeedDiscovery.cleaned($0), against: baseURL) }
            ?? Self.hashID(titleText + "\u{0}" + (dateText?.value ?? ""))
        let media = XMLFeedMedia(baseURL: baseURL, atomNamespace: atomNamespace).media(of: element)
        let item = Item(
            id: id, date: date, dateProblem: problem, author: author ?? Author(name: "", handle: ""), text: display.text,
            entities: display.entities, media: media)
        return (item, author != nil)
    }

    /// The title as a paragraph before the body, unless the body's text starts with it (Mastodon
    /// items have no title; some feeds repeat the text, cut with `…`).
    private func displayText(title: String, body: String) -> DisplayText {
        let bodyText = HTMLText(html: body)
        var stem = Substring(title)
        while let last = stem.last, last == "…" || last == "." || last == " " { stem = stem.dropLast() }
        guard !stem.isEmpty, !bodyText.text.hasPrefix(stem) else { return HTMLEntities.displayText(bodyText, detector: detector) }
        return HTMLEntities.displayText(HTMLText(html: "<p>" + Self.escaped(title) + "</p>" + body), detector: detector)
    }

    /// The HTML of a text element: RSS's content is HTML; Atom's follows `type` (`text` → escaped
    /// with line breaks kept, `html`, `xhtml` → the markup inside its `div`).
    static func html(of element: XMLElement, rss: Bool) -> String {
        let type = rss ? "html" : (element.attribute("type") ?? "text").lowercased()
        switch type {
        case "html", "text/html":
            return element.text(limit: htmlLimit)
        case "xhtml", "application/xhtml+xml":
            let div = element.children.first { $0.localName == "div" } ?? element
            return div.innerMarkup(limit: htmlLimit)
        default:
            return escaped(element.text(limit: htmlLimit)).split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "<br>")
        }
    }

    /// `text` with `&`, `<` and `>` escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The date of `field`'s `value`, or nil and the problem.
    private static func date(_ text: (field: String, value: String)?, rss: Bool) -> (Timestamp?, String?) {
        guard let (field, value) = text else { return (nil, nil) }
        if rss, field == "pubDate", let date = RFC822Date.timestamp(value) { return (date, nil) }
        if let date = RFC3339.timestamp(value) { return (date, nil) }
        let expected = rss && field == "pubDate" ? "an RFC 822" : "an RFC 3339"
        return (nil, "\(field) '\(MessageText.clipped(value))' is not \(expected) date")
    }

    /// RSS `author`: `lawyer@boyer.net (Lawyer Boyer)` → Lawyer Boyer; otherwise the text itself.
    static func rssAuthor(_ text: String) -> Author? {
        guard !text.isEmpty else { return nil }
        var name = text
        if let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close {
            let inner = text[text.index(after: open)..<close].trimmingSpaces
            if !inner.isEmpty { name = inner }
        }
        let mailbox = text.split(separator: " ").first { $0.contains("@") }.map { String($0.split(separator: "@")[0]) }
        return Author(name: name, handle: mailbox.flatMap { $0.isEmpty ? nil : $0 } ?? JSONFeedItemReader.handle(fromName: name))
    }

    /// Atom `author`: `name`, handle from `uri` (a profile URL) else from the name.
    static func atomAuthor(_ element: XMLElement, namespace: String?) -> Author? {
        let name = element.child("name", namespace)?.text(limit: 4 * FieldLimits.name) ?? ""
        let uri = element.child("uri", namespace)?.text()
        guard !name.isEmpty || uri != nil else { return nil }
        let handle = uri.flatMap { MentionDirectory.handle(fromProfileURL: $0) ?? JSONFeedItemReader.handle(fromURL: $0) }
        return Author(name: name.isEmpty ? handle ?? "" : name, handle: handle ?? JSONFeedItemReader.handle(fromName: name))
    }

    /// `hash-` and the 64-bit FNV-1a of `text`'s UTF-8 in hex: a stable id for items without one.
    static func hashID(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        let hex = String(h, radix: 16)
        return "hash-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension String {
    /// Without HTML whitespace at either end.
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}

extension Substring {
    /// Without HTML whitespace at either end.
    fileprivate var trimmingSpaces: String { String(self).trimmingSpaces }
}
