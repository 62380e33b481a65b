import Archives
import Imaging
import Jobs
import PlumageCore

/// The textures of the images the core's resource ledger asks for (`Effect.loadImages`):
/// decoding on the app's `JobSystem` decode lane, uploading on the main thread within a per-frame time budget
/// (in the loop's event path, before the frame is laid out), memory bounded in bytes. It decides
/// nothing: what to load, at which priority, and when to give up come from the ledger; it answers
/// with news (`takeNews`) — ready, failed, or released when the byte budget evicted a texture.
/// Finished bitmaps also go to the app's `DecodedImageCache`, so a texture evicted here comes back
/// without decoding. A remote image (`.url`) is fetched first on the loading lane through the
/// `RemoteImageFetching` the app passes in (one fetch per URL, cancelled with its last request),
/// then decoded from memory; a BlurHash (`.blurhash`) is decoded from its string. Main thread only.
public final class ImageStore {
    /// A finished decode on its way to the main thread.
    public struct Delivery: Sendable {
        /// The request decoded.
        let request: ImageRequest
        /// The finished bitmap, or why it failed.
        let result: Result<Bitmap, ImageError>
    }

    /// The renderer textures are uploaded to.
    let renderer: Renderer
    /// This store's jobs on the decode pool; results arrive through `mailbox`.
    let workers: DecodeWorkers<ImageRequest, Delivery>
    /// Decoded pixels shared with the image view.
    let cache: DecodedImageCache
    /// The program's open archives, through which zip members are read; nil: files only.
    let archives: OpenArchives?
    /// The fetches of remote images' bytes, by URL, each wanted by the requests of that URL; nil
    /// without a fetcher (a remote image then fails: `.cannotRead`).
    let remote: RemoteImageFetches<ImageRequest>?
    /// Carries deliveries from workers to the main thread.
    let mailbox: Mailbox<Delivery>
    /// Uploaded textures by request, bounded by their byte count.
    var textures: CostCache<ImageRequest, Texture>

    /// Bytes of uploaded textures held.
    public var textureBytes: Int { textures.totalCost }
    /// The ledger's id of each request loading or uploaded.
    var ids: [ImageRequest: ResourceID] = [:]
    /// Requests submitted and not yet delivered, with their ids.
    var pending: [ImageRequest: ResourceID] = [:]
    /// The priority each pending request was last asked for with: on-screen ones
    /// (`ResourceLedger.onScreen`) upload in the event path, the rest in idle time (`uploadAhead`).
    var priorities: [ImageRequest: Int] = [:]
    /// Decoded bitmaps waiting for their upload.
    var arrived: [Delivery] = []
    /// A big image being uploaded in row bands over several frames, so no frame stalls on it.
    var streaming: (request: ImageRequest, upload: BandedUpload)?
    /// What happened to the ledger's requests since the last `takeNews()`, in order.
    var news: [(ResourceID, ResourceStatus)] = []
    /// Milliseconds of uploads allowed per frame (at least one upload always happens).
    public var uploadBudgetMs = 1.5
    /// Most uploads done in one frame, for diagnostics.
    public private(set) var uploadsLastFrame = 0

    /// Creates a store drawing with `renderer`, decoding on `pool`, keeping decoded pixels in `cache`
    /// and at most `byteLimit` of textures. The default keeps a dozen screens of feed photos and
    /// avatars at 1280×800 (~4 MB a screen) plus the 4 MB backdrop. Zip members are read through
    /// `archives`, remote images' bytes come from `fetcher`.
    public init(
        renderer: Renderer, pool: JobSystem, cache: DecodedImageCache, byteLimit: Int = 64 << 20,
        archives: OpenArchives? = nil, fetcher: (any RemoteImageFetching)? = nil
    ) throws(SDLError) {
        self.renderer = renderer
        self.cache = cache
        self.archives = archives
        let mailbox = try Mailbox<Delivery>()
        let workers = DecodeWorkers<ImageRequest, Delivery>(mailbox: mailbox, pool: pool)
        self.mailbox = mailbox
        self.workers = workers
        textures = CostCache(costLimit: byteLimit)
        remote = fetcher.map { fetcher in
            // Feed images fetch after the loading lane's other work (a source being opened, a page of
            // a feed), nearest rows first among themselves, leaving that work a worker of its own.
            RemoteImageFetches(
                fetcher: fetcher, pool: pool, priorityOffset: Self.fetchPriorityOffset,
                maxTransfers: pool.workerCount(.loading) - 1
            ) { _, waiters, result in
                for (request, ask) in waiters {
                    switch result {
                    case .success(let bytes):
                        workers.submit(key: request, priority: ask.priority, generation: ask.generation) {
                            Delivery(request: request, result: ImageStore.produce(request, archives: nil, bytes: bytes))
                        }
                    case .failure(let error):
                        mailbox.post(Delivery(request: request, result: .failure(error)))
                    }
                }
            }
        }
    }

