import PlumageCore

/// The app state wired to a renderer: fonts, measurer, image store and executor; lays out, draws
/// and keeps frame statistics. Shared by the window, `snapshot`, `bench` and the golden tests.
/// Main thread only.
public final class FeedPresenter {
    /// The app's state; mutate it through its own methods.
    public var app: AppState
    /// The renderer frames are drawn with (a window or a headless surface).
    public let renderer: Renderer
    /// The SDL_ttf measurer layout uses; set to the app's display and text scales before each frame.
    public let measurer: TextMeasurer
    /// The image store (shared with `executor`) that decodes and uploads images.
    public let images: ImageStore
    /// Draws each frame's display list with `renderer`.
    public let executor: DisplayListExecutor
    /// Frame times recorded by the loop (shown by the FPS overlay).
    public var statistics: FrameStatistics

    /// Builds a presenter for `app`, with resources under `assetsDirectory` and `fontsDirectory`.
    public init(app: AppState, assetsDirectory: String, fontsDirectory: String, renderer: Renderer,
                systemEmoji: Bool, refreshHz: Double = 60) throws(SDLError) {
        self.app = app
        self.app.assetRoot = assetsDirectory
        self.renderer = renderer
        let fonts = try FontLibrary(files: .init(fontsDirectory: fontsDirectory, systemEmoji: systemEmoji))
        measurer = TextMeasurer(fonts: fonts)
        images = try ImageStore(renderer: renderer)
        executor = DisplayListExecutor(renderer: renderer, images: images, measurer: measurer,
                                       iconsDirectory: assetsDirectory + "/icons")
        statistics = FrameStatistics(refreshHz: refreshHz)
    }

    /// Tells the app the drawing area's size in points and its pixel density.
    public func resize(points: Size, scale: DisplayScale, at time: Double) {
        _ = app.handle(.resized(points, scale), at: time)
    }

    /// Lays out and draws one frame at `time` (not presented); returns what was drawn.
    @discardableResult
    public func draw(at time: Double) -> Frame {
        measurer.configure(displayScale: app.displayScale.factor, textScale: app.textScale)
        executor.scale = app.displayScale.factor
        let frame = app.frame(at: time, measurer: measurer, statistics: statistics)
        executor.draw(frame)
        return frame
    }

    /// Lays out every row exactly (snapshots, benchmarks and tests need exact offsets).
    public func completeLayout(at time: Double) {
        measurer.configure(displayScale: app.displayScale.factor, textScale: app.textScale)
        app.completeLayout(at: time, measurer: measurer)
    }

    /// Refines estimated row heights until `deadline` (monotonic seconds) or until none remain;
    /// returns true while some remain.
    public func refineLayout(until deadline: Double, at time: Double) -> Bool {
        measurer.configure(displayScale: app.displayScale.factor, textScale: app.textScale)
        while app.refineLayout(maxRows: 16, at: time, measurer: measurer) {
            if Video.seconds() >= deadline { return true }
        }
        return false
    }

    /// Draws at `time` until every requested image has decoded and uploaded (at most `timeout`
    /// seconds, waking on the decode mailbox), then once more, and presents.
    public func drawSettled(at time: Double, timeout: Double = 20) {
        let pump = EventPump(wakeType: images.wakeEventType)
        let deadline = Video.seconds() + timeout
        draw(at: time)
        while images.outstanding > 0 && Video.seconds() < deadline {
            _ = pump.wait(timeout: 0.05)
            draw(at: time)
        }
        draw(at: time)
        renderer.presentFrame()
    }

    /// True when another frame is needed without new input (animation or images to upload).
    public func wantsFrame(at time: Double) -> Bool { app.isAnimating(at: time) || executor.hasPendingUploads }
}
