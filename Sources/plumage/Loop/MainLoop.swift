import Foundation
import Jobs
import PlumageCore
import SDLPlatform

/// The event-driven window loop (DESIGN §3): sleeps in SDL until input, a decoded image or the
/// next animation deadline; draws only when something changed; paces itself to the refresh rate.
/// It owns the app state: every event, input or platform news, goes through `app.handle`, and
/// every effect leaves through the window's one `Platform.perform` (`platform`).
struct MainLoop {
    /// The window drawn into.
    let window: Window
    /// The whole app; nothing else holds it.
    var app: AppState
    /// Where the app's effects are carried out (the window, the backend, the files).
    var platform: WindowPlatform
    /// Draws frames and reports decoding news (the platform's).
    let backend: SDLBackend
    /// Frame times of the window (shown by the FPS overlay).
    var statistics: FrameStatistics
    /// Where the settings are saved, one write after another, off the main thread: the saving lane
    /// of the backend's (the app's one) job system.
    var jobs: JobSystem { backend.jobs }
    /// The settings: what the file held, and when to write the user's changes.
    var settings: SettingsKeeper
    /// A notice about the settings file to show at start (it was unusable); nil when fine.
    let settingsNotice: String?
    /// `Video.seconds()` when the process started (for the startup trace).
    let started: Double
    /// Waits for and translates SDL events.
    var pump: EventPump
    /// Seconds per display refresh.
    let frameInterval: Double
    /// `Video.seconds()` at the app clock's zero.
    var origin = Video.seconds()
    /// True when something changed and a frame must be drawn.
    var needsDraw = true
    /// `Video.seconds()` at which the next frame should be presented.
    var deadline = 0.0
    /// `Video.seconds()` of the last present; nil before the first frame.
    var lastPresent: Double?
    /// True once the first frame was drawn (and traced when `PLUMAGE_TRACE_STARTUP` is set).
    var firstFrameReported = false
    /// True while rows may still be estimated (after start, resize, input).
    var layoutPending = true
    /// True once a quit effect was performed; `run()` returns when it sees it.
    var quitRequested: Bool { platform.quitRequested }
    /// The window title last set.
    var shownTitle = ""
    /// Monotonic time of the next minute boundary, when visible relative dates may change.
    var nextDateRefresh = Video.seconds() + secondsToNextMinute()
    /// Monotonic time at which the app said its picture changes by itself (`AppState.nextChange`).
    var nextChange: Double?
    /// The `--stats-file` log, one line per second with frames; nil without the option.
    var statsLog: FrameStatsLog?

    /// Creates a loop showing `app` in `window` through `backend`, keeping `settings` (and showing
    /// `settingsNotice` at start); `started` is `Video.seconds()` at launch.
    init(window: Window, app: AppState, backend: SDLBackend, startup: Startup, started: Double,
         settings: SettingsKeeper, settingsNotice: String?) {
        self.settings = settings
        self.settingsNotice = settingsNotice
        self.window = window
        self.app = app
        self.backend = backend
        platform = WindowPlatform(window: window, backend: backend, startup: startup)
        self.started = started
        statistics = FrameStatistics(refreshHz: window.refreshRate)
        pump = EventPump(wakeTypes: backend.wakeEventTypes)
        frameInterval = 1 / window.refreshRate
    }

    /// Seconds on the app clock (since `origin`).
    func time() -> Seconds { Video.seconds() - origin }

    /// Reads the output size and pixel density and resizes the app accordingly.
    mutating func measureWindow() {
        let output = backend.renderer.outputSize
        let density = window.pixelDensity(outputWidth: output.width)
        let scale = DisplayScale(density * window.userScaleFactor)
        pump.translator.pointsPerUnit = density / scale.factor
        pump.translator.windowPoints = scale.points(output)
        app.handle(.resized(scale.points(output), scale), at: time(), through: &platform)
        needsDraw = true
    }

