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

    /// Detects the entities of plain `text` and shows its links short.
    public static func detecting(in text: String) -> DisplayText {
        rewritingLinks(in: text, entities: EntityDetector.entities(in: text))
    }

    /// Replaces the span of each url entity with `display(entity)` and moves the other entities to
    /// their new offsets. An empty replacement removes the span and its entity (a media t.co link).
    /// `entities` are scalar ranges of `text`; ranges that are out of bounds or overlap an earlier one are dropped.
    public static func rewritingLinks(
        in text: String, entities: [Entity], display: (Entity) -> String = { DisplayText.shortURL($0.target) }
    ) -> DisplayText {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var rebased: [Entity] = []
        var cursor = 0, length = 0
        for entity in entities.sorted(by: { $0.start < $1.start }) {
            guard entity.start >= cursor, entity.start < entity.end, entity.end <= scalars.count else { continue }
            out.append(contentsOf: scalars[cursor..<entity.start])
            length += entity.start - cursor
            var moved = entity
            if entity.kind == .url {
                let shown = display(entity)
                if shown.isEmpty {
                    cursor = entity.end
                    continue
                }
                moved.text = shown
            } else {
                moved.text = String(String.UnicodeScalarView(scalars[entity.start..<entity.end]))
            }
            let count = moved.text.unicodeScalars.count
            out.append(contentsOf: moved.text.unicodeScalars)
            moved.start = length
            moved.end = length + count
            length += count
            rebased.append(moved)
            cursor = entity.end
        }
        out.append(contentsOf: scalars[cursor...])
        return DisplayText(text: String(out), entities: rebased)
    }

    /// A URL as shown: scheme removed, a lone `/` path dropped, a path (with query and fragment)
    /// longer than `maxPathLength` scalars cut and ended with `…`:
    /// `https://www.jsonfeed.org/x` → `www.jsonfeed.org/x`.
    public static func shortURL(_ url: String, maxPathLength: Int = 30) -> String {
        var scalars = Substring(url).unicodeScalars[...]
        for scheme in ["https://", "http://"] {
            let n = scheme.unicodeScalars.count
            if String(String.UnicodeScalarView(scalars.prefix(n))).lowercased() == scheme {
                scalars = scalars.dropFirst(n)
                break
            }
        }
        let hostEnd = scalars.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? scalars.endIndex
        let host = String(String.UnicodeScalarView(scalars[..<hostEnd]))
        let path = Array(scalars[hostEnd...])
        if path == ["/"] { return host }
        if path.count > maxPathLength {
            return host + String(String.UnicodeScalarView(path.prefix(maxPathLength))) + "…"
        }
        return host + String(String.UnicodeScalarView(path))
    }
}
