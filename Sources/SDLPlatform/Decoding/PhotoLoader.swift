import Foundation
import Archives
import Imaging
import Jobs
import PlumageCore

/// What the loader reports about one photo, drained on the main thread. For a source, `.info` comes
/// before any `.level`; deliveries may repeat (a re-request replays what is cached) and a later
/// `.level` for the same level supersedes an earlier one.
public enum PhotoDelivery: Sendable {
    /// The header: format, stored size and EXIF orientation (`ImageInfo.orientedSize` is the size shown).
    case info(source: ResourceLocator, ImageInfo)
    /// Pyramid level `level` (0 = full resolution; size `ImagePyramid.levelSize(level, of: orientedSize)`),
    /// EXIF orientation applied. `isPreview`: a fast DCT-scaled JPEG decode that the same level made
    /// from the full image will replace.
    case level(source: ResourceLocator, level: Int, bitmap: Bitmap, isPreview: Bool)
    /// Some pixels of the photo are not fully opaque (found in its full decode, before its levels).
    case transparent(source: ResourceLocator)
    /// The photo cannot be shown; `ImageError.message` says why.
    case failed(source: ResourceLocator, ImageError)
    /// Level `level` was evicted from the decoded-pixel cache (by any photo's or feed image's insert).
    case dropped(source: ResourceLocator, level: Int)

    /// The photo the delivery is about.
    public var source: ResourceLocator {
        switch self {
        case .info(let source, _), .level(let source, _, _, _), .transparent(let source), .failed(let source, _),
             .dropped(let source, _): source
        }
    }
}

/// Decodes photos for the image view on low-priority workers (DESIGN §2): per request, a header probe,
/// for JPEG a DCT-scaled preview at the coarsest pyramid level covering the view (1/8…1/2) on one
/// worker while the other decodes full resolution, then the pyramid levels below full resolution
/// down to the one that fits the view. Non-JPEG formats (SDL_image, abandoned after `timeout`) post
/// the covering level first, then full resolution, then the rest. Decoded levels stay in the app's
/// byte-bounded `DecodedImageCache`, so a re-request of a recent photo replays at once. Jobs run on
/// the app's `JobSystem` decode lane ahead of the feed's (`priorityBase`). Main thread only; the
/// main thread never waits for a decoder.
public final class PhotoLoader {
    /// A worker job: which photo and which part of its pipeline.
    struct JobKey: Hashable, Sendable {
        /// The photo's source.
        var source: ResourceLocator
        /// The part of the pipeline.
        var stage: Stage
    }

    /// The parts of a photo's pipeline that run as separate jobs.
    enum Stage: Hashable, Sendable {
        /// Header + DCT-scaled JPEG preview.
        case preview
        /// Header + full decode + pyramid.
        case full
        /// Pyramid from an already cached full-resolution level.
        case pyramid
        /// A remote photo's bytes, fetched on the loading lane before the other stages.
        case fetch
    }

    /// What workers post: deliveries as they are made, and the end of each job.
    enum Message: Sendable {
        /// Something for the main thread, posted as soon as it is made.
        case delivery(PhotoDelivery)
        /// The job ended; nothing more comes from it.
        case finished(JobKey)
        /// A remote photo's bytes arrived (or could not be fetched).
        case fetched(source: ResourceLocator, Result<[UInt8], ImageError>)
    }

    /// What the caller asked for a source, by its latest request.
    private struct Wanted {
        var generation: Int
        var priority: Int
        var viewSize: PixelSize
    }

    /// Files above this many pixels are refused before decoding (`ImageError.tooLarge`).
    public let pixelCap: Int
    /// Seconds an SDL_image decode may run before it is abandoned as `.decodeTimedOut`.
    public let timeout: Double
    /// Decoded levels by (source, level), bounded in bytes; shared with the feed.
    public let cache: DecodedImageCache
    /// The program's open archives, through which zip members are read; nil: files only.
    let archives: OpenArchives?
    /// Added to every job's priority: while the image view asks for photos, they decode before the
    /// feed's images (priorities 0…10) queued on the same pool.
    static let priorityBase = 1000
    private let mailbox: Mailbox<Message>
    private let workers: DecodeWorkers<JobKey, Message>
    private var wanted: [ResourceLocator: Wanted] = [:]
    private var infos: [ResourceLocator: ImageInfo] = [:]
    /// Photos found transparent; forgotten with `infos` (a photo's levels replay only with its info).
    private var transparent: Set<ResourceLocator> = []
    private var failures: [ResourceLocator: ImageError] = [:]
    private var inFlight: [JobKey: Int] = [:]
    private var replay: [PhotoDelivery] = []
    /// The fetches of remote photos' bytes; nil without a fetcher (a remote photo then fails).
    private let remote: RemoteImageFetches<ResourceLocator>?
    /// Fetched bytes of remote photos wanted now, kept until their full decode has started.
    private var fetched: [ResourceLocator: [UInt8]] = [:]

