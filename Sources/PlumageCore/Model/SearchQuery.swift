/// A parsed search (SPEC §6): `#tag` and `@user` tokens and plain words, all of which must match.
///
/// `SearchQuery("#swift @ada coffee")` matches items tagged #swift (whole tag, any case), by or
/// mentioning @ada, whose text contains "coffee" (any case).
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// One token of a query; hashtag and mention payloads are lowercased, without `#` / `@`.
    public enum Term: Hashable, Sendable {
        /// Items with this hashtag entity (lowercased, without `#`).
        case hashtag(String)
        /// Items by or mentioning this handle (lowercased, without `@`; may include `@instance`).
        case mention(String)
        /// Items whose text contains this word (lowercased).
        case word(String)
    }

    /// The terms, in query order; an empty list matches every item.
    public let terms: [Term]
    /// The query as typed, trimmed.
    public let description: String

    /// Parses `query`: whitespace separates tokens; `#x` / `＃x` is a hashtag, `@x` / `＠x` a mention,
    /// anything else (including a lone `#` or `@`) a word.
    public init(_ query: String) {
        var terms: [Term] = []
        for token in query.split(whereSeparator: { $0.isWhitespace }) {
            let lower = token.lowercased()
            let body = String(lower.unicodeScalars.dropFirst())
            let sign = lower.unicodeScalars.first
            if body.isEmpty {
                terms.append(.word(lower))
            } else if sign == "#" || sign == "＃" {
                terms.append(.hashtag(body))
            } else if sign == "@" || sign == "＠" {
                terms.append(.mention(body))
            } else {
                terms.append(.word(lower))
            }
        }
        self.terms = terms
        self.description = query.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// True when `item` satisfies every term.
    public func matches(_ item: Item) -> Bool {
        var lowerText: String?
        return terms.allSatisfy { term in
            switch term {
            case .hashtag(let tag):
                return item.entities.contains { $0.kind == .hashtag && $0.target.lowercased() == tag }
            case .mention(let handle):
                return Self.sameHandle(item.author.handle, handle)
                    || item.entities.contains { $0.kind == .mention && Self.sameHandle($0.target, handle) }
            case .word(let word):
                if lowerText == nil { lowerText = item.text.lowercased() }
                return lowerText?.contains(word) ?? false
            }
        }
    }

    /// The indices of the matching items of `source`, in its order (newest first).
    public func matchingIndices(in source: FeedSource) -> [Int] {
        source.items.indices.filter { matches(source.items[$0]) }
    }

    /// A source holding only the matches, with one section named after the query; kind, title and owner are kept.
    public func results(in source: FeedSource) -> FeedSource {
        let items = matchingIndices(in: source).map { source.items[$0] }
        let section = Section(name: description.isEmpty ? "All" : description, itemIndices: Array(items.indices))
        return FeedSource(kind: source.kind, title: source.title, owner: source.owner, sections: [section], items: items)
    }

    /// True when `handle` (any case) is `query`; an unqualified query also matches `query@any.instance`.
    private static func sameHandle(_ handle: String, _ query: String) -> Bool {
        let h = handle.lowercased()
        if h == query { return true }
        guard !query.contains("@"), let at = h.firstIndex(of: "@") else { return false }
        return h[..<at] == query
    }
}
