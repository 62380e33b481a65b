import CSDL2
import CSDL2Image
import CTurboJPEG
import Dispatch
import Foundation
import Imaging
import Jobs
import PlumageCore
import PlumageTestSupport
import Locking
import Testing

@testable import FeedImport
@testable import SDLPlatform

/// Fixture files generated at test time in a private temporary directory.
private final class Fixtures {
    let directory: URL

    init() throws {
        try ImageDecoder.initializeOnMainThread()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Writes `bytes` to `name` and returns the path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Saves `bitmap` as a PNG (SDL_image) and returns the path.
    func png(_ name: String, _ bitmap: Bitmap) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try withSurface(bitmap) { surface in try #require(IMG_SavePNG(surface, path) == 0) }
        return path
    }

    /// Saves `bitmap` as a BMP (SDL) and returns the path.
    func bmp(_ name: String, _ bitmap: Bitmap) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try withSurface(bitmap) { surface in try #require(SDL_SaveBMP_RW(surface, SDL_RWFromFile(path, "wb"), 1) == 0) }
        return path
    }

    private func withSurface(_ bitmap: Bitmap, _ body: (UnsafeMutablePointer<SDL_Surface>) throws -> Void) throws {
        var pixels = bitmap.pixels
        try pixels.withUnsafeMutableBytes { raw in
            let surface = try #require(
                SDL_CreateRGBSurfaceWithFormatFrom(
                    raw.baseAddress, Int32(bitmap.width), Int32(bitmap.height), 32, Int32(bitmap.width * 4),
                    SDL_PIXELFORMAT_ARGB8888.rawValue))
            defer { SDL_FreeSurface(surface) }
            try body(surface)
        }
    }
}

/// JPEG bytes for `bitmap` (TurboJPEG, 4:4:4); `format` reinterprets its 4-byte pixels (CMYK).
private func jpegBytes(_ bitmap: Bitmap, quality: Int32 = 92, format: TJPF = TJPF_BGRA) -> [UInt8] {
    let handle = tjInitCompress()
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = bitmap.pixels.withUnsafeBufferPointer {
        tjCompress2(
            handle, $0.baseAddress, Int32(bitmap.width), 0, Int32(bitmap.height), Int32(format.rawValue), &output,
            &size, Int32(TJSAMP_444.rawValue), quality, 0)
    }
    precondition(status == 0, "tjCompress2 failed")
    defer { tjFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
}

/// `jpeg` with an APP1 Exif segment (little-endian TIFF, IFD0 = one orientation entry) after SOI.
private func withOrientation(_ orientation: UInt8, _ jpeg: [UInt8]) -> [UInt8] {
    let tiff: [UInt8] = [
        0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0,
    ]
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    return [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload + jpeg.dropFirst(2)
}

/// 640×480: red, green / blue, white quadrants.
private let quadrants: Bitmap = {
    var pixels: [UInt8] = []
    for y in 0..<480 {
        for x in 0..<640 {
            let colour: RGBA =
                y < 240 ? (x < 320 ? RGBA(255, 0, 0) : RGBA(0, 255, 0)) : (x < 320 ? RGBA(0, 0, 255) : .white)
            pixels += [colour.b, colour.g, colour.r, colour.a]
        }
    }
    return Bitmap(width: 640, height: 480, pixels: pixels)
}()

/// True when two colours differ by at most `tolerance` per channel.
private func close(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 10) -> Bool {
    abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance
        && abs(Int(a.b) - Int(b.b)) <= tolerance && a.a == b.a
}

/// PNG chunk bytes with a zero CRC.
private func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let n = data.count
    return [UInt8(n >> 24 & 255), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] + Array(type.utf8) + data
        + [0, 0, 0, 0]
}

private let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// A PNG header declaring `width × height` RGBA, with a token IDAT and IEND.
private func pngClaiming(width: Int, height: Int) -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    return pngSignature + chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", [0x78, 1])
        + chunk("IEND", [])
}

@Suite(.serialized) struct ImageDecoderTests {
    @Test func jpegFullSizeKeepsColours() throws {
        let fixtures = try Fixtures()
        let image = try ImageDecoder.decode(source: .file(fixtures.write("q.jpg", jpegBytes(quadrants))), cover: nil).get()
        #expect(image.bitmap.size == PixelSize(width: 640, height: 480) && !image.isReduced)
        #expect(image.originalSize == PixelSize(width: 640, height: 480))
        #expect(close(image.bitmap.pixel(x: 160, y: 120), RGBA(255, 0, 0)))
        #expect(close(image.bitmap.pixel(x: 480, y: 360), .white))
    }

