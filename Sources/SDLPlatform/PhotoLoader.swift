import Foundation
import PlumageCore

/// What the loader reports about one photo, drained on the main thread. For a path, `.info` comes
/// before any `.level`; deliveries may repeat (a re-request replays what is cached) and a later
/// `.level` for the same level supersedes an earlier one.
public enum PhotoDelivery: Sendable {
    /// The header: format, stored size and EXIF orientation (`ImageInfo.orientedSize` is the size shown).
    case info(path: String, ImageInfo)
    /// Pyramid level `level` (0 = full resolution; size `ImagePyramid.levelSize(level, of: orientedSize)`),
    /// EXIF orientation applied. `isPreview`: a fast DCT-scaled JPEG decode that the same level made
    /// from the full image will replace.
    case level(path: String, level: Int, bitmap: Bitmap, isPreview: Bool)
    /// The photo cannot be shown; `ImageError.message` says why.
    case failed(path: String, ImageError)

    /// The photo the delivery is about.
    public var path: String {
        switch self {
        case .info(let path, _), .level(let path, _, _, _), .failed(let path, _): path
        }
    }
}

/// Decodes photos for the image view on low-priority workers (DESIGN §2): per request, a header probe,
/// for JPEG a DCT-scaled preview at the coarsest pyramid level covering the view (1/8…1/2) on one
/// worker while the other decodes full resolution, then the pyramid levels below full resolution
/// down to the one that fits the view. Non-JPEG formats (SDL_image, abandoned after `timeout`) post
/// the covering level first, then full resolution, then the rest. Decoded levels stay in a
/// byte-bounded `PhotoCache`, so a re-request of a recent photo replays at once. Main thread only;
/// the main thread never waits for a decoder.
public final class PhotoLoader {
    /// A worker job: which photo and which part of its pipeline.
    struct JobKey: Hashable, Sendable {
        /// The photo's path.
        var path: String
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
    }

    /// What workers post: deliveries as they are made, and the end of each job.
    enum Message: Sendable {
        /// Something for the main thread, posted as soon as it is made.
        case delivery(PhotoDelivery)
        /// The job ended; nothing more comes from it.
        case finished(JobKey)
    }

    /// What the caller asked for a path, by its latest request.
    private struct Wanted {
        var generation: Int
        var priority: Int
        var viewSize: PixelSize
    }

    /// Files above this many pixels are refused before decoding (`ImageError.tooLarge`).
    public let pixelCap: Int
    /// Seconds an SDL_image decode may run before it is abandoned as `.decodeTimedOut`.
    public let timeout: Double
    /// Decoded levels by (path, level), bounded in bytes.
    public private(set) var cache: PhotoCache
    private let mailbox: Mailbox<Message>
    private let workers: DecodeWorkers<JobKey, Message>
    private var wanted: [String: Wanted] = [:]
    private var infos: [String: ImageInfo] = [:]
    private var failures: [String: ImageError] = [:]
    private var inFlight: [JobKey: Int] = [:]
    private var replay: [PhotoDelivery] = []

    /// Starts `threads` decode workers; `cacheBytes` bounds the decoded-level cache. Main thread,
    /// after `SDL_Init` (the mailbox registers an SDL event type).
    public init(
        pixelCap: Int = 250_000_000, cacheBytes: Int = PhotoLoader.defaultCacheBytes(), threads: Int = 2,
        timeout: Double = 5
    ) throws(SDLError) {
        self.pixelCap = pixelCap
        self.timeout = timeout
        cache = PhotoCache(byteLimit: cacheBytes)
        mailbox = try Mailbox<Message>()
        workers = DecodeWorkers(mailbox: mailbox, threadCount: threads)
    }

    deinit { workers.shutdown() }

    /// The SDL event type pushed when deliveries are waiting; call `drain()` when it arrives.
    public var wakeEventType: UInt32 { mailbox.eventType }

    /// True while jobs are queued or running, or replayed deliveries wait for `drain()`.
    public var isBusy: Bool { !inFlight.isEmpty || !replay.isEmpty }

