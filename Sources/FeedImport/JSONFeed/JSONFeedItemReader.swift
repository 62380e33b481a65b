import PlumageCore
import URLs

/// Turns one JSON Feed item (and its authors and attachments) into an `Item`; see `JSONFeedReader`.
struct JSONFeedItemReader {
    /// Absolute folder that relative paths resolve against.
    let baseDirectory: String
    /// Existence and size look-ups shared by every item of the feed, confined to its folder tree.
    let files: FileLookupCache
    /// The feed's own URL when it was fetched: its media and avatars resolve against it to remote
    /// locators and nothing is looked up on this machine's disk; nil for a file.
    let documentURL: String?
    /// The author of items that name none: the feed's first author, else one named after the feed.
    let feedAuthor: Author
    /// Finds the entities of items that do not list their own.
    let detector: EntityDetector

    /// Prepares to read the items of `feed`, titled `title`, stored in `baseDirectory` (or fetched
    /// from `documentURL`), detecting entities with `detector`.
    init(baseDirectory: String, documentURL: String? = nil, feed: JSONValue, title: String, detector: EntityDetector) {
        self.baseDirectory = baseDirectory
        self.documentURL = documentURL
        self.detector = detector
        files = FileLookupCache(base: baseDirectory)
        feedAuthor = Self.author(feed["authors"]?.array?.first ?? feed["author"], files: files, documentURL: documentURL)
            ?? Author(name: title, handle: Self.handle(fromName: title))
    }

    /// The item at `index` of the file and the extension sections it belongs to.
    func item(_ raw: JSONValue, index: Int) -> (item: Item, sections: [String]) {
        let ext = raw["_plumage"]
        let id = raw["id"]?.idString ?? raw["url"]?.string ?? String(index + 1)
        let (date, dateProblem) = Self.date(of: raw)
        let display = displayText(of: raw)
        let item = FieldLimits.capped(Item(
            id: id, date: date, dateProblem: dateProblem, author: Self.author(raw["authors"]?.array?.first ?? raw["author"], files: files, documentURL: documentURL) ?? feedAuthor,
            kind: (ext?["kind"]?.string).flatMap(ItemKind.init(rawValue:)) ?? .post,
            text: display.text, entities: display.entities, media: media(of: raw)))
        return (item, (ext?["sections"]?.array ?? []).compactMap(\.string))
    }

    /// `date_published`, else `date_modified`; without a readable one, nil and why (nil too when
    /// both are absent, which JSON Feed allows).
    static func date(of raw: JSONValue) -> (Timestamp?, problem: String?) {
        var problem: String?
        for field in ["date_published", "date_modified"] {
            guard let value = raw[field] else { continue }
            guard let text = value.string else {
                problem = problem ?? "\(field) is not a string"
                continue
            }
            if let date = RFC3339.timestamp(text) { return (date, nil) }
            problem = problem ?? "\(field) '\(text)' is not an RFC 3339 date"
        }
        return (nil, problem)
    }

    /// The extension's owner, or nil.
    func owner(_ raw: JSONValue?) -> Author? {
        Self.author(raw, files: files, documentURL: documentURL)
    }

    /// The item's text with the entities of `_plumage.entities` (validated) when it lists them,
    /// else detected ones (and, for `content_html`, its anchors: see `HTMLEntities`); links shown short.
    private func displayText(of raw: JSONValue) -> DisplayText {
        let content = content(of: raw)
        guard let listed = raw["_plumage"]?["entities"]?.array else {
            switch content {
            case .plain(let text): return .detecting(in: text, with: detector)
            case .html(let html): return HTMLEntities.displayText(html, detector: detector)
            }
        }
        let text = content.text
        return .rewritingLinks(in: text, entities: SourceEntities.validated(listed.compactMap(Self.entity), in: text))
    }

    /// An entity object `{"type", "text", "start", "end", "target"}` (SPEC §6), or nil when a field is missing.
    private static func entity(_ raw: JSONValue) -> Entity? {
        guard let kind = (raw["type"]?.string).flatMap(EntityKind.init(rawValue:)), let text = raw["text"]?.string,
            let start = raw["start"]?.int, let end = raw["end"]?.int
        else { return nil }
        return Entity(kind: kind, text: text, start: start, end: end, target: raw["target"]?.string ?? text)
    }

    /// An item's content: plain text, or HTML read into text and anchors.
    private enum Content {
        case plain(String)
        case html(HTMLText)
        /// The plain text.
        var text: String {
            switch self {
            case .plain(let text): text
            case .html(let html): html.text
            }
        }
    }

    /// `content_text`, else `content_html`, else `summary`, else `title`, else empty.
    private func content(of raw: JSONValue) -> Content {
        if let t = raw["content_text"]?.string, !t.isEmpty { return .plain(t) }
        if let h = raw["content_html"]?.string, !h.isEmpty { return .html(HTMLText(html: h)) }
        return .plain(raw["summary"]?.string ?? raw["title"]?.string ?? "")
    }

