import Foundation
import Imaging
import PlumageCore
import Testing

@testable import SDLPlatform

/// Drains `loader` until `done` holds for what arrived so far, or 60 s passed.
private func deliveries(from loader: PhotoLoader, until done: ([PhotoDelivery]) -> Bool) -> [PhotoDelivery] {
    // A hang guard, not a speed test: under ThreadSanitizer on a busy machine a decode worker (then
    // idle-class) took over 10 s for a 1600×1200 pyramid.
    let deadline = Video.seconds() + 60
    var all: [PhotoDelivery] = []
    while Video.seconds() < deadline {
        all += loader.drain()
        if done(all) && !loader.isBusy { break }
        Thread.sleep(forTimeInterval: 0.002)
    }
    return all + loader.drain()
}

/// A clock that advances one second each time it is read: a `PhotoTextures` deadline passes after a
/// known number of steps, whatever the machine's speed.
private final class SteppingClock {
    /// The time the next reading returns.
    private(set) var now = 0.0

    /// The current time, then one second later.
    func read() -> Double {
        defer { now += 1 }
        return now
    }
}

/// The levels delivered, in order, as (level, size, isPreview).
private func levels(_ list: [PhotoDelivery], path: String) -> [(level: Int, size: PixelSize, isPreview: Bool)] {
    list.compactMap {
        guard case .level(let p, let level, let bitmap, let isPreview) = $0, p == .file(path) else { return nil }
        return (level, bitmap.size, isPreview)
    }
}

/// True once level 0 or a failure of `path` is among the deliveries.
private func finished(_ path: String) -> ([PhotoDelivery]) -> Bool {
    { list in
        list.contains {
            switch $0 {
            case .level(let p, 0, _, _), .failed(let p, _): p == .file(path)
            default: false
            }
        }
    }
}

@Suite(.serialized) struct PhotoLoaderTests {
    init() throws {
        #expect(sdlEventsReady)
        try ImageDecoder.initializeOnMainThread()
    }

