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
    /// Decodes the image view's photos (preview, full resolution, pyramid) on workers.
    public let photos: PhotoLoader
    /// The image view's photo tiles as textures.
    public let photoTextures: PhotoTextures
    /// The photo requests last sent to the loader.
    var lastPhotoRequests: [PhotoRequest] = []
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
        let pool = DecodePool(threadCount: 2)
        let cache = DecodedImageCache()
        images = try ImageStore(renderer: renderer, pool: pool, cache: cache)
        executor = DisplayListExecutor(renderer: renderer, images: images, measurer: measurer,
                                       iconsDirectory: assetsDirectory + "/icons")
        photos = try PhotoLoader(pool: pool, cache: cache)
        photoTextures = PhotoTextures(renderer: renderer, tileSide: min(renderer.maxTextureSide, 1024))
        executor.photos = photos
        executor.photoTextures = photoTextures
        statistics = FrameStatistics(refreshHz: refreshHz)
    }

    /// Tells the app the drawing area's size in points and its pixel density.
    public func resize(points: Size, scale: DisplayScale, at time: Double) {
        _ = app.handle(.resized(points, scale), at: time)
    }

    /// Lays out and draws one frame at `time` (not presented); returns what was drawn.
    @discardableResult
    public func draw(at time: Double) -> Frame {
        receivePhotos()
        measurer.configure(displayScale: app.displayScale.factor, textScale: app.textScale)
        executor.scale = app.displayScale.factor
        let frame = app.frame(at: time, measurer: measurer, statistics: statistics)
        executor.draw(frame)
        // The neighbours' coarsest levels go up in idle time, so next/previous shows them at once.
        for request in frame.photoRequests where request.path != app.photoViewer?.photo?.path {
            executor.prefetchPhoto(path: request.path)
        }
        requestPhotos(frame.photoRequests)
        return frame
    }

    /// The SDL event types that mean "decoded pixels are waiting" (wake the loop and draw).
    public var wakeEventTypes: Set<UInt32> { [images.wakeEventType, photos.wakeEventType] }

    /// Tells the app what the photo loader learnt since the last frame.
    func receivePhotos() {
        for delivery in photos.drain() {
            switch delivery {
            case let .info(path, info): app.photoUpdate(path: path, size: info.orientedSize)
            case let .level(path, level, _, _):
                app.photoUpdate(path: path, size: nil, bestLevel: level)
            case let .failed(path, error):
                app.photoUpdate(path: path, error: error)
                photoTextures.remove(path: path)
            }
        }
    }

    /// Asks the loader for the image view's photos when what is wanted changes (asking again for a
    /// cached photo replays its pixels), and drops work for ones no longer wanted.
    func requestPhotos(_ requests: [PhotoRequest]) {
        guard let generation = app.photoViewer?.generation else {
            // The image view closed: its queued decodes give way to the feed's.
            if !lastPhotoRequests.isEmpty { photos.cancelAll() }
            lastPhotoRequests = []
            return
        }
        guard requests != lastPhotoRequests else { return }
        lastPhotoRequests = requests
        for request in requests {
            photos.request(path: request.path, viewSize: request.viewSize, priority: request.priority,
                           generation: generation)
        }
        photos.cancel(olderThan: generation)
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
        let pump = EventPump(wakeTypes: wakeEventTypes)
        let deadline = Video.seconds() + timeout
        draw(at: time)
        while (images.outstanding > 0 || photos.isBusy || executor.hasPendingUploads) && Video.seconds() < deadline {
            _ = pump.wait(timeout: 0.05)
            draw(at: time)
        }
        draw(at: time)
        renderer.presentFrame()
    }

    /// True when idle-time work waits: tiles the image view may draw soon (see `workAhead(until:)`).
    public var hasWorkAhead: Bool { executor.hasUploadsAhead }

    /// Does idle-time work until `deadline` (`Video.seconds()`): uploads tiles the image view may
    /// draw next (zooming or panning), so those frames find them ready. Returns true while some remains.
    @discardableResult
    public func workAhead(until deadline: Double) -> Bool { executor.uploadAhead(until: deadline) }

    /// True when another frame is needed without new input (animation or images to upload).
    public func wantsFrame(at time: Double) -> Bool { app.isAnimating(at: time) || executor.hasPendingUploads }
}
