import Archives

/// Which kind of account archive a tree of files holds, recognised by the files in it
/// (reference/archive-formats.md §1.1 and §2.1), with the archive its reader should use: rebased
/// onto the one top-level folder when everything sits inside one (`twitter-2022-11-03/data/tweets.js`),
/// so readers always see `data/tweets.js`. `kind(of:)` is the one detection rule: `SourceFormat`
/// asks it of a folder on disk or a zip, the loader of the archive it opened.
public enum ArchiveLayout: Sendable {
    /// A Twitter/X archive of 2019 or later: `data/manifest.js`, `data/tweets.js`, `data/tweet.js`,
    /// or a part `data/tweets-part<N>.js` / `data/tweet-part<N>.js`.
    case twitter(any ArchiveFiles)
    /// A legacy (≤ 2018) "Grailbird" Twitter archive: `data/js/tweet_index.js` or `data/js/tweets/*.js`.
    case twitterGrailbird(any ArchiveFiles)
    /// A Mastodon archive: `outbox.json`.
    case mastodon(any ArchiveFiles)

    /// The kinds, without the archive.
    enum Kind: Hashable, Sendable {
        /// `twitter`.
        case twitter
        /// `twitterGrailbird`.
        case twitterGrailbird
        /// `mastodon`.
        case mastodon
    }

    /// The archive to read, rooted where the layout's files are.
    public var archive: any ArchiveFiles {
        switch self {
        case .twitter(let archive), .twitterGrailbird(let archive), .mastodon(let archive): archive
        }
    }

    /// The layout of `archive` at its root or, failing that, inside its only top-level folder
    /// (macOS's `__MACOSX` folder and loose files beside it ignored); nil when it is neither.
    public static func detect(_ archive: any ArchiveFiles) -> ArchiveLayout? {
        guard let (kind, folder) = kind(of: ListedNames(archive: archive)) else { return nil }
        let rebased: any ArchiveFiles = folder.map { SubfolderArchive(base: archive, folder: $0) } ?? archive
        switch kind {
        case .twitter: return .twitter(rebased)
        case .twitterGrailbird: return .twitterGrailbird(rebased)
        case .mastodon: return .mastodon(rebased)
        }
    }

    /// The message for a path holding no archive: `no data/tweets.js, data/tweet.js or outbox.json in <path>`.
    public static func notAnArchiveMessage(path: String) -> String {
        "no data/tweets.js, data/tweet.js or outbox.json in \(path)"
    }

    /// The kind of archive `names` holds at its root or else in its only top-level folder (nil at
    /// the root), or nil when neither holds one.
    static func kind(of names: some ArchiveNames) -> (Kind, folder: String?)? {
        if let kind = kind(of: names, in: "") { return (kind, nil) }
        let folders = names.topFolders(limit: 2)
        guard folders.count == 1, let kind = kind(of: names, in: folders[0] + "/") else { return nil }
        return (kind, folders[0])
    }

    /// The kind of archive whose files lie under `base` (empty, or a folder followed by `/`). A key
    /// file counts when something is at its name even if it cannot be read (a FIFO, a link leading
    /// out), so reading it says why rather than the folder opening as something else.
    private static func kind(of names: some ArchiveNames, in base: String) -> Kind? {
        let keys = ["data/manifest.js", "data/tweets.js", "data/tweet.js", "data/tweets-part1.js"]
        if keys.contains(where: { names.isPresent(base + $0) })
            || names.files(in: base + "data").contains(where: { isPart($0.dropFirst(base.count + 5)) })
        {
            return .twitter
        }
        if names.isPresent(base + "data/js/tweet_index.js")
            || names.files(in: base + "data/js/tweets").contains(where: { $0.hasSuffix(".js") })
        {
            return .twitterGrailbird
        }
        return names.isPresent(base + "outbox.json") ? .mastodon : nil
    }

    /// True for `tweets-part<N>.js` and `tweet-part<N>.js` (2019–2022 exports split `tweet.js` so).
    private static func isPart(_ name: Substring) -> Bool {
        let rest: Substring
        if name.hasPrefix("tweets-part") {
            rest = name.dropFirst(11)
        } else if name.hasPrefix("tweet-part") {
            rest = name.dropFirst(10)
        } else {
            return false
        }
        guard rest.hasSuffix(".js") else { return false }
        let number = rest.dropLast(3)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
