import PlumageCore

/// A whole `FeedSource` as a compact versioned binary file, so a large archive opens again without
/// being parsed (README, "Index cache"). The file starts with a magic line, the format version and
/// the key it was made for (the source's path and the fingerprint of its files); reading a file
/// made for another key or version, or a damaged one, gives nil, and the source is read afresh.
///
/// After the header come two bodies: the head (the first `headCount` posts of the first section as
/// a small source of their own, which a relaunch shows at once) with its length before it, then the
/// whole source. A body: kind, title, owner, warnings; an author table (authors repeat: most items
/// of an archive are the owner's); items (id, date, date problem, author index, kind, text,
/// entities, media); sections as item indices.
public enum SourceCache {
    /// The first bytes of every cache file.
    static let magic = Array("PLUMAGE INDEX\n".utf8)
    /// Bumped whenever this layout or what a reader produces changes, so old files are rebuilt.
    public static let formatVersion = 2
    /// Posts in the head: a screenful or two, a few milliseconds to decode.
    public static let headCount = 200

    /// The cache file's bytes for `source`, read from `path` whose files had `fingerprint`.
    public static func encode(_ source: FeedSource, path: String, fingerprint: String) -> [UInt8] {
        var w = BinaryWriter(capacity: source.items.count * 320 + 4096)
        magic.forEach { w.u8($0) }
        w.uint(formatVersion)
        w.string(path)
        w.string(fingerprint)
        var head = BinaryWriter()
        body(Self.head(of: source), into: &head)
        w.uint(head.bytes.count)
        w.append(head.bytes)
        body(source, into: &w)
        return w.bytes
    }

    /// The first `headCount` posts of `source`'s first section as a source of their own (same kind,
    /// title and owner; one section).
    public static func head(of source: FeedSource) -> FeedSource {
        let first = source.sections.first ?? Section(name: "", itemIndices: [])
        let items = first.itemIndices.prefix(headCount).map { source.items[$0] }
        return FeedSource(kind: source.kind, title: source.title, owner: source.owner,
                          sections: [Section(name: first.name, itemIndices: Array(items.indices))], items: items)
    }

    /// Appends the body of `source` to `w`.
    private static func body(_ source: FeedSource, into w: inout BinaryWriter) {
        w.string(source.kind.rawValue)
        w.string(source.title)
        if let owner = source.owner { w.u8(1); author(owner, &w) } else { w.u8(0) }
        w.uint(source.warnings.count)
        source.warnings.forEach { w.string($0) }
        var authorIndex: [Author: Int] = [:]
        var authors: [Author] = []
        for item in source.items where authorIndex[item.author] == nil {
            authorIndex[item.author] = authors.count
            authors.append(item.author)
        }
        w.uint(authors.count)
        authors.forEach { author($0, &w) }
        w.uint(source.items.count)
        for item in source.items {
            w.string(item.id)
            if let date = item.date { w.u8(1); w.int(date.seconds) } else { w.u8(0) }
            w.optionalString(item.dateProblem)
            w.uint(authorIndex[item.author]!)
            w.u8(itemKinds.firstIndex(of: item.kind).map(UInt8.init)!)
            w.string(item.text)
            w.uint(item.entities.count)
            for e in item.entities {
                w.u8(EntityKind.allCases.firstIndex(of: e.kind).map(UInt8.init)!)
                w.string(e.text); w.uint(e.start); w.uint(e.end); w.string(e.target)
            }
            w.uint(item.media.count)
            for m in item.media {
                w.u8(mediaKinds.firstIndex(of: m.kind).map(UInt8.init)!)
                w.optionalString(m.path); w.uint(m.width); w.uint(m.height)
                w.optionalString(m.alt)
                if let d = m.duration { w.u8(1); w.double(d) } else { w.u8(0) }
                w.optionalString(m.remoteHost)
            }
        }
        w.uint(source.sections.count)
        for section in source.sections {
            w.string(section.name)
            w.uint(section.itemIndices.count)
            section.itemIndices.forEach { w.uint($0) }
        }
    }

