import Archives
internal import CSDL2
import Foundation
import Jobs
import PlumageCore

/// The SDL backend of the app: draws `Frame`s with a renderer and reports the platform's news as
/// events; it holds no app state and makes no product decisions. The owner of the `AppState`
/// (the window loop, `snapshot`, `bench`, tests) drives it: `news()` into `AppState.handle`, the
/// app's frame into `draw(_:)`, effects through the owner's `Platform` (which hands the backend's
/// share to `carryOut`). Implemented: fonts and measuring, images and photos decoded on
/// one shared pool, photo work asked for by effects, idle-time tile uploads. Main thread only.
public final class SDLBackend {
    /// The renderer frames are drawn with (a window or a headless surface).
    public let renderer: Renderer
    /// The SDL_ttf measurer layout uses; `prepare` sets it to the app's display and text scales.
    public let measurer: TextMeasurer
    /// The image store (shared with `executor`) that decodes and uploads the feed's images.
    public let images: ImageStore
    /// Draws each frame's display list with `renderer`.
    public let executor: DisplayListExecutor
    /// Decodes the image view's photos (preview, full resolution, pyramid) on workers.
    public let photos: PhotoLoader
    /// The image view's photo tiles as textures.
    public let photoTextures: PhotoTextures
    /// The photos the latest `.loadPhotos` marked warm (neighbours): their coarsest decoded level is
    /// uploaded in idle time.
    var warmPhotos: [ResourceLocator] = []
    /// The app's job system: decodes on its decode lane, `runInBackground` on its loading lane.
    public let jobs: JobSystem
    /// Results of background work (`runInBackground`) waiting for `news()`.
    let background: Mailbox<InputEvent>
    /// Decoded pixels shared by `images` and `photos`.
    let decodedImages: DecodedImageCache

    /// A backend drawing with `renderer`, with resources under `assetsDirectory` and `fontsDirectory`,
    /// running its work on `jobs` (the app's one job system; by default, for tests and tools, one
    /// the caller creates for this backend alone); its decoders read zip members through `archives`
    /// and remote images' bytes through `remoteImages` (nil: remote images fail).
    public init(
        assetsDirectory: String, fontsDirectory: String, renderer: Renderer, systemEmoji: Bool,
        archives: OpenArchives? = nil, jobs: JobSystem = JobSystem(), remoteImages: (any RemoteImageFetching)? = nil
    ) throws(SDLError) {
        self.renderer = renderer
        let fonts = try FontLibrary(files: .init(fontsDirectory: fontsDirectory, systemEmoji: systemEmoji))
        measurer = TextMeasurer(fonts: fonts)
        self.jobs = jobs
        jobs.freeSDLThreadDataOnWorkerExit()
        let cache = DecodedImageCache()
        decodedImages = cache
        images = try ImageStore(renderer: renderer, pool: jobs, cache: cache, archives: archives, fetcher: remoteImages)
        executor = DisplayListExecutor(renderer: renderer, images: images, measurer: measurer,
                                       iconsDirectory: assetsDirectory + "/icons")
        photos = try PhotoLoader(pool: jobs, cache: cache, archives: archives, fetcher: remoteImages)
        photoTextures = PhotoTextures(renderer: renderer, tileSide: min(renderer.maxTextureSide, 1024))
        background = try Mailbox<InputEvent>()
        executor.photos = photos
        executor.photoTextures = photoTextures
        // SDL starts with text input on; it is on only while a text field is open.
        SDL_StopTextInput()
    }

    /// Where the last `drawFrame` spent its time, and what it made.
    public private(set) var lastFrameCost = FrameCost()

    /// Bytes held by each of the backend's bounded caches now (the soak log's memory columns).
    public var cacheBytes: CacheBytes {
        CacheBytes(decoded: decodedImages.totalBytes, photoTiles: photoTextures.totalBytes,
                   feedImages: images.textureBytes, text: executor.textTextureBytes)
    }

    /// The SDL event types that mean "decoded pixels are waiting" (wake the loop and draw).
    public var wakeEventTypes: Set<UInt32> { [images.wakeEventType, photos.wakeEventType, background.eventType] }

    /// Runs `work` on the job system's loading lane (bounded: when all its workers are busy, it
    /// queues; nice 10: it yields to the UI thread, and still runs beside a busy build), handing it
    /// a `post` that delivers one event through `news()` each time it is called (a folder scan's
    /// batches as they come).
    public func runInBackground(_ work: @escaping @Sendable (_ post: (InputEvent) -> Void) -> Void) {
        let mailbox = background
        jobs.submit(on: .loading) { work { mailbox.post($0) } }
    }