    /// Runs until quit: waits for events, refines layout when idle and draws paced to the refresh rate.
    mutating func run() {
        measureWindow()
        for event in platform.starting(settingsNotice: settingsNotice) { app.handle(event, at: time(), through: &platform) }
        while true {
            let now = Video.seconds()
            keepSettings(at: now)
            let wants = needsDraw || app.isAnimating(at: time()) || backend.hasPendingUploads
            // Within 3 ms of the deadline sleep to it exactly (nanosleep); earlier, wait in SDL for
            // input until a millisecond or more before it. Nothing spins.
            if wants && now >= deadline - 0.003 {
                EventPump.sleep(until: deadline)
                drawFrame()
                if quitRequested { return }
                continue
            }
            // Between frames, or idle: upload tiles the image view may draw next, 4 ms at a time,
            // stopping 6 ms before a frame deadline; input is checked between chunks.
            if backend.hasWorkAhead && (!wants || deadline - now > 0.007) {
                backend.workAhead(until: wants ? min(now + 0.004, deadline - 0.006) : now + 0.004)
                for translation in pump.wait(timeout: 0) { handle(translation) }
                if quitRequested { return }
                continue
            }
            // Idle: finish laying out rows that are still estimated, a few milliseconds at a time,
            // checking for input in between; draw once when done (the scroll indicator settles).
            if !wants && layoutPending {
                layoutPending = backend.refine(&app, until: Video.seconds() + 0.004, at: time())
                if !layoutPending { needsDraw = true }
                for translation in pump.wait(timeout: 0) { handle(translation) }
                if quitRequested { return }
                continue
            }
            // Idle, the loop still wakes at each wall-clock minute so relative dates ("5m") stay true,
            // and when the picture changes by itself though nothing animates (a notice goes away).
            if now >= nextDateRefresh {
                needsDraw = true
                nextDateRefresh = now + secondsToNextMinute()
                continue
            }
            if let change = app.nextChange(after: time()) { nextChange = origin + change }
            if let change = nextChange, now >= change {
                needsDraw = true
                nextChange = nil
                continue
            }
            let timeout = wants ? deadline - now - 0.002 : min(nextDateRefresh, nextChange ?? .infinity, settings.deadline ?? .infinity) - now
            for translation in pump.wait(timeout: timeout) { handle(translation) }
            if quitRequested { return }
        }
    }

    /// Applies one translated SDL event.
    mutating func handle(_ translation: EventTranslator.Translation) {
        switch translation {
        case let .input(event):
            app.handle(event, at: time(), through: &platform)
            keepSettings(at: Video.seconds())  // after each key: a change undone in the same batch still counts
            needsDraw = true
            layoutPending = true
        case .resize:
            measureWindow()
            layoutPending = true
        case .redraw:
            needsDraw = true
        case .ignored:
            break
        }
    }

    /// Draws and presents one frame, records its statistics and schedules the next deadline.
    mutating func drawFrame() {
        let start = Video.seconds()
        let loadingBefore = statsLog != nil && backend.isBusy
        let usageBefore = statsLog != nil ? ThreadUsage.now() : nil
        backend.drawFrame(of: &app, at: start - origin, statistics: statistics, platform: &platform)
        let drawn = Video.seconds()
        backend.renderer.presentFrame()
        let shown = Video.seconds()
        let end = Video.seconds()
        let interval = lastPresent.map { (end - $0) * 1000 }
        statistics.record(workMs: (end - start) * 1000, intervalMs: interval.flatMap { $0 < 250 ? $0 : nil },
                                 at: end - origin)
        lastPresent = end
        if statsLog != nil {
            let loading = loadingBefore || backend.isBusy, presented = end - origin, caches = backend.cacheBytes
            let phases = FrameStatsLog.Phases(cost: backend.lastFrameCost, presentMs: (shown - drawn) * 1000,
                                              afterMs: (end - shown) * 1000,
                                              usage: usageBefore.map { ThreadUsage.now().since($0) })
            let screen = type(of: app.top)
            statsLog?.record(workMs: (end - start) * 1000, loading: loading, caches: caches, phases: phases,
                             screen: "\(screen)", at: presented)
        }
        // Keep a steady cadence while animating; after an idle gap or a missed frame, restart it.
        deadline = deadline + frameInterval < end ? end + frameInterval : deadline + frameInterval
        needsDraw = false
        let title = app.windowTitle
        if title != shownTitle {
            window.setTitle(title)
            shownTitle = title
        }
        if !firstFrameReported {
            firstFrameReported = true
            if ProcessInfo.processInfo.environment["PLUMAGE_TRACE_STARTUP"] != nil {
                let wall = String(format: "%.3f", Date().timeIntervalSince1970)
                let line = "first frame after \(Int((end - started) * 1000)) ms (at \(wall)); video driver "
                    + "\(Video.driverName), \(app.displayScale.factor) pixels per point\n"
                FileHandle.standardError.write(Data(line.utf8))
            }
        }
    }
}

/// Seconds until the next whole wall-clock minute.
func secondsToNextMinute() -> Double {
    let now = Date().timeIntervalSince1970
    return 60 - now.truncatingRemainder(dividingBy: 60) + 0.05
}
