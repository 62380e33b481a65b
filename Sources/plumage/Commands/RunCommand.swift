import ArgumentParser
import FeedImport
import Foundation
import PlumageCore
import SDLPlatform

/// `plumage [PATH ...]`: the window.
struct RunCommand: ParsableCommand {
    /// The `run` command's name and abstract.
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open the viewer window (default).")

    /// Paths of sources to open (at most one for now); empty means the bundled demo.
    @Argument(help: "A JSON Feed file, a folder of photos (its places), or image files (the image view); the demo when omitted.")
    var paths: [String] = []
    /// Name of the theme; nil means the first shipped theme.
    @Option(help: "Theme: original, green, dark or light.") var theme: String?
    /// True to start with the FPS overlay shown.
    @Flag(help: "Show the FPS overlay (F12 toggles it).") var fps = false
    /// Initial window size in points.
    @Option(help: "Window size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// True to start in desktop fullscreen.
    @Flag(help: "Start in fullscreen.") var fullscreen = false
    /// Renderer choice: auto, software, opengl or opengles2.
    @Option(help: "Renderer: auto, software, opengl, opengles2.") var renderer: String = "auto"
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
        let theme = startup.theme(named: self.theme)
        guard Video.hasDisplay else {
            fail("no display (DISPLAY and WAYLAND_DISPLAY are unset); to render without a window use 'plumage snapshot --out FILE.png'")
        }
        do {
            try Video.initialize(headless: false)
            var app = startup.app(theme: theme)
            app.showsFPS = fps
            app.epochAtTimeZero = Int64(Date().timeIntervalSince1970)
            let window = try Window(title: app.windowTitle, size: size.size, fullscreen: fullscreen)
            let backend = try startup.backend(renderer: try Renderer(window: window, choice: choice), systemEmoji: true)
            var loop = MainLoop(window: window, app: app, backend: backend, startup: startup, started: started)
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