    /// What the platform learnt since the last call — images made for the ledger, photo levels,
    /// background results, where drawn links are — as events for `AppState.handle`.
    public func news() -> [InputEvent] {
        images.takeNews().map { .resource($0.0, $0.1) } + background.drain()
            + executor.takeRenderedLinks().map { .textRendered(key: $0.key, runs: $0.runs) }
            + photos.drain().map { delivery in
            switch delivery {
            case let .info(source, info): return .photo(.size(source: source, info.orientedSize))
            case let .level(source, level, _, _): return .photo(.level(source: source, level: level))
            case let .transparent(source): return .photo(.transparent(source: source))
            case let .failed(source, error):
                photoTextures.remove(source: source)
                return .photo(.failed(source: source, error))
            case let .dropped(source, level):
                return .photo(.dropped(source: source, level: level))
            }
        }
    }

    /// Sets the measurer and the executor to the app's pixel density and text size (before laying
    /// out or drawing a frame of it).
    public func prepare(displayScale: DisplayScale, textScale: Double) {
        measurer.configure(displayScale: displayScale.factor, textScale: textScale)
        executor.scale = displayScale.factor
    }

    /// Draws `frame` (not presented), keeps the text `ahead` expects to render it in idle time, and
    /// queues for idle-time upload the warm photos' coarsest levels, then the tiles of the
    /// neighbours' renditions still to make.
    public func draw(_ frame: Frame, ahead: Lookahead = Lookahead()) {
        executor.draw(frame, textAhead: ahead.text)
        for source in warmPhotos { executor.prefetchPhoto(source: source) }
        executor.prefetchRenditionTiles()
    }

    /// Carries out the backend's share of `effects` (photo and image work, text input) and ignores
    /// the rest. Not a sink of its own: a `Platform`'s `perform` calls it, then does the rest.
    public func carryOut(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case let .loadPhotos(requests):
                // Each request list replaces the last (the core numbers them): the loader drops late
                // results and queued work of older lists; an empty list leaves nothing wanted.
                for request in requests {
                    photos.request(source: request.source, viewSize: request.viewSize, priority: request.priority,
                                   generation: request.generation)
                }
                if let generation = requests.first?.generation { photos.cancel(olderThan: generation) } else { photos.cancelAll() }
                warmPhotos = requests.filter(\.warm).map(\.source)
            case let .keepPhotoRenditions(placements):
                executor.wishRenditions(placements)
            case .cancelPhotoLoads:
                photos.cancelAll()
                warmPhotos = []
                executor.releaseRenditions()
            case let .loadImages(requests):
                for request in requests { images.load(request) }
            case let .cancelImages(ids):
                images.cancel(ids)
            case let .textInput(area):
                if let area {
                    var rect = SDL_Rect(x: Int32(area.minX), y: Int32(area.minY), w: Int32(area.width), h: Int32(area.height))
                    SDL_SetTextInputRect(&rect)
                    SDL_StartTextInput()
                } else {
                    SDL_StopTextInput()
                }
            default:
                break
            }
        }
    }

    /// True while images or photos are decoding or waiting for upload.
    public var isBusy: Bool { images.outstanding > 0 || photos.isBusy || executor.hasPendingUploads }

    /// True when decoded images wait for upload (another frame is needed soon).
    public var hasPendingUploads: Bool { executor.hasPendingUploads }

    /// True when idle-time work waits: text of rows about to scroll in, images decoded for rows
    /// not on screen yet, tiles the image view may draw soon (see `workAhead(until:)`).
    public var hasWorkAhead: Bool { executor.hasTextAhead || images.hasArrivalsAhead || executor.hasUploadsAhead }

    /// Does idle-time work until `deadline` (`Video.seconds()`), most needed first: renders the text
    /// of rows about to scroll in, uploads images decoded ahead (row bands of big ones), then tiles
    /// the image view may draw next (zooming or panning) and the renditions of its neighbours, so
    /// those frames find them ready. Returns true while some remains.
    @discardableResult
    public func workAhead(until deadline: Double) -> Bool {
        if executor.hasTextAhead { executor.renderTextAhead(until: deadline) }
        if Video.seconds() < deadline && images.hasArrivalsAhead { images.uploadAhead(until: deadline) }
        if Video.seconds() < deadline { executor.uploadAhead(until: deadline) }
        return hasWorkAhead
    }
}