    @Test func scaleChoiceIsTheSmallestThatCovers() {
        let photo = PixelSize(width: 5312, height: 2988)
        #expect(TurboJPEG.scaleDenominator(imageSize: photo, cover: nil) == 1)
        #expect(TurboJPEG.scaleDenominator(imageSize: photo, cover: PixelSize(width: 1280, height: 800)) == 2)
        #expect(TurboJPEG.scaleDenominator(imageSize: photo, cover: PixelSize(width: 1280, height: 700)) == 4)
        #expect(TurboJPEG.scaleDenominator(imageSize: photo, cover: PixelSize(width: 600, height: 300)) == 8)
        #expect(TurboJPEG.scaleDenominator(imageSize: photo, cover: PixelSize(width: 6000, height: 10)) == 1)
        #expect(
            TurboJPEG.scaledSize(PixelSize(width: 641, height: 481), denominator: 8) == PixelSize(width: 81, height: 61)
        )
    }

    @Test func jpegDecodesReducedForACoverTarget() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.write("q.jpg", jpegBytes(quadrants))
        let quarter = try ImageDecoder.decode(source: .file(path), cover: PixelSize(width: 100, height: 100)).get()
        #expect(quarter.bitmap.size == PixelSize(width: 160, height: 120) && quarter.isReduced)
        #expect(quarter.originalSize == PixelSize(width: 640, height: 480))
        #expect(close(quarter.bitmap.pixel(x: 120, y: 30), RGBA(0, 255, 0)))
        let small = try ImageDecoder.decode(source: .file(path), cover: PixelSize(width: 30, height: 30)).get()
        #expect(small.bitmap.size == PixelSize(width: 40, height: 30))
        let wide = try ImageDecoder.decode(source: .file(path), cover: PixelSize(width: 700, height: 100)).get()
        #expect(wide.bitmap.size == PixelSize(width: 640, height: 480) && !wide.isReduced)
    }

    @Test func exifOrientationIsApplied() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.write("rot.jpg", withOrientation(6, jpegBytes(quadrants)))
        let full = try ImageDecoder.decode(source: .file(path), cover: nil).get()
        #expect(full.bitmap.size == PixelSize(width: 480, height: 640))
        #expect(full.originalSize == PixelSize(width: 480, height: 640))
        #expect(close(full.bitmap.pixel(x: 359, y: 160), RGBA(255, 0, 0)))
        #expect(close(full.bitmap.pixel(x: 120, y: 160), RGBA(0, 0, 255)))
        let reduced = try ImageDecoder.decode(source: .file(path), cover: PixelSize(width: 100, height: 150)).get()
        #expect(reduced.bitmap.size == PixelSize(width: 120, height: 160) && reduced.isReduced)
    }

    @Test func jpegBehindTwoMegabytesOfAPP1HasOneSizeInTheFeedAndTheViewer() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.write("big-exif.jpg", JPEGPadding.padded(jpegBytes(quadrants), appBytes: 2_000_000))
        let size = PixelSize(width: 640, height: 480)
        #expect(ImageFileProbe.size(ofImageAt: path) == size)
        #expect(try ImageDecoder.inspect(source: .file(path)).get().size == size)
        let image = try ImageDecoder.decode(source: .file(path), cover: nil).get()
        #expect(image.bitmap.size == size)
        #expect(close(image.bitmap.pixel(x: 160, y: 120), RGBA(255, 0, 0)))
    }

    @Test func pngAndBmpDecodeExactlyThroughSDLImage() throws {
        let fixtures = try Fixtures()
        var pixels: [UInt8] = []
        for i in 0..<15 { pixels += [UInt8(i * 10), UInt8(255 - i * 10), UInt8(i * 3), UInt8(i * 17)] }
        let translucent = Bitmap(width: 5, height: 3, pixels: pixels)
        let png = try ImageDecoder.decode(source: .file(fixtures.png("t.png", translucent)), cover: nil).get()
        #expect(png.bitmap == translucent && !png.isReduced)
        let opaque = quadrants.downscaled(byFactor: 8)
        let bmp = try ImageDecoder.decode(source: .file(fixtures.bmp("o.bmp", opaque)), cover: nil).get()
        #expect(bmp.bitmap == opaque)
        let big = try ImageDecoder.decode(
            source: .file(fixtures.png("q.png", quadrants)), cover: PixelSize(width: 100, height: 100)
        ).get()
        #expect(big.bitmap.size == PixelSize(width: 160, height: 120) && big.isReduced)
        #expect(big.originalSize == PixelSize(width: 640, height: 480))
    }

    /// Hostile files end as the right error (that none hangs is `HostileImageTests`' hang guard).
    @Test func hostileFilesFailWithTheRightError() throws {
        let fixtures = try Fixtures()
        var random = [UInt8](repeating: 0, count: 4096)
        var seed: UInt32 = 12345
        for i in random.indices {
            seed = seed &* 1_103_515_245 &+ 12345
            random[i] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        random[0] = 0x13
        let real = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: fixtures.png("real.png", quadrants.downscaled(byFactor: 16)))))
        let ihdr = Array(real[8..<33])
        let cutText = pngSignature + ihdr + chunk("tEXt", Array(repeating: 65, count: 1000)).prefix(100)
        var badSignature = real
        badSignature[1] = 0x51
        let badZlib = pngSignature + ihdr + chunk("IDAT", Array(repeating: 0xAB, count: 64)) + chunk("IEND", [])
        let jpeg = jpegBytes(quadrants)
        let cases: [(String, [UInt8], ImageError?)] = [
            ("empty.png", [], .notAnImage),
            ("random.jpg", random, .notAnImage),
            ("notes.png", Array("Just some text, not a picture.\n".utf8), .notAnImage),
            ("cut-text.png", Array(cutText), .truncated),
            (
                "huge.png", pngClaiming(width: 100_000, height: 100_000),
                .tooLarge(width: 100_000, height: 100_000, limit: 250_000_000)
            ),
            ("zero.png", pngClaiming(width: 0, height: 10), .corrupt("zero width")),
            ("bad-signature.png", badSignature, .notAnImage),
            ("header-only.jpg", Array(jpeg.prefix(20)), .truncated),
            ("garbage.jpg", Array(jpeg.prefix(20)) + random, .corrupt("no marker at byte 20")),
            ("bad-zlib.png", badZlib, nil),
        ]
        for (name, bytes, expected) in cases {
            let path = try fixtures.write(name, bytes)
            let result = ImageDecoder.decode(source: .file(path), cover: nil)
            switch (result, expected) {
            case (.failure(let error), .some(let expected)): #expect(error == expected, "\(name): \(error.message)")
            case (.failure(.corrupt), .none): break
            default: Issue.record("\(name): unexpected \(result)")
            }
        }
        let missing = fixtures.directory.appendingPathComponent("missing.jpg").path
        #expect(throws: ImageError.cannotRead("No such file or directory")) {
            try ImageDecoder.decode(source: .file(missing), cover: nil).get()
        }
        #expect(throws: ImageError.cannotRead("not a regular file")) {
            try ImageDecoder.decode(source: .file(fixtures.directory.path), cover: nil).get()
        }
    }

    @Test func cmykJpegFallsBackToSDLImage() throws {
        let fixtures = try Fixtures()
        let cmyk = Bitmap(width: 64, height: 48, fill: RGBA(0, 0, 0, 0))
        let image = try ImageDecoder.decode(source: .file(fixtures.write("cmyk.jpg", jpegBytes(cmyk, format: TJPF_CMYK))), cover: nil)
            .get()
        #expect(image.bitmap.size == PixelSize(width: 64, height: 48) && !image.isReduced)
    }

    @Test func truncatedJpegDecodesPartially() throws {
        let fixtures = try Fixtures()
        let jpeg = jpegBytes(quadrants)
        let image = try ImageDecoder.decode(
            source: .file(fixtures.write("half.jpg", Array(jpeg.prefix(jpeg.count / 2)))), cover: nil
        ).get()
        #expect(image.bitmap.size == PixelSize(width: 640, height: 480))
        #expect(close(image.bitmap.pixel(x: 160, y: 20), RGBA(255, 0, 0)))
    }

    /// A decode past its limit is abandoned: the caller gets `.decodeTimedOut` while the work is
    /// still running (it would have answered `.truncated` had the caller waited for it). The work
    /// blocks until the test releases it, so "still running" is certain, not a matter of timing.
    @Test func timeoutAbandonsARunawayDecode() {
        final class Flag: Sendable { let raised = Locked(false) }
        let finished = Flag()
        let jobs = JobSystem(workers: WorkerCounts(guarded: 1, maxAbandoned: 1))
        jobs.freeSDLThreadDataOnWorkerExit()  // as the app's systems do: the abandoned thread ends after the test
        let release = DispatchSemaphore(value: 0)
        let result = ImageDecoder.runWithTimeout(0.1, on: jobs) {
            release.wait()
            finished.raised.withLock { $0 = true }
            return .failure(.truncated)
        }
        #expect(result == .failure(.decodeTimedOut))
        #expect(finished.raised.withLock { $0 } == false)
        // The cap (one stuck decode) holds: the next decode fails at once with a reason.
        let refused = ImageDecoder.runWithTimeout(60, on: jobs) { .failure(.truncated) }
        #expect(refused == .failure(.cannotRead("not decoded: 1 earlier images are still stuck in SDL_image past their time limit")))
        release.signal()
    }

    /// Decodes on a worker of a job system use its untrusted-decode lane; elsewhere they run inline.
    @Test func decodesOnAWorkerRunOnTheGuardedLane() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.png("q.png", quadrants)
        let expected = try ImageDecoder.decode(source: .file(path), cover: nil).get().bitmap
        let jobs = JobSystem()
        jobs.freeSDLThreadDataOnWorkerExit()  // as the app's systems do: its workers end with the test
        let decoded = Locked<Bitmap?>(nil), done = DispatchSemaphore(value: 0)
        jobs.submit(on: .decode) {
            decoded.withLock { $0 = try? ImageDecoder.decode(source: .file(path), cover: nil).get().bitmap }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(decoded.withLock { $0 } == expected)
        #expect(jobs.liveGuardedWorkers == jobs.workerCounts.guarded)
    }

    @Test func concurrentDecodesAgree() throws {
        let fixtures = try Fixtures()
        let paths = [try fixtures.write("q.jpg", jpegBytes(quadrants)), try fixtures.png("q.png", quadrants)]
        let expected = try paths.map { try ImageDecoder.decode(source: .file($0), cover: nil).get().bitmap }
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let bitmap = try? ImageDecoder.decode(source: .file(paths[i % 2]), cover: nil).get().bitmap
            if bitmap != expected[i % 2] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    /// The committed 16 MP progressive demo photo decodes whole and at 1/2 for a 1280×800 target;
    /// full-size pixels match ImageMagick's libjpeg within IDCT rounding (reference values read with
    /// `convert seeding-full.jpg -crop 1x1+X+Y txt:`), and the 1/2 decode matches the full one halved.
    @Test func decodesTheCommittedSixteenMegapixelPhoto() throws {
        try ImageDecoder.initializeOnMainThread()
        let path = RepositoryPaths.path("Assets/demo/photos/seeding-full.jpg")
        try #require(FileManager.default.fileExists(atPath: path), "missing committed asset \(path)")
        let full = try ImageDecoder.decode(source: .file(path), cover: nil).get()
        #expect(full.bitmap.size == PixelSize(width: 5312, height: 2988) && !full.isReduced)
        #expect(close(full.bitmap.pixel(x: 100, y: 100), RGBA(134, 140, 112), 3))
        #expect(close(full.bitmap.pixel(x: 2000, y: 1000), RGBA(235, 193, 151), 3))
        #expect(close(full.bitmap.pixel(x: 5000, y: 2900), RGBA(22, 33, 3), 3))
        let half = try ImageDecoder.decode(source: .file(path), cover: PixelSize(width: 1280, height: 800)).get()
        #expect(half.bitmap.size == PixelSize(width: 2656, height: 1494) && half.isReduced)
        #expect(half.originalSize == PixelSize(width: 5312, height: 2988))
        let comparison = BitmapComparison(actual: half.bitmap, expected: full.bitmap.downscaled(byFactor: 2), tolerance: 12)
        #expect(comparison.matches(allowingFraction: 0.01), "\(comparison)")
    }
}
