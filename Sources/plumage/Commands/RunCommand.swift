import ArgumentParser
import FeedImport
import Foundation
import PlumageCore
import SDLPlatform

/// `plumage [PATH ...]`: the window.
struct RunCommand: ParsableCommand {
    /// The `run` command's name and abstract.
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open the viewer window (default).")

    /// Paths of sources and live feed addresses to open; empty means the bundled demo.
    @Argument(
        help: "A JSON Feed file, an archive, a folder of photos (its places), image files (the image view), or live feeds (http(s) URLs, @user@host; beside local feeds they merge); the demo when omitted.",
        completion: .file())
    var paths: [String] = []
    /// Name of the theme for this run; nil means the remembered one (else the first shipped theme).
    @Option(help: "Theme for this run: original, green, dark or light (default: as last time).",
            completion: .list(ThemeLibrary.shippedNames)) var theme: String?
    /// Whether the FPS overlay shows at start; nil means as remembered.
    @Flag(inversion: .prefixedNo, help: "Show the FPS overlay at start, or not (F12 toggles it; default: as last time).")
    var fps: Bool?
    /// Initial window size in points; nil means the remembered size (else 1280x800).
    @Option(help: "Window size in points for this run, WIDTHxHEIGHT (default: as last time, else 1280x800).")
    var size: SizeArgument?
    /// Whether to start in desktop fullscreen; nil means as remembered.
    @Flag(inversion: .prefixedNo, help: "Start in fullscreen, or not (default: as last time).") var fullscreen: Bool?
    /// Renderer choice: auto, software, opengl or opengles2.
    @Option(help: "Renderer: auto, software, opengl, opengles2.", completion: .list(RendererChoice.allCases.map(\.rawValue)))
    var renderer: String = "auto"
    /// File the frame statistics are appended to, one line per second; nil for none.
    @Option(help: "Append frame statistics to FILE, one line per second with frames (see docs/NOTES.md).")
    var statsFile: String?

    /// Opens the window and runs the main loop until quit; exits with a message on failure.
    func run() throws {
        let started = Video.seconds()
        guard let choice = RendererChoice(rawValue: renderer) else {
            fail("unknown renderer '\(renderer)'; use auto, software, opengl or opengles2")
        }
        let startup = Startup(paths: paths, cache: SourceCacheStore())
        _ = startup.theme(named: self.theme)  // an unknown name exits here, before any window
        guard Video.hasDisplay else {
            fail("no display (DISPLAY and WAYLAND_DISPLAY are unset); to render without a window use 'plumage snapshot --out FILE.png'")
        }
        do {
            try Video.initialize(headless: false)
            var app = startup.app(theme: startup.theme(named: nil))
            let file = SettingsFile()
            let (stored, notice) = file.load(themes: startup.themes.names, backgrounds: app.backgrounds)
            if let notice { FileHandle.standardError.write(Data("plumage: \(notice)\n".utf8)) }
            app.applyLook(stored)
            if let theme { app.setTheme(named: theme) }
            if let fps { app.showsFPS = fps }
            app.epochAtTimeZero = Int64(Date().timeIntervalSince1970)
            let windowSize = size?.size ?? stored.windowSize ?? SizeArgument.defaultWindow.size
            let position = stored.windowPosition.flatMap { p in
                Settings.isOnDisplay(position: p, size: windowSize, displays: Video.displayBounds()) ? p : nil
            }
            let window = try Window(title: app.windowTitle, size: windowSize, fullscreen: fullscreen ?? stored.fullscreen ?? false,
                                    position: position)
            let backend = try startup.backend(renderer: try Renderer(window: window, choice: choice), systemEmoji: true)
            let keeper = SettingsKeeper(file: file, stored: stored, app: app, window: window,
                                        windowed: (windowSize, position))
            var loop = MainLoop(window: window, app: app, backend: backend, startup: startup, started: started,
                                settings: keeper, settingsNotice: notice)
            if let statsFile {
                do {
                    loop.statsLog = try FrameStatsLog(path: statsFile, budgetMs: loop.statistics.budgetMs)
                } catch {
                    fail("cannot write the stats file \(statsFile): \(error.localizedDescription)")
                }
            }
            loop.run()
            loop.statsLog?.flush()
            loop.finishSaving()
        } catch {
            fail(error.description)
        }
    }
}
