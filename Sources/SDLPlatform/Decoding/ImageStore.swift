import Imaging
import Jobs
import PlumageCore

/// The textures of decoded images, keyed by request: decoding on the app's `JobSystem` decode lane, uploading
/// on the main thread within a per-frame time budget, stale requests dropped, memory bounded in
/// bytes. Finished bitmaps also go to the app's `DecodedImageCache`, so a texture evicted here
/// comes back without decoding. Main thread only.
public final class ImageStore {
    /// What a draw finds for a request.
    enum Lookup {
        case ready(Texture)
        case loading
        case failed(ImageError)
    }

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
    /// Carries deliveries from workers to the main thread.
    let mailbox: Mailbox<Delivery>
    /// Uploaded textures by request, bounded by their byte count.
    var textures: CostCache<ImageRequest, Texture>

    /// Bytes of uploaded textures held.
    public var textureBytes: Int { textures.totalCost }
    /// Requests that failed, so they are not retried (cleared beyond 4096 entries).
    var failures: [ImageRequest: ImageError] = [:]
    /// Requests submitted and not yet delivered, with the frame that last wanted them.
    var pending: [ImageRequest: Int] = [:]
    /// Decoded bitmaps waiting for their upload.
    var arrived: [Delivery] = []
    /// A big image being uploaded in row bands over several frames, so no frame stalls on it.
    var streaming: (request: ImageRequest, upload: BandedUpload)?
    /// Frames started so far; marks when each pending request was last wanted.
    var frameNumber = 0
    /// Milliseconds of uploads allowed per frame (at least one upload always happens).
    public var uploadBudgetMs = 1.5
    /// Most uploads done in one frame, for diagnostics.
    public private(set) var uploadsLastFrame = 0

    /// Creates a store drawing with `renderer`, decoding on `pool`, keeping decoded pixels in `cache`
    /// and at most `byteLimit` of textures. The default keeps a dozen screens of feed photos and
    /// avatars at 1280×800 (~4 MB a screen) plus the 4 MB backdrop.
    public init(renderer: Renderer, pool: JobSystem, cache: DecodedImageCache, byteLimit: Int = 64 << 20)
        throws(SDLError)
    {
        self.renderer = renderer
        self.cache = cache
        mailbox = try Mailbox<Delivery>()
        workers = DecodeWorkers(mailbox: mailbox, pool: pool)
        textures = CostCache(costLimit: byteLimit)
    }

    deinit { workers.shutdown() }

    /// The SDL event type that signals deliveries waiting.
    public var wakeEventType: UInt32 { mailbox.eventType }

    /// Number of requests still decoding or waiting to upload.
    public var outstanding: Int { pending.count + arrived.count + (streaming == nil ? 0 : 1) }

    /// Looks up a request for drawing this frame, submitting its decode when new.
    func lookup(_ request: ImageRequest) -> Lookup {
        if let texture = textures.value(for: request) { return .ready(texture) }
        if let error = failures[request] { return .failed(error) }
        want(request, priority: 10)
        return .loading
    }

    /// True when `request`'s texture is uploaded and can be drawn now; unlike `lookup`, asks for
    /// nothing and leaves the cache's order alone.
    func isReady(_ request: ImageRequest) -> Bool { textures.contains(request) }

    /// Asks for images likely needed soon, at a lower priority than visible ones.
    func prefetch(_ requests: [ImageRequest]) {
        for (i, request) in requests.enumerated()
        where !textures.contains(request) && failures[request] == nil {
            want(request, priority: max(0, 9 - i / 4))
        }
    }

    /// Marks `request` wanted this frame and submits its decode unless already pending at prefetch
    /// priority; pixels still in the shared cache go straight to the upload queue.
    func want(_ request: ImageRequest, priority: Int) {
        let known = pending[request] != nil
        pending[request] = frameNumber
        if known && priority < 10 { return }
        if !known, let bitmap = cache.image(for: request) {
            arrived.append(Delivery(request: request, result: .success(bitmap)))
            return
        }
        workers.submit(key: request, priority: priority, generation: frameNumber) {
            Delivery(request: request, result: ImageStore.produce(request))
        }
    }

    /// True when `request`'s texture is drawn without blending (its alpha ignored): every
    /// rectangular image is, so a copy of it covers what is under it.
    static func isOpaque(_ request: ImageRequest) -> Bool { request.shape == .rect }

    /// Decodes, scales, crops, masks and blurs one request (runs on a worker).
    static func produce(_ request: ImageRequest) -> Result<Bitmap, ImageError> {
        ImageDecoder.decode(path: request.path, cover: request.size).map { decoded in
            var bitmap = decoded.bitmap.covering(request.size).masked(request.shape)
            if request.blurSigma > 0 { BoxBlur.blur(&bitmap, sigma: request.blurSigma) }
            for tint in request.tints { bitmap.composite(tint.color, over: tint.rect) }
            return bitmap
        }
    }

    /// Starts a frame: moves deliveries in, uploads as many as the budget allows, drops stale work.
    func beginFrame() {
        frameNumber += 1
        arrived.append(contentsOf: mailbox.drain())
        uploadsLastFrame = 0
        let start = Video.seconds()
        while !arrived.isEmpty || streaming != nil {
            if uploadsLastFrame > 0 && (Video.seconds() - start) * 1000 > uploadBudgetMs { break }
            uploadsLastFrame += 1
            if var current = streaming {
                if current.upload.step() {
                    _ = textures.insert(current.upload.texture, for: current.request, cost: current.upload.texture.byteCount)
                    streaming = nil
                } else {
                    streaming = current
                }
                continue
            }
            let delivery = arrived.removeFirst()
            guard pending.removeValue(forKey: delivery.request) != nil else { continue }
            switch delivery.result {
            case let .success(bitmap):
                cache.insert(image: bitmap, for: delivery.request) { _ in false }
                let opaque = Self.isOpaque(delivery.request)
                if bitmap.byteCount > 2 * BandedUpload.bandBytes,
                   let upload = try? BandedUpload(renderer: renderer, bitmap: bitmap, opaque: opaque) {
                    streaming = (delivery.request, upload)
                } else if let texture = try? Texture(renderer: renderer, bitmap: bitmap, opaque: opaque) {
                    _ = textures.insert(texture, for: delivery.request, cost: texture.byteCount)
                }
            case let .failure(error):
                if failures.count > 4096 { failures.removeAll() }
                failures[delivery.request] = error
            }
        }
        // Work for rows scrolled far away (not wanted for ~half a second) is dropped.
        let stale = frameNumber - 30
        if pending.values.contains(where: { $0 < stale }) {
            let dropped = Set(pending.filter { $0.value < stale }.keys)
            workers.cancel { dropped.contains($0) }
            for request in dropped { pending.removeValue(forKey: request) }
        }
    }

    /// True when deliveries are waiting for upload (the loop should draw another frame soon).
    var hasArrivals: Bool { !arrived.isEmpty || streaming != nil }
}
