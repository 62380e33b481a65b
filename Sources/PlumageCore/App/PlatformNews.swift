/// The platform's answers about files, links and sources as values the core words into notices
/// and turns into state: the loop reports what happened, the core decides what it means.

/// What was opened in place of what is shown (a recently opened entry): the root screen it becomes.
public enum OpenedContent: Hashable, Sendable {
    /// A feed (an archive, a JSON feed…), possibly a stand-in while a large one is read.
    case feed(FeedSource)
    /// Live feeds (read from the network as pages), shown with the local sources already read.
    case live(LiveFeed)
    /// A photo folder (absolute path): a list of places when it has sub-folders, else its photos.
    case places(rootPath: String, hasSubfolders: Bool)
    /// Photos named one by one, shown in the image view under `title` ("coffee.jpg", "3 photos").
    case photos([Photo], title: String)

    /// The screen the content opens on.
    public var rootScreen: any Screen {
        switch self {
        case let .feed(source): FeedScreen(source: source)
        case let .live(feed): FeedScreen(live: feed)
        case let .places(root, hasSubfolders): hasSubfolders ? PlacesScreen(rootPath: root) : PlaceScreen(rootPath: root)
        case let .photos(photos, title): PhotoScreen(photos: photos, index: 0, context: title)
        }
    }
}

/// A reading of the source shown that the platform starts (`InputEvent.readingSource`): each one
/// gets a new search-index generation from the core and comes back as `Effect.readSource`.
public enum SourceRead: Hashable, Sendable {
    /// The source is read whole: only its search index is to be built, in the background.
    case index(FeedSource)
    /// The source is read in the background behind `bar` (a large source, at start or on F5 when
    /// `reloading`); its posts, then its search index, arrive as news.
    case load(LoadingBar, reloading: Bool)
}

/// Something that went wrong reading or opening a source, as the core words it in a notice.
public enum SourceTrouble: Hashable, Sendable {
    /// Reading the source again (F5) failed: "cannot reload: <reason>" (the old one stays).
    case cannotReload(String)
    /// Reading the source in the background failed: "cannot read <reason>".
    case cannotRead(String)
    /// Opening a recently opened entry failed: "cannot open <reason>", on one line.
    case cannotOpen(String)
    /// The source was read with these warnings: the first is shown, with how many more.
    case warnings([String])
}

/// What the platform was asked to open with the desktop's programs.
public enum LinkTarget: Hashable, Sendable {
    /// An http(s) URL, for the browser.
    case url(String)
    /// A local file (a video), for its default program.
    case file(String)
}

/// How opening a link or file with the desktop's programs went.
public enum LinkOutcome: Hashable, Sendable {
    /// A program was started with it.
    case opened
    /// There is no opener (no xdg-open): the link or path was put on the clipboard instead.
    case copiedToClipboard
    /// The opener could not be started, and why.
    case failed(String)
    /// The platform would not open it (not an absolute path of a regular file…), and why, worded
    /// for the user.
    case refused(String)
}

extension AppState {
    /// The notice for `outcome` of opening `target`; nil when it opened.
    static func notice(opening target: LinkTarget, _ outcome: LinkOutcome) -> String? {
        let (name, what) = switch target {
        case let .url(url): (url, "link")
        case let .file(path): (path, "path")
        }
        switch outcome {
        case .opened: return nil
        case .copiedToClipboard: return "no xdg-open to open \(name) with: the \(what) is on the clipboard"
        case let .failed(reason): return "cannot open \(name): \(reason)"
        case let .refused(reason): return reason
        }
    }

    /// The notice for `trouble`; nil for an empty list of warnings.
    static func notice(for trouble: SourceTrouble) -> String? {
        switch trouble {
        case let .cannotReload(reason): return "cannot reload: " + reason
        case let .cannotRead(reason): return "cannot read " + reason
        case let .cannotOpen(reason): return MessageText.line("cannot open " + reason)
        case let .warnings(warnings):
            guard let first = warnings.first else { return nil }
            return first + (warnings.count > 1 ? " (and \(warnings.count - 1) more)" : "")
        }
    }

    /// Applies one of the platform's answers about recents, sources and links at `time`; returns
    /// the effects for the platform (saving the recently opened list, reading a source).
    mutating func takeAnswer(_ event: InputEvent, at time: Seconds) -> [Effect] {
        switch event {
        case let .recentsLoaded(list, notices):
            recents = list
            if !notices.isEmpty { showNotice(notices.joined(separator: "; "), at: time) }
            return []
        case let .recentOpened(entry):
            recents.record(entry)
            return [.saveRecents(recents)]
        case let .opened(content):
            return replaceRoot(content.rootScreen)
        case let .readingSource(read):
            if case let .load(bar, _) = read { loading = bar }
            searchIndexGeneration += 1
            return [.readSource(read, generation: searchIndexGeneration)]
        case let .sourceTrouble(trouble):
            if let text = Self.notice(for: trouble) { notice = Notice(text: text, shownAt: time) }
            return []
        case let .linkOpened(target, outcome):
            if let text = Self.notice(opening: target, outcome) { notice = Notice(text: text, shownAt: time) }
            return []
        default:
            return []
        }
    }
}