/// Driving an app with a backend: the steps every owner of an `AppState` repeats, in order — the
/// event path (`advance`: news in, screens updated, their work carried out) and drawing (`draw`:
/// the app's pure frame executed).
extension SDLBackend {
    /// The event path of one frame: hands the platform's news to `app`, brings it up to `time`
    /// (`AppState.update`) and carries out what it asks for through `platform`. When that work
    /// replays pixels already decoded (a photo viewed before), the app hears of them and is updated
    /// again, so the next frame shows the photo.
    public func advance(_ app: inout AppState, at time: Seconds, statistics: FrameStatistics?,
                        platform: inout some Platform) {
        prepare(displayScale: app.displayScale, textScale: app.textScale)
        images.pumpUploads()
        for round in 0..<2 {
            let events = news()
            if round > 0 && events.isEmpty { break }
            for event in events { app.handle(event, at: time, through: &platform) }
            app.carryOut(app.update(at: time, measurer: measurer, statistics: statistics), at: time, through: &platform)
        }
    }

    /// `advance`, then `app`'s frame and lookahead at `time` (pure functions of its state), their
    /// images recorded in the ledger and asked for through `platform`, and the frame drawn (not
    /// presented).
    /// Returns the frame; `lastFrameCost` tells where the time went.
    @discardableResult
    public func drawFrame(of app: inout AppState, at time: Seconds, statistics: FrameStatistics?,
                          platform: inout some Platform) -> Frame {
        let start = Video.seconds()
        advance(&app, at: time, statistics: statistics, platform: &platform)
        let frame = app.frame(at: time, measurer: measurer, statistics: statistics)
        let ahead = app.lookahead(at: time, measurer: measurer, statistics: statistics)
        app.carryOut(app.want(frame, ahead: ahead), at: time, through: &platform)
        let laidOut = Video.seconds()
        draw(frame, ahead: ahead)
        lastFrameCost = FrameCost(layoutMs: (laidOut - start) * 1000, drawMs: (Video.seconds() - laidOut) * 1000,
                                  frostMs: executor.frostMsLastFrame, textRenders: executor.textRendersLastFrame,
                                  uploads: images.uploadsLastFrame)
        return frame
    }

    /// Draws a frame made without an app (tests, tools) the way `drawFrame` draws an app's: uploads
    /// and news first (applied to `ledger`), then the frame's images asked for through `ledger`,
    /// then the frame as the ledger resolves it (not presented). With no app to answer, the
    /// ledger's loads are carried out here directly.
    public func show(_ frame: Frame, ledger: inout ResourceLedger) {
        images.pumpUploads()
        for case let .resource(id, status) in news() { ledger.apply(id, status) }
        carryOut(ledger.want(frame, ahead: Lookahead()))
        // No clock here: a spinner, if any, is drawn at its first step.
        draw(ledger.resolved(frame, scale: DisplayScale(executor.scale), at: 0))
    }

    /// Draws `app` at `time` until every requested image has decoded and uploaded (at most
    /// `timeout` seconds, waking on the decode mailboxes), then once more, and presents; effects go
    /// through `platform`.
    public func drawSettled(_ app: inout AppState, at time: Seconds, statistics: FrameStatistics? = nil,
                            timeout: Double = 20, platform: inout some Platform) {
        let pump = EventPump(wakeTypes: wakeEventTypes)
        let deadline = Video.seconds() + timeout
        drawFrame(of: &app, at: time, statistics: statistics, platform: &platform)
        while isBusy && Video.seconds() < deadline {
            if hasWorkAhead {
                workAhead(until: Video.seconds() + 0.004)
            } else {
                _ = pump.wait(timeout: 0.05)
            }
            drawFrame(of: &app, at: time, statistics: statistics, platform: &platform)
        }
        drawFrame(of: &app, at: time, statistics: statistics, platform: &platform)
        renderer.presentFrame()
    }

    /// Refines the top screen's estimated rows until `deadline` (`Video.seconds()`) or until none
    /// remain; returns true while some remain.
    public func refine(_ app: inout AppState, until deadline: Double, at time: Seconds) -> Bool {
        prepare(displayScale: app.displayScale, textScale: app.textScale)
        while app.refine(maxRows: 16, at: time, measurer: measurer) {
            if Video.seconds() >= deadline { return true }
        }
        return false
    }
}
