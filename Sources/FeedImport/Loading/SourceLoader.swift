import Archives
import Jobs
import PlumageCore

/// The one entry point that turns a command-line path into a `FeedSource`, choosing the reader by
/// `SourceFormat.detect`: the bundled demo, JSON Feed files, Twitter/X and Mastodon archives
/// (folders, or zips read in place); a single data file of an archive, photo folders and images are
/// refused with a message saying what to open instead.
///
/// Archives are opened through the `OpenArchives` the caller passes (the program's one registry, so
/// detection, the preview, the whole read and the image decoders share one reading of a zip's
/// directory); without one, a call opens what it needs for itself.
public enum SourceLoader {
    /// Loads `path`, or the bundled demo (`Assets/demo/feed.json` under `resources`) when `path` is nil.
    /// `resources` is located on demand when not given; detected links must end in a top-level
    /// domain of `PublicSuffixList.installed()` (its error when the list is missing).
    public static func load(path: String?, resources: DataRoot? = nil) throws(SourceError) -> FeedSource {
        guard let path else {
            let root: DataRoot
            if let resources { root = resources } else { root = try DataRoot.locate() }
            return try JSONFeedReader.read(
                path: root.demoFeedURL.path, kind: .demo, topLevelDomains: PublicSuffixList.installed())
        }
        return try loadOne(path, archives: OpenArchives())
    }

