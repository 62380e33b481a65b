import CTurboJPEG
import Foundation
import Glibc
import Imaging
import Jobs
import Locking
import PlumageCore
import Testing

@testable import SDLPlatform

/// Image files built byte by byte at test time (nothing binary is committed): PNG with stored or
/// all-zero deflate data, JPEG through TurboJPEG with an optional EXIF orientation, a minimal GIF.
enum HostileFiles {
    /// A fresh temporary directory for one test.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` to `name` in `directory` and returns the path.
    static func write(_ bytes: [UInt8], _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }

    static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    /// A PNG chunk with a correct CRC (or a wrong one when `badCRC`).
    static func chunk(_ type: String, _ data: [UInt8], badCRC: Bool = false) -> [UInt8] {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in Array(type.utf8) + data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        crc ^= 0xFFFF_FFFF
        if badCRC { crc ^= 1 }
        return be32(data.count) + Array(type.utf8) + data + be32(Int(crc))
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// IHDR for 8-bit `colour` type (0 gray, 6 RGBA).
    static func ihdr(_ width: Int, _ height: Int, colour: UInt8, badCRC: Bool = false) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, colour, 0, 0, 0], badCRC: badCRC)
    }

    /// An RGBA PNG of `bitmap`, its zlib stream made of stored deflate blocks.
    static func png(_ bitmap: Bitmap, badCRC: Bool = false) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<bitmap.height {
            raw.append(0)
            for x in 0..<bitmap.width {
                let c = bitmap.pixel(x: x, y: y)
                raw += [c.r, c.g, c.b, c.a]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, raw.count - offset)
            let final: UInt8 = offset + n == raw.count ? 1 : 0
            zlib += [final, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8(~n >> 8 & 255)]
            zlib += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        var a = 1, b = 0
        for byte in raw { a = (a + Int(byte)) % 65521; b = (b + a) % 65521 }
        zlib += be32(b << 16 | a)
        return signature + ihdr(bitmap.width, bitmap.height, colour: 6, badCRC: badCRC) + chunk("IDAT", zlib)
            + chunk("IEND", [])
    }

    /// A genuine bomb: a valid `width × height` gray PNG of zeros, deflated with fixed-Huffman
    /// matches of 258 bytes (13 bits each).
    static func zeroPNG(width: Int, height: Int) -> [UInt8] {
        let n = (width + 1) * height
        var bytes: [UInt8] = [0x78, 0x01]
        var acc: UInt64 = 0
        var bits = 0
        func put(_ value: UInt64, _ count: Int) {
            acc |= value << UInt64(bits)
            bits += count
            while bits >= 8 {
                bytes.append(UInt8(acc & 0xFF))
                acc >>= 8
                bits -= 8
            }
        }
        put(0b011, 3)  // BFINAL, fixed Huffman
        put(0x0C, 8)  // literal 0 (code 00110000, bit-reversed)
        var remaining = n - 1
        while remaining >= 258 {
            put(0xA3, 13)  // length 258 (code 11000101 reversed) + distance 1 (5 zero bits)
            remaining -= 258
        }
        for _ in 0..<remaining { put(0x0C, 8) }
        put(0, 7)  // end of block
        if bits > 0 { bytes.append(UInt8(acc & 0xFF)) }
        bytes += be32((n % 65521) << 16 | 1)
        return signature + ihdr(width, height, colour: 0) + chunk("IDAT", bytes) + chunk("IEND", [])
    }

    /// A PNG header claiming `width × height` RGBA with a token IDAT.
    static func lyingPNG(width: Int, height: Int) -> [UInt8] {
        signature + ihdr(width, height, colour: 6) + chunk("IDAT", [0x78, 1]) + chunk("IEND", [])
    }

    /// JPEG bytes (4:4:4) for `bitmap`, with an APP1 Exif orientation when given.
    static func jpeg(_ bitmap: Bitmap, orientation: UInt8? = nil, progressive: Bool = false) -> [UInt8] {
        let handle = tjInitCompress()
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = bitmap.pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(bitmap.width), 0, Int32(bitmap.height), Int32(TJPF_BGRA.rawValue),
                        &output, &size, Int32(TJSAMP_444.rawValue), 92, progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        precondition(status == 0, "tjCompress2 failed")
        defer { tjFree(output) }
        let jpeg = Array(UnsafeBufferPointer(start: output, count: Int(size)))
        guard let orientation else { return jpeg }
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload + jpeg.dropFirst(2)
    }

    /// `jpeg` with its SOF0 dimensions replaced.
    static func resized(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        guard let sof = (0..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else { return bytes }
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 255)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 255)
        return bytes
    }

    /// A GIF whose logical screen is `screen`² but whose only frame is 1×1.
    static func gif(screen: Int) -> [UInt8] {
        Array("GIF89a".utf8) + [UInt8(screen & 255), UInt8(screen >> 8), UInt8(screen & 255), UInt8(screen >> 8), 0x80, 0, 0]
            + [255, 0, 0, 0, 0, 255] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]
    }

    /// An uncompressed 32-bit TGA of `bitmap`, rows top first (descriptor bit 5).
    static func tga(_ bitmap: Bitmap) -> [UInt8] {
        let w = bitmap.width, h = bitmap.height
        return [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(w & 255), UInt8(w >> 8), UInt8(h & 255), UInt8(h >> 8), 32, 0x28]
            + bitmap.pixels
    }

    /// Width × height quadrants: red, green / blue, white.
    static func quadrants(_ width: Int, _ height: Int) -> Bitmap {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c: RGBA = y < height / 2 ? (x < width / 2 ? RGBA(255, 0, 0) : RGBA(0, 255, 0))
                    : (x < width / 2 ? RGBA(0, 0, 255) : .white)
                pixels += [c.b, c.g, c.r, c.a]
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// True when the colours differ by at most `tolerance` per channel.
    static func near(_ a: RGBA, _ b: RGBA, _ tolerance: Int = 24) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
    }
}

