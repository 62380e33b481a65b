import FeedImport
import PlumageCore
import SDLPlatform

/// The app state wired to a renderer: lays out, draws and keeps frame statistics. Main thread only.
final class Viewer {
    var app: AppState
    let renderer: Renderer
    let measurer: TextMeasurer
    let images: ImageStore
    let executor: DisplayListExecutor
    var statistics: FrameStatistics

    /// Builds the viewer for `startup`'s source with `theme`, drawing with `renderer`.
    init(startup: Startup, theme: Theme, renderer: Renderer, systemEmoji: Bool, refreshHz: Double = 60) throws {
        app = AppState(source: startup.source, themes: startup.themes, theme: theme)
        app.assetRoot = startup.resources.assetsURL.path
        self.renderer = renderer
        let fonts = try FontLibrary(files: .init(fontsDirectory: startup.resources.fontsURL.path, systemEmoji: systemEmoji))
        measurer = TextMeasurer(fonts: fonts)
        images = try ImageStore(renderer: renderer)
        executor = DisplayListExecutor(renderer: renderer, images: images, measurer: measurer,
                                       iconsDirectory: startup.resources.assetsURL.path + "/icons")
        statistics = FrameStatistics(refreshHz: refreshHz)
    }

    /// Tells the app the drawing area's size in points and its pixel density.
    func resize(points: Size, scale: DisplayScale, at time: Double) {
        _ = app.handle(.resized(points, scale), at: time)
    }

    /// Lays out and draws one frame at `time` (not presented); returns what was drawn.
    @discardableResult
    func draw(at time: Double) -> Frame {
        measurer.configure(displayScale: app.displayScale.factor, textScale: app.textScale)
        executor.scale = app.displayScale.factor
        let frame = app.frame(at: time, measurer: measurer, statistics: statistics)
        executor.draw(frame)
        return frame
    }

    /// True when another frame is needed without new input (animation or images to upload).
    func wantsFrame(at time: Double) -> Bool { app.isAnimating(at: time) || executor.hasPendingUploads }
}
