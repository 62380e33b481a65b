/// Something the user opened recently: a source (archive, feed, photo folder) or a photo they viewed.
public struct RecentEntry: Hashable, Sendable {
    /// Whether the entry is a source or a single viewed photo.
    public enum Kind: String, Hashable, Sendable {
        /// A feed, an archive or a photo folder: opening it replaces what is shown.
        case source
        /// One photo looked at in the image view: opening it shows it (its thumbnail is the photo).
        case photo
    }

    /// Source or photo.
    public var kind: Kind
    /// Absolute path of the file or folder.
    public var path: String
    /// What the list shows ("twitter-2022.zip", "IMG_0042.jpg").
    public var title: String
    /// When it was last opened.
    public var opened: Timestamp
    /// True when the path no longer exists (checked when the list is read, never stored).
    public var isMissing: Bool

    /// Creates an entry.
    public init(kind: Kind, path: String, title: String, opened: Timestamp, isMissing: Bool = false) {
        self.kind = kind; self.path = path; self.title = title; self.opened = opened; self.isMissing = isMissing
    }

    /// True when `other` is the same thing opened (same kind and path), whenever it was.
    public func isSame(as other: RecentEntry) -> Bool { kind == other.kind && path == other.path }
}

/// The recently opened list: newest first, each thing once, at most `capacity` entries.
public struct Recents: Hashable, Sendable {
    /// The most entries remembered.
    public static let capacity = 50

    /// Newest first.
    public private(set) var entries: [RecentEntry]
    /// What `forget` removed, one entry per thing with the newest `opened` forgotten, so that a
    /// merge with another instance's list does not bring it back.
    public private(set) var forgotten: [RecentEntry] = []

    /// The list of `entries` (any order): newest first, duplicates dropped (the newest kept), cut to `capacity`.
    public init(_ entries: [RecentEntry] = []) {
        var kept: [RecentEntry] = []
        for entry in entries.enumerated().sorted(by: { ($0.element.opened, -$0.offset) > ($1.element.opened, -$1.offset) })
            .map(\.element) where !kept.contains(where: { $0.isSame(as: entry) }) {
            kept.append(entry)
        }
        self.entries = Array(kept.prefix(Self.capacity))
    }

    /// Puts `entry` first (removing an older entry for the same thing); the oldest falls off past `capacity`.
    public mutating func record(_ entry: RecentEntry) {
        entries.removeAll { $0.isSame(as: entry) }
        entries.insert(entry, at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
    }

    /// Removes the entry for the same thing as `entry`, if any, and remembers it as forgotten.
    public mutating func forget(_ entry: RecentEntry) {
        var gone = entry
        gone.opened = entries.filter { $0.isSame(as: entry) }.reduce(entry.opened) { max($0, $1.opened) }
        entries.removeAll { $0.isSame(as: entry) }
        forgotten.removeAll { $0.isSame(as: entry) }
        forgotten.append(gone)
    }

    /// This list merged with `other` (another instance's, as its file holds it now): one entry per
    /// thing, the newest `opened` winning (this list's on a tie), newest first, at most `capacity`.
    /// An entry of `other` for a thing this list forgot is left out unless it was opened after
    /// the opening that was forgotten (someone opened it again). The result keeps this list's
    /// `forgotten`.
    public func merged(with other: Recents) -> Recents {
        let kept = other.entries.filter { entry in
            !forgotten.contains { $0.isSame(as: entry) && entry.opened <= $0.opened }
        }
        var out = Recents(entries + kept)
        out.forgotten = forgotten
        return out
    }
}
