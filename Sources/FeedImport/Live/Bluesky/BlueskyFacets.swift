import PlumageCore

/// Turns a Bluesky post's `facets` (`app.bsky.richtext.facet`) into entities. A facet's
/// `index.byteStart`/`byteEnd` are UTF-8 byte offsets into the text (end exclusive); entities count
/// Unicode scalars, so each offset is mapped to the scalar it starts. A facet is dropped when an
/// offset is not a whole number, not on a scalar boundary (it would split a multi-byte
/// character), past the end, or when its range is empty or reversed; one that overlaps an earlier
/// kept facet is dropped too (entities never overlap).
///
/// Features (the first one known decides): `#mention {did}` → mention whose target is the facet's
/// text without `@` when it reads `@handle`, else the DID; `#link {uri}` → url entity targeting an
/// http(s) `uri`; `#tag {tag}` → hashtag targeting `tag` without a leading `#`.
enum BlueskyFacets {
    /// Most facets read from one post.
    static let maxFacets = 500

    /// The entities of `facets` over `text`, sorted by `start`.
    static func entities(_ facets: JSONValue?, text: String) -> [Entity] {
        guard let facets = facets?.array, !facets.isEmpty else { return [] }
        // scalarAt[b] = the index of the scalar starting at byte b; -1 inside a scalar. One past the end maps to the count.
        let utf8 = Array(text.utf8)
        var scalarAt = [Int](repeating: -1, count: utf8.count + 1)
        var scalars = 0
        for (b, byte) in utf8.enumerated() where byte & 0xC0 != 0x80 {
            scalarAt[b] = scalars
            scalars += 1
        }
        scalarAt[utf8.count] = scalars
        let textScalars = Array(text.unicodeScalars)
        var found: [Entity] = []
        for facet in facets.prefix(maxFacets) {
            guard let byteStart = LiveJSON.integer(facet["index"]?["byteStart"]),
                let byteEnd = LiveJSON.integer(facet["index"]?["byteEnd"]),
                byteStart >= 0, byteStart < byteEnd, byteEnd <= utf8.count
            else { continue }
            let start = scalarAt[byteStart], end = scalarAt[byteEnd]
            guard start >= 0, end >= 0 else { continue }
            let shown = String(String.UnicodeScalarView(textScalars[start..<end]))
            guard let (kind, target) = feature(facet["features"], shown: shown) else { continue }
            found.append(Entity(kind: kind, text: shown, start: start, end: end, target: target))
        }
        found.sort { $0.start < $1.start }
        var kept: [Entity] = []
        for entity in found where kept.last.map({ $0.end <= entity.start }) ?? true { kept.append(entity) }
        return kept
    }

    /// The entity kind and target of the first feature known, or nil.
    private static func feature(_ features: JSONValue?, shown: String) -> (EntityKind, String)? {
        for feature in (features?.array ?? []).prefix(8) {
            switch feature["$type"]?.string {
            case "app.bsky.richtext.facet#mention":
                guard let did = LiveJSON.text(feature["did"]) else { continue }
                if shown.hasPrefix("@"), shown.count > 1 { return (.mention, String(shown.dropFirst())) }
                return (.mention, did)
            case "app.bsky.richtext.facet#link":
                guard let uri = LiveJSON.httpURL(feature["uri"]) else { continue }
                return (.url, uri)
            case "app.bsky.richtext.facet#tag":
                guard let tag = LiveJSON.text(feature["tag"]) else { continue }
                let bare = String(tag.trimmingPrefix("#"))
                if !bare.isEmpty { return (.hashtag, bare) }
            default: continue
            }
        }
        return nil
    }
}