/// Runs what the loader's full job runs before its pyramid (probe, cap, chunk walk, decode) and
/// returns its outcome. No elapsed-time threshold: the decoder's own time limit ends a hang.
private func outcome(_ path: String) -> Result<PixelSize, ImageError> {
    // On a worker of a job system, as in the app: SDL_image then runs on the untrusted-decode lane
    // under the decoder's own 5 s limit, so a file that would hang it ends as `.decodeTimedOut`.
    let answer = Locked<Result<PixelSize, ImageError>?>(nil), done = DispatchSemaphore(value: 0)
    hostileJobs.submit(on: .decode) {
        let result = ImageDecoder.inspect(source: .file(path)).flatMap { ImageDecoder.decodeFullResolution(source: .file(path), info: $0) }
        answer.withLock { $0 = result.map(\.size) }
        done.signal()
    }
    done.wait()
    return answer.withLock { $0 } ?? .failure(.notAnImage)
}

/// The job system the hostile files are decoded on (the app's lanes and limits). Like the app's, its
/// workers free SDL's per-thread data as they end (an abandoned one ends when its decode does).
private let hostileJobs: JobSystem = {
    let jobs = JobSystem()
    jobs.freeSDLThreadDataOnWorkerExit()
    return jobs
}()

/// Peak resident set size of the process so far, in bytes.
private func peakRSS() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return usage.ru_maxrss * 1024
}

@Suite(.serialized) struct HostileImageTests {
    init() throws { try ImageDecoder.initializeOnMainThread() }