    /// Asks for `path` shown in `viewSize` device pixels; higher `priority` decodes first (current
    /// photo highest, then ±1, ±2 neighbours). Cached levels are replayed by the next `drain()`;
    /// missing work is queued, or re-prioritised when already queued. `generation` is the caller's
    /// navigation counter, see `cancel(olderThan:)`.
    public func request(path: String, viewSize: PixelSize, priority: Int, generation: Int) {
        wanted[path] = Wanted(generation: generation, priority: priority, viewSize: viewSize)
        if let error = failures[path] {
            replay.append(.failed(path: path, error))
            return
        }
        var cached: [Int: Bool] = [:]
        if let info = infos[path] {
            replay.append(.info(path: path, info))
            let count = ImagePyramid.levels(for: info.orientedSize, downTo: viewSize).count
            for level in (0..<count).reversed() {
                guard let entry = cache.entry(path: path, level: level) else { continue }
                replay.append(.level(path: path, level: level, bitmap: entry.bitmap, isPreview: entry.isPreview))
                cached[level] = entry.isPreview
            }
            if cached.count == count && !cached.values.contains(true) { return }
            if cached[0] == false, let full = cache.entry(path: path, level: 0)?.bitmap {
                submit(.pyramid, path: path, full: full)
                return
            }
            let covering = min(3, ImagePyramid.coveringLevel(of: info.orientedSize, cover: viewSize))
            if info.format == .jpeg && covering > 0 && !cached.keys.contains(where: { $0 <= covering }) {
                submit(.preview, path: path)
            }
        } else {
            submit(.preview, path: path)
        }
        submit(.full, path: path)
    }

    /// The levels of `path` held in the cache (previews included), ascending.
    public func availableLevels(path: String) -> [Int] { (0..<32).filter { cache.contains(path: path, level: $0) } }

    /// The cached pixels of level `level` of `path` (a preview until the final level arrives), marking
    /// them recently used; nil when not cached.
    public func bitmap(path: String, level: Int) -> Bitmap? { cache.entry(path: path, level: level)?.bitmap }

    /// Forgets requests made with a generation below `generation` (their late deliveries are dropped)
    /// and drops their queued jobs; running jobs finish. Request the photos still wanted with the
    /// new generation before calling this, so their work survives.
    public func cancel(olderThan generation: Int) {
        wanted = wanted.filter { $0.value.generation >= generation }
        for (key, jobGeneration) in inFlight where jobGeneration < generation && wanted[key.path] == nil {
            if workers.cancel(where: { $0 == key }) > 0 { inFlight[key] = nil }
        }
    }

    /// Takes every delivery that arrived for a wanted photo (cached replays first), storing decoded
    /// levels in `cache`. A preview arriving after its final level is dropped.
    public func drain() -> [PhotoDelivery] {
        var result = replay
        replay = []
        for message in mailbox.drain() {
            switch message {
            case .finished(let key):
                inFlight[key] = nil
            case .delivery(let delivery):
                guard let want = wanted[delivery.path] else { continue }
                switch delivery {
                case .info(let path, let info):
                    guard infos[path] != info else { continue }
                    if infos.count > 4096 { infos.removeAll() }
                    infos[path] = info
                case .failed(let path, let error):
                    guard failures[path] == nil else { continue }
                    if failures.count > 4096 { failures.removeAll() }
                    failures[path] = error
                case .level(let path, let level, let bitmap, let isPreview):
                    if isPreview, cache.hasFinal(path: path, atOrBelow: level) { continue }
                    cache.insert(
                        PhotoCache.Entry(bitmap: bitmap, isPreview: isPreview), path: path, level: level
                    ) { [wanted] other in (wanted[other]?.priority ?? Int.min) > want.priority }
                }
                result.append(delivery)
            }
        }
        return result
    }

    /// Queues (or re-prioritises) one job of `path`'s pipeline at the priority of its latest request.
    private func submit(_ stage: Stage, path: String, full: Bitmap? = nil) {
        guard let want = wanted[path] else { return }
        let key = JobKey(path: path, stage: stage)
        if inFlight[key] != nil && workers.cancel(where: { $0 == key }) == 0 {
            inFlight[key] = want.generation
            return
        }
        inFlight[key] = want.generation
        let post: @Sendable (PhotoDelivery) -> Void = { [mailbox] in mailbox.post(.delivery($0)) }
        let (view, cap, timeout) = (want.viewSize, pixelCap, timeout)
        let bonus = stage == .preview ? 1 : 0
        workers.submit(key: key, priority: want.priority * 2 + bonus, generation: want.generation) {
            switch stage {
            case .preview: PhotoPipeline.preview(path: path, view: view, pixelCap: cap, post: post)
            case .full: PhotoPipeline.full(path: path, view: view, pixelCap: cap, timeout: timeout, post: post)
            case .pyramid: if let full { PhotoPipeline.pyramid(path: path, full: full, view: view, post: post) }
            }
            return .finished(key)
        }
    }

