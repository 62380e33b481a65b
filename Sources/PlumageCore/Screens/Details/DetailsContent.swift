/// What the details screen lists for one post (seed 001, Smashtag Mentions): its photos and videos,
/// hashtags, users and links, one entry per row, duplicates removed, in the order they appear.
public struct DetailsContent: Hashable, Sendable {
    /// One thing the user can choose.
    public enum Entry: Hashable, Sendable {
        /// Photo `index` of the post's photos (`Photo.photos(of:source:)`), with its size if known.
        case photo(index: Int, Media)
        /// A video or GIF of the post (opened in the desktop's player).
        case video(Media)
        /// A hashtag, without `#`.
        case hashtag(String)
        /// A user's handle, without `@` (the author first, then the people mentioned).
        case user(String)
        /// A link: its full URL and the text shown for it.
        case url(target: String, shown: String)
    }

    /// A titled group of entries; never empty.
    public struct Section: Hashable, Sendable {
        /// "Images" (photos, videos and GIFs), "Hashtags", "Users" or "URLs".
        public var title: String
        /// The entries, in the order they appear in the post.
        public var entries: [Entry]
    }

    /// The non-empty sections, in the order Images, Hashtags, Users, URLs.
    public let sections: [Section]
    /// Every entry, in display order (the keyboard selection walks this list).
    public let entries: [Entry]

    /// The sections of `item`.
    public init(item: Item) {
        var seen = Set<String>()
        func unique(_ key: String) -> Bool { seen.insert(key.lowercased()).inserted }
        var photoCount = 0
        let photos = item.media.map { media -> Entry in
            guard media.kind == .photo else { return .video(media) }
            defer { photoCount += 1 }
            return .photo(index: photoCount, media)
        }
        let tags = item.entities.filter { $0.kind == .hashtag && unique("#" + $0.target) }.map { Entry.hashtag($0.target) }
        let users = ([item.author.handle] + item.entities.filter { $0.kind == .mention }.map(\.target))
            .filter { unique("@" + $0) }.map { Entry.user($0) }
        let urls = item.entities.filter { $0.kind == .url && unique($0.target) }
            .map { Entry.url(target: $0.target, shown: $0.text) }
        sections = [("Images", photos), ("Hashtags", tags), ("Users", users), ("URLs", urls)]
            .filter { !$0.1.isEmpty }.map { Section(title: $0.0, entries: $0.1) }
        entries = sections.flatMap(\.entries)
    }
}

extension DetailsContent.Entry {
    /// The medium a photo or video entry shows; nil for text entries.
    public var media: Media? {
        switch self {
        case let .photo(_, media), let .video(media): media
        case .hashtag, .user, .url: nil
        }
    }
}