    @Test func genuineBombUnderTheCapDecodesInBoundedTimeAndMemory() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try HostileFiles.write(HostileFiles.zeroPNG(width: 8000, height: 8000), "bomb8000.png", in: dir)
        let before = peakRSS()
        let result = outcome(path)
        // It ends, as the image or, on a starved machine, as the decoder's own time limit: never a hang.
        #expect(peakRSS() - before < 600 << 20)
        switch result {
        case let .success(size): #expect(size == PixelSize(width: 8000, height: 8000))
        case let .failure(error): #expect(error == .decodeTimedOut)
        }
    }

    @Test func sizeLiesAndBombsOverTheCapAreRefusedByTheHeader() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(String, [UInt8], String)] = [
            ("lie.png", HostileFiles.lyingPNG(width: 100_000, height: 100_000), "100000×100000 exceeds the 250 MP limit"),
            ("lie.jpg", HostileFiles.resized(HostileFiles.jpeg(HostileFiles.quadrants(64, 64)), width: 65000, height: 65000),
             "65000×65000 exceeds the 250 MP limit"),
            ("bomb16384.png", HostileFiles.zeroPNG(width: 16384, height: 16384), "16384×16384 exceeds the 250 MP limit"),
        ]
        for (name, bytes, message) in cases {
            let result = outcome(try HostileFiles.write(bytes, name, in: dir))
            #expect(result.failure?.message == message, "\(name)")
        }
        #expect(HostileFiles.zeroPNG(width: 16384, height: 16384).count < 2_000_000)
    }

    @Test func brokenFilesEndAsReasonedErrorsWithinFiveSeconds() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = HostileFiles.png(HostileFiles.quadrants(200, 150))
        let jpeg = HostileFiles.jpeg(HostileFiles.quadrants(200, 150))
        let textChunk = HostileFiles.chunk("tEXt", Array("Comment\0".utf8) + [UInt8](repeating: 65, count: 992))
        let cases: [(String, [UInt8], ImageError?)] = [
            ("half.png", Array(png.prefix(png.count / 2)), .truncated),
            ("header-only.png", Array(png.prefix(33)), nil),
            ("eight.png", Array(png.prefix(8)), .truncated),
            ("bad-crc.png", HostileFiles.png(HostileFiles.quadrants(200, 150), badCRC: true), nil),
            ("empty.png", [], .notAnImage),
            ("text.png", Array("hello, this is not a picture\n".utf8), .notAnImage),
            ("cut-text.png", Array((HostileFiles.signature + HostileFiles.ihdr(4, 4, colour: 6) + textChunk).prefix(100)), .truncated),
            ("header-only.jpg", Array(jpeg.prefix(200)), nil),
            ("eight.jpg", Array(jpeg.prefix(8)), .truncated),
        ]
        for (name, bytes, expected) in cases {
            let result = outcome(try HostileFiles.write(bytes, name, in: dir))
            let error = try #require(result.failure, "\(name) should fail")
            if let expected { #expect(error == expected, "\(name): \(error)") }
            #expect(!error.message.isEmpty)
        }
    }

    @Test func oddButDecodableFilesBecomeImages() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpeg = HostileFiles.jpeg(HostileFiles.quadrants(200, 150))
        let cases: [(String, [UInt8], PixelSize)] = [
            ("png-named.jpg", HostileFiles.png(HostileFiles.quadrants(200, 150)), PixelSize(width: 200, height: 150)),
            ("huge-screen.gif", HostileFiles.gif(screen: 65535), PixelSize(width: 1, height: 1)),
            ("half.jpg", Array(jpeg.prefix(jpeg.count / 2)), PixelSize(width: 200, height: 150)),
            ("truecolour.tga", HostileFiles.tga(HostileFiles.quadrants(40, 30)), PixelSize(width: 40, height: 30)),
            ("tga-named.png", HostileFiles.tga(HostileFiles.quadrants(40, 30)), PixelSize(width: 40, height: 30)),
        ]
        for (name, bytes, size) in cases {
            let result = outcome(try HostileFiles.write(bytes, name, in: dir))
            #expect((try? result.get()) == size, "\(name): \(result)")
        }
        // The TGA's rows come out top first, colours in place.
        let tga = try ImageDecoder.decode(source: .file(dir.path + "/truecolour.tga"), cover: nil).get().bitmap
        #expect(HostileFiles.near(tga.pixel(x: 0, y: 0), RGBA(255, 0, 0)) && HostileFiles.near(tga.pixel(x: 39, y: 29), .white))
    }

    @Test func exifOrientationsAgreeBetweenPreviewAndFullImage() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0), blue = RGBA(0, 0, 255), white = RGBA.white
        // Expected top-left, top-right, bottom-left colours as displayed.
        let corners: [Int: (RGBA, RGBA, RGBA)] = [
            1: (red, green, blue), 2: (green, red, white), 3: (white, blue, green), 4: (blue, white, red),
            5: (red, blue, green), 6: (blue, red, white), 7: (white, green, blue), 8: (green, white, red),
        ]
        for orientation in 1...8 {
            let path = try HostileFiles.write(
                HostileFiles.jpeg(HostileFiles.quadrants(128, 64), orientation: UInt8(orientation)), "o\(orientation).jpg", in: dir)
            let info = try ImageDecoder.inspect(source: .file(path)).get()
            let expectedSize = orientation >= 5 ? PixelSize(width: 64, height: 128) : PixelSize(width: 128, height: 64)
            #expect(info.orientation == orientation && info.orientedSize == expectedSize)
            let full = try ImageDecoder.decodeFullResolution(source: .file(path), info: info).get()
            let preview = try #require(ImageDecoder.decodePreview(source: .file(path), info: info, level: 1)).get()
            #expect(full.size == expectedSize)
            #expect(preview.size == ImagePyramid.levelSize(1, of: expectedSize))
            let (tl, tr, bl) = try #require(corners[orientation])
            for bitmap in [full, preview] {
                let w = bitmap.width, h = bitmap.height
                #expect(HostileFiles.near(bitmap.pixel(x: w / 8, y: h / 8), tl), "orientation \(orientation) top-left")
                #expect(HostileFiles.near(bitmap.pixel(x: w - 1 - w / 8, y: h / 8), tr), "orientation \(orientation) top-right")
                #expect(HostileFiles.near(bitmap.pixel(x: w / 8, y: h - 1 - h / 8), bl), "orientation \(orientation) bottom-left")
            }
        }
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