    /// The default cache budget: min(25 % of RAM, 1.5 GiB), from MemTotal in /proc/meminfo (1 GiB
    /// when unreadable).
    public static func defaultCacheBytes() -> Int {
        cacheBytes(meminfo: try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))
    }

    /// The budget for a /proc/meminfo text: min(MemTotal / 4, 1.5 GiB), or 1 GiB without MemTotal.
    static func cacheBytes(meminfo: String?) -> Int {
        let ceiling = 3 << 29
        guard let line = meminfo?.split(separator: "\n").first(where: { $0.hasPrefix("MemTotal:") }),
            let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 1 << 30 }
        return min(kib * 1024 / 4, ceiling)
    }
}

/// Decoded photo levels keyed by (path, level), bounded in bytes; least recently used go first,
/// except levels of photos ranked above the one being stored. Main thread.
public struct PhotoCache {
    /// One cached level.
    public struct Entry: Sendable {
        /// The pixels, EXIF orientation applied.
        public var bitmap: Bitmap
        /// True for a DCT-scaled JPEG preview that the full-quality level will replace.
        public var isPreview: Bool
    }

    /// A level of a photo.
    struct Key: Hashable {
        /// The photo's path.
        var path: String
        /// The pyramid level (0 = full resolution).
        var level: Int
    }

    private var storage: CostCache<Key, Entry>
    private var costs: [Key: Int] = [:]

    /// Creates an empty cache holding at most `byteLimit` bytes of pixels.
    public init(byteLimit: Int) { storage = CostCache(costLimit: byteLimit) }

    /// Bytes of pixels held.
    public var totalBytes: Int { storage.totalCost }

    /// The bound on `totalBytes`.
    public var byteLimit: Int { storage.costLimit }

    /// The cached level, marking it recently used; nil when absent.
    public mutating func entry(path: String, level: Int) -> Entry? { storage.value(for: Key(path: path, level: level)) }

    /// True when level `level` of `path` is cached; does not change recency.
    public func contains(path: String, level: Int) -> Bool { storage.contains(Key(path: path, level: level)) }

    /// True when a full-quality (non-preview) level 0…`level` of `path` is cached.
    mutating func hasFinal(path: String, atOrBelow level: Int) -> Bool {
        (0...max(0, level)).contains { entry(path: path, level: $0)?.isPreview == false }
    }

    /// Stores `entry` as level `level` of `path`, evicting least recently used levels of photos that
    /// `outranks` does not protect (it gets each cached photo's path). Returns false, storing
    /// nothing, when that cannot free enough bytes.
    @discardableResult
    public mutating func insert(
        _ entry: Entry, path: String, level: Int, outranks: (_ cachedPath: String) -> Bool
    ) -> Bool {
        let key = Key(path: path, level: level)
        let cost = entry.bitmap.byteCount
        let previous = storage.removeValue(for: key)
        var excess = storage.totalCost + cost - storage.costLimit
        var victims: [Key] = []
        for old in storage.keysByRecency.reversed() where excess > 0 && !outranks(old.path) {
            victims.append(old)
            excess -= costs[old] ?? 0
        }
        guard excess <= 0 else {
            if let previous { storage.insert(previous, for: key, cost: costs[key] ?? 0) } else { costs[key] = nil }
            return false
        }
        for victim in victims {
            storage.removeValue(for: victim)
            costs[victim] = nil
        }
        storage.insert(entry, for: key, cost: cost)
        costs[key] = cost
        return true
    }
}

/// Wall-clock costs of one file's decoding stages, measured one after another on the calling thread.
public struct PhotoTiming: Sendable {
    /// The full-resolution size as shown (EXIF orientation applied).
    public var size: PixelSize
    /// Probe + first displayable level: the DCT-scaled preview for JPEG, else probe + full decode +
    /// halving down to the level covering the view.
    public var previewMs: Double
    /// Probe + full-resolution decode + orientation (in the loader it runs beside the preview).
    public var fullMs: Double
    /// Reading the file + a plain `tjDecompress2` 1/1 decode to BGRA, for reference; nil for non-JPEG.
    public var turbojpegFullMs: Double?
}