    @Test func jpegGivesInfoThenPreviewThenFullThenPyramidAndReplaysFromCache() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try HostileFiles.write(HostileFiles.jpeg(HostileFiles.quadrants(1600, 1200), orientation: 6), "p.jpg", in: dir)
        let loader = try PhotoLoader(cacheBytes: 64 << 20, threads: 1)
        #expect(!loader.isOpaque(source: .file(path)))  // not known before its header is read
        loader.request(source: .file(path), viewSize: PixelSize(width: 300, height: 400), priority: 10, generation: 1)
        let list = deliveries(from: loader, until: { levels($0, path: path).count >= 4 })
        // A JPEG is opaque throughout: its tiles may go up without an alpha channel.
        #expect(loader.isOpaque(source: .file(path)))
        guard case .info(_, let info)? = list.first else { Issue.record("info must come first"); return }
        #expect(info.orientedSize == PixelSize(width: 1200, height: 1600))
        let got = levels(list, path: path)
        #expect(got.first.map { $0.level == 2 && $0.isPreview && $0.size == PixelSize(width: 300, height: 400) } == true)
        #expect(got.dropFirst().map(\.level) == [0, 1, 2])
        // Each level halves the one before: 1200×1600, 600×800, 300×400.
        #expect(got.dropFirst().map(\.size) == [
            PixelSize(width: 1200, height: 1600), PixelSize(width: 600, height: 800), PixelSize(width: 300, height: 400),
        ])
        #expect(got.dropFirst().allSatisfy { !$0.isPreview })
        // Orientation 6 turns the stored picture a quarter clockwise: its bottom-left (blue) comes to the
        // top-left, top-left (red) to the top-right, bottom-right (white) to the bottom-left, top-right
        // (green) to the bottom-right.
        let full = try #require(list.lazy.compactMap { if case .level(_, 0, let b, _) = $0 { b } else { nil } }.first)
        #expect(HostileFiles.near(full.pixel(x: 100, y: 100), RGBA(0, 0, 255)))
        #expect(HostileFiles.near(full.pixel(x: 1100, y: 100), RGBA(255, 0, 0)))
        #expect(HostileFiles.near(full.pixel(x: 100, y: 1500), .white))
        #expect(HostileFiles.near(full.pixel(x: 1100, y: 1500), RGBA(0, 255, 0)))
        // A re-request replays the cached levels in the next drain, with no decoding.
        loader.request(source: .file(path), viewSize: PixelSize(width: 300, height: 400), priority: 10, generation: 2)
        let replay = loader.drain()
        #expect(levels(replay, path: path).map(\.level) == [2, 1, 0])
        let idle = !loader.isBusy  // not inside #expect: a failure would describe the whole loader
        #expect(levels(replay, path: path).allSatisfy { !$0.isPreview } && idle)
    }

    @Test func aTransparentPhotoIsReportedBeforeItsLevelsAndAgainOnReplay() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("ramp.png").path
        try Canvas.writePNG(TransparentFiles.alphaRamp(width: 64, height: 48), to: path)
        let loader = try PhotoLoader(cacheBytes: 64 << 20, threads: 1)
        func isTransparent(_ d: PhotoDelivery) -> Bool { if case .transparent = d { true } else { false } }
        loader.request(source: .file(path), viewSize: PixelSize(width: 32, height: 24), priority: 10, generation: 1)
        let list = deliveries(from: loader, until: finished(path))
        let mark = list.firstIndex(where: isTransparent)
        let firstLevel = list.firstIndex { if case .level = $0 { true } else { false } }
        #expect(mark != nil && firstLevel != nil && mark! < firstLevel!)
        #expect(!loader.isOpaque(source: .file(path)))
        // A re-request replays it with the header, before the cached levels, with no decoding.
        loader.request(source: .file(path), viewSize: PixelSize(width: 32, height: 24), priority: 10, generation: 2)
        let replay = loader.drain()
        let idle = !loader.isBusy  // not inside #expect: a failure would describe the whole loader
        #expect(replay.firstIndex(where: isTransparent) == 1 && idle)
        #expect(levels(replay, path: path).map(\.level) == [1, 0])
    }

    @Test func progressivePreviewsDecodeOnlyTheFirstScans() throws {
        let bitmap = HostileFiles.quadrants(640, 480)
        let progressive = HostileFiles.jpeg(bitmap, progressive: true)
        let prefix = try #require(TurboJPEG.progressivePrefix(progressive, scans: ImageDecoder.previewScans))
        #expect(prefix.count < progressive.count && prefix.suffix(2) == [0xFF, 0xD9])
        #expect(TurboJPEG.progressivePrefix(HostileFiles.jpeg(bitmap), scans: 1) == nil)
        #expect(TurboJPEG.progressivePrefix(progressive, scans: 99) == nil)
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try HostileFiles.write(progressive, "p.jpg", in: dir)
        let info = try ImageDecoder.inspect(source: .file(path)).get()
        let preview = try #require(ImageDecoder.decodePreview(source: .file(path), info: info, level: 2)).get()
        #expect(preview.size == PixelSize(width: 160, height: 120))
        #expect(HostileFiles.near(preview.pixel(x: 40, y: 30), RGBA(255, 0, 0)))
        #expect(HostileFiles.near(preview.pixel(x: 120, y: 90), .white))
    }

    @Test func pngPostsTheCoveringLevelFirst() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try HostileFiles.write(HostileFiles.png(HostileFiles.quadrants(800, 600)), "p.png", in: dir)
        let loader = try PhotoLoader(cacheBytes: 64 << 20, threads: 1)
        loader.request(source: .file(path), viewSize: PixelSize(width: 150, height: 150), priority: 1, generation: 1)
        let got = levels(deliveries(from: loader, until: { levels($0, path: path).count >= 4 }), path: path)
        #expect(got.map(\.level) == [2, 0, 1, 3])
        #expect(got.map(\.size) == [PixelSize(width: 200, height: 150), PixelSize(width: 800, height: 600),
                                    PixelSize(width: 400, height: 300), PixelSize(width: 100, height: 75)])
    }

    @Test func failuresAreDeliveredOnceWithTheirReason() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try HostileFiles.write(Array("not a photo".utf8), "notes.png", in: dir)
        let loader = try PhotoLoader(threads: 1)
        loader.request(source: .file(path), viewSize: PixelSize(width: 100, height: 100), priority: 1, generation: 1)
        let list = deliveries(from: loader, until: finished(path))
        let failures = list.compactMap { if case .failed(_, let error) = $0 { error } else { nil } }
        #expect(failures == [.notAnImage])
        loader.request(source: .file(path), viewSize: PixelSize(width: 100, height: 100), priority: 1, generation: 2)
        let drained = loader.drain().count
        let idle = !loader.isBusy  // not inside #expect: a failure would describe the whole loader
        #expect(drained == 1 && idle)
    }

    @Test func cancellingDropsQueuedWorkOfPhotosNoLongerWanted() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = try HostileFiles.write(HostileFiles.jpeg(HostileFiles.quadrants(3000, 2000)), "big.jpg", in: dir)
        let other = try HostileFiles.write(HostileFiles.jpeg(HostileFiles.quadrants(300, 200)), "other.jpg", in: dir)
        let loader = try PhotoLoader(threads: 1)
        let view = PixelSize(width: 200, height: 200)
        loader.request(source: .file(big), viewSize: view, priority: 10, generation: 1)
        loader.request(source: .file(other), viewSize: view, priority: 5, generation: 1)
        loader.request(source: .file(big), viewSize: view, priority: 10, generation: 2)
        loader.cancel(olderThan: 2)
        let list = deliveries(from: loader, until: finished(big))
        #expect(!list.contains { $0.source == .file(other) })
        #expect(levels(list, path: big).contains { $0.level == 0 })
        // Not `#expect(!loader.isBusy)`: a failure would describe the whole loader, its decoded
        // 3000×2000 pyramid included, which takes many minutes (seen under AddressSanitizer).
        let busy = loader.isBusy
        #expect(!busy)
    }

    @Test func cacheKeepsHigherRankedPhotosAndReportsRefusals() {
        let cache = DecodedImageCache(byteLimit: 1000)
        let entry = DecodedImageCache.Entry(bitmap: Bitmap(width: 10, height: 10, fill: .white), isPreview: false)  // 400 B
        let stored = [
            cache.insert(entry, source: .file("current"), level: 0, outranks: { _ in false }),
            cache.insert(entry, source: .file("old"), level: 0, outranks: { _ in false }),
            cache.insert(entry, source: .file("next"), level: 0, outranks: { $0 == .file("current") }),
            cache.insert(entry, source: .file("far"), level: 0, outranks: { _ in true }),
        ]
        #expect(stored == [true, true, true, false])
        let kept = [cache.entry(source: .file("current"), level: 0), cache.entry(source: .file("old"), level: 0),
                    cache.entry(source: .file("next"), level: 0), cache.entry(source: .file("far"), level: 0)].map { $0 != nil }
        #expect(kept == [true, false, true, false] && cache.totalBytes == 800)
        // The one level evicted ("old", for "next") is reported once, so the image view stops choosing it;
        // a feed image evicting a level reports it too.
        #expect(cache.takeDroppedLevels().map { "\($0.source.fileName) \($0.level)" } == ["old 0"])
        #expect(cache.takeDroppedLevels().isEmpty)
        let feed = ImageRequest(source: .file("/feed.jpg"), size: PixelSize(width: 10, height: 10))
        #expect(cache.insert(image: Bitmap(width: 10, height: 10, fill: .white), for: feed) { $0 == .file("next") })
        #expect(cache.takeDroppedLevels().map { "\($0.source.fileName) \($0.level)" } == ["current 0"])
    }

    @Test func defaultBudgetIsAnEighthOfRAMUpTo512MiB() {
        #expect(DecodedImageCache.byteLimit(meminfo: "MemTotal:        2000000 kB\nMemFree: 1 kB\n") == 256_000_000)
        #expect(DecodedImageCache.byteLimit(meminfo: "MemTotal:       24000000 kB\n") == 512 << 20)
        #expect(DecodedImageCache.byteLimit(meminfo: nil) == 256 << 20)
        #expect(DecodedImageCache.defaultByteLimit() > 0)
    }

    @Test func texturesUploadTilesInBandsNearestFirstAndKeepThePixels() throws {
        let renderer = try Renderer(headless: PixelSize(width: 256, height: 256))
        let textures = PhotoTextures(renderer: renderer, tileSide: 1024)
        #expect(textures.tileSide == 1024)
        let bitmap = HostileFiles.quadrants(1500, 1100)
        // The 1024² tile holds 4 MB: 8 bands of 512 KB, one per pump at a zero budget.
        var pumps = 0
        repeat {
            textures.request(source: .file("a"), level: 0, bitmap: bitmap, visible: PixelRect(x: 0, y: 0, width: 200, height: 200), opaque: true)
            pumps += 1
        } while textures.pump(budgetMs: 0) && pumps < 100
        #expect(pumps == 8)
        #expect(textures.textures(for: .file("a"), level: 0).map(\.rect) == [PixelRect(x: 0, y: 0, width: 1024, height: 1024)])
        #expect(!textures.isComplete(source: .file("a"), level: 0))
        while textures.pump(budgetMs: 0) || !textures.isComplete(source: .file("a"), level: 0) {
            textures.request(source: .file("a"), level: 0, bitmap: bitmap, opaque: true)
            pumps += 1
            if pumps > 200 { break }
        }
        let tiles = textures.textures(for: .file("a"), level: 0)
        #expect(tiles.count == 4 && textures.totalBytes == 1500 * 1100 * 4)
        // The bottom-right tile (476×76 at 1024,1024) is white; draw it and read it back.
        let corner = try #require(tiles.first { $0.rect.x == 1024 && $0.rect.y == 1024 })
        #expect(corner.rect == PixelRect(x: 1024, y: 1024, width: 476, height: 76))
        let left = try #require(tiles.first { $0.rect.x == 0 && $0.rect.y == 1024 })
        renderer.copy(left.texture, to: PixelRect(x: 0, y: 0, width: 1024, height: 76))
        renderer.flush()
        let drawn = try #require(renderer.readPixels(PixelRect(x: 0, y: 0, width: 256, height: 76)))
        #expect(drawn.pixel(x: 10, y: 10) == RGBA(0, 0, 255))
        textures.remove(source: .file("a"))
        #expect(textures.totalBytes == 0 && textures.textures(for: .file("a"), level: 0).isEmpty)
    }

    @Test func prefetchedTilesWaitForIdleTimeAndYieldToRequestedOnes() throws {
        let renderer = try Renderer(headless: PixelSize(width: 256, height: 256))
        let textures = PhotoTextures(renderer: renderer, tileSide: 256)
        let bitmap = HostileFiles.quadrants(512, 512)
        let first = PixelRect(x: 0, y: 0, width: 10, height: 10), last = PixelRect(x: 300, y: 300, width: 10, height: 10)
        // A frame pays only for what it draws: prefetched tiles are not uploaded by `pump`.
        textures.beginFrame()
        textures.prefetch(source: .file("a"), level: 0, bitmap: bitmap, area: last, opaque: true)
        #expect(!textures.pump(budgetMs: 5))
        #expect(textures.totalBytes == 0 && textures.hasUploadsAhead)
        // Idle time uploads them (a deadline an hour away: it returns when they are done, on any machine).
        #expect(!textures.uploadAhead(until: Video.seconds() + 3600))
        #expect(textures.contains(source: .file("a"), level: 0, index: 3) && !textures.hasUploadsAhead)
        // A prefetched tile half uploaded (one 512 KB band of 4 MB) gives way to a missing requested
        // one: its 1 MB tile takes exactly its two bands at a zero budget. On a clock that ticks a
        // second per reading, a deadline half a second away passes after exactly one band.
        let clock = SteppingClock()
        let big = PhotoTextures(renderer: renderer, tileSide: 1024, clock: clock.read)
        big.beginFrame()
        big.prefetch(source: .file("b"), level: 0, bitmap: HostileFiles.quadrants(2048, 2048), area: first, opaque: true)
        #expect(big.uploadAhead(until: clock.now + 0.5))
        #expect(big.uploadsLastPump == 1 && !big.contains(source: .file("b"), level: 0, index: 0))
        for _ in 0..<2 {
            big.request(source: .file("a"), level: 0, bitmap: bitmap, visible: first, opaque: true)
            _ = big.pump(budgetMs: 0)
        }
        #expect(big.contains(source: .file("a"), level: 0, index: 0) && !big.contains(source: .file("b"), level: 0, index: 0))
        #expect(big.hasUploadsAhead)
        // A new frame replaces the prefetch list.
        big.beginFrame()
        #expect(!big.hasUploadsAhead)
    }
}
