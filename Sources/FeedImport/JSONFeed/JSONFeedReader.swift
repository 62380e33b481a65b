import PlumageCore

/// Reads JSON Feed 1.0 / 1.1 files (https://www.jsonfeed.org/version/1.1/) and the `_plumage`
/// extension of the bundled demo into a `FeedSource`.
///
/// Extension: top-level `_plumage.sections` (ordered names: the first holds every item, the others
/// the items whose `_plumage.sections` list them) and `_plumage.owner {name, handle, avatar?}`;
/// per author `_plumage.handle`; per item `_plumage.kind` (post, reply, repost, quote) and
/// `_plumage.entities` (SPEC §6's entity objects over the item's plain text, checked by
/// `SourceEntities.validated`; items without them get `EntityDetector`'s); per attachment
/// `_plumage.width` / `height` and `_plumage.alt` (alt text; the standard `duration_in_seconds`
/// is read too, and remote `http(s)` attachments keep their host for their placeholder). Without it the sections are Timeline (all) and, when
/// any item has media, Media.
public enum JSONFeedReader {
    /// The largest JSON Feed file read (256 MiB): its parsed values take several times that.
    public static let fileLimit = 256 << 20

    /// Reads the feed file at `path`; relative media paths resolve against its folder, and detected
    /// links must end in one of `topLevelDomains`.
    /// Only a regular file of at most `fileLimit` bytes is read (a device, a pipe or a huge file is
    /// refused before reading). Errors read `PATH: cannot read: …`, `PATH: not a regular file`,
    /// `PATH: larger than 256 MiB, not read`, `PATH: LINE:COLUMN: reason` or `PATH: not a JSON Feed (…)`.
    public static func read(
        path: String, kind: SourceKind = .jsonFeed, topLevelDomains: TopLevelDomains
    ) throws(SourceError) -> FeedSource {
        let bytes = try FileSystem.regularFile(path, limit: fileLimit)
        return try decode(
            bytes, path: path, baseDirectory: FileSystem.directory(of: FileSystem.absolute(path)), kind: kind,
            topLevelDomains: topLevelDomains)
    }

    /// Parses feed `bytes`; `path` only names the source in errors and the fallback title,
    /// `baseDirectory` (absolute) anchors relative media and avatar paths, which must stay in its
    /// folder tree (others are left without a file and named in one warning), detected links must end in
    /// one of `topLevelDomains`. A feed fetched from `documentURL` names its media and avatars by
    /// remote locators resolved against it and looks nothing up on disk (`baseDirectory` unused).
    public static func decode(
        _ bytes: [UInt8], path: String, baseDirectory: String, documentURL: String? = nil, kind: SourceKind = .jsonFeed,
        topLevelDomains: TopLevelDomains
    ) throws(SourceError) -> FeedSource {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .malformed(path, error)
        }
        guard root.object != nil else { throw .notAFeed(path, "the top level is not an object") }
        guard let version = root["version"]?.string else { throw .notAFeed(path, "missing \"version\"") }
        guard version.contains("jsonfeed.org/version/") else { throw .notAFeed(path, "unknown version \"\(MessageText.clipped(version))\"") }
        guard let rawItems = root["items"]?.array else { throw .notAFeed(path, "missing \"items\" array") }

        let title = FieldLimits.capped(root["title"]?.string ?? String(path.split(separator: "/").last ?? ""), FieldLimits.name)
        let reader = JSONFeedItemReader(
            baseDirectory: baseDirectory, documentURL: documentURL, feed: root, title: title, detector: EntityDetector(topLevelDomains: topLevelDomains))
        var parsed: [(item: Item, sections: [String])] = []
        parsed.reserveCapacity(rawItems.count)
        for (index, raw) in rawItems.enumerated() {
            guard raw.object != nil else { throw .notAFeed(path, "item \(index + 1) is not an object") }
            parsed.append(reader.item(raw, index: index))
        }
        // Newest first, undated last; equal dates keep file order.
        let order = parsed.indices.sorted { i, j in
            let a = parsed[i].item, b = parsed[j].item
            return a.isNewer(than: b) || (!b.isNewer(than: a) && i < j)
        }
        let items = order.map { parsed[$0].item }
        let memberships = order.map { parsed[$0].sections }
        let extensionSections = (root["_plumage"]?["sections"]?.array ?? []).compactMap(\.string)
        let owner = reader.owner(root["_plumage"]?["owner"])
        return FeedSource(
            kind: kind, title: title, owner: owner,
            sections: sections(named: extensionSections, items: items, memberships: memberships), items: items,
            warnings: reader.files.refusedWarning.map { [$0] } ?? [])
    }

    /// The extension's sections, or Timeline (+ Media) without it.
    private static func sections(named names: [String], items: [Item], memberships: [[String]]) -> [Section] {
        let all = Array(items.indices)
        guard let first = names.first else {
            let withMedia = all.filter { !items[$0].media.isEmpty }
            return [Section(name: "Timeline", itemIndices: all)] + (withMedia.isEmpty ? [] : [Section(name: "Media", itemIndices: withMedia)])
        }
        return [Section(name: first, itemIndices: all)]
            + names.dropFirst().map { name in Section(name: name, itemIndices: all.filter { memberships[$0].contains(name) }) }
    }
}
