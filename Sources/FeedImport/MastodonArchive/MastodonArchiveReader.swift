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
/// - `actor.json` (at most `maxActorBytes`) → the owner (`MastodonActor`); `likes.json` /
///   `bookmarks.json` → undated link cards (`MastodonLinkCards`), listed after every dated item.
///   Any of these three may be missing; a malformed one is a warning, not an error.
/// - The outbox, likes and bookmarks are streamed element by element (`MastodonCollectionStream`):
///   memory holds the items kept, not the file. An activity that does not parse is skipped and
///   counted with the others skipped; invalid UTF-8 is replaced with U+FFFD and said in one
///   warning; a file cut short keeps what came before the cut, with a warning.
/// - Items newest first (equal dates: later in the outbox first), undated last. Sections: Posts
///   (statuses that are not replies, and boosts, as Mastodon's profile "Posts" tab), Replies,
///   Boosts, Media, Likes, Bookmarks; empty ones are left out except Posts.
public enum MastodonArchiveReader {
    /// Reads `archive`; `topLevelDomains` is accepted for symmetry with the other readers (Mastodon
    /// marks its links itself, so nothing is detected). Errors: `ROOT: no outbox.json (…)`,
    /// `ROOT/outbox.json: LINE:COLUMN: reason` (a fault before any activity),
    /// `ROOT/outbox.json: not a Mastodon outbox (…)`, `ROOT: outbox.json: cannot read: …`.
    public static func read(_ archive: any ArchiveFiles, topLevelDomains: TopLevelDomains) throws(SourceError) -> FeedSource {
        guard archive.contains("outbox.json") else {
            throw SourceError(.invalidFeed, path: archive.rootPath, reason: "no outbox.json (not a Mastodon archive)")
        }
        var warnings: [String] = []
        let actor = smallDocument("actor.json", in: archive, warnings: &warnings)

        var statuses: [Item] = []
        var seen: Set<String> = []
        var skipped: [String] = []
        // The owner needs an activity's `actor` when actor.json lacks its URLs: activities are held
        // (a few at most: every real one names its actor) until one names it.
        var reader: MastodonStatusReader?
        var waiting: [JSONValue] = []
        func process(_ activity: JSONValue, with reader: MastodonStatusReader) {
            switch reader.read(activity) {
            case .item(let item): if seen.insert(item.id).inserted { statuses.append(item) }
            case .direct: break
            case .skipped(let reason): skipped.append(reason)
            }
        }
        func start(fallbackActor: String?) -> MastodonStatusReader {
            let owner = MastodonActor.owner(actor, fallbackActorURL: fallbackActor, archive: archive)
            let started = MastodonStatusReader(owner: owner, media: MastodonMediaResolver(archive: archive))
            for activity in waiting { process(activity, with: started) }
            waiting = []
            reader = started
            return started
        }
        let summary: MastodonCollectionStream.Summary
        do {
            summary = try MastodonCollectionStream.read(
                "outbox.json", in: archive,
                restart: {
                    (statuses, seen, skipped, waiting, reader) = ([], [], [], [], nil)
                },
                element: { activity in
                    if let reader {
                        process(activity, with: reader)
                    } else if let named = activity["actor"]?.string {
                        waiting.append(activity)
                        _ = start(fallbackActor: named)
                    } else {
                        waiting.append(activity)
                        if waiting.count >= maxWaiting { _ = start(fallbackActor: nil) }
                    }
                    return true
                })
        } catch {
            throw .archive(error, in: archive)
        }
        if let frame = summary.frameError, summary.topLevelIsObject != false, summary.brokeBeforeElements {
            throw .malformed(archive.path(of: "outbox.json"), frame)
        }
        guard summary.topLevelIsObject == true else { throw notAnOutbox(archive, "the top level is not an object") }
        guard summary.foundArray else {
            if let frame = summary.frameError { throw .malformed(archive.path(of: "outbox.json"), frame) }
            throw notAnOutbox(archive, "no \"orderedItems\" array")
        }
        let owner = (reader ?? start(fallbackActor: nil)).owner
        let outboxPath = archive.path(of: "outbox.json")
        if summary.replaced > 0 {
            warnings.append("\(outboxPath): \(summary.replaced) invalid UTF-8 sequence\(summary.replaced == 1 ? "" : "s") replaced with U+FFFD")
        }
        let skippedCount = skipped.count + summary.skipped
        if skippedCount > 0 {
            let first = summary.firstSkip ?? skipped[0]
            warnings.append("\(outboxPath): \(skippedCount) item\(skippedCount == 1 ? "" : "s") skipped (\(first))")
        }
        if let frame = summary.frameError { warnings.append("\(outboxPath): \(frame.description)") }
        if summary.stoppedEarly {
            warnings.append("\(outboxPath): more than \(MastodonCollectionStream.maxElements) items; the rest are not read")
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

    /// Most activities held while none names its actor; past it the owner is read without one.
    static let maxWaiting = 1000
    /// The largest `actor.json` read (a real one is a few KiB).
    static let maxActorBytes = 4 << 20

    /// The parsed small JSON file `name` (at most `maxActorBytes`) when the archive holds it; nil
    /// and a warning when it is larger, cannot be read or does not parse.
    private static func smallDocument(_ name: String, in archive: any ArchiveFiles, warnings: inout [String]) -> JSONValue? {
        guard archive.contains(name) else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try archive.read(name, limit: maxActorBytes)
        } catch {
            warnings.append(SourceError.archive(error, in: archive).description)
            return nil
        }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            warnings.append(SourceError.malformed(archive.path(of: name), error).description)
            return nil
        }
    }

    /// The link cards of `likes.json` or `bookmarks.json`, streamed; none, with a warning, when it
    /// is not a collection.
    private static func cards(
        _ name: String, idPrefix: String, authorName: String, in archive: any ArchiveFiles, warnings: inout [String]
    ) -> [Item] {
        guard archive.contains(name) else { return [] }
        var cards: [Item] = []
        let summary: MastodonCollectionStream.Summary
        do {
            summary = try MastodonCollectionStream.read(
                name, in: archive, restart: { cards = [] },
                element: { element in
                    if let card = MastodonLinkCards.card(element, idPrefix: idPrefix, authorName: authorName) {
                        cards.append(card)
                    }
                    return true
                })
        } catch {
            warnings.append(SourceError.archive(error, in: archive).description)
            return []
        }
        let path = archive.path(of: name)
        if let frame = summary.frameError, summary.topLevelIsObject != false, summary.brokeBeforeElements || !summary.foundArray {
            warnings.append(SourceError.malformed(path, frame).description)
            return []
        }
        guard summary.topLevelIsObject == true, summary.foundArray else {
            warnings.append("\(path): no \"orderedItems\" array, skipped")
            return []
        }
        if summary.replaced > 0 {
            warnings.append("\(path): \(summary.replaced) invalid UTF-8 sequence\(summary.replaced == 1 ? "" : "s") replaced with U+FFFD")
        }
        if summary.skipped > 0 {
            warnings.append("\(path): \(summary.skipped) item\(summary.skipped == 1 ? "" : "s") skipped (\(summary.firstSkip ?? "?"))")
        }
        if let frame = summary.frameError { warnings.append("\(path): \(frame.description)") }
        return cards
    }

    private static func notAnOutbox(_ archive: any ArchiveFiles, _ detail: String) -> SourceError {
        SourceError(.invalidFeed, path: archive.path(of: "outbox.json"), reason: "not a Mastodon outbox (\(detail))")
    }
}
