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
        let request = ImageRequest(path: "/nowhere/big.jpg", size: bitmap.size)
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
        let request = ImageRequest(path: "/nowhere/small.jpg", size: bitmap.size)
        let store = try store(holding: bitmap, for: request, renderer: renderer)
        store.load(ResourceRequest(id: ResourceID(1), image: request, priority: 10, generation: 0))
        store.pumpUploads()
        #expect(store.textures.contains(request) && store.takeNews().count == 1 && store.outstanding == 0)
    }
}