    /// Decodes on `pool` (shared with the feed), keeping levels in `cache` (shared too). Main thread,
    /// after `SDL_Init` (the mailbox registers an SDL event type). Zip members are read through
    /// `archives`; a remote photo's bytes come from `fetcher` (on the loading lane) before its decodes.
    public init(
        pool: JobSystem, cache: DecodedImageCache, pixelCap: Int = 250_000_000, timeout: Double = 5,
        archives: OpenArchives? = nil, fetcher: (any RemoteImageFetching)? = nil
    ) throws(SDLError) {
        self.archives = archives
        self.pixelCap = pixelCap
        self.timeout = timeout
        self.cache = cache
        let mailbox = try Mailbox<Message>()
        self.mailbox = mailbox
        workers = DecodeWorkers(mailbox: mailbox, pool: pool)
        remote = fetcher.map {
            // Like the feed's images, photos leave a loading worker to the lane's other work.
            RemoteImageFetches(fetcher: $0, pool: pool, priorityOffset: 0, maxTransfers: pool.workerCount(.loading) - 1) {
                url, _, result in
                mailbox.post(.fetched(source: .url(url), result))
            }
        }
    }

    /// A loader with a pool of `threads` workers and a cache of `cacheBytes` of its own (tests, tools).
    public convenience init(cacheBytes: Int = DecodedImageCache.defaultByteLimit(), threads: Int = 2,
                            pixelCap: Int = 250_000_000, timeout: Double = 5) throws(SDLError) {
        try self.init(pool: JobSystem(workers: WorkerCounts(decode: threads)), cache: DecodedImageCache(byteLimit: cacheBytes),
                      pixelCap: pixelCap, timeout: timeout)
    }

    deinit {
        remote?.cancelAll()
        workers.shutdown()
    }

    /// The SDL event type pushed when deliveries are waiting; call `drain()` when it arrives.
    public var wakeEventType: UInt32 { mailbox.eventType }

    /// True when every pixel of the photo at `source` is known to be opaque: its header said JPEG (a
    /// JPEG decodes with alpha 255 throughout); false for other formats and before the header is read.
    public func isOpaque(source: ResourceLocator) -> Bool { infos[source]?.format == .jpeg }

    /// True while jobs are queued or running, or replayed deliveries wait for `drain()`.
    public var isBusy: Bool { !inFlight.isEmpty || !replay.isEmpty }

    /// Asks for `source` shown in `viewSize` device pixels; higher `priority` decodes first (current
    /// photo highest, then ±1, ±2 neighbours). Cached levels are replayed by the next `drain()`;
    /// missing work is queued, or re-prioritised when already queued. `generation` is the caller's
    /// navigation counter, see `cancel(olderThan:)`.
    public func request(source: ResourceLocator, viewSize: PixelSize, priority: Int, generation: Int) {
        wanted[source] = Wanted(generation: generation, priority: priority, viewSize: viewSize)
        if let error = failures[source] {
            replay.append(.failed(source: source, error))
            return
        }
        var cached: [Int: Bool] = [:]
        if let info = infos[source] {
            replay.append(.info(source: source, info))
            if transparent.contains(source) { replay.append(.transparent(source: source)) }
            let count = ImagePyramid.levels(for: info.orientedSize, downTo: viewSize).count
            for level in (0..<count).reversed() {
                guard let entry = cache.entry(source: source, level: level) else { continue }
                replay.append(.level(source: source, level: level, bitmap: entry.bitmap, isPreview: entry.isPreview))
                cached[level] = entry.isPreview
            }
            if cached.count == count && !cached.values.contains(true) { return }
            if cached[0] == false, let full = cache.entry(source: source, level: 0)?.bitmap {
                submit(.pyramid, source: source, full: full)
                return
            }
            let covering = ImagePyramid.previewLevel(of: info.orientedSize, cover: viewSize)
            if info.format == .jpeg && covering > 0 && !cached.keys.contains(where: { $0 <= covering }) {
                submit(.preview, source: source)
            }
        } else {
            submit(.preview, source: source)
        }
        submit(.full, source: source)
    }

    /// The levels of `source` held in the cache (previews included), ascending.
    public func availableLevels(source: ResourceLocator) -> [Int] { (0..<32).filter { cache.contains(source: source, level: $0) } }

    /// The cached pixels of level `level` of `source` (a preview until the final level arrives), marking
    /// them recently used; nil when not cached.
    public func bitmap(source: ResourceLocator, level: Int) -> Bitmap? { cache.entry(source: source, level: level)?.bitmap }

    /// True when level `level` of `source` is cached and final (not a preview the full decode will
    /// replace), marking it recently used.
    public func isFinal(source: ResourceLocator, level: Int) -> Bool { cache.entry(source: source, level: level)?.isPreview == false }

    /// Forgets every request and drops all queued work (the image view closed); running jobs finish
    /// and their late deliveries are dropped. Cached levels stay.
    public func cancelAll() {
        wanted = [:]
        remote?.cancelAll()
        fetched = [:]
        inFlight = inFlight.filter { key, _ in key.stage != .fetch && workers.cancel(where: { $0 == key }) == 0 }
    }

