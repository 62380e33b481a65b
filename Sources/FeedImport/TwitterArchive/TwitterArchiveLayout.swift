import Archives

/// Where the parts of a Twitter/X archive are: found from `data/manifest.js` when there is one and
/// from the file names (`data/tweets.js`, `data/tweets-partN.js`, `data/tweet.js`, `data/like.js`,
/// `data/like-partN.js`, `data/tweets_media/`, `data/tweet_media/`), or a legacy Grailbird layout
/// (`data/js/tweets/YYYY_MM.js`). Every name returned is an entry of the archive.
struct TwitterArchiveLayout {
    /// The tweets files in part order: the manifest's first, then any other found by name.
    var tweetFiles: [String] = []
    /// The likes files in part order.
    var likeFiles: [String] = []
    /// The folder of tweet media (`data/tweets_media`), whether or not it holds files.
    var mediaDirectory = "data/tweets_media"
    /// The folder of the owner's avatar and banner.
    var profileDirectory = "data/profile_media"
    /// The manifest's `userInfo`, when it has one.
    var userInfo: JSONValue?
    /// True when the tweets are a Grailbird export's monthly files.
    var isGrailbird = false
    /// Problems met (an unreadable manifest, a listed file that is missing).
    var warnings: [String] = []

    /// The manifest.
    static let manifest = "data/manifest.js"

    /// Finds the parts of `archive`.
    init(_ archive: any ArchiveFiles) {
        var listedTweets: [String] = [], listedLikes: [String] = []
        if archive.contains(Self.manifest) {
            switch ArchiveScript.value(Self.manifest, in: archive) {
            case .success(let config):
                let types = config["dataTypes"]
                userInfo = config["userInfo"]
                listedTweets = Self.files(types?["tweets"]) + Self.files(types?["tweet"])
                listedLikes = Self.files(types?["like"])
                if let dir = [types?["tweets"], types?["tweet"], types?["tweetsMedia"], types?["tweetMedia"]]
                    .lazy.compactMap({ $0?["mediaDirectory"]?.string }).first(where: ArchivePath.isConfined)
                {
                    mediaDirectory = dir
                }
                if let dir = [types?["profile"], types?["profileMedia"]].lazy
                    .compactMap({ $0?["mediaDirectory"]?.string }).first(where: ArchivePath.isConfined)
                {
                    profileDirectory = dir
                }
            case .failure(let failure):
                warnings.append(failure.warning)
            }
        }
        for name in listedTweets + listedLikes where !archive.contains(name) {
            warnings.append("\(name): listed in \(Self.manifest) but not in the archive")
        }
        let entries = archive.entries(under: "data")
        tweetFiles = Self.union(listedTweets, Self.parts(named: "tweets", in: entries) + Self.parts(named: "tweet", in: entries), archive)
        likeFiles = Self.union(listedLikes, Self.parts(named: "like", in: entries), archive)
        if archive.entries(under: mediaDirectory).isEmpty, !archive.entries(under: "data/tweet_media").isEmpty {
            mediaDirectory = "data/tweet_media"
        }
        if tweetFiles.isEmpty {
            tweetFiles = GrailbirdArchive.tweetFiles(in: entries)
            isGrailbird = !tweetFiles.isEmpty
        }
    }

    /// The `fileName`s of a manifest data type's `files`.
    private static func files(_ type: JSONValue?) -> [String] {
        (type?["files"]?.array ?? []).compactMap { $0["fileName"]?.string }.filter(ArchivePath.isConfined)
    }

    /// `data/<name>.js` and `data/<name>-partN.js` among `entries`, in part order.
    private static func parts(named name: String, in entries: [String]) -> [String] {
        let single = "data/\(name).js", prefix = "data/\(name)-part"
        let numbered: [(Int, String)] = entries.compactMap { entry in
            if entry == single { return (0, entry) }
            guard entry.hasPrefix(prefix), entry.hasSuffix(".js") else { return nil }
            let digits = entry.dropFirst(prefix.count).dropLast(3)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = Int(digits) else { return nil }
            return (n, entry)
        }
        return numbered.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// `listed` files present in `archive`, then the `found` ones not listed.
    private static func union(_ listed: [String], _ found: [String], _ archive: any ArchiveFiles) -> [String] {
        var seen = Set<String>()
        return (listed.filter(archive.contains) + found).filter { seen.insert($0).inserted }
    }
}
