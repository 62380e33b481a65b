import Foundation
import Imaging
import Jobs
import PlumageCore
import PlumageTestSupport
import Testing

@testable import SDLPlatform

/// The feed's `ImageStore` and the image view's `PhotoLoader` share one decode pool and one
/// byte-bounded cache of decoded pixels.
@Suite(.serialized) struct SharedDecodingTests {
    static let photo = RepositoryPaths.path("Assets/demo/photos/coffee.jpg")

    init() throws {
        #expect(sdlEventsReady)
        try ImageDecoder.initializeOnMainThread()
    }

    /// Loads `request` as ledger id `id` and pumps `store`'s uploads until it was decoded and
    /// uploaded (at most 10 s); returns the news about it.
    @discardableResult
    private func settle(_ store: ImageStore, _ request: ImageRequest, id: Int) -> [(ResourceID, ResourceStatus)] {
        let deadline = Video.seconds() + 10
        store.load(ResourceRequest(id: ResourceID(id), image: request, priority: 10, generation: 0))
        var news: [(ResourceID, ResourceStatus)] = []
        while store.outstanding > 0 && Video.seconds() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
            store.pumpUploads()
            news += store.takeNews()
        }
        return news
    }

    @Test func feedImagesAndPhotoLevelsLandInOneCacheAndComeBackWithoutDecoding() throws {
        let pool = JobSystem(workers: WorkerCounts(decode: 1))
        let cache = DecodedImageCache(byteLimit: 256 << 20)
        let renderer = try Renderer(headless: PixelSize(width: 64, height: 64))
        let store = try ImageStore(renderer: renderer, pool: pool, cache: cache, byteLimit: 1)
        let loader = try PhotoLoader(pool: pool, cache: cache)
        #expect(store.workers.pool === pool && store.cache === loader.cache)

        let request = ImageRequest(source: .file(Self.photo), size: PixelSize(width: 120, height: 80))
        // Larger than the one-byte texture budget: made, then reported failed rather than retried.
        let first = settle(store, request, id: 1)
        #expect(first.map(\.0) == [ResourceID(1)])
        #expect(first.first.map { if case .failed = $0.1 { true } else { false } } == true)
        #expect(cache.image(for: request)?.size == PixelSize(width: 120, height: 80))
        let feedBytes = cache.totalBytes

        loader.request(source: .file(Self.photo), viewSize: PixelSize(width: 200, height: 150), priority: 10, generation: 1)
        let deadline = Video.seconds() + 10
        while !cache.contains(source: .file(Self.photo), level: 0) && Video.seconds() < deadline {
            _ = loader.drain()
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(cache.contains(source: .file(Self.photo), level: 0) && cache.totalBytes > feedBytes)

        // A texture cache of one byte keeps nothing: the next frame finds the pixels in the shared
        // cache and uploads them without queuing a decode.
        let other = ImageRequest(source: .file(Self.photo), size: PixelSize(width: 60, height: 40))
        settle(store, other, id: 2)
        store.load(ResourceRequest(id: ResourceID(3), image: request, priority: 10, generation: 1))
        #expect(store.texture(for: request) == nil, "a one-byte texture cache kept a texture")
        #expect(store.workers.queuedCount == 0 && store.pending[request] == ResourceID(3))
        store.pumpUploads()
        #expect(store.pending[request] == nil)
        #expect(store.takeNews().map(\.0) == [ResourceID(3)])
    }

    @Test func photoJobsRunBeforeQueuedFeedJobsOnTheSharedPool() throws {
        let pool = JobSystem(workers: WorkerCounts(decode: 1))
        let mailbox = try Mailbox<String>()
        let feed = DecodeWorkers<String, String>(mailbox: mailbox, pool: pool)
        let photos = DecodeWorkers<String, String>(mailbox: mailbox, pool: pool)
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        feed.submit(key: "blocker", priority: 0, generation: 0) {
            started.signal()
            release.wait()
            return "blocker"
        }
        started.wait()
        feed.submit(key: "thumb", priority: 10, generation: 0) { "thumb" }
        photos.submit(key: "photo", priority: PhotoLoader.priorityBase, generation: 0) { "photo" }
        #expect(feed.queuedCount == 1 && photos.queuedCount == 1)
        // Each client cancels only its own jobs, even under the same key.
        photos.submit(key: "thumb", priority: PhotoLoader.priorityBase, generation: 0) { "photo-thumb" }
        #expect(photos.cancel { $0 == "thumb" } == 1 && feed.queuedCount == 1)
        release.signal()
        let deadline = Video.seconds() + 5
        var seen: [String] = []
        while seen.count < 3 && Video.seconds() < deadline {
            seen += mailbox.drain()
            Thread.sleep(forTimeInterval: 0.002)
        }
        #expect(seen == ["blocker", "photo", "thumb"])
    }
}