    /// Forgets requests made with a generation below `generation` (their late deliveries are dropped)
    /// and drops their queued jobs; running jobs finish. Request the photos still wanted with the
    /// new generation before calling this, so their work survives.
    public func cancel(olderThan generation: Int) {
        wanted = wanted.filter { $0.value.generation >= generation }
        fetched = fetched.filter { wanted[$0.key] != nil }
        for (key, jobGeneration) in inFlight where jobGeneration < generation && wanted[key.source] == nil {
            if key.stage == .fetch, case .url(let url) = key.source {
                remote?.drop(url, key.source)
                inFlight[key] = nil
            } else if workers.cancel(where: { $0 == key }) > 0 {
                inFlight[key] = nil
            }
        }
    }

    /// Takes every delivery that arrived for a wanted photo (cached replays first), storing decoded
    /// levels in `cache`. A preview arriving after its final level is dropped.
    /// Every level evicted from the cache is reported as `.dropped`, in order with the levels stored,
    /// whether its photo is wanted or not.
    public func drain() -> [PhotoDelivery] {
        var result = replay
        replay = []
        result += cache.takeDroppedLevels().map { .dropped(source: $0.source, level: $0.level) }
        for message in mailbox.drain() {
            switch message {
            case .finished(let key):
                inFlight[key] = nil
                // The full decode has the bytes it needs; a later request fetches again (from the web cache).
                if key.stage == .full { fetched[key.source] = nil }
            case .fetched(let source, let outcome):
                let key = JobKey(source: source, stage: .fetch)
                guard inFlight.removeValue(forKey: key) != nil, let want = wanted[source] else { continue }
                switch outcome {
                case .success(let bytes):
                    fetched[source] = bytes
                    request(source: source, viewSize: want.viewSize, priority: want.priority, generation: want.generation)
                case .failure(let error):
                    if failures.count > 4096 { failures.removeAll() }
                    failures[source] = error
                    result.append(.failed(source: source, error))
                }
            case .delivery(let delivery):
                guard let want = wanted[delivery.source] else { continue }
                switch delivery {
                case .info(let source, let info):
                    guard infos[source] != info else { continue }
                    if infos.count > 4096 { infos.removeAll(); transparent.removeAll() }
                    infos[source] = info
                case .transparent(let source):
                    transparent.insert(source)
                case .failed(let source, let error):
                    guard failures[source] == nil else { continue }
                    if failures.count > 4096 { failures.removeAll() }
                    failures[source] = error
                case .level(let source, let level, let bitmap, let isPreview):
                    if isPreview, cache.hasFinal(source: source, atOrBelow: level) { continue }
                    let stored = cache.insert(
                        DecodedImageCache.Entry(bitmap: bitmap, isPreview: isPreview), source: source, level: level
                    ) { [wanted] other in (wanted[other]?.priority ?? Int.min) > want.priority }
                    result += cache.takeDroppedLevels().map { .dropped(source: $0.source, level: $0.level) }
                    // A level the cache has no room for is not announced: nothing could draw it.
                    guard stored else { continue }
                case .dropped:
                    break
                }
                result.append(delivery)
            }
        }
        // What a fetched photo's request replayed (its info and cached levels) follows in order.
        result += replay
        replay = []
        return result
    }

    /// Queues (or re-prioritises) one job of `source`'s pipeline at the priority of its latest request.
    /// A remote photo's stages wait for its bytes: without them, its fetch is asked for instead.
    private func submit(_ stage: Stage, source: ResourceLocator, full: Bitmap? = nil) {
        guard let want = wanted[source] else { return }
        let bytes = fetched[source]
        if let remote, stage != .pyramid, case .url(let url) = source, bytes == nil {
            let fetch = JobKey(source: source, stage: .fetch)
            let ask = RemoteImageFetches<ResourceLocator>.Ask(priority: Self.priorityBase + want.priority, generation: want.generation)
            // One fetch a photo: a second stage (or request) asking while it runs only raises it.
            if inFlight[fetch] == nil { remote.want(url, by: source, ask) } else { remote.raise(url, by: source, ask) }
            inFlight[fetch] = want.generation
            return
        }
        let key = JobKey(source: source, stage: stage)
        if inFlight[key] != nil && workers.cancel(where: { $0 == key }) == 0 {
            inFlight[key] = want.generation
            return
        }
        inFlight[key] = want.generation
        let post: @Sendable (PhotoDelivery) -> Void = { [mailbox] in mailbox.post(.delivery($0)) }
        let (view, cap, timeout, archives) = (want.viewSize, pixelCap, timeout, archives)
        let bonus = stage == .preview ? 1 : 0
        workers.submit(key: key, priority: Self.priorityBase + want.priority * 2 + bonus, generation: want.generation) {
            switch stage {
            case .preview:
                PhotoPipeline.preview(source: source, view: view, pixelCap: cap, archives: archives, bytes: bytes, post: post)
            case .full:
                PhotoPipeline.full(
                    source: source, view: view, pixelCap: cap, timeout: timeout, archives: archives, bytes: bytes, post: post)
            case .pyramid: if let full { PhotoPipeline.pyramid(source: source, full: full, view: view, post: post) }
            case .fetch: break
            }
            return .finished(key)
        }
    }
}
