/// What a feed screen showing live sources knows about them: each live address's posts so far and
/// which page it wants next, the local sources shown with them (merged newest first), and the
/// posts a refresh brought. Pure state: the screen asks for pages through its lookahead and
/// hears what came of them as news (`InputEvent.livePage`).
public struct LiveFeed: Hashable, Sendable {
    /// One live address of the feed.
    public struct Part: Hashable, Sendable {
        /// The address as the user gave it.
        public var address: String
        /// Its posts so far (every page read, merged); nil before the first page.
        public var source: FeedSource?
        /// The page it wants when the reader reaches the end: the first, an older one, or nil at
        /// the end of the feed.
        public var next: LivePagePart? = .first
        /// Why the last page could not be read; nothing is asked again until a retry.
        public var failure: String?
        /// Counts the tries of `next`.
        public var attempt = 0
        /// The refresh (F5) in flight, by its attempt; nil when none is.
        public var refreshing: Int?
        /// Counts the refreshes.
        public var refreshes = 0
        /// Creates a part for `address`, nothing read yet.
        public init(address: String) { self.address = address }

        /// True while a page of it is wanted and not failed.
        public var isLoading: Bool { next != nil && failure == nil }
    }

    /// The local sources shown with the live ones (nil when none).
    public var local: FeedSource?
    /// The live addresses, in the order given.
    public var parts: [Part]

    /// A feed of `addresses` (read from the network) shown with `local` (already read).
    public init(addresses: [String], local: FeedSource? = nil) {
        self.local = local
        parts = addresses.map(Part.init(address:))
    }

    /// Everything read so far as one source, newest first; the title names what is still loading.
    public var merged: FeedSource {
        let sources = (local.map { [$0] } ?? []) + parts.compactMap(\.source)
        if sources.isEmpty {
            let title = parts.map(\.address).joined(separator: " + ")
            return FeedSource(kind: .rss, title: title, sections: [Section(name: "Timeline", itemIndices: [])], items: [])
        }
        var merged = SourceMerge.merged(sources)
        // Parts not read yet are still named in the title.
        let unread = parts.filter { $0.source == nil }.map(\.address)
        if !unread.isEmpty { merged.title = ([merged.title] + unread).joined(separator: " + ") }
        return merged
    }

    /// The pages wanted now; older pages only when `nearEnd` (the reader is near the list's end).
    public func wantedPages(nearEnd: Bool) -> [LivePageRequest] {
        var pages: [LivePageRequest] = []
        for part in parts {
            if let next = part.next, part.failure == nil, part.source == nil || nearEnd {
                pages.append(LivePageRequest(address: part.address, part: next, attempt: part.attempt))
            }
            if let refresh = part.refreshing {
                pages.append(LivePageRequest(address: part.address, part: .newer, attempt: refresh))
            }
        }
        return pages
    }

    /// True when `request` is one this feed wants (or wanted: a stored copy was shown first).
    public func wants(_ request: LivePageRequest) -> Bool {
        parts.contains { part in
            guard part.address == request.address else { return false }
            if request.part == .newer { return part.refreshing == request.attempt }
            return part.next == request.part && part.attempt == request.attempt && part.failure == nil
                || request.part == .first && part.attempt == request.attempt && part.next != .first
        }
    }

    /// What happened when the news of `request` arrived.
    public enum Outcome: Hashable, Sendable {
        /// Nothing for this feed.
        case none
        /// Posts arrived; `newAbove` of them are newer than every post shown before (a refresh).
        case posts(newAbove: Int)
        /// The page failed, and why.
        case failed(String)
    }

    /// Takes the news of `request`; returns what changed.
    public mutating func receive(_ request: LivePageRequest, _ result: LivePageResult) -> Outcome {
        guard wants(request), let index = parts.firstIndex(where: { $0.address == request.address }) else { return .none }
        var part = parts[index]
        defer { parts[index] = part }
        switch result {
        case .failed(let reason):
            if request.part == .newer {
                part.refreshing = nil
            } else if part.source == nil || request.part != .first {
                part.failure = reason
            }
            return .failed(reason)
        case let .page(page, older, _):
            let isRefresh = request.part == .newer || (request.part == .first && part.source != nil && part.next != .first)
            if isRefresh {
                // A refresh (or the server's answer after a stored copy): newer posts go on top;
                // where the older pages continue stays as it was.
                if request.part == .newer { part.refreshing = nil }
                let before = part.source
                let known = Set(before?.items.map(\.id) ?? [])
                let newest = before?.items.first
                part.source = before.map { SourceMerge.merged([page, $0], keepingFirstTitle: true) } ?? page
                let added = page.items.filter { !known.contains($0.id) && (newest.map($0.isNewer(than:)) ?? true) }.count
                return .posts(newAbove: added)
            }
            part.source = part.source.map { SourceMerge.merged([$0, page], keepingFirstTitle: true) } ?? page
            part.next = older.map(LivePagePart.older)
            part.failure = nil
            return .posts(newAbove: 0)
        }
    }

    /// Asks again for the pages that failed (a click on Retry).
    public mutating func retry() {
        for i in parts.indices where parts[i].failure != nil {
            parts[i].failure = nil
            parts[i].attempt += 1
        }
    }

    /// Asks every live address for its newest posts (F5), unless one is already being asked.
    public mutating func refresh() {
        for i in parts.indices where parts[i].refreshing == nil {
            if parts[i].source == nil {
                // Never read: F5 retries the first page.
                if parts[i].failure != nil { parts[i].failure = nil; parts[i].attempt += 1 }
                continue
            }
            parts[i].refreshes += 1
            parts[i].refreshing = parts[i].refreshes
        }
    }

    /// The first failure, if any page failed.
    public var failure: String? { parts.lazy.compactMap(\.failure).first }

    /// True while some live address still has older pages to read (or its first).
    public var hasMore: Bool { parts.contains { $0.next != nil } }

    /// The origin of the post with id `id`, found among the parts' posts.
    public func origin(ofItem id: String) -> LiveOrigin? {
        for part in parts {
            guard let source = part.source, source.items.contains(where: { $0.id == id }) else { continue }
            return LiveOrigin.of(address: part.address, kind: source.kind)
        }
        return nil
    }
}