    /// Added to a feed image's priority (0…10) on the loading lane: below the lane's default 0.
    static let fetchPriorityOffset = -100

    deinit {
        remote?.cancelAll()
        workers.shutdown()
    }

    /// The SDL event type that signals deliveries waiting.
    public var wakeEventType: UInt32 { mailbox.eventType }

    /// Number of requests still decoding or waiting to upload, plus news not yet taken.
    public var outstanding: Int { pending.count + arrived.count + (streaming == nil ? 0 : 1) + news.count }

    /// The uploaded texture of `request` for drawing (marked recently used); nil while it is not
    /// uploaded. Asks for nothing.
    func texture(for request: ImageRequest) -> Texture? { textures.value(for: request) }

    /// True when `request`'s texture is uploaded and can be drawn now; leaves the cache's order alone.
    func isReady(_ request: ImageRequest) -> Bool { textures.contains(request) }

    /// Starts (or re-prioritises) the ledger's `request`: an uploaded texture is reported ready at
    /// once, pixels still in the shared cache go straight to the upload queue, the rest is decoded.
    /// A request already on its way keeps its decode (a queued one is re-queued at the new priority).
    /// A remote image is fetched first (its fetch re-queued at the new priority while queued); once
    /// fetched, its queued decode keeps its priority (the bytes travel with the job).
    func load(_ request: ResourceRequest) {
        let image = request.image
        ids[image] = request.id
        if let texture = textures.value(for: image) {
            news.append((request.id, .ready(texture.size)))
            return
        }
        let known = pending[image] != nil
        pending[image] = request.id
        priorities[image] = request.priority
        if !known, let bitmap = cache.image(for: image) {
            arrived.append(Delivery(request: image, result: .success(bitmap)))
            return
        }
        if let remote, case .url(let url) = image.source {
            let ask = RemoteImageFetches<ImageRequest>.Ask(priority: request.priority, generation: request.generation)
            if known { remote.raise(url, by: image, ask) } else { remote.want(url, by: image, ask) }
            return
        }
        if known && !workers.isQueued(image) { return }
        // A queued job with the same key is replaced: its priority rises with the request's.
        workers.submit(key: image, priority: request.priority, generation: request.generation) { [archives] in
            Delivery(request: image, result: ImageStore.produce(image, archives: archives))
        }
    }

    /// Drops the loads of `dropped` (queued decodes and uploads not started); their late results are ignored.
    func cancel(_ dropped: [ResourceID]) {
        let gone = Set(dropped)
        let requests = Set(pending.filter { gone.contains($0.value) }.keys)
        guard !requests.isEmpty else { return }
        workers.cancel { requests.contains($0) }
        for request in requests {
            if let remote, case .url(let url) = request.source { remote.drop(url, request) }
            pending.removeValue(forKey: request)
            priorities.removeValue(forKey: request)
            if let id = ids[request], gone.contains(id) { ids.removeValue(forKey: request) }
        }
    }

    /// The news since the last call, in order.
    func takeNews() -> [(ResourceID, ResourceStatus)] {
        defer { news.removeAll(keepingCapacity: true) }
        return news
    }

    /// True when `request`'s texture is drawn without blending (its alpha ignored): every
    /// rectangular image is, so a copy of it covers what is under it.
    static func isOpaque(_ request: ImageRequest) -> Bool { request.shape == .rect }

    /// Decodes, scales, crops, masks and blurs one request (runs on a worker); a remote image from its
    /// fetched `bytes`, a BlurHash from its string (small, then scaled up to cover like any image).
    static func produce(_ request: ImageRequest, archives: OpenArchives?, bytes: [UInt8]? = nil) -> Result<Bitmap, ImageError> {
        ImageDecoder.decode(source: request.source, cover: request.size, archives: archives, bytes: bytes).map { decoded in
            var bitmap = decoded.bitmap.covering(request.size).masked(request.shape)
            if request.blurSigma > 0 { BoxBlur.blur(&bitmap, sigma: request.blurSigma) }
            for tint in request.tints { bitmap.composite(tint.color, over: tint.rect) }
            return bitmap
        }
    }

