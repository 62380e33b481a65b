import Dispatch
import Foundation
import Imaging
import Jobs
import Locking
import PlumageCore
import Testing

@testable import SDLPlatform

/// A `RemoteImageFetching` serving fixed bytes by URL (others fail like a 404), counting its calls.
/// A URL in `gated` waits until the test opens its gate or the fetch is cancelled.
final class FakeImageFetcher: RemoteImageFetching {
    /// The bytes of each URL served.
    let files: [String: [UInt8]]
    /// The URLs asked for, in order.
    let calls = Locked<[String]>([])
    /// The URLs whose transfers were cancelled.
    let cancelled = Locked<[String]>([])
    /// Gates of the URLs that wait, signalled by `open` or a cancel.
    private let gates: [String: DispatchSemaphore]
    /// Signalled once each time a gated fetch starts waiting.
    let started = DispatchSemaphore(value: 0)

    init(files: [String: [UInt8]], gated: [String] = []) {
        self.files = files
        gates = Dictionary(uniqueKeysWithValues: gated.map { ($0, DispatchSemaphore(value: 0)) })
    }

    /// Lets the gated fetch of `url` go on.
    func open(_ url: String) { gates[url]?.signal() }

    func bytes(of url: String, cancellation: RemoteFetchCancellation) -> Result<[UInt8], ImageError> {
        calls.withLock { $0.append(url) }
        if let gate = gates[url] {
            cancellation.onCancel { [cancelled] in
                cancelled.withLock { $0.append(url) }
                gate.signal()
            }
            started.signal()
            gate.wait()
            if cancellation.isCancelled { return .failure(.cannotRead("cancelled")) }
        }
        guard let bytes = files[url] else { return .failure(.cannotRead("server answered 404 Not Found")) }
        return .success(bytes)
    }
}

/// Remote (`.url`) and BlurHash (`.blurhash`) images in the feed's store and the image view's loader.
@Suite(.serialized) struct RemoteImageTests {
    init() throws {
        #expect(sdlEventsReady)
        try ImageDecoder.initializeOnMainThread()
    }

    static let photoURL = "https://cdn.example/media/photo.jpg"
    static let avatarURL = "https://cdn.example/avatars/a.png"

    /// A 40×30 JPEG of four coloured quadrants and a 24×24 PNG of the same.
    static let files: [String: [UInt8]] = [
        photoURL: HostileFiles.jpeg(HostileFiles.quadrants(40, 30)),
        avatarURL: HostileFiles.png(HostileFiles.quadrants(24, 24)),
    ]

    /// A store on its own job system (one decode worker, `loading` loading workers) fetching through `fetcher`.
    private func store(_ fetcher: (any RemoteImageFetching)?, loading: Int = 1) throws -> ImageStore {
        let renderer = try Renderer(headless: PixelSize(width: 64, height: 64))
        let store = try ImageStore(
            renderer: renderer, pool: JobSystem(workers: WorkerCounts(decode: 1, loading: loading)),
            cache: DecodedImageCache(byteLimit: 16 << 20), fetcher: fetcher)
        store.uploadBudgetMs = 1000
        return store
    }

    /// Pumps `store` until `count` pieces of news arrived (or 60 s passed: a hang guard, not a speed test).
    private func news(_ store: ImageStore, count: Int) -> [String] {
        var all: [(ResourceID, ResourceStatus)] = []
        let deadline = Video.seconds() + 60
        while all.count < count && Video.seconds() < deadline {
            store.pumpUploads()
            all += store.takeNews()
            if all.count < count { Thread.sleep(forTimeInterval: 0.002) }
        }
        return all.map { "\($0.0) \($0.1)" }
    }

    private func load(_ store: ImageStore, _ id: Int, _ source: ResourceLocator, _ w: Int, _ h: Int, priority: Int = 10) -> ImageRequest {
        let image = ImageRequest(source: source, size: PixelSize(width: w, height: h))
        store.load(ResourceRequest(id: ResourceID(id), image: image, priority: priority, generation: 0))
        return image
    }

    @Test func aRemoteImageIsFetchedThenDecodedToTheRequestedSize() throws {
        let fetcher = FakeImageFetcher(files: Self.files)
        let store = try store(fetcher)
        let photo = load(store, 1, .url(Self.photoURL), 20, 15)
        #expect(news(store, count: 1) == ["#1 ready 20x15"])
        #expect(fetcher.calls.withLock { $0 } == [Self.photoURL])
        // Its pixels are the photo's: red top-left, green top-right, blue bottom-left, white bottom-right.
        let bitmap = try #require(store.cache.image(for: photo))
        #expect(HostileFiles.near(bitmap.pixel(x: 2, y: 2), RGBA(255, 0, 0)))
        #expect(HostileFiles.near(bitmap.pixel(x: 17, y: 2), RGBA(0, 255, 0)))
        #expect(HostileFiles.near(bitmap.pixel(x: 2, y: 12), RGBA(0, 0, 255)))
        #expect(HostileFiles.near(bitmap.pixel(x: 17, y: 12), .white))
        #expect(store.remote?.count == 0 && store.outstanding == 0)
    }

