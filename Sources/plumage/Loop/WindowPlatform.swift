import Archives
import FeedImport
import Foundation
import Jobs
import PlumageCore
import SDLPlatform

/// The window's platform: the one place the window app's effects leave the core
/// (`Platform.perform`). It owns what the app reaches outside itself — the window, the backend
/// (through `carryOut`), the desktop's opener, the files (the source shown, the index caches, the
/// recently opened list) and the background reads — and answers with events, which the loop hands
/// back to `AppState.handle`. It holds no product rules: the core words every notice.
struct WindowPlatform: Platform {
    /// The window drawn into.
    let window: Window
    /// Draws frames, decodes, and runs the background work.
    let backend: SDLBackend
    /// Resources, themes and the open archives.
    let startup: Startup
    /// What is shown now (the command line's paths, or a recently opened entry), for F5 reload.
    var opened: Opened
    /// Index caches of large sources (read at start, written after a source is read afresh).
    let cacheStore = SourceCacheStore()
    /// The recently opened list's file.
    let recentsFile = RecentsFile()
    /// The photo folder's scan under way (or last run), which a reload cancels.
    var placeScan: ScanCancellation?
    /// Counts the photo folder's scans; each one's batches carry its number.
    var placeScanGeneration = 0
    /// The photo headers being read for the place on screen, which a new request or closing cancels.
    var headerReading: ScanCancellation?
    /// Reads live feeds' pages in the background.
    let liveReading = LiveReading()
    /// Set by a quit effect; the loop returns when it sees it.
    private(set) var quitRequested = false

    /// The platform of `window`, drawing with `backend`, showing `startup`'s paths.
    init(window: Window, backend: SDLBackend, startup: Startup) {
        self.window = window
        self.backend = backend
        self.startup = startup
        opened = startup.opened
    }

    /// The app's one job system (the backend's): saving the recently opened list and the settings
    /// runs on its saving lane, one write after another.
    var jobs: JobSystem { backend.jobs }

    /// Carries out `effects`: the backend's share through `carryOut`, the window's here; answers
    /// with what the core must hear now (a link's outcome, an entry opened, a source reloaded).
    mutating func perform(_ effects: [Effect]) -> [InputEvent] {
        backend.carryOut(effects)
        var answers: [InputEvent] = []
        for effect in effects {
            switch effect {
            case .quit: quitRequested = true
            case .toggleFullscreen: window.toggleFullscreen()
            case .reload: answers += reload()
            case let .openURL(url):
                answers.append(.linkOpened(.url(url), Self.outcome(LinkOpener.open(url))))
            case let .openFile(locator):
                answers.append(.linkOpened(.file(locator.description), Self.outcome(Self.open(locator, archives: startup.archives))))
            case let .open(entry): answers += open(entry)
            case let .saveRecents(recents): save(recents)
            case let .rememberPhoto(photo):
                if let entry = viewedEntry(photo) { answers.append(.recentOpened(entry)) }
            case let .readSource(read, generation): readSource(read, generation: generation)
            case let .readPhotoHeaders(request): readHeaders(request)
            case .cancelPhotoHeaders:
                headerReading?.cancel()
                headerReading = nil
            case let .readLivePages(pages):
                let reading = liveReading
                for page in pages {
                    backend.runInBackground { post in reading.read(page, post: post) }
                }
            case .push, .pop, .app, .notice, .forgetRecent, .loadPhotos, .cancelPhotoLoads, .keepPhotoRenditions, .loadImages, .cancelImages,
                 .textInput:
                break
            }
        }
        return answers
    }

    /// What the core must hear when the window opens: the search index of the source shown to
    /// build, the recently opened list (with `settingsNotice`, the settings file's trouble, if
    /// any), the source opened, its background read when pending; the photo folder's scan starts.
    mutating func starting(settingsNotice: String?) -> [InputEvent] {
        var events: [InputEvent] = startup.feed.map { [.readingSource(.index($0))] } ?? []
        let (recents, notice) = recentsFile.load()
        events.append(.recentsLoaded(recents, notices: [settingsNotice, notice].compactMap { $0 }))
        if let entry = opened.recentEntry(at: wallNow()) { events.append(.recentOpened(entry)) }
        if opened.isPending { events.append(loadInBackground(reloading: false)) }
        scanPlaces()
        return events
    }

    /// The core's word for an opener's outcome.
    static func outcome(_ outcome: LinkOpener.Outcome) -> LinkOutcome {
        switch outcome {
        case .opened: .opened
        case .copiedToClipboard: .copiedToClipboard
        case let .failed(reason): .failed(reason)
        case let .refused(reason): .refused(reason)
        }
    }

    /// Opens the file at `locator` with the desktop's default program: a zip member is first
    /// copied out through `archives` (on the main thread: a large video is copied while the window
    /// waits, once — the copy is kept in the cache folder). A URL is refused: the core opens remote
    /// media as links (`EntityChoice.play`), never as files.
    static func open(_ locator: ResourceLocator, archives: OpenArchives) -> LinkOpener.Outcome {
        switch locator {
        case .file(let path):
            return LinkOpener.openFile(path)
        case let .member(archive, name):
            return LinkOpener.openFile(locator.description, materialize: { _ in
                try archives.materialize(.member(archive: archive, name: name))
            })
        case .url(let url):
            return .refused("not opened: \(url) is a link, not a file")
        case .blurhash:
            return .refused("not opened: a placeholder is not a file")
        }
    }
}