    /// Moves deliveries in and uploads the on-screen ones as far as the budget allows (the loop's
    /// event path, before the frame is laid out; at least one when any waits); each upload or
    /// failure becomes news, and so does every texture the byte budget evicts to make room.
    func pumpUploads() {
        uploadsLastFrame = 0
        pump(until: Video.seconds() + uploadBudgetMs / 1000, urgentOnly: true)
    }

    /// Uploads what waits, on-screen or not, until `deadline` (`Video.seconds()`): idle time
    /// between frames, so rows arrive with their images ready. Returns true while some remains.
    @discardableResult
    func uploadAhead(until deadline: Double) -> Bool {
        pump(until: deadline, urgentOnly: false)
        return hasArrivalsAhead
    }

    /// True when `bitmap` is uploaded in row bands over several pumps (over two bands' bytes).
    private static func isBanded(_ bitmap: Bitmap) -> Bool { bitmap.byteCount > 2 * BandedUpload.bandBytes }

    /// True when `request` is wanted on screen now (its upload cannot wait for idle time).
    private func isUrgent(_ request: ImageRequest) -> Bool { (priorities[request] ?? 0) >= ResourceLedger.onScreen }

    /// True when on-screen images wait for their upload (the loop should draw another frame soon).
    var hasUrgentArrivals: Bool {
        arrived.append(contentsOf: mailbox.drain())
        return streaming.map { isUrgent($0.request) } == true || arrived.contains { isUrgent($0.request) }
    }

    /// True when images not on screen wait for an idle-time upload.
    var hasArrivalsAhead: Bool { streaming != nil || !arrived.isEmpty }

    /// True when news waits for `takeNews` (a frame should follow to show it).
    var hasNews: Bool { !news.isEmpty }

    /// Uploads arrivals (only on-screen ones with `urgentOnly`) in order until `deadline`; with
    /// `urgentOnly`, one at least whatever the time. A big image goes up in row bands, one image at
    /// a time; a band of one not on screen is never uploaded in the event path.
    private func pump(until deadline: Double, urgentOnly: Bool) {
        arrived.append(contentsOf: mailbox.drain())
        var done = 0
        while true {
            if (!urgentOnly || done > 0) && Video.seconds() >= deadline { break }
            if var current = streaming, !urgentOnly || isUrgent(current.request) {
                done += 1
                uploadsLastFrame += 1
                if current.upload.step() {
                    keep(current.upload.texture, for: current.request)
                    priorities.removeValue(forKey: current.request)
                    streaming = nil
                } else {
                    streaming = current
                }
                continue
            }
            guard let index = urgentOnly ? arrived.firstIndex(where: { isUrgent($0.request) }) : arrived.indices.first
            else { break }
            if streaming != nil, case let .success(bitmap) = arrived[index].result, Self.isBanded(bitmap) { break }
            done += 1
            uploadsLastFrame += 1
            let delivery = arrived.remove(at: index)
            guard let id = pending.removeValue(forKey: delivery.request) else {
                priorities.removeValue(forKey: delivery.request)
                continue
            }
            switch delivery.result {
            case let .success(bitmap):
                cache.insert(image: bitmap, for: delivery.request) { _ in false }
                let opaque = Self.isOpaque(delivery.request)
                if Self.isBanded(bitmap),
                   let upload = try? BandedUpload(renderer: renderer, bitmap: bitmap, opaque: opaque) {
                    streaming = (delivery.request, upload)
                    continue
                }
                priorities.removeValue(forKey: delivery.request)
                if let texture = try? Texture(renderer: renderer, bitmap: bitmap, opaque: opaque) {
                    keep(texture, for: delivery.request)
                } else {
                    ids.removeValue(forKey: delivery.request)
                    news.append((id, .failed(.corrupt("cannot make a texture"))))
                }
            case let .failure(error):
                priorities.removeValue(forKey: delivery.request)
                ids.removeValue(forKey: delivery.request)
                news.append((id, .failed(error)))
            }
        }
    }

    /// Holds `texture` for `request` and reports it ready; textures evicted to make room are reported released.
    private func keep(_ texture: Texture, for request: ImageRequest) {
        for (evicted, _) in textures.insert(texture, for: request, cost: texture.byteCount) where evicted != request {
            if let id = ids.removeValue(forKey: evicted) { news.append((id, .released)) }
        }
        if !textures.contains(request) {
            // Larger than the whole budget: evicted at once.
            if let id = ids.removeValue(forKey: request) { news.append((id, .failed(.corrupt("larger than the texture budget")))) }
            return
        }
        if let id = ids[request] { news.append((id, .ready(texture.size))) }
    }

    /// True when deliveries are waiting for upload (the loop should draw another frame soon).
    var hasArrivals: Bool { hasArrivalsAhead }
}
