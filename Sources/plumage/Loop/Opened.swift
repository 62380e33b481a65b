import Archives
import FeedImport
import PlumageCore

/// What a list of paths holds, read: one feed (the demo when there are no paths), or photos named
/// as image files and folders; live addresses (URLs, `@user@host`) make it a live feed, shown with
/// the local sources named beside them. The one place the command line, a recently opened entry
/// and F5 turn paths into screens.
struct Opened {
    /// The local paths as given (empty for the demo, or when only live addresses were given).
    var paths: [String]
    /// The live addresses given, in order (read as pages on the loading lane).
    var live: [String] = []
    /// The feed; nil when the paths named photos.
    let feed: FeedSource?
    /// The photos named (files, folders' images), shown in the image view.
    let photos: [Photo]
    /// What the photos are called in the window title (the folder's or file's name, or "N photos").
    let photosTitle: String
    /// The one folder named (absolute), shown as places, or straight as its photo list when it has
    /// no sub-folders; nil otherwise.
    var placesRoot: String?
    /// True when `placesRoot` has sub-folders (it opens as a places list).
    var placesHaveSubfolders = false
    /// True when `feed` only stands in for a large source still to be read in the background
    /// (`WindowPlatform.loadInBackground`): the window opens at once, the posts follow.
    var isPending = false

    /// Reads `paths`: images and folders of images become photos; otherwise one feed. Archives are
    /// opened through `archives`.
    static func open(paths: [String], resources: DataRoot, archives: OpenArchives) throws(SourceError) -> Opened {
        if paths.count == 1, SourceFormat.detect(path: paths[0], archives: archives) == .photoFolder {
            let survey = PlaceScanner.survey(paths[0])
            guard survey.hasSubfolders || survey.hasImages else {
                throw SourceError(.unsupported, path: paths[0], reason: "no images in this folder")
            }
            let root = PlaceScanner(rootPath: paths[0]).rootPath
            return Opened(paths: paths, feed: nil, photos: [], photosTitle: String(root.split(separator: "/").last ?? "/"),
                          placesRoot: root, placesHaveSubfolders: survey.hasSubfolders)
        }
        if PhotoList.isPhotoArguments(paths, archives: archives) {
            let photos = try PhotoList.load(paths: paths)
            let title = paths.count == 1 ? String(paths[0].split(separator: "/").last ?? "") : "\(photos.count) photos"
            return Opened(paths: paths, feed: nil, photos: photos, photosTitle: title)
        }
        return Opened(paths: paths, feed: try SourceLoader.load(paths: paths, resources: resources, archives: archives),
                      photos: [], photosTitle: "")
    }

    /// Like `open`, for the window: a large source (an archive, a big feed) comes from its index
    /// cache when unchanged, else is left pending behind an empty feed named after it, so the
    /// window opens at once; errors that can be found cheaply (a missing file) are still thrown here.
    static func begin(paths: [String], resources: DataRoot, cache: SourceCacheStore, archives: OpenArchives)
        throws(SourceError) -> Opened
    {
        let live = paths.filter(LiveDump.isLive)
        if !live.isEmpty {
            let local = paths.filter { !LiveDump.isLive($0) }
            guard !local.isEmpty else {
                return Opened(paths: [], live: live, feed: nil, photos: [], photosTitle: "")
            }
            var opened = try begin(paths: local, resources: resources, cache: cache, archives: archives)
            guard opened.feed != nil else {
                throw SourceError(.unsupported, path: local[0], reason: "photos are not shown beside a live feed")
            }
            opened.live = live
            return opened
        }
        guard !paths.isEmpty, !PhotoList.isPhotoArguments(paths, archives: archives),
            SourceLoader.isLarge(paths: paths, archives: archives)
        else {
            return try open(paths: paths, resources: resources, archives: archives)
        }
        try SourceLoader.check(paths: paths, archives: archives)
        // Unchanged since last time: the newest posts from the index cache at once, the rest of it
        // in the background (as fast as a read, for it is one).
        if let head = SourceLoader.cachedHead(paths: paths, cache: cache) {
            return Opened(paths: paths, feed: head, photos: [], photosTitle: "", isPending: true)
        }
        if let preview = SourceLoader.preview(paths: paths, archives: archives) {
            return Opened(paths: paths, feed: preview, photos: [], photosTitle: "", isPending: true)
        }
        let title = paths.map { String(ArchivePath.absolute($0).split(separator: "/").last ?? "") }.joined(separator: " + ")
        let placeholder = FeedSource(kind: .jsonFeed, title: title, sections: [Section(name: "Loading…", itemIndices: [])],
                                     items: [])
        return Opened(paths: paths, feed: placeholder, photos: [], photosTitle: "", isPending: true)
    }

    /// What the paths hold, as the core opens it: the live feed (with the local one beside it: a
    /// stand-in still to be read counts once read), the feed, the places, or the photos.
    var content: OpenedContent {
        if !live.isEmpty {
            let local = feed.flatMap { isPending && $0.items.isEmpty ? nil : $0 }
            return .live(LiveFeed(addresses: live, local: local))
        }
        if let feed { return .feed(feed) }
        if let placesRoot { return .places(rootPath: placesRoot, hasSubfolders: placesHaveSubfolders) }
        return .photos(photos, title: photosTitle)
    }

    /// The screen the paths open on: the feed, the places, or the image view on the photos.
    var root: any Screen { content.rootScreen }

    /// The recently-opened entry for these paths at `time`: one named source (a feed, an archive, a
    /// folder); nil for the demo and for several paths or single image files (photos are remembered
    /// as they are viewed).
    func recentEntry(at time: Timestamp) -> RecentEntry? {
        if live.count == 1, paths.isEmpty {
            return RecentEntry(kind: .source, path: live[0], title: live[0], opened: time)
        }
        guard live.isEmpty, paths.count == 1, feed != nil || placesRoot != nil || photos.count > 1 else { return nil }
        let path = ArchivePath.absolute(paths[0])
        return RecentEntry(kind: .source, path: path, title: String(path.split(separator: "/").last ?? ""), opened: time)
    }
}