    @Test func twoSizesOfOneURLShareOneFetch() throws {
        let fetcher = FakeImageFetcher(files: Self.files, gated: [Self.avatarURL])
        let store = try store(fetcher)
        _ = load(store, 1, .url(Self.avatarURL), 24, 24)
        fetcher.started.wait()  // the transfer is under way
        _ = load(store, 2, .url(Self.avatarURL), 12, 12)
        fetcher.open(Self.avatarURL)
        #expect(Set(news(store, count: 2)) == ["#1 ready 24x24", "#2 ready 12x12"])
        #expect(fetcher.calls.withLock { $0 } == [Self.avatarURL])
    }

    @Test func aFetchCancelledBeforeItStartsNeverRuns() throws {
        let blocker = "https://cdn.example/slow.jpg"
        let fetcher = FakeImageFetcher(files: Self.files.merging([blocker: Self.files[Self.photoURL]!]) { a, _ in a },
                                       gated: [blocker])
        let store = try store(fetcher)
        _ = load(store, 1, .url(blocker), 8, 8)
        fetcher.started.wait()  // the one loading worker is busy: the next fetch waits its turn
        _ = load(store, 2, .url(Self.photoURL), 8, 8, priority: 9)
        store.cancel([ResourceID(2)])
        fetcher.open(blocker)
        #expect(news(store, count: 1) == ["#1 ready 8x8"])
        // Wait for the loading lane to go idle: a queued fetch would have run by now.
        waitForLoadingLane(store)
        #expect(fetcher.calls.withLock { $0 } == [blocker])
        #expect(store.remote?.count == 0 && store.outstanding == 0)
    }

    /// Returns once the loading lane of `store` has run every job queued before this call.
    private func waitForLoadingLane(_ store: ImageStore) {
        let idle = DispatchSemaphore(value: 0)
        store.workers.pool.submit(on: .loading, priority: -1_000_000) { idle.signal() }
        idle.wait()
    }

    @Test func aFetchQueuedOnTheLaneIsTakenOffItWhenCancelled() throws {
        let fetcher = FakeImageFetcher(files: Self.files)
        let store = try store(fetcher)
        // Other work holds the one loading worker: the fetch is queued on the lane, not started.
        let release = DispatchSemaphore(value: 0), holding = DispatchSemaphore(value: 0)
        store.workers.pool.submit(on: .loading, priority: 1000) {
            holding.signal()
            release.wait()
        }
        holding.wait()
        _ = load(store, 1, .url(Self.photoURL), 8, 8)
        #expect(store.workers.pool.queuedCount(on: .loading) == 1)
        store.cancel([ResourceID(1)])
        #expect(store.workers.pool.queuedCount(on: .loading) == 0)
        // Its slot is free again: the next image is fetched once the lane is.
        _ = load(store, 2, .url(Self.avatarURL), 8, 8)
        release.signal()
        #expect(news(store, count: 1) == ["#2 ready 8x8"])
        #expect(fetcher.calls.withLock { $0 } == [Self.avatarURL])
    }

    @Test func feedImagesLeaveALoadingWorkerToOtherWork() throws {
        let (a, b, c) = ("https://cdn.example/a.jpg", "https://cdn.example/b.jpg", "https://cdn.example/c.jpg")
        let jpeg = Self.files[Self.photoURL]!
        let fetcher = FakeImageFetcher(files: [a: jpeg, b: jpeg, c: jpeg], gated: [a, b])
        let store = try store(fetcher, loading: 3)
        _ = load(store, 1, .url(a), 8, 8)
        _ = load(store, 2, .url(b), 8, 8)
        _ = load(store, 3, .url(c), 8, 8)
        fetcher.started.wait()
        fetcher.started.wait()
        // Two transfers hold two of the three workers; the third runs other work, not the third image.
        waitForLoadingLane(store)
        #expect(Set(fetcher.calls.withLock { $0 }) == [a, b])
        fetcher.open(a)
        fetcher.open(b)
        #expect(Set(news(store, count: 3)) == ["#1 ready 8x8", "#2 ready 8x8", "#3 ready 8x8"])
        #expect(fetcher.calls.withLock { $0 }.count == 3)
    }