    /// The source in `bytes` when they are a cache file of this version for `path` and `fingerprint`
    /// (only its head with `headOnly`, for which `bytes` may end after the head); nil otherwise.
    public static func decode(_ bytes: [UInt8], path: String, fingerprint: String, headOnly: Bool = false) -> FeedSource? {
        guard bytes.count > magic.count, bytes.starts(with: magic) else { return nil }
        var r = BinaryReader(bytes, offset: magic.count)
        do throws(BinaryReader.Damaged) {
            guard try r.uint() == formatVersion, try r.string() == path, try r.string() == fingerprint else { return nil }
            // The head's length is checked against the bytes left after it (a file cut inside its head).
            let headLength = try r.uint()
            guard headLength <= r.remaining else { return nil }
            if headOnly {
                var head = BinaryReader(Array(bytes[r.offset..<(r.offset + headLength)]))
                return try body(&head)
            }
            r.skip(headLength)
            return try body(&r)
        } catch {
            return nil
        }
    }

    /// The length of the header and head of a cache file whose first bytes are `prefix` (enough of
    /// them to hold the header), so the head can be read without the rest; nil when not a cache file.
    public static func headEnd(_ prefix: [UInt8]) -> Int? {
        guard prefix.count > magic.count, prefix.starts(with: magic) else { return nil }
        var r = BinaryReader(prefix, offset: magic.count)
        do throws(BinaryReader.Damaged) {
            _ = try r.uint(); _ = try r.string(); _ = try r.string()
            let headLength = try r.uint()
            guard headLength <= Int.max - r.offset else { return nil }
            return r.offset + headLength
        } catch {
            return nil
        }
    }

    /// A body as `body(_:into:)` writes it, which must end where the reader's bytes do.
    private static func body(_ r: inout BinaryReader) throws(BinaryReader.Damaged) -> FeedSource? {
        do {
            guard let kind = SourceKind(rawValue: try r.string()) else { return nil }
            let title = try r.string()
            let owner = try r.u8() == 1 ? try author(&r) : nil
            let warnings = try (0..<r.count()).map { (_) throws(BinaryReader.Damaged) in try r.string() }
            let authors = try (0..<r.count(minSize: 3)).map { (_) throws(BinaryReader.Damaged) in try author(&r) }
            let itemCount = try r.count(minSize: 8)
            var items: [Item] = []
            items.reserveCapacity(itemCount)
            for _ in 0..<itemCount { items.append(try item(&r, authors: authors)) }
            var sections: [Section] = []
            for _ in 0..<(try r.count(minSize: 2)) {
                let name = try r.string()
                let indices = try (0..<r.count()).map { (_) throws(BinaryReader.Damaged) in
                    try r.uint(limit: max(0, items.count - 1))
                }
                sections.append(Section(name: name, itemIndices: indices))
            }
            guard r.remaining == 0, !sections.isEmpty else { return nil }
            return FeedSource(kind: kind, title: title, owner: owner, sections: sections, items: items, warnings: warnings)
        }
    }

    private static let itemKinds: [ItemKind] = [.post, .reply, .repost, .quote]
    private static let mediaKinds: [MediaKind] = [.photo, .video, .gif]

    private static func author(_ a: Author, _ w: inout BinaryWriter) {
        w.string(a.name); w.string(a.handle); w.optionalString(a.avatar)
    }

    private static func author(_ r: inout BinaryReader) throws(BinaryReader.Damaged) -> Author {
        Author(name: try r.string(), handle: try r.string(), avatar: try r.optionalString())
    }

    private static func item(_ r: inout BinaryReader, authors: [Author]) throws(BinaryReader.Damaged) -> Item {
        let id = try r.string()
        let date = try r.u8() == 1 ? Timestamp(seconds: try r.int()) : nil
        let problem = try r.optionalString()
        guard !authors.isEmpty else { throw BinaryReader.Damaged() }
        let author = authors[try r.uint(limit: authors.count - 1)]
        let kind = itemKinds[try r.small(below: itemKinds.count)]
        let text = try r.string()
        var entities: [Entity] = []
        for _ in 0..<(try r.count(minSize: 5)) {
            let k = EntityKind.allCases[try r.small(below: EntityKind.allCases.count)]
            entities.append(Entity(kind: k, text: try r.string(), start: try r.uint(), end: try r.uint(), target: try r.string()))
        }
        var media: [Media] = []
        for _ in 0..<(try r.count(minSize: 6)) {
            let raw = try r.small(below: mediaKinds.count)
            let path = try r.optionalString()
            let width = try r.uint(), height = try r.uint()
            let alt = try r.optionalString()
            let duration = try r.u8() == 1 ? try r.double() : nil
            media.append(Media(kind: mediaKinds[raw], path: path, width: width, height: height, alt: alt, duration: duration,
                               remoteHost: try r.optionalString()))
        }
        return Item(id: id, date: date, dateProblem: problem, author: author, kind: kind, text: text, entities: entities,
                    media: media)
    }
}
