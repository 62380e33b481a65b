import PlumageCore

/// A whole `FeedSource` as a compact versioned binary file, so a large archive opens again without
/// being parsed (README, "Index cache"). The file starts with a magic line, the format version and
/// the key it was made for (the source's path and the fingerprint of its files); reading a file
/// made for another key or version, or a damaged one, gives nil, and the source is read afresh.
///
/// After the header come two bodies: the head (the first `headCount` posts of the first section as
/// a small source of their own, which a relaunch shows at once) with its length before it and the
/// CRC-32C of everything up to its end after it (so the head is checked without reading further),
/// then the whole source, then the CRC-32C of everything before it. A body: kind, title, owner,
/// warnings; an author table (authors repeat: most items of an archive are the owner's); items (id,
/// date, date problem, author index, kind, text, entities, media, content warning, sensitive flag,
/// link card); sections as item indices.
///
/// A file that passes its checksums is still checked against every invariant the rest of the program
/// relies on (entity ranges ordered and inside their text, indices inside their lists, at least one
/// section, dates within `dateRange`): a cache written by a faulty or hostile writer is refused, never shown.
public enum SourceCache {
    /// The first bytes of every cache file.
    static let magic = Array("PLUMAGE INDEX\n".utf8)
    /// Bumped whenever this layout or what a reader produces changes, so old files are rebuilt.
    /// 3: checksums after the head and at the end; stricter flags. 4: media and avatars name a file,
    /// a zip member or a URL (`ResourceLocator`) instead of a path string. 5: an item's content
    /// warning, sensitive flag and link card, a medium's blurhash (the live feeds' fields).
    public static let formatVersion = 5
    /// Posts in the head: a screenful or two, a few milliseconds to decode.
    public static let headCount = 200
    /// Dates a cache may hold, in seconds from the epoch: ±2^40 s (±34,000 years), far beyond any
    /// reader's (RFC 3339 stops at year 9999) and far from where date arithmetic overflows `Int64`.
    static let dateRange: ClosedRange<Int64> = -(1 << 40)...(1 << 40)
    /// Bytes of a checksum.
    static let checksumSize = 4

    /// The cache file's bytes for `source`, read from `path` whose files had `fingerprint`.
    public static func encode(_ source: FeedSource, path: String, fingerprint: String) -> [UInt8] {
        var w = BinaryWriter(capacity: source.items.count * 320 + 4096)
        w.append(magic)
        w.uint(formatVersion)
        w.string(path)
        w.string(fingerprint)
        var head = BinaryWriter()
        body(Self.head(of: source), into: &head)
        w.uint(head.bytes.count)
        w.append(head.bytes)
        w.u32(CRC32C.checksum(w.bytes[...]))
        body(source, into: &w)
        w.u32(CRC32C.checksum(w.bytes[...]))
        return w.bytes
    }

