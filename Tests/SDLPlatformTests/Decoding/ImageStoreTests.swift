import Imaging
import Jobs
import PlumageCore
import Testing

@testable import SDLPlatform

/// The feed's texture store: big images reach the screen in row bands over several frames.
@Suite(.serialized) struct ImageStoreTests {
    init() { #expect(sdlEventsReady) }

    /// A store whose shared cache already holds `bitmap` for `request`, so no decode runs, with a zero
    /// upload budget: one upload step a frame.
    private func store(holding bitmap: Bitmap, for request: ImageRequest, renderer: Renderer) throws -> ImageStore {
        let cache = DecodedImageCache(byteLimit: 64 << 20)
        #expect(cache.insert(image: bitmap, for: request) { _ in false })
        let store = try ImageStore(renderer: renderer, pool: JobSystem(workers: WorkerCounts(decode: 1)), cache: cache)
        store.uploadBudgetMs = 0
        return store
    }

    @Test func aBitmapOverOneMegabyteArrivesAfterSeveralFramesWithItsPixelsIntact() throws {
        let renderer = try Renderer(headless: PixelSize(width: 600, height: 500))
        let bitmap = gradientBitmap(600, 500)  // 1.2 MB
        let request = ImageRequest(source: .file("/nowhere/big.jpg"), size: bitmap.size)
        let store = try store(holding: bitmap, for: request, renderer: renderer)
        store.load(ResourceRequest(id: ResourceID(7), image: request, priority: 10, generation: 0))
        #expect(store.texture(for: request) == nil, "a texture before any upload")
        // One frame creates the texture, then 512 KiB / 2400 B = 218 rows a frame: 218 + 218 + 64.
        var frames = 0
        while !store.textures.contains(request) && frames < 20 {
            #expect(store.takeNews().isEmpty, "ready before the last band")
            store.pumpUploads()
            frames += 1
            #expect(store.uploadsLastFrame == 1)
        }
        #expect(store.takeNews().map { "\($0.0) \($0.1)" } == ["#7 ready 600x500"])
        #expect(frames == 4 && store.outstanding == 0 && !store.hasArrivals)
        guard let texture = store.texture(for: request) else { Issue.record("no texture"); return }
        renderer.copy(texture, to: PixelRect(x: 0, y: 0, width: 600, height: 500))
        renderer.flush()
        #expect(renderer.readPixels(PixelRect(x: 0, y: 0, width: 600, height: 500)) == bitmap)
    }

    @Test func aBitmapOfOneMegabyteArrivesInOneFrame() throws {
        let renderer = try Renderer(headless: PixelSize(width: 64, height: 64))
        let bitmap = gradientBitmap(512, 512)  // exactly 1 MiB
        let request = ImageRequest(source: .file("/nowhere/small.jpg"), size: bitmap.size)
        let store = try store(holding: bitmap, for: request, renderer: renderer)
        store.load(ResourceRequest(id: ResourceID(1), image: request, priority: 10, generation: 0))
        store.pumpUploads()
        #expect(store.textures.contains(request) && store.takeNews().count == 1 && store.outstanding == 0)
    }

    @Test func imagesNotOnScreenWaitForIdleTimeAndComingOnScreenNeedsNoSecondDecode() throws {
        let renderer = try Renderer(headless: PixelSize(width: 64, height: 64))
        let near = gradientBitmap(32, 32), shown = gradientBitmap(16, 16)
        let nearRequest = ImageRequest(source: .file("/nowhere/near.jpg"), size: near.size)
        let shownRequest = ImageRequest(source: .file("/nowhere/shown.jpg"), size: shown.size)
        let store = try store(holding: near, for: nearRequest, renderer: renderer)
        #expect(store.cache.insert(image: shown, for: shownRequest) { _ in false })
        store.uploadBudgetMs = 1000
        store.load(ResourceRequest(id: ResourceID(1), image: nearRequest, priority: 9, generation: 0))
        store.load(ResourceRequest(id: ResourceID(2), image: shownRequest, priority: 10, generation: 0))
        #expect(store.hasUrgentArrivals && store.hasArrivalsAhead)
        store.pumpUploads()  // the event path: on-screen images only
        #expect(store.takeNews().map(\.0) == [ResourceID(2)])
        #expect(!store.hasUrgentArrivals && store.hasArrivalsAhead && !store.isReady(nearRequest))
        // The row scrolls on screen before idle time came: its upload becomes urgent, no decode is queued.
        store.load(ResourceRequest(id: ResourceID(1), image: nearRequest, priority: 10, generation: 1))
        #expect(store.workers.queuedCount == 0 && store.hasUrgentArrivals)
        store.pumpUploads()
        #expect(store.takeNews().map(\.0) == [ResourceID(1)] && store.isReady(nearRequest))
        // Idle time uploads what is not on screen.
        let later = ImageRequest(source: .file("/nowhere/later.jpg"), size: shown.size)
        #expect(store.cache.insert(image: shown, for: later) { _ in false })
        store.load(ResourceRequest(id: ResourceID(3), image: later, priority: 0, generation: 2))
        store.pumpUploads()
        #expect(store.takeNews().isEmpty)
        #expect(store.uploadAhead(until: Video.seconds() + 3600) == false)
        #expect(store.takeNews().map(\.0) == [ResourceID(3)] && store.outstanding == 0)
    }
}
