import FeedImport
import PlumageCore
import SDLPlatform

/// The settings of one window run: what the file held, what was in effect at start (after the
/// command line's overrides), and what to write when: a moment after the user changes something,
/// and at quit. Only the fields the user changed during the run are written (once changed, even
/// back to its value at start); the others keep the file's values, so an override (`--theme dark`)
/// lasts one run. Each write puts those fields over what the file holds at that moment, so another
/// instance's changes to other fields stay (`SettingsFile.save`).
struct SettingsKeeper {
    /// Where the settings are saved.
    let file: SettingsFile
    /// The settings the file held at start.
    let stored: Settings
    /// The settings in effect when the window opened.
    private(set) var start = Settings()
    /// The fields that differed from `start` at some moment of the run.
    private var changed: Set<Settings.Field> = []
    /// When to write (it holds the document last written, the file's at start).
    private var debounce: SaveDebounce<Settings>
    /// The window's size and corner when last seen not fullscreen (what fullscreen returns to).
    private var windowed: (size: Size, position: Point?)

    /// Keeps the settings of `app` in `window`, opened `windowed` (its requested size and corner),
    /// with `stored` read from `file`.
    init(file: SettingsFile, stored: Settings, app: AppState, window: Window, windowed: (size: Size, position: Point?)) {
        self.file = file
        self.stored = stored
        self.windowed = windowed
        debounce = SaveDebounce(written: stored)
        start = current(app: app, window: window)
    }

    /// The settings in effect now: the app's look and the window's placement.
    mutating func current(app: AppState, window: Window) -> Settings {
        let placement = window.placement
        if !placement.fullscreen { windowed = (placement.size, placement.position) }
        var settings = app.lookSettings
        settings.windowSize = windowed.size
        settings.windowPosition = windowed.position
        settings.fullscreen = placement.fullscreen
        return settings
    }

    /// Notes the settings in effect at `time` (monotonic seconds); a change starts the wait.
    mutating func observe(app: AppState, window: Window, at time: Double) {
        let now = current(app: app, window: window)
        changed.formUnion(now.fields(differingFrom: start))
        debounce.observe(stored.merging(now, changed: changed), at: time)
    }

    /// The fields the user changed during the run: the ones a write puts in the file.
    var changedFields: Set<Settings.Field> { changed }

    /// When the next write is due (monotonic seconds); nil when nothing waits.
    var deadline: Double? { debounce.deadline }

    /// The document to write at `time` when a change is due, else nil.
    mutating func due(at time: Double) -> Settings? {
        debounce.take(at: time)
    }

    /// The document to write at quit when something changed since the last write, else nil.
    mutating func atQuit(app: AppState, window: Window) -> Settings? {
        observe(app: app, window: window, at: 0)
        return debounce.flush()
    }
}
