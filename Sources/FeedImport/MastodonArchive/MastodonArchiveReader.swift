import Archives
import PlumageCore

/// Reads a Mastodon account archive (the export's `.zip` or its unpacked folder, as `ArchiveFiles`)
/// into a `FeedSource`; reference/archive-formats.md §2 and §7.2.
///
/// - `outbox.json`: `orderedItems` (oldest first; `totalItems` is not trusted; a repeated key such
///   as a second `@context` keeps its last value). `Create` → a status (`MastodonStatusReader`):
///   HTML content as text with its anchors as entities, a content warning shown as a first
///   paragraph `CW: <summary>` (the text is not hidden), poll options as lines, attachments by
///   `MastodonMediaResolver`; a reply when `inReplyTo` is set. `Announce` → a repost
///   `Boosted <link>`. Direct messages are never listed; unlisted and followers-only ones are.
///   `updated` (edits) is ignored. The owner is every item's author.
/// - `actor.json` → the owner (`MastodonActor`); `likes.json` / `bookmarks.json` → undated link
///   cards (`MastodonLinkCards`), listed after every dated item. Any of these three may be
///   missing; a malformed one is a warning, not an error.
/// - Items newest first (equal dates: later in the outbox first), undated last. Sections: Posts
///   (statuses that are not replies, and boosts, as Mastodon's profile "Posts" tab), Replies,
///   Boosts, Media, Likes, Bookmarks; empty ones are left out except Posts.
public enum MastodonArchiveReader {
    /// Reads `archive`; `topLevelDomains` is accepted for symmetry with the other readers (Mastodon
    /// marks its links itself, so nothing is detected). Errors: `ROOT: no outbox.json (…)`,
    /// `ROOT/outbox.json: LINE:COLUMN: reason`, `ROOT/outbox.json: not a Mastodon outbox (…)`,
    /// `ROOT: outbox.json: cannot read: …`.
    public static func read(_ archive: any ArchiveFiles, topLevelDomains: TopLevelDomains) throws(SourceError) -> FeedSource {
        guard archive.contains("outbox.json") else {
            throw SourceError(.invalidFeed, path: archive.rootPath, reason: "no outbox.json (not a Mastodon archive)")
        }
        let outbox = try document("outbox.json", in: archive)
        guard outbox.object != nil else { throw notAnOutbox(archive, "the top level is not an object") }
        guard let activities = outbox["orderedItems"]?.array else { throw notAnOutbox(archive, "no \"orderedItems\" array") }

        var warnings: [String] = []
        let actor = optionalDocument("actor.json", in: archive, warnings: &warnings)
        let fallbackActor = activities.lazy.compactMap { $0["actor"]?.string }.first
        let owner = MastodonActor.owner(actor, fallbackActorURL: fallbackActor, archive: archive)
        let reader = MastodonStatusReader(owner: owner, media: MastodonMediaResolver(archive: archive))

        var statuses: [Item] = []
        statuses.reserveCapacity(activities.count)
        var seen: Set<String> = []
        var skipped: [String] = []
        for activity in activities {
            switch reader.read(activity) {
            case .item(let item): if seen.insert(item.id).inserted { statuses.append(item) }
            case .direct: continue
            case .skipped(let reason): skipped.append(reason)
            }
        }
        if let first = skipped.first {
            warnings.append("\(archive.path(of: "outbox.json")): \(skipped.count) item\(skipped.count == 1 ? "" : "s") skipped (\(first))")
        }
        // Oldest first in the file: reverse, then a stable sort newest first with undated items last.
        statuses.reverse()
        let order = statuses.indices.sorted { i, j in
            statuses[i].isNewer(than: statuses[j]) || (!statuses[j].isNewer(than: statuses[i]) && i < j)
        }
        let dated = order.map { statuses[$0] }
        let likes = cards("likes.json", idPrefix: "like", authorName: "Liked post", in: archive, warnings: &warnings)
            .filter { seen.insert($0.id).inserted }
        let bookmarks = cards("bookmarks.json", idPrefix: "bookmark", authorName: "Bookmark", in: archive, warnings: &warnings)
            .filter { seen.insert($0.id).inserted }
        let items = dated + likes + bookmarks

        let all = Array(dated.indices)
        var sections = [Section(name: "Posts", itemIndices: all.filter { items[$0].kind != .reply })]
        let more = [
            Section(name: "Replies", itemIndices: all.filter { items[$0].kind == .reply }),
            Section(name: "Boosts", itemIndices: all.filter { items[$0].kind == .repost }),
            Section(name: "Media", itemIndices: all.filter { !items[$0].media.isEmpty }),
            Section(name: "Likes", itemIndices: Array(dated.count..<(dated.count + likes.count))),
            Section(name: "Bookmarks", itemIndices: Array((dated.count + likes.count)..<items.count)),
        ]
        sections += more.filter { !$0.itemIndices.isEmpty }
        let title = actor == nil ? String(archive.rootPath.split(separator: "/").last ?? "Mastodon archive") : owner.name
        return FeedSource(
            kind: .mastodonArchive, title: title, owner: owner, sections: sections, items: items, warnings: warnings)
    }

    /// The parsed JSON file `name` of `archive`.
    private static func document(_ name: String, in archive: any ArchiveFiles) throws(SourceError) -> JSONValue {
        let bytes: [UInt8]
        do {
            bytes = try archive.read(name, limit: ArchiveLimits.dataFile)
        } catch {
            throw .archive(error, in: archive)
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw .malformed(archive.path(of: name), error)
        }
    }

    /// `document(name)` when the archive holds it; nil and a warning when it cannot be read or parsed.
    private static func optionalDocument(_ name: String, in archive: any ArchiveFiles, warnings: inout [String]) -> JSONValue? {
        guard archive.contains(name) else { return nil }
        do {
            return try document(name, in: archive)
        } catch {
            warnings.append(error.description)
            return nil
        }
    }

    /// The link cards of `likes.json` or `bookmarks.json`; none, with a warning, when it is not a collection.
    private static func cards(
        _ name: String, idPrefix: String, authorName: String, in archive: any ArchiveFiles, warnings: inout [String]
    ) -> [Item] {
        guard let collection = optionalDocument(name, in: archive, warnings: &warnings) else { return [] }
        guard let cards = MastodonLinkCards.cards(collection, idPrefix: idPrefix, authorName: authorName) else {
            warnings.append("\(archive.path(of: name)): no \"orderedItems\" array, skipped")
            return []
        }
        return cards
    }

    private static func notAnOutbox(_ archive: any ArchiveFiles, _ detail: String) -> SourceError {
        SourceError(.invalidFeed, path: archive.path(of: "outbox.json"), reason: "not a Mastodon outbox (\(detail))")
    }
}
