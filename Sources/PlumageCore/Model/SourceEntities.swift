/// Entities a source supplies with its text (a Twitter archive's indices, a feed's own list), made
/// to agree with that text before anything slices it.
public enum SourceEntities {
    /// `given` checked against `text`: an entity whose range spells its `text` stays (hashtags and
    /// mentions compared case-insensitively, `＃`/`＠` as `#`/`@`); one that does not moves to the
    /// occurrence of its `text` nearest its `start` that no kept entity covers; one whose `text` does
    /// not occur is dropped. Kept entities take the exact spelling of their range; the result is sorted
    /// by `start` and non-overlapping (the first of two overlapping entities wins). At most
    /// `maxSearches` misplaced entities are looked for (the rest are dropped), so a hostile list
    /// cannot make this quadratic for long.
    public static func validated(_ given: [Entity], in text: String) -> [Entity] {
        let s = Array(text.unicodeScalars)
        var kept: [Entity] = []
        kept.reserveCapacity(given.count)
        var misplaced: [Entity] = []
        for entity in given {
            if entity.start >= 0, entity.start < entity.end, entity.end <= s.count, let moved = placed(entity, s, at: entity.start) {
                kept.append(moved)
            } else {
                misplaced.append(entity)
            }
        }
        kept = nonOverlapping(kept)
        for entity in misplaced.prefix(maxSearches) {
            let length = entity.text.unicodeScalars.count
            guard length > 0, length <= s.count else { continue }
            let free = (0...(s.count - length)).compactMap { start in
                kept.contains { $0.start < start + length && start < $0.end } ? nil : placed(entity, s, at: start)
            }
            guard let nearest = free.min(by: { abs($0.start - entity.start) < abs($1.start - entity.start) }) else { continue }
            kept = nonOverlapping(kept + [nearest])
        }
        return kept
    }

    /// The most misplaced entities `validated` searches the text for.
    public static let maxSearches = 32

    /// `entity` moved to `start` and spelled as the text spells it there, or nil when the scalars
    /// at `start` do not spell `entity.text` (folded for hashtags and mentions).
    private static func placed(_ entity: Entity, _ s: [Unicode.Scalar], at start: Int) -> Entity? {
        var end = start
        var exact = true
        for c in entity.text.unicodeScalars {
            guard end < s.count else { return nil }
            let found = s[end]
            if found != c {
                // ASCII and the full-width signs differ for good unless they fold alike.
                if entity.kind == .url || (isSimple(found) && isSimple(c) && simpleFold(found) != simpleFold(c)) { return nil }
                exact = false
            }
            end += 1
        }
        var moved = entity
        moved.start = start
        moved.end = end
        if !exact {
            let found = String(String.UnicodeScalarView(s[start..<end]))
            guard fold(found) == fold(entity.text) else { return nil }
            moved.text = found
        }
        return moved
    }

    /// ASCII or `＃` / `＠`: scalars `simpleFold` folds exactly.
    private static func isSimple(_ c: Unicode.Scalar) -> Bool { c.isASCII || c == "＃" || c == "＠" }

    /// `c` lowercased (ASCII), `＃` as `#` and `＠` as `@`.
    private static func simpleFold(_ c: Unicode.Scalar) -> Unicode.Scalar {
        switch c {
        case "A"..."Z": Unicode.Scalar(c.value + 32)!
        case "＃": "#"
        case "＠": "@"
        default: c
        }
    }

    private static func fold(_ text: String) -> String {
        var folded = String.UnicodeScalarView()
        for c in text.lowercased().unicodeScalars { folded.append(c == "＃" ? "#" : c == "＠" ? "@" : c) }
        return String(folded)
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
