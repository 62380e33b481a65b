import URLs
import PlumageCore

/// The photos, videos and GIFs of an RSS item or Atom entry, as remote media (`.url` locators).
///
/// Read in document order: RSS `enclosure` (`url`, `type`), Media RSS `media:content` (`url`,
/// `type`, `medium`, `width`, `height`, its `media:description` as alt text), `media:group` (one
/// medium: its `isDefault="true"` content, else the first usable; alt text from the content, else
/// the group), Atom `link rel="enclosure"` (`href`, `type`). The same URL twice (Mastodon gives
/// each file as `enclosure` and `media:content`) is one medium, its missing facts filled from the
/// later one. Without any, the item's `media:thumbnail` is a photo. An item-level
/// `media:description` is the alt text of a lone medium without one. URLs resolve against the
/// document; only `http(s)` ones are kept; audio and other types are left out.
struct XMLFeedMedia {
    /// The document's URL.
    let baseURL: String
    /// The namespace of Atom elements.
    let atomNamespace: String?

    /// The media of `item`.
    func media(of item: XMLElement) -> [Media] {
        var found: [Media] = []
        var thumbnail: Media?
        var itemAlt: String?
        for child in item.children {
            var medium: Media?
            switch (child.namespace, child.localName) {
            case (nil, "enclosure"):
                medium = make(url: child.attribute("url"), type: child.attribute("type"), medium: nil, width: nil, height: nil, alt: nil)
            case (XMLNamespace.media, "content"):
                medium = content(child, groupAlt: nil)
            case (XMLNamespace.media, "group"):
                let groupAlt = alt(of: child)
                let contents = child.children.filter { $0.is("content", XMLNamespace.media) }
                let preferred = contents.filter { $0.attribute("isDefault") == "true" } + contents
                medium = preferred.lazy.compactMap { content($0, groupAlt: groupAlt) }.first
                if medium == nil, let t = child.child("thumbnail", XMLNamespace.media) { thumbnail = thumbnail ?? self.thumbnail(t) }
            case (XMLNamespace.media, "thumbnail"):
                thumbnail = thumbnail ?? self.thumbnail(child)
            case (XMLNamespace.media, "description"):
                itemAlt = itemAlt ?? Self.altText(child)
            case (atomNamespace, "link") where child.attribute("rel") == "enclosure":
                medium = make(url: child.attribute("href"), type: child.attribute("type"), medium: nil, width: nil, height: nil, alt: nil)
            default:
                break
            }
            guard let medium else { continue }
            if let i = found.firstIndex(where: { $0.locator == medium.locator }) {
                if found[i].width == 0 || found[i].height == 0 { found[i].width = medium.width; found[i].height = medium.height }
                found[i].alt = found[i].alt ?? medium.alt
            } else {
                found.append(medium)
            }
        }
        if found.isEmpty, let thumbnail { found = [thumbnail] }
        if found.count == 1, found[0].alt == nil { found[0].alt = itemAlt }
        return found
    }

    /// A `media:content`, its alt text its own `media:description`, else `groupAlt`.
    private func content(_ element: XMLElement, groupAlt: String?) -> Media? {
        make(url: element.attribute("url"), type: element.attribute("type"), medium: element.attribute("medium"),
             width: element.attribute("width"), height: element.attribute("height"), alt: alt(of: element) ?? groupAlt)
    }

    /// A `media:thumbnail` as a photo.
    private func thumbnail(_ element: XMLElement) -> Media? {
        make(url: element.attribute("url"), type: nil, medium: "image", width: element.attribute("width"),
             height: element.attribute("height"), alt: nil)
    }

    /// The `media:description` child's text.
    private func alt(of element: XMLElement) -> String? {
        element.child("description", XMLNamespace.media).flatMap(Self.altText)
    }

    /// A `media:description` as plain text (`type="html"` converted), nil when empty.
    private static func altText(_ element: XMLElement) -> String? {
        let raw = element.text(limit: 4 * FieldLimits.alt)
        let text = element.attribute("type") == "html" ? HTMLText.plainText(raw) : raw
        return text.isEmpty ? nil : FieldLimits.capped(text, FieldLimits.alt)
    }

    /// A medium at `url` (resolved; nil unless http(s)) whose kind comes from `medium` (`image`,
    /// `video`), else `type`, else the URL's extension; nil for audio and others.
    private func make(url: String?, type: String?, medium: String?, width: String?, height: String?, alt: String?) -> Media? {
        guard let url, !url.isEmpty else { return nil }
        let absolute = URIReference.resolve(FeedDiscovery.cleaned(url), against: baseURL)
        guard let host = RemoteURL.host(of: absolute) else { return nil }
        let guessed = MediaKindGuess.kind(mime: type, url: absolute)
        let kind: MediaKind
        switch medium?.lowercased() {
        case "image": kind = guessed == .gif ? .gif : .photo
        case "video": kind = .video
        case nil, "":
            guard let guessed else { return nil }
            kind = guessed
        default: return nil
        }
        let w = width.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let h = height.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let sized = w != nil && h != nil
        return Media(kind: kind, locator: .url(absolute), width: sized ? w! : 0, height: sized ? h! : 0, alt: alt, remoteHost: host)
    }
}
