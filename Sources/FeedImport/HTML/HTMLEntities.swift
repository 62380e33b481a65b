import PlumageCore

/// Turns the anchors of an `HTMLText` into entities, the one rule for every HTML source (Mastodon
/// posts, JSON Feed `content_html`):
/// - class `hashtag` (Mastodon's `mention hashtag`) with text `#tag` → hashtag, target the text
///   without `#` (already decoded: `#巨人叨叨`, whatever the percent-encoded `href`);
/// - class `mention` (`u-url mention`) with text `@user` → mention, target qualified by `MentionDirectory`;
/// - any other anchor whose `href` is `http(s)` → url entity: its text is the visible anchor text
///   (Mastodon's shortened span text), or the link shown short (`DisplayText.shortURL`) when the
///   visible text is the URL itself; target the `href`.
/// Anchors with another `href` (relative, `mailto:`, `javascript:`) stay plain text.
enum HTMLEntities {
    /// The display text of `html` with its anchors as entities; with a `detector`, the hashtags,
    /// mentions and links it finds in the plain text are added where they overlap no anchor entity.
    static func displayText(
        _ html: HTMLText, mentions: MentionDirectory = MentionDirectory(), detector: EntityDetector? = nil
    ) -> DisplayText {
        var fromAnchors: [Entity] = []
        var keepsText: Set<Int> = []
        for anchor in html.anchors {
            guard let (entity, kept) = entity(for: anchor, mentions: mentions) else { continue }
            fromAnchors.append(entity)
            if kept { keepsText.insert(entity.start) }
        }
        var entities = fromAnchors
        if let detector {
            let detected = detector.entities(in: html.text).filter { found in
                !fromAnchors.contains { $0.start < found.end && found.start < $0.end }
            }
            entities = (fromAnchors + detected).sorted { $0.start < $1.start }
        }
        guard entities.contains(where: { $0.kind == .url && !keepsText.contains($0.start) }) else {
            return DisplayText(text: html.text, entities: entities)
        }
        return .rewritingLinks(in: html.text, entities: entities) { entity in
            keepsText.contains(entity.start) ? entity.text : DisplayText.shortURL(entity.target)
        }
    }

    /// The entity `anchor` stands for, and whether its text is kept as shown (false: a url entity to
    /// be shown short); nil when it is none.
    private static func entity(for anchor: HTMLAnchor, mentions: MentionDirectory) -> (Entity, keepsText: Bool)? {
        let text = anchor.text
        guard anchor.start < anchor.end, let first = text.unicodeScalars.first else { return nil }
        let body = String(text.unicodeScalars.dropFirst())
        if anchor.classes.contains("hashtag"), first == "#" || first == "＃", !body.isEmpty {
            return (Entity(kind: .hashtag, text: text, start: anchor.start, end: anchor.end, target: body), true)
        }
        if anchor.classes.contains("mention"), first == "@" || first == "＠", !body.isEmpty {
            let handle = mentions.handle(written: body, href: anchor.href)
            return (Entity(kind: .mention, text: text, start: anchor.start, end: anchor.end, target: handle), true)
        }
        guard let href = anchor.href, let rest = RemoteURL.withoutScheme(href), !rest.isEmpty else { return nil }
        let isTheURL = text == href || text == rest || text == rest + "/" || text + "/" == rest
        return (Entity(kind: .url, text: text, start: anchor.start, end: anchor.end, target: href), !isTheURL)
    }
}
