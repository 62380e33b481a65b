import CMath

/// Everything a search needs about a source's items, prepared once (off the main thread: it takes
/// about as long as one full scan) so each query answers in milliseconds even for 100,000 items:
/// item indices by hashtag and by handle (author or mentioned), and every item's text lowercased
/// into one byte buffer that a word is found in with `memmem`.
/// Matches what `SearchQuery.matches` says, term for term (a word is found in the lowercased
/// UTF-8 of the text, which equals `lowercased().contains` but for combining marks split from
/// their base by a word's edge). `memmem` is a GNU extension the core's `CMath` shim does not declare;
/// `memchr` plus `memcmp` does the same at about memory speed.
public struct SearchIndex: Hashable, Sendable {
    /// Number of items indexed; an index is only used for a source with as many items.
    public let itemCount: Int
    /// Which build this is (the app takes only the one it last asked for, not one of a source
    /// reloaded since).
    public let generation: Int
    /// Item indices by lowercased tag (without `#`), ascending.
    let tags: [String: [Int]]
    /// Item indices by lowercased handle, ascending: the author's and every mentioned one, and for
    /// `user@instance` handles the local part too.
    let handles: [String: [Int]]
    /// Every item's lowercased text, each followed by a NUL.
    let text: [UInt8]
    /// Offset in `text` where each item's text starts, plus the end.
    let starts: [Int]

    /// Indexes `items` (a source's items, in their order) as build `generation`.
    public init(items: [Item], generation: Int = 0) {
        self.init(items: items, range: items.indices, generation: generation)
    }

    /// Indexes the items of `range` only, under their indices in `items`: one part of an index
    /// built on several cores, only to be joined with `init(joining:generation:)` (it cannot
    /// answer queries itself).
    public init(items: [Item], range: Range<Int>, generation: Int = 0) {
        var tags: [String: [Int]] = [:]
        var handles: [String: [Int]] = [:]
        var text: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(items.count + 1)
        func add(_ handle: String, _ index: Int, to map: inout [String: [Int]]) {
            let key = handle.lowercased()
            if map[key]?.last != index { map[key, default: []].append(index) }
            if let at = key.firstIndex(of: "@") {
                let local = String(key[..<at])
                if map[local]?.last != index { map[local, default: []].append(index) }
            }
        }
        for index in range {
            let item = items[index]
            starts.append(text.count)
            text.append(contentsOf: item.text.lowercased().utf8)
            text.append(0)
            add(item.author.handle, index, to: &handles)
            for entity in item.entities {
                switch entity.kind {
                case .hashtag:
                    let key = entity.target.lowercased()
                    if tags[key]?.last != index { tags[key, default: []].append(index) }
                case .mention: add(entity.target, index, to: &handles)
                case .url: break
                }
            }
        }
        starts.append(text.count)
        itemCount = range.count
        self.generation = generation
        self.tags = tags
        self.handles = handles
        self.text = text
        self.starts = starts
    }

    /// The index of all the items of `parts`, which index consecutive ranges of the same items in
    /// order (the first from item 0).
    public init(joining parts: [SearchIndex], generation: Int) {
        var tags: [String: [Int]] = [:], handles: [String: [Int]] = [:]
        var text: [UInt8] = []
        var starts: [Int] = []
        text.reserveCapacity(parts.reduce(0) { $0 + $1.text.count })
        starts.reserveCapacity(parts.reduce(1) { $0 + $1.itemCount })
        for part in parts {
            // Each part's lists are ascending and above every earlier part's: appending keeps them so.
            for (key, list) in part.tags { tags[key, default: []] += list }
            for (key, list) in part.handles { handles[key, default: []] += list }
            let base = text.count
            starts += part.starts.dropLast().map { $0 + base }
            text += part.text
        }
        starts.append(text.count)
        itemCount = starts.count - 1
        self.generation = generation
        self.tags = tags
        self.handles = handles
        self.text = text
        self.starts = starts
    }

    /// The indices of the items matching every term of `query`, ascending (newest first).
    public func matches(_ query: SearchQuery) -> [Int] {
        var result: [Int]?
        for term in query.terms {
            let found: [Int]
            switch term {
            case let .hashtag(tag): found = tags[tag] ?? []
            case let .mention(handle): found = handles[handle] ?? []
            case let .word(word): found = items(containing: Array(word.utf8))
            }
            result = result.map { Self.intersect($0, found) } ?? found
            if result?.isEmpty == true { break }
        }
        return result ?? Array(0..<itemCount)
    }

    /// The items whose lowercased text contains `needle` (lowercased UTF-8), ascending.
    func items(containing needle: [UInt8]) -> [Int] {
        guard !needle.isEmpty else { return Array(0..<itemCount) }
        var found: [Int] = []
        text.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { word in
                guard let base = haystack.baseAddress, let first = word.first, let rest = word.baseAddress else { return }
                var offset = 0
                // memchr finds each candidate first byte at memory speed; memcmp checks the rest.
                while offset + word.count <= haystack.count,
                      let hit = memchr(base + offset, Int32(first), haystack.count - offset - word.count + 1) {
                    let position = base.distance(to: UnsafeRawPointer(hit))
                    guard memcmp(hit, rest, word.count) == 0 else { offset = position + 1; continue }
                    let item = self.item(atOffset: position)
                    found.append(item)
                    // Go on after this item: one hit is enough.
                    offset = starts[item + 1]
                }
            }
        }
        return found
    }

    /// The item whose text holds byte `offset` of `text` (binary search over `starts`).
    func item(atOffset offset: Int) -> Int {
        var lo = 0, hi = itemCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The values in both ascending arrays, ascending.
    static func intersect(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { result.append(a[i]); i += 1; j += 1 } else if a[i] < b[j] { i += 1 } else { j += 1 }
        }
        return result
    }
}