extension PhotoLoader {
    /// Times the pipeline's stages for `path` shown in `viewSize`, synchronously (benchmarks only:
    /// it blocks the calling thread for the decodes).
    public static func measure(path: String, viewSize: PixelSize, pixelCap: Int = 250_000_000) throws(ImageError)
        -> PhotoTiming
    {
        let clock = ContinuousClock()
        func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
        var info: ImageInfo?
        var preview: Result<Bitmap, ImageError>?
        let previewTime = clock.measure {
            guard case .success(let probed) = ImageDecoder.inspect(path: path, pixelCap: pixelCap) else { return }
            info = probed
            let level = min(3, ImagePyramid.coveringLevel(of: probed.orientedSize, cover: viewSize))
            preview = ImageDecoder.decodePreview(path: path, info: probed, level: level)
        }
        var full: Result<Bitmap, ImageError> = .failure(.notAnImage)
        let fullTime = clock.measure {
            full = ImageDecoder.inspect(path: path, pixelCap: pixelCap).flatMap {
                ImageDecoder.decodeFullResolution(path: path, info: $0)
            }
        }
        let bitmap = try full.get()
        var previewMs = ms(previewTime)
        if preview == nil {
            let covering = ImagePyramid.coveringLevel(of: bitmap.size, cover: viewSize)
            previewMs = ms(fullTime) + ms(clock.measure { _ = (0..<covering).reduce(bitmap) { b, _ in b.halved() } })
        }
        var turbojpegMs: Double?
        if info?.format == .jpeg {
            turbojpegMs = ms(clock.measure {
                if let data = FileManager.default.contents(atPath: path) {
                    _ = TurboJPEG.decode([UInt8](data), denominator: 1, fast: false)
                }
            })
        }
        return PhotoTiming(size: bitmap.size, previewMs: previewMs, fullMs: ms(fullTime), turbojpegFullMs: turbojpegMs)
    }
}

/// The worker side of `PhotoLoader`: each function is one job, run on the calling worker thread,
/// posting deliveries as soon as they are made.
enum PhotoPipeline {
    /// Header, then (JPEG only) the DCT-scaled preview at the level covering `view` (at most level 3).
    /// Failures are left to the full job, which reports them.
    static func preview(path: String, view: PixelSize, pixelCap: Int, post: (PhotoDelivery) -> Void) {
        guard case .success(let info) = ImageDecoder.inspect(path: path, pixelCap: pixelCap) else { return }
        post(.info(path: path, info))
        let level = min(3, ImagePyramid.coveringLevel(of: info.orientedSize, cover: view))
        if case .success(let bitmap)? = ImageDecoder.decodePreview(path: path, info: info, level: level) {
            post(.level(path: path, level: level, bitmap: bitmap, isPreview: true))
        }
    }

    /// Header, full decode, pyramid. JPEG posts full resolution first (its preview is already out);
    /// other formats post the level covering `view` first, then full resolution, then the rest.
    static func full(path: String, view: PixelSize, pixelCap: Int, timeout: Double, post: (PhotoDelivery) -> Void) {
        let info: ImageInfo
        switch ImageDecoder.inspect(path: path, pixelCap: pixelCap) {
        case .failure(let error): return post(.failed(path: path, error))
        case .success(let probed): info = probed
        }
        post(.info(path: path, info))
        switch ImageDecoder.decodeFullResolution(path: path, info: info, timeout: timeout) {
        case .failure(let error):
            post(.failed(path: path, error))
        case .success(let full):
            let last = ImagePyramid.levels(for: full.size, downTo: view).count - 1
            let covering = info.format == .jpeg ? 0 : min(last, ImagePyramid.coveringLevel(of: full.size, cover: view))
            var early = [full]
            while early.count <= covering { early.append(early[early.count - 1].halved()) }
            for level in [covering] + (0..<covering) {
                post(.level(path: path, level: level, bitmap: early[level], isPreview: false))
            }
            let start = early[covering]
            early = []
            postLevels(path: path, from: start, at: covering, through: last, post: post)
        }
    }

    /// Levels 1… of an already decoded full-resolution bitmap, down to the one fitting `view`.
    static func pyramid(path: String, full: Bitmap, view: PixelSize, post: (PhotoDelivery) -> Void) {
        let last = ImagePyramid.levels(for: full.size, downTo: view).count - 1
        postLevels(path: path, from: full, at: 0, through: last, post: post)
    }

    /// Halves `bitmap` (level `level`) repeatedly, posting levels `level + 1 … last`.
    private static func postLevels(
        path: String, from bitmap: Bitmap, at level: Int, through last: Int, post: (PhotoDelivery) -> Void
    ) {
        var current = bitmap
        for next in stride(from: level + 1, through: last, by: 1) {
            current = current.halved()
            post(.level(path: path, level: next, bitmap: current, isPreview: false))
        }
    }
}
