/// Which kind of archive an `ArchiveFiles` holds, recognised by the files in it, with the archive
/// its reader should use: rebased onto the one top-level folder when everything sits inside one
/// (`twitter-2022-11-03/data/tweets.js`), so readers always see `data/tweets.js`.
public enum ArchiveLayout: Sendable {
    /// A Twitter/X archive of 2019 or later: `data/manifest.js`, `data/tweets.js`,
    /// `data/tweets-part<N>.js` or `data/tweet.js`.
    case twitter(any ArchiveFiles)
    /// A legacy (≤ 2018) "Grailbird" Twitter archive: `data/js/tweet_index.js` or `data/js/tweets/*.js`.
    case twitterGrailbird(any ArchiveFiles)
    /// A Mastodon archive: `outbox.json`.
    case mastodon(any ArchiveFiles)

    /// The archive to read, rooted where the layout's files are.
    public var archive: any ArchiveFiles {
        switch self {
        case .twitter(let archive), .twitterGrailbird(let archive), .mastodon(let archive): archive
        }
    }

    /// The layout of `archive` at its root or, failing that, inside its only top-level folder
    /// (macOS's `__MACOSX` folder and loose files beside it ignored); nil when it is neither.
    public static func detect(_ archive: any ArchiveFiles) -> ArchiveLayout? {
        if let layout = detectAtRoot(archive) { return layout }
        var folders = Set<Substring>()
        for entry in archive.entries {
            guard let slash = entry.firstIndex(of: "/") else { continue }
            let folder = entry[..<slash]
            if folder != "__MACOSX" { folders.insert(folder) }
            if folders.count > 1 { return nil }
        }
        guard let folder = folders.first else { return nil }
        return detectAtRoot(SubfolderArchive(base: archive, folder: String(folder)))
    }

    /// The message for a path holding no archive: `no data/tweets.js, data/tweet.js or outbox.json in <path>`.
    public static func notAnArchiveMessage(path: String) -> String {
        "no data/tweets.js, data/tweet.js or outbox.json in \(path)"
    }

    /// The layout of `archive` judged by its root alone. A key file counts when something is at its
    /// name even if it cannot be read (a FIFO, a link leading out: `whyUnlisted`), as `SourceFormat`
    /// sniffs, so reading it says why rather than the folder opening as something else.
    private static func detectAtRoot(_ archive: any ArchiveFiles) -> ArchiveLayout? {
        let present = { (name: String) in archive.contains(name) || archive.whyUnlisted(name) != nil }
        if ["data/manifest.js", "data/tweets.js", "data/tweet.js", "data/tweets-part1.js"].contains(where: present)
            || archive.entries(under: "data").contains(where: isTweetsPart)
        {
            return .twitter(archive)
        }
        if present("data/js/tweet_index.js")
            || archive.entries(under: "data/js/tweets").contains(where: {
                !$0.dropFirst(15).contains("/") && $0.hasSuffix(".js")
            })
        {
            return .twitterGrailbird(archive)
        }
        return present("outbox.json") ? .mastodon(archive) : nil
    }

    /// True for `data/tweets-part<N>.js`.
    private static func isTweetsPart(_ name: String) -> Bool {
        guard name.hasPrefix("data/tweets-part"), name.hasSuffix(".js") else { return false }
        let number = name.dropFirst(16).dropLast(3)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }
}