    /// Loads each of `paths` (at least one) and merges them newest first (`SourceMerge`); the
    /// first path that cannot be read stops with its error.
    /// With a `cache`, each path's source is taken from its index cache when the files are unchanged,
    /// and a source read afresh is stored there (the window does this; `dump` always reads).
    /// `progress` hears the fraction done (0…1) now and then. Archives are opened through `archives`;
    /// their posts are decoded in parallel on `jobs` (the app's job system; nil: one made for the read).
    public static func load(
        paths: [String], resources: DataRoot? = nil, cache: SourceCacheStore? = nil,
        archives: OpenArchives = OpenArchives(), jobs: JobSystem? = nil, progress: (Double) -> Void = { _ in }
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
            let source = try loadOne(path, archives: archives, jobs: jobs)
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

    /// The newest posts of a single Twitter/X archive at `path`, read in a few milliseconds from the
    /// start of its first tweets file, to show while the whole archive is read; nil for anything else.
    /// A zip is opened through `archives`, and the whole read that follows goes on where this one
    /// stopped (`ZipArchive.readPrefix`).
    public static func preview(paths: [String], archives: OpenArchives) -> FeedSource? {
        guard paths.count == 1, SourceFormat.detect(path: paths[0], archives: archives) == .twitterArchive,
            let archive = try? archives.open(path: paths[0]), case let .twitter(found)? = ArchiveLayout.detect(archive)
        else { return nil }
        guard let domains = try? PublicSuffixList.installed() else { return nil }
        return TwitterArchiveReader.preview(found, topLevelDomains: domains)
    }

    /// Throws what can be known about `paths` without reading them: a path that does not exist, a
    /// `.zip` that is no zip (its first 4 bytes), so the window is not opened on it.
    public static func check(paths: [String], archives: OpenArchives) throws(SourceError) {
        for path in paths {
            switch FileSystem.kind(of: path) {
            case .missing:
                throw SourceError(.cannotRead, path: path, reason: "cannot read: No such file or directory")
            case .file where SourceFormat.detect(path: path, archives: archives) == .archiveZip
                && !ArchiveOpener.isZip(path: path):
                do { _ = try archives.open(path: path) } catch { throw openFailure(error, path: path) }
            default:
                continue
            }
        }
    }

    /// The newest posts of the cached source of a single path, read from the start of its index cache
    /// when the files are unchanged: what a relaunch shows while the whole cache is read; nil otherwise.
    public static func cachedHead(paths: [String], cache: SourceCacheStore) -> FeedSource? {
        guard paths.count == 1 else { return nil }
        let absolute = FileSystem.absolute(paths[0])
        guard let fingerprint = SourceCacheStore.fingerprint(of: absolute),
            let head = cache.loadHead(path: absolute, fingerprint: fingerprint)
        else { return nil }
        return head
    }

    /// True when reading `paths` may take long enough to be done in the background while the window
    /// shows (archives, and files over 8 MB); small feeds are read before the window opens.
    public static func isLarge(paths: [String], archives: OpenArchives) -> Bool {
        paths.contains { path in
            switch SourceFormat.detect(path: path, archives: archives) {
            case .twitterArchive, .mastodonArchive, .archiveZip: true
            case .jsonFeed: (FileSystem.size(of: path) ?? 0) > 8 << 20
            case .photoFolder, .image, .archiveDataFile: false
            }
        }
    }

    /// Reads the source at `path`, choosing the reader by `SourceFormat.detect`.
    static func loadOne(_ path: String, archives: OpenArchives, jobs: JobSystem? = nil) throws(SourceError) -> FeedSource {
        switch SourceFormat.detect(path: path, archives: archives) {
        case .jsonFeed: return try JSONFeedReader.read(path: path, topLevelDomains: PublicSuffixList.installed())
        case .twitterArchive, .mastodonArchive, .archiveZip: return try readArchive(path, archives: archives, jobs: jobs)
        case .archiveDataFile:
            throw SourceError(.unsupported, path: path, reason:
                "this is one data file of a Twitter/X archive: open the archive's folder or its .zip instead")
        case .photoFolder, .image:
            throw SourceError(.unsupported, path: path, reason: "photos open in the image view, not as a feed")
        }
    }

    /// Reads the Twitter/X or Mastodon archive at `path` (a folder, or a zip read in place), found by
    /// the files it holds. A data file the posts come from that is there but cannot be read (a FIFO,
    /// a link leading out) stops with what it is when no other one can be read, else is a warning;
    /// names refused by the zip reader (leading outside it) and names it lists twice are warnings.
    static func readArchive(_ path: String, archives: OpenArchives, jobs: JobSystem? = nil) throws(SourceError)
        -> FeedSource
    {
        let opened: any ArchiveFiles
        do {
            opened = try archives.open(path: path)
        } catch {
            throw openFailure(error, path: path)
        }
        guard let layout = ArchiveLayout.detect(opened) else {
            throw SourceError(.unsupported, path: path, reason: ArchiveLayout.notAnArchiveMessage(path: path))
        }
        let unreadable = try unreadableDataFiles(of: layout)
        var source: FeedSource
        switch layout {
        case let .twitter(archive), let .twitterGrailbird(archive):
            source = try TwitterArchiveReader.read(archive, topLevelDomains: PublicSuffixList.installed(), jobs: jobs)
        case let .mastodon(archive):
            source = try MastodonArchiveReader.read(archive, topLevelDomains: PublicSuffixList.installed())
        }
        let explained = Set(unreadable.map(\.name))
        source.warnings.removeAll { warning in explained.contains { warning.hasPrefix($0 + ": listed in ") } }
        source.warnings += unreadable.map { "\(layout.archive.rootPath): \($0.description)" }
        if let zip = opened as? ZipArchive {
            if !zip.refused.isEmpty {
                source.warnings.append(
                    "\(path): \(zip.refused.count) entries refused (names leading outside the archive): \(listed(zip.refused))")
            }
            if !zip.duplicates.isEmpty {
                let count = zip.duplicates.count, names = count == 1 ? "name" : "names"
                source.warnings.append(
                    "\(path): \(count) duplicate member \(names), the last of each kept: \(listed(zip.duplicates))")
            }
        }
        return source
    }

    /// `PATH: cannot read: …` for an archive at `path` that could not be opened, naming it once.
    static func openFailure(_ error: ArchiveError, path: String) -> SourceError {
        let aboutRoot = error.name == path || error.name == ArchivePath.absolute(path)
        return SourceError(.cannotRead, path: path, reason: aboutRoot ? error.reason : error.description)
    }

    /// The data files of `layout` (`data/tweets.js`, `data/tweet.js`, `data/tweets-part1.js`,
    /// `outbox.json`…) that are there but are no readable file; throws the first one's error,
    /// `ROOT: outbox.json: not a regular file (a FIFO)`, when no data file of the layout is readable.
    static func unreadableDataFiles(of layout: ArchiveLayout) throws(SourceError) -> [ArchiveError] {
        let archive = layout.archive
        let names: [String]
        let anyReadable: Bool
        switch layout {
        case .twitter, .twitterGrailbird:
            names = ["data/tweets.js", "data/tweet.js", "data/tweets-part1.js", "data/js/tweet_index.js"]
            anyReadable =
                ["data/tweets.js", "data/tweet.js", "data/js/tweet_index.js"].contains(where: archive.contains)
                || archive.entries(under: "data").contains { $0.hasPrefix("data/tweets-part") || $0.hasPrefix("data/tweet-part") }
                || !archive.entries(under: "data/js/tweets").isEmpty
        case .mastodon:
            names = ["outbox.json"]
            anyReadable = archive.contains("outbox.json")
        }
        let unreadable = names.compactMap { archive.contains($0) ? nil : archive.whyUnlisted($0) }
        if let first = unreadable.first, !anyReadable { throw .archive(first, in: archive) }
        return unreadable
    }

    /// The first three of `names`, joined, with `…` when there are more.
    private static func listed(_ names: [String]) -> String {
        names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
    }
}
