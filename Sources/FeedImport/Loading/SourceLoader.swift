import Archives
import PlumageCore

/// The one entry point that turns a command-line path into a `FeedSource`, choosing the reader by sniffing.
///
/// Today it reads the bundled demo and JSON Feed files; Twitter/X and Mastodon archives, photo
/// folders and images are recognised and reported as not supported yet, so their readers slot in
/// behind `SourceFormat` without changing callers.
public enum SourceLoader {
    /// Loads `path`, or the bundled demo (`Assets/demo/feed.json` under `resources`) when `path` is nil.
    /// `resources` is located on demand when not given; detected links must end in a top-level
    /// domain of `PublicSuffixList.installed()` (its error when the list is missing).
    public static func load(path: String?, resources: ResourceLocator? = nil) throws(SourceError) -> FeedSource {
        guard let path else {
            let locator: ResourceLocator
            if let resources { locator = resources } else { locator = try ResourceLocator.locate() }
            return try JSONFeedReader.read(
                path: locator.demoFeedURL.path, kind: .demo, topLevelDomains: PublicSuffixList.installed())
        }
        return try loadOne(path)
    }

    /// Loads each of `paths` (at least one) and merges them newest first (`SourceMerge`); the
    /// first path that cannot be read stops with its error.
    /// With a `cache`, each path's source is taken from its index cache when the files are unchanged,
    /// and a source read afresh is stored there (the window does this; `dump` always reads).
    /// `progress` hears the fraction done (0…1) now and then.
    public static func load(
        paths: [String], resources: ResourceLocator? = nil, cache: SourceCacheStore? = nil,
        progress: (Double) -> Void = { _ in }
    ) throws(SourceError) -> FeedSource {
        guard !paths.isEmpty else { return try load(path: nil, resources: resources) }
        var sources: [FeedSource] = []
        for (n, path) in paths.enumerated() {
            progress(Double(n) / Double(paths.count))
            let absolute = FileSystem.absolute(path)
            let fingerprint = cache == nil ? nil : SourceCacheStore.fingerprint(of: absolute)
            if let cache, let fingerprint, let cached = cache.load(path: absolute, fingerprint: fingerprint) {
                sources.append(cached)
                continue
            }
            let source = try loadOne(path)
            if let cache, let fingerprint { cache.save(source, path: absolute, fingerprint: fingerprint) }
            sources.append(source)
        }
        return SourceMerge.merged(sources)
    }

    /// The cached sources of `paths` merged, when every one of them has an intact cache for its
    /// files as they are now; nil otherwise (then `load` reads them).
    public static func cached(paths: [String], cache: SourceCacheStore) -> FeedSource? {
        var sources: [FeedSource] = []
        for path in paths {
            let absolute = FileSystem.absolute(path)
            guard let fingerprint = SourceCacheStore.fingerprint(of: absolute),
                let source = cache.load(path: absolute, fingerprint: fingerprint)
            else { return nil }
            sources.append(source)
        }
        return sources.isEmpty ? nil : SourceMerge.merged(sources)
    }

    /// Throws what can be known about `paths` without reading them: a path that does not exist.
    public static func check(paths: [String]) throws(SourceError) {
        for path in paths where FileSystem.kind(of: path) == .missing {
            throw SourceError(.cannotRead, path: path, reason: "cannot read: No such file or directory")
        }
    }

    /// True when reading `paths` may take long enough to be done in the background while the window
    /// shows (archives, and files over 8 MB); small feeds are read before the window opens.
    public static func isLarge(paths: [String]) -> Bool {
        paths.contains { path in
            switch SourceFormat.sniff(path: path) {
            case .twitterArchive, .mastodonArchive, .archiveZip: true
            case .jsonFeed: (FileSystem.size(of: path) ?? 0) > 8 << 20
            case .photoFolder, .image: false
            }
        }
    }

    /// Reads the source at `path`, choosing the reader by sniffing.
    static func loadOne(_ path: String) throws(SourceError) -> FeedSource {
        switch SourceFormat.sniff(path: path) {
        case .jsonFeed: return try JSONFeedReader.read(path: path, topLevelDomains: PublicSuffixList.installed())
        case .mastodonArchive:
            let archive: FolderArchive
            do { archive = try FolderArchive(path: path) } catch { throw SourceError(.cannotRead, path: path, reason: error.description) }
            return try MastodonArchiveReader.read(archive, topLevelDomains: PublicSuffixList.installed())
        case let other: throw SourceError(.unsupported, path: path, reason: "\(other.description) are not supported yet")
        }
    }
}

/// What a path holds, decided from its name and a cheap look at the file system.
public enum SourceFormat: String, Hashable, Sendable {
    /// A JSON Feed file (also the fallback for unknown files).
    case jsonFeed
    /// A Twitter/X archive folder, or one of its `.js` data files.
    case twitterArchive
    /// A Mastodon archive folder (`outbox.json`).
    case mastodonArchive
    /// A `.zip` file: a Twitter/X or Mastodon archive still packed.
    case archiveZip
    /// A folder of images ("places").
    case photoFolder
    /// A single image file.
    case image

    /// A plural noun for messages ("Twitter/X archives").
    public var description: String {
        switch self {
        case .jsonFeed: "JSON Feeds"
        case .twitterArchive: "Twitter/X archives"
        case .mastodonArchive: "Mastodon archives"
        case .archiveZip: "zipped archives"
        case .photoFolder: "photo folders"
        case .image: "images"
        }
    }

    /// Sniffs `path`: a folder is a Twitter/X archive (`data/manifest.js`, `data/tweets.js`,
    /// `data/tweet.js`), a Mastodon archive (`outbox.json`) or a photo folder; a file is an image,
    /// a `.zip` archive, or else read as a JSON Feed; a missing path sniffs as a JSON Feed so that
    /// reading it reports `cannot read: No such file or directory`.
    public static func sniff(path: String) -> SourceFormat {
        switch FileSystem.kind(of: path) {
        case .missing:
            return .jsonFeed
        case .directory:
            let dir = path.hasSuffix("/") ? String(path.dropLast()) : path
            if ["data/manifest.js", "data/tweets.js", "data/tweet.js"].contains(where: { FileSystem.isFile(dir + "/" + $0) }) {
                return .twitterArchive
            }
            return FileSystem.isFile(dir + "/outbox.json") ? .mastodonArchive : .photoFolder
        case .file, .other:
            let ext = path.split(separator: "/").last?.split(separator: ".").last?.lowercased() ?? ""
            if PhotoList.imageExtensions.contains(ext) { return .image }
            if ext == "zip" { return .archiveZip }
            if ext == "js" { return .twitterArchive }
            return .jsonFeed
        }
    }
}
