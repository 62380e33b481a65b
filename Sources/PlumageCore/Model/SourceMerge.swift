/// Several sources shown as one (`plumage old-archive.zip new-archive.zip`): items of all of them
/// newest first, sections of the same name joined in the order they first appear.
public enum SourceMerge {
    /// `sources` as one source; the only one unchanged. The kind and owner are the first source's,
    /// the title joins the titles with " + ", warnings are kept in order. Items with the same id in
    /// two sources of the same kind (an archive downloaded twice) are shown once, the first source's.
    /// With `keepingFirstTitle` (pages of one live feed) the title stays the first source's.
    public static func merged(_ sources: [FeedSource], keepingFirstTitle: Bool = false) -> FeedSource {
        guard sources.count > 1, let first = sources.first else { return sources.first ?? empty }
        // (source, item) pairs, duplicates dropped, then a stable newest-first order.
        var seen = Set<String>()
        var picked: [(source: Int, item: Int)] = []
        for (s, source) in sources.enumerated() {
            for (i, item) in source.items.enumerated() where seen.insert(source.kind.rawValue + ":" + item.id).inserted {
                picked.append((s, i))
            }
        }
        let order = picked.indices.sorted { a, b in
            let x = sources[picked[a].source].items[picked[a].item], y = sources[picked[b].source].items[picked[b].item]
            return x.isNewer(than: y) || (!y.isNewer(than: x) && a < b)
        }
        var newIndex: [[Int?]] = sources.map { Array(repeating: nil, count: $0.items.count) }
        var items: [Item] = []
        items.reserveCapacity(order.count)
        for position in order {
            let (s, i) = picked[position]
            newIndex[s][i] = items.count
            items.append(sources[s].items[i])
        }
        var names: [String] = []
        var members: [String: [Int]] = [:]
        for (s, source) in sources.enumerated() {
            for section in source.sections {
                if members[section.name] == nil { names.append(section.name) }
                members[section.name, default: []] += section.itemIndices.compactMap { newIndex[s][$0] }
            }
        }
        let sections = names.map { Section(name: $0, itemIndices: members[$0]!.sorted()) }
        let title = keepingFirstTitle ? first.title : sources.map(\.title).joined(separator: " + ")
        return FeedSource(kind: first.kind, title: title, owner: first.owner,
                          sections: sections, items: items, warnings: sources.flatMap(\.warnings))
    }

    private static let empty = FeedSource(kind: .jsonFeed, title: "", sections: [Section(name: "Timeline", itemIndices: [])],
                                          items: [])
}