    @Test func cancellingTheLastRequestOfAURLCancelsItsTransfer() throws {
        let fetcher = FakeImageFetcher(files: Self.files, gated: [Self.photoURL])
        let store = try store(fetcher)
        _ = load(store, 1, .url(Self.photoURL), 20, 15)
        _ = load(store, 2, .url(Self.photoURL), 10, 10)
        fetcher.started.wait()
        store.cancel([ResourceID(1)])
        #expect(fetcher.cancelled.withLock { $0 }.isEmpty, "another request still wants it")
        store.cancel([ResourceID(2)])
        #expect(fetcher.cancelled.withLock { $0 } == [Self.photoURL])
        #expect(store.remote?.count == 0 && store.outstanding == 0)
        #expect(store.takeNews().isEmpty)
    }

    @Test func aFailedFetchOrAMissingFetcherIsReportedAsFailed() throws {
        let store = try store(FakeImageFetcher(files: Self.files))
        _ = load(store, 1, .url("https://cdn.example/gone.jpg"), 8, 8)
        #expect(news(store, count: 1) == ["#1 failed cannot read: server answered 404 Not Found"])
        // Bytes that are not an image fail in the decoder.
        let junk = try self.store(FakeImageFetcher(files: ["https://cdn.example/page.jpg": Array("<html>".utf8)]))
        _ = load(junk, 2, .url("https://cdn.example/page.jpg"), 8, 8)
        #expect(news(junk, count: 1) == ["#2 failed not an image"])
        let offline = try self.store(nil)
        _ = load(offline, 3, .url(Self.photoURL), 8, 8)
        #expect(news(offline, count: 1) == ["#3 failed cannot read: a remote image is not fetched here"])
    }

    @Test func aBlurHashBecomesReadyInItsAverageColourAndAnInvalidOneFails() throws {
        let store = try store(nil)
        // "005?}k": one component, the average colour 0x336699 (see BlurHashTests): uniform.
        let uniform = load(store, 1, .blurhash("005?}k"), 40, 30)
        let rounded = ImageRequest(source: .blurhash("LEHV6nWB2yk8pyo0adR*.7kCMdnj"), size: PixelSize(width: 48, height: 48),
                                   shape: .circle)
        store.load(ResourceRequest(id: ResourceID(2), image: rounded, priority: 10, generation: 0))
        _ = load(store, 3, .blurhash("LEHV6nWB2yk8pyo0adR*.7kCMdn"), 8, 8)  // one character short
        #expect(Set(news(store, count: 3)) == [
            "#1 ready 40x30", "#2 ready 48x48", "#3 failed corrupt (not a valid BlurHash: \"LEHV6nWB2yk8pyo0adR*.7kCMdn\")",
        ])
        let bitmap = try #require(store.cache.image(for: uniform))
        #expect(bitmap == Bitmap(width: 40, height: 30, fill: RGBA(0x33, 0x66, 0x99)))
        // A masked BlurHash is masked like any image: its corner is transparent, its centre near the average.
        let circle = try #require(store.cache.image(for: rounded))
        #expect(circle.pixel(x: 0, y: 0).a == 0)
        #expect(HostileFiles.near(circle.pixel(x: 24, y: 24), RGBA(0x97, 0x96, 0x95), 40))
    }

    @Test func aRemotePhotoOpensInTheImageView() throws {
        let fetcher = FakeImageFetcher(files: Self.files)
        let loader = try PhotoLoader(
            pool: JobSystem(workers: WorkerCounts(decode: 1, loading: 1)), cache: DecodedImageCache(byteLimit: 16 << 20),
            fetcher: fetcher)
        let source = ResourceLocator.url(Self.photoURL)
        loader.request(source: source, viewSize: PixelSize(width: 40, height: 30), priority: 10, generation: 1)
        loader.request(source: .url("https://cdn.example/gone.jpg"), viewSize: PixelSize(width: 40, height: 30),
                       priority: 9, generation: 1)
        var all: [PhotoDelivery] = []
        let deadline = Video.seconds() + 60
        while Video.seconds() < deadline {
            all += loader.drain()
            if !loader.isBusy && all.contains(where: { if case .level(_, 0, _, false) = $0 { true } else { false } }) { break }
            Thread.sleep(forTimeInterval: 0.002)
        }
        guard case .info(let first, let info)? = all.first(where: { $0.source == source }) else {
            Issue.record("no info first: \(all)"); return
        }
        #expect(first == source && info.orientedSize == PixelSize(width: 40, height: 30))
        let full = try #require(loader.bitmap(source: source, level: 0))
        #expect(full.size == PixelSize(width: 40, height: 30))
        #expect(HostileFiles.near(full.pixel(x: 35, y: 25), .white))
        #expect(all.contains { if case .failed(.url("https://cdn.example/gone.jpg"), .cannotRead(let why)) = $0 { why.contains("404") } else { false } })
        // One fetch each: the preview and the full decode shared the bytes.
        #expect(fetcher.calls.withLock { $0 }.sorted() == ["https://cdn.example/gone.jpg", Self.photoURL])
    }
}
