/// What handling an event (or making a frame) asks for beyond changing state: navigation, an
/// app-wide command a screen cannot carry out itself, or work for the platform. `AppState`
/// carries out what screens ask of the core (navigation, app commands, notices, forgetting a
/// recent entry); every other effect leaves the core through `Platform.perform`.
public enum Effect: Sendable, Equatable, CustomStringConvertible {
    /// Put a screen on top of the stack (it slides in from the right).
    case push(any Screen)
    /// Go back to the screen below (the top slides out); nothing when the top is the root.
    case pop
    /// An app-wide command (theme, overlays, text size…) asked for by a screen, e.g. a bar button.
    case app(AppCommand)
    /// Show a one-line notice at the bottom of the window (something asked for cannot be done).
    case notice(String)
    /// Turn the platform's text input (and the IME) on, near `area` (window points), or off (nil).
    case textInput(Rect?)
    /// Quit the app.
    case quit
    /// Switch between windowed and desktop fullscreen.
    case toggleFullscreen
    /// Read the source again from disk; the result comes back as `.sourceReloaded` or `.failed`.
    case reload
    /// Open an http(s) URL in the desktop browser.
    case openURL(String)
    /// Open a local file or zip member (a video) with the desktop's default program (a member is
    /// copied out first); the platform refuses anything but an existing regular file or member.
    case openFile(ResourceLocator)
    /// Decode these photos (most wanted first) instead of those asked for before: work for photos
    /// no longer listed may be dropped.
    case loadPhotos([PhotoRequest])
    /// Nobody shows photos any more: drop queued photo decodes (cached pixels stay).
    case cancelPhotoLoads
    /// Keep 1:1 renditions of these photos as the image view at rest would draw them (the warm
    /// neighbours), made ahead in idle time, instead of those asked for before; an empty list (or
    /// `cancelPhotoLoads`) releases them.
    case keepPhotoRenditions([PhotoPlacement])
    /// Make these images (decode, scale, mask, upload), most urgent first; a request for an id
    /// asked for before changes its priority. Answers come back as `InputEvent.resource`.
    case loadImages([ResourceRequest])
    /// Drop the loads of these ids (no frame wants them any more); late answers are ignored.
    case cancelImages([ResourceID])
    /// Open a recently opened source or photo, replacing what is shown.
    case open(RecentEntry)
    /// A screen asks the core to remove an entry from the recently opened list; the core does and
    /// asks the platform to save the list (`saveRecents`). Never reaches the platform.
    case forgetRecent(RecentEntry)
    /// Write the recently opened list to its file (in the background, after earlier writes).
    case saveRecents(Recents)
    /// The top screen shows this photo (once per photo viewed): when it is a file on disk (not an
    /// archive member, not missing) the platform answers `.recentOpened` with it, opened now.
    case rememberPhoto(Photo)
    /// Carry out the reading of the source announced by `.readingSource`; the search index it
    /// builds carries `generation` (an index of another generation is dropped).
    case readSource(SourceRead, generation: Int)
    /// Read these photos' headers (size, date taken) off the main thread, instead of those asked
    /// for before; the results come back as `.photoHeaders` batches.
    case readPhotoHeaders(PhotoHeaderRequest)
    /// Stop reading photo headers.
    case cancelPhotoHeaders
    /// Read these pages of live feeds (each once; the ledger never asks twice for one in flight);
    /// what comes of each arrives as `InputEvent.livePage`, possibly a stored copy first.
    case readLivePages([LivePageRequest])

    /// Screens compare by type and title (enough for tests); every other case by value.
    public static func == (a: Effect, b: Effect) -> Bool {
        switch (a, b) {
        case let (.push(x), .push(y)): type(of: x) == type(of: y) && x.windowTitle == y.windowTitle
        case (.pop, .pop), (.quit, .quit), (.toggleFullscreen, .toggleFullscreen), (.reload, .reload),
             (.cancelPhotoLoads, .cancelPhotoLoads), (.cancelPhotoHeaders, .cancelPhotoHeaders): true
        case let (.app(x), .app(y)): x == y
        case let (.openURL(x), .openURL(y)), let (.notice(x), .notice(y)): x == y
        case let (.openFile(x), .openFile(y)): x == y
        case let (.textInput(x), .textInput(y)): x == y
        case let (.loadPhotos(x), .loadPhotos(y)): x == y
        case let (.keepPhotoRenditions(x), .keepPhotoRenditions(y)): x == y
        case let (.loadImages(x), .loadImages(y)): x == y
        case let (.cancelImages(x), .cancelImages(y)): x == y
        case let (.open(x), .open(y)), let (.forgetRecent(x), .forgetRecent(y)): x == y
        case let (.readPhotoHeaders(x), .readPhotoHeaders(y)): x == y
        case let (.saveRecents(x), .saveRecents(y)): x == y
        case let (.readLivePages(x), .readLivePages(y)): x == y
        case let (.rememberPhoto(x), .rememberPhoto(y)): x == y
        case let (.readSource(x, g), .readSource(y, h)): x == y && g == h
        default: false
        }
    }

    public var description: String {
        switch self {
        case let .push(screen): "push \(type(of: screen)) \"\(screen.windowTitle)\""
        case .pop: "pop"
        case let .app(command): "app \(command)"
        case .quit: "quit"
        case .toggleFullscreen: "toggleFullscreen"
        case .reload: "reload"
        case let .openURL(url): "openURL \(url)"
        case let .openFile(path): "openFile \(path)"
        case let .notice(text): "notice \(text)"
        case let .textInput(area): "textInput \(area.map(\.description) ?? "off")"
        case let .loadPhotos(requests):
            "loadPhotos " + requests.map { "\($0.source.fileName)@\($0.priority)" }
                .joined(separator: " ")
        case .cancelPhotoLoads: "cancelPhotoLoads"
        case let .keepPhotoRenditions(placements):
            "keepPhotoRenditions " + placements.map { "\($0.source.fileName)@\($0.level)" }
                .joined(separator: " ")
        case let .loadImages(requests): "loadImages " + requests.map(\.description).joined(separator: ", ")
        case let .cancelImages(ids): "cancelImages " + ids.map(\.description).joined(separator: " ")
        case let .open(entry): "open \(entry.kind.rawValue) \(entry.path)"
        case let .forgetRecent(entry): "forgetRecent \(entry.kind.rawValue) \(entry.path)"
        case let .readPhotoHeaders(request):
            "readPhotoHeaders \(request.folder.split(separator: "/").last ?? "") "
                + request.tasks.prefix(3).map(\.name).joined(separator: " ") + (request.tasks.count > 3 ? " …" : "")
        case .cancelPhotoHeaders: "cancelPhotoHeaders"
        case let .readLivePages(pages): "readLivePages " + pages.map(\.description).joined(separator: ", ")
        case let .saveRecents(recents): "saveRecents " + recents.entries.map(\.title).joined(separator: " ")
        case let .rememberPhoto(photo): "rememberPhoto \(photo.source.map(\.description) ?? "-")"
        case let .readSource(.index(source), generation): "readSource index \(source.title) #\(generation)"
        case let .readSource(.load(bar, reloading), generation):
            "readSource load\(reloading ? " (reloading)" : "") \(bar.label) #\(generation)"
        }
    }
}