    /// An author object; the handle comes from `_plumage.handle`, else the URL's last path
    /// component without `@`, else the name lowercased without spaces and punctuation.
    private static func author(_ raw: JSONValue?, files: FileLookupCache, documentURL: String?) -> Author? {
        guard let raw, raw.object != nil else { return nil }
        let explicit = raw["_plumage"]?["handle"]?.string ?? raw["handle"]?.string
        let handle = explicit.map { String($0.trimmingPrefix("@")) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? (raw["url"]?.string).flatMap(handle(fromURL:))
        let name = raw["name"]?.string ?? handle ?? ""
        guard !name.isEmpty || handle != nil else { return nil }
        let avatar = (raw["avatar"]?.string).flatMap { reference in
            documentURL.map { remote(reference, against: $0) } ?? files.existingFile(reference).map(ResourceLocator.file)
        }
        return FieldLimits.capped(Author(name: name, handle: handle ?? self.handle(fromName: name), avatar: avatar))
    }

    /// Photo, GIF and video attachments; without any, the item's `image` (else its `banner_image`)
    /// as a photo or GIF.
    private func media(of raw: JSONValue) -> [Media] {
        var media: [Media] = []
        for attachment in raw["attachments"]?.array ?? [] {
            guard let url = attachment["url"]?.string,
                let kind = MediaKindGuess.kind(mime: attachment["mime_type"]?.string, url: url)
            else { continue }
            media.append(medium(kind, url: url, ext: attachment["_plumage"], raw: attachment))
        }
        if media.isEmpty, let image = raw["image"]?.string ?? raw["banner_image"]?.string {
            media.append(medium(MediaKindGuess.kind(mime: nil, url: image) == .gif ? .gif : .photo, url: image, ext: nil))
        }
        return media
    }

    /// A medium whose size comes from the extension, else the image header, else 0 × 0; its alt
    /// text from `_plumage.alt`, its running time from `duration_in_seconds`. In a feed file an
    /// `http(s)` URL is never fetched: no path, its host kept for the placeholder; in a fetched feed
    /// every URL is remote (`.url`, resolved against the feed's), its size from the extension only.
    private func medium(_ kind: MediaKind, url: String, ext: JSONValue?, raw: JSONValue? = nil) -> Media {
        let alt = (ext?["alt"]?.string).flatMap { $0.isEmpty ? nil : FieldLimits.capped($0, FieldLimits.alt) }
        let duration = (raw?["duration_in_seconds"]?.double).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        if let documentURL {
            let locator = Self.remote(url, against: documentURL)
            let (w, h) = (ext?["width"]?.int ?? 0, ext?["height"]?.int ?? 0)
            return Media(kind: kind, locator: locator, width: w > 0 && h > 0 ? w : 0, height: w > 0 && h > 0 ? h : 0,
                         alt: alt, duration: duration, remoteHost: locator.flatMap { RemoteURL.host(of: $0.description) })
        }
        let remoteHost = RemoteURL.host(of: url)
        let path = remoteHost == nil ? files.existingFile(url) : nil
        if let w = ext?["width"]?.int, let h = ext?["height"]?.int, w > 0, h > 0 {
            return Media(kind: kind, locator: path.map(ResourceLocator.file), width: w, height: h, alt: alt, duration: duration, remoteHost: remoteHost)
        }
        let size = kind == .video ? nil : path.flatMap(files.imageSize)
        return Media(kind: kind, locator: path.map(ResourceLocator.file), width: size?.width ?? 0, height: size?.height ?? 0, alt: alt,
                     duration: duration, remoteHost: remoteHost)
    }

    /// `reference` resolved against `base` as a remote locator; nil unless it is an http(s) URL.
    static func remote(_ reference: String, against base: String) -> ResourceLocator? {
        let absolute = URIReference.resolve(reference, against: base)
        return RemoteURL.host(of: absolute) == nil ? nil : .url(absolute)
    }

    /// `https://example.social/@ada` → `ada`; nil when the URL has no path.
    static func handle(fromURL url: String) -> String? {
        let withoutScheme = url.firstRange(of: "://").map { url[$0.upperBound...] } ?? url[...]
        let path = withoutScheme.prefix { $0 != "?" && $0 != "#" }.split(separator: "/").dropFirst()
        guard let last = path.last else { return nil }
        let handle = String(last.trimmingPrefix("@"))
        return handle.isEmpty ? nil : handle
    }

    /// `Ada Park` → `adapark`: letters, digits and `_` only, lowercased, from the name's first 200
    /// characters (a name may be 50 MB); `anonymous` when nothing is left.
    static func handle(fromName name: String) -> String {
        let kept = name.prefix(200).lowercased().unicodeScalars.filter { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType == .decimal }
        return kept.isEmpty ? "anonymous" : String(String.UnicodeScalarView(kept))
    }
}
