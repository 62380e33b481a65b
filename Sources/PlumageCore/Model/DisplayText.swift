/// Text as a cell shows it: links without their scheme (long ones shortened with `…`) and every
/// entity re-based so `Array(text.unicodeScalars)[start..<end]` spells `entity.text`.
public struct DisplayText: Hashable, Sendable {
    /// The text to draw.
    public var text: String
    /// Entities over `text`, sorted, non-overlapping; a url entity's `text` is what is shown, `target` the full URL.
    public var entities: [Entity]

    /// Creates display text from already consistent parts.
    public init(text: String, entities: [Entity]) {
        self.text = text; self.entities = entities
    }

    /// Detects the entities of plain `text` with `detector` and shows its links short.
    public static func detecting(in text: String, with detector: EntityDetector) -> DisplayText {
        rewritingLinks(in: text, entities: detector.entities(in: text))
    }

    /// Replaces the span of each url entity with `display(entity)` and moves the other entities to
    /// their new offsets. An empty replacement removes the span and its entity (a media t.co link).
    /// `entities` are scalar ranges of `text`; ranges that are out of bounds or overlap an earlier one are dropped.
    public static func rewritingLinks(
        in text: String, entities: [Entity], display: (Entity) -> String = { DisplayText.shortURL($0.target) }
    ) -> DisplayText {
        let scalars = text.unicodeScalars
        let total = scalars.count
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var rebased: [Entity] = []
        // `cursor` walks the text as a scalar offset and its matching index; `length` counts output scalars.
        var cursor = 0, cursorIndex = scalars.startIndex, length = 0
        for entity in entities.sorted(by: { $0.start < $1.start }) {
            guard entity.start >= cursor, entity.start < entity.end, entity.end <= total else { continue }
            let startIndex = scalars.index(cursorIndex, offsetBy: entity.start - cursor)
            let endIndex = scalars.index(startIndex, offsetBy: entity.end - entity.start)
            out.append(contentsOf: Substring(scalars[cursorIndex..<startIndex]))
            length += entity.start - cursor
            cursor = entity.end
            cursorIndex = endIndex
            var moved = entity
            if entity.kind == .url {
                moved.text = display(entity)
                if moved.text.isEmpty { continue }
            } else {
                moved.text = String(Substring(scalars[startIndex..<endIndex]))
            }
            let count = moved.text.unicodeScalars.count
            out.append(moved.text)
            moved.start = length
            moved.end = length + count
            length += count
            rebased.append(moved)
        }
        out.append(contentsOf: Substring(scalars[cursorIndex...]))
        return DisplayText(text: out, entities: rebased)
    }

    /// A URL as shown: scheme removed, a lone `/` path dropped, a path (with query and fragment)
    /// longer than `maxPathLength` scalars cut and ended with `…`:
    /// `https://www.jsonfeed.org/x` → `www.jsonfeed.org/x`.
    public static func shortURL(_ url: String, maxPathLength: Int = 30) -> String {
        let scheme = url.prefix(8).lowercased()
        let rest = scheme.hasPrefix("https://") ? url.dropFirst(8) : scheme.hasPrefix("http://") ? url.dropFirst(7) : url[...]
        let scalars = rest.unicodeScalars
        let hostEnd = scalars.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.endIndex
        let host = String(Substring(scalars[..<hostEnd]))
        let path = scalars[hostEnd...]
        if path.elementsEqual(["/"]) { return host }
        guard let cut = path.index(path.startIndex, offsetBy: maxPathLength, limitedBy: path.endIndex), cut != path.endIndex
        else { return String(rest) }
        return host + String(Substring(path[..<cut])) + "…"
    }
}