    /// The first `headCount` posts of `source`'s first section as a source of their own (same kind,
    /// title and owner; one section). Indices naming no item are passed over.
    public static func head(of source: FeedSource) -> FeedSource {
        let first = source.sections.first ?? Section(name: "", itemIndices: [])
        let items = Array(first.itemIndices.lazy.filter { source.items.indices.contains($0) }.prefix(headCount)
            .map { source.items[$0] })
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
                locator(m.locator, &w); w.uint(m.width); w.uint(m.height)
                w.optionalString(m.alt)
                if let d = m.duration { w.u8(1); w.double(d) } else { w.u8(0) }
                w.optionalString(m.remoteHost)
                w.optionalString(m.blurhash)
            }
            w.optionalString(item.contentWarning)
            w.u8(item.sensitive ? 1 : 0)
            if let card = item.card { w.u8(1); w.string(card.title); w.string(card.url); w.string(card.site) } else { w.u8(0) }
        }
        w.uint(source.sections.count)
        for section in source.sections {
            w.string(section.name)
            w.uint(section.itemIndices.count)
            section.itemIndices.forEach { w.uint($0) }
        }
    }

    /// The source in `bytes` when they are an intact cache file of this version for `path` and
    /// `fingerprint` (only its head with `headOnly`, for which `bytes` may end after the head); nil otherwise.
    public static func decode(_ bytes: [UInt8], path: String, fingerprint: String, headOnly: Bool = false) -> FeedSource? {
        guard let header = header(bytes), header.version == formatVersion, header.path == path,
            header.fingerprint == fingerprint, header.head.upperBound <= bytes.count - checksumSize,
            checksum(of: bytes, before: header.head.upperBound)
        else { return nil }
        if headOnly {
            var r = BinaryReader(bytes, offset: header.head.lowerBound, end: header.head.upperBound)
            return try? body(&r)
        }
        let start = header.head.upperBound + checksumSize, end = bytes.count - checksumSize
        guard start <= end, checksum(of: bytes, before: end) else { return nil }
        var r = BinaryReader(bytes, offset: start, end: end)
        return try? body(&r)
    }

    /// The length of the header and head of a cache file (with the head's checksum) whose first bytes
    /// are `prefix` (enough of them to hold the header), so the head can be read without the rest;
    /// nil when not a cache file.
    public static func headEnd(_ prefix: [UInt8]) -> Int? {
        header(prefix).map { $0.head.upperBound + checksumSize }
    }

    /// The key a cache file was made for and where its head lies (the head's checksum follows it), read
    /// from its first bytes; nil when they are not the start of a cache file.
    private static func header(_ bytes: [UInt8]) -> (version: Int, path: String, fingerprint: String, head: Range<Int>)? {
        guard bytes.count > magic.count, bytes.starts(with: magic) else { return nil }
        var r = BinaryReader(bytes, offset: magic.count)
        do throws(BinaryReader.Damaged) {
            let version = try r.uint(), path = try r.string(), fingerprint = try r.string()
            let headLength = try r.uint()
            guard headLength <= Int.max - checksumSize - r.offset else { return nil }
            return (version, path, fingerprint, r.offset..<(r.offset + headLength))
        } catch {
            return nil
        }
    }

    /// True when the 4 bytes at `end` are the CRC-32C of the bytes before them.
    private static func checksum(of bytes: [UInt8], before end: Int) -> Bool {
        var r = BinaryReader(bytes, offset: end)
        return (try? r.u32()) == CRC32C.checksum(bytes[..<end])
    }

    /// A body as `body(_:into:)` writes it, which must end where the reader's bytes do; throws on any
    /// damage or broken invariant.
    private static func body(_ r: inout BinaryReader) throws(BinaryReader.Damaged) -> FeedSource {
        guard let kind = SourceKind(rawValue: try r.string()) else { throw BinaryReader.Damaged() }
        let title = try r.string()
        let owner = try r.flag() ? try author(&r) : nil
        let warnings = try (0..<r.count()).map { (_) throws(BinaryReader.Damaged) in try r.string() }
        let authors = try (0..<r.count(minSize: 3)).map { (_) throws(BinaryReader.Damaged) in try author(&r) }
        let itemCount = try r.count(minSize: 8)
        var items: [Item] = []
        items.reserveCapacity(itemCount)
        for _ in 0..<itemCount { items.append(try item(&r, authors: authors)) }
        var sections: [Section] = []
        for _ in 0..<(try r.count(minSize: 2)) {
            let name = try r.string()
            // An index into no items admits nothing (a limit of -1).
            let indices = try (0..<r.count()).map { (_) throws(BinaryReader.Damaged) in try r.uint(limit: items.count - 1) }
            sections.append(Section(name: name, itemIndices: indices))
        }
        guard r.remaining == 0, !sections.isEmpty else { throw BinaryReader.Damaged() }
        return FeedSource(kind: kind, title: title, owner: owner, sections: sections, items: items, warnings: warnings)
    }

    private static let itemKinds: [ItemKind] = [.post, .reply, .repost, .quote]
    private static let mediaKinds: [MediaKind] = [.photo, .video, .gif]

    /// A locator as a tag byte (0 none, 1 file, 2 zip member, 3 URL) and its strings.
    private static func locator(_ l: ResourceLocator?, _ w: inout BinaryWriter) {
        switch l {
        case nil: w.u8(0)
        case .file(let path)?: w.u8(1); w.string(path)
        case .member(let archive, let name)?: w.u8(2); w.string(archive); w.string(name)
        case .url(let url)?: w.u8(3); w.string(url)
        // A BlurHash travels in `Media.blurhash`, never as a medium's locator.
        case .blurhash?: w.u8(0)
        }
    }

    private static func locator(_ r: inout BinaryReader) throws(BinaryReader.Damaged) -> ResourceLocator? {
        switch try r.small(below: 4) {
        case 0: nil
        case 1: .file(try r.string())
        case 2: .member(archive: try r.string(), name: try r.string())
        default: .url(try r.string())
        }
    }

    private static func author(_ a: Author, _ w: inout BinaryWriter) {
        w.string(a.name); w.string(a.handle); locator(a.avatar, &w)
    }

    private static func author(_ r: inout BinaryReader) throws(BinaryReader.Damaged) -> Author {
        Author(name: try r.string(), handle: try r.string(), avatar: try locator(&r))
    }

    /// One item; its entities must lie in order inside its text (`start` ≤ `end` ≤ the text's scalars).
    private static func item(_ r: inout BinaryReader, authors: [Author]) throws(BinaryReader.Damaged) -> Item {
        let id = try r.string()
        let date = try r.flag() ? Timestamp(seconds: try r.int()) : nil
        if let date, !dateRange.contains(date.seconds) { throw BinaryReader.Damaged() }
        let problem = try r.optionalString()
        let author = authors[try r.uint(limit: authors.count - 1)]
        let kind = itemKinds[try r.small(below: itemKinds.count)]
        let text = try r.string()
        var entities: [Entity] = []
        var lastEnd = 0
        for _ in 0..<(try r.count(minSize: 5)) {
            let k = EntityKind.allCases[try r.small(below: EntityKind.allCases.count)]
            let entity = Entity(kind: k, text: try r.string(), start: try r.uint(), end: try r.uint(), target: try r.string())
            guard entity.start <= entity.end else { throw BinaryReader.Damaged() }
            lastEnd = max(lastEnd, entity.end)
            entities.append(entity)
        }
        if lastEnd > 0 {
            // Unicode scalars are the UTF-8 bytes that do not continue one (0b10xxxxxx).
            var scalars = 0
            for byte in text.utf8 where byte & 0xC0 != 0x80 { scalars += 1 }
            if lastEnd > scalars { throw BinaryReader.Damaged() }
        }
        var media: [Media] = []
        for _ in 0..<(try r.count(minSize: 6)) {
            let raw = try r.small(below: mediaKinds.count)
            let locator = try locator(&r)
            let width = try r.uint(), height = try r.uint()
            let alt = try r.optionalString()
            let duration = try r.flag() ? try r.double() : nil
            media.append(Media(kind: mediaKinds[raw], locator: locator, width: width, height: height, alt: alt, duration: duration,
                               remoteHost: try r.optionalString(), blurhash: try r.optionalString()))
        }
        let warning = try r.optionalString()
        let sensitive = try r.flag()
        let card = try r.flag() ? LinkCard(title: try r.string(), url: try r.string(), site: try r.string()) : nil
        return Item(id: id, date: date, dateProblem: problem, author: author, kind: kind, text: text, entities: entities,
                    media: media, contentWarning: warning, sensitive: sensitive, card: card)
    }
}
