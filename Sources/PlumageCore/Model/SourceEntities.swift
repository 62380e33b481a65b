/// Entities a source supplies with its text (a Twitter archive's indices, a feed's own list), made
/// to agree with that text before anything slices it.
public enum SourceEntities {
    /// `given` checked against `text`: an entity whose range spells its `text` stays (hashtags and
    /// mentions compared case-insensitively, `＃`/`＠` as `#`/`@`); one that does not moves to the
    /// occurrence of its `text` nearest its `start` that no kept entity covers; one whose `text` does
    /// not occur is dropped. Kept entities take the exact spelling of their range; the result is sorted
    /// by `start` and non-overlapping (the first of two overlapping entities wins).
    public static func validated(_ given: [Entity], in text: String) -> [Entity] {
        let s = Array(text.unicodeScalars)
        var kept: [Entity] = []
        var misplaced: [Entity] = []
        for entity in given {
            if entity.start >= 0, entity.start < entity.end, entity.end <= s.count, spells(entity, s, at: entity.start)
            {
                kept.append(respelled(entity, s, at: entity.start))
            } else {
                misplaced.append(entity)
            }
        }
        kept = nonOverlapping(kept)
        for entity in misplaced {
            let length = entity.text.unicodeScalars.count
            guard length > 0, length <= s.count else { continue }
            let free = (0...(s.count - length)).filter { start in
                spells(entity, s, at: start) && !kept.contains { $0.start < start + length && start < $0.end }
            }
            guard let start = free.min(by: { abs($0 - entity.start) < abs($1 - entity.start) }) else { continue }
            kept = nonOverlapping(kept + [respelled(entity, s, at: start)])
        }
        return kept
    }

    /// Whether the scalars at `start` spell `entity.text` (folded for hashtags and mentions).
    private static func spells(_ entity: Entity, _ s: [Unicode.Scalar], at start: Int) -> Bool {
        let wanted = entity.text.unicodeScalars
        let end = start + wanted.count
        guard end <= s.count else { return false }
        if s[start..<end].elementsEqual(wanted) { return true }
        if entity.kind == .url { return false }
        return fold(String(String.UnicodeScalarView(s[start..<end]))) == fold(entity.text)
    }

    private static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for c in text.lowercased().unicodeScalars { folded.append(c == "＃" ? "#" : c == "＠" ? "@" : c) }
        return String(folded)
    }

    /// `entity` moved to `start`, spelled as the text spells it there.
    private static func respelled(_ entity: Entity, _ s: [Unicode.Scalar], at start: Int) -> Entity {
        let end = start + entity.text.unicodeScalars.count
        var moved = entity
        moved.start = start
        moved.end = end
        if !s[start..<end].elementsEqual(entity.text.unicodeScalars) {
            moved.text = String(String.UnicodeScalarView(s[start..<end]))
        }
        return moved
    }

    private static func nonOverlapping(_ entities: [Entity]) -> [Entity] {
        var result: [Entity] = []
        for entity in entities.sorted(by: { $0.start < $1.start })
        where result.last.map({ $0.end <= entity.start }) ?? true {
            result.append(entity)
        }
        return result
    }
}
