import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

@testable import SDLPlatform

/// Transparent images of every format SDL_image decodes, built at test time (nothing binary is
/// committed), and what the photo pipeline reports about them.
enum TransparentFiles {
    /// Like libpng's `basn6a08.png`: colour that changes across and down, alpha running from 0 at
    /// the left edge to 255 at the right; `width` × `height` pixels.
    static func alphaRamp(width: Int, height: Int) -> Bitmap {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8(x * 255 / max(1, width - 1))
                pixels += [UInt8(255 - y * 255 / max(1, height - 1)), UInt8(y * 255 / max(1, height - 1)), 255, alpha]
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// A 2×1 GIF89a, red then a pixel of the transparent index.
    static func gif() -> [UInt8] {
        Array("GIF89a".utf8) + [2, 0, 1, 0, 0x80, 0, 0] + [255, 0, 0, 0, 0, 255]
            + [0x21, 0xF9, 4, 0x01, 0, 0, 1, 0]  // graphic control: index 1 is transparent
            + [0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0] + [2, 2, 0x44, 0x0A, 0] + [0x3B]
    }

    /// A lossless WebP (VP8L) of `width` × `height` pixels all of one colour with alpha `alpha`: every
    /// channel's prefix code is a simple one-symbol code, so the pixels take no bits at all.
    static func webp(width: Int, height: Int, color: RGBA, alpha: UInt8) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ value: Int, _ count: Int) { for i in 0..<count { bits.append(value >> i & 1 == 1) } }
        put(width - 1, 14); put(height - 1, 14); put(alpha < 255 ? 1 : 0, 1); put(0, 3)
        put(0, 1); put(0, 1); put(0, 1)  // no transform, no colour cache, no meta prefix codes
        for symbol in [Int(color.g), Int(color.r), Int(color.b), Int(alpha), 0] {
            put(1, 1); put(0, 1); put(1, 1); put(symbol, 8)  // simple code: one 8-bit symbol
        }
        var data: [UInt8] = [0x2F]
        for start in stride(from: 0, to: bits.count, by: 8) {
            data.append(bits[start..<min(bits.count, start + 8)].enumerated().reduce(0) { $0 | ($1.element ? 1 << $1.offset : 0) })
        }
        if data.count % 2 == 1 { data.append(0) }
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255), UInt8(v >> 16 & 255), UInt8(v >> 24 & 255)] }
        return Array("RIFF".utf8) + le32(4 + 8 + data.count) + Array("WEBP".utf8) + Array("VP8L".utf8) + le32(data.count) + data
    }
}

@Suite(.serialized) struct TransparencyTests {
    init() throws { try ImageDecoder.initializeOnMainThread() }

    /// What the loader's full job posts for `path`, in order.
    func deliveries(_ path: String) -> [PhotoDelivery] {
        var posted: [PhotoDelivery] = []
        PhotoPipeline.full(source: .file(path), view: PixelSize(width: 64, height: 64), pixelCap: 1 << 24, timeout: 5, archives: nil) {
            posted.append($0)
        }
        return posted
    }

    /// True when `.transparent` is posted, once, before every level.
    func reportsTransparencyFirst(_ posted: [PhotoDelivery]) -> Bool {
        let marks = posted.indices.filter { if case .transparent = posted[$0] { true } else { false } }
        let firstLevel = posted.firstIndex { if case .level = $0 { true } else { false } }
        guard marks.count == 1, let firstLevel else { return false }
        return marks[0] < firstLevel
    }

    @Test func pngWebPGIFAndTGAWithAlphaAreReportedTransparent() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("ramp.png").path
        try Canvas.writePNG(TransparentFiles.alphaRamp(width: 32, height: 32), to: png)
        let files = [
            png,
            try HostileFiles.write(TransparentFiles.webp(width: 8, height: 4, color: RGBA(0, 128, 255), alpha: 128),
                                   "half.webp", in: dir),
            try HostileFiles.write(TransparentFiles.gif(), "keyed.gif", in: dir),
            try HostileFiles.write(HostileFiles.tga(TransparentFiles.alphaRamp(width: 8, height: 6)), "ramp.tga", in: dir),
        ]
        for path in files {
            let posted = deliveries(path)
            #expect(reportsTransparencyFirst(posted), "\(path): \(posted.map { "\($0)".prefix(40) })")
            // The pixels themselves carry the alpha, as the executor blends them.
            if case let .level(_, 0, bitmap, _)? = posted.first(where: { if case .level(_, 0, _, _) = $0 { true } else { false } }) {
                #expect(bitmap.hasTransparency, "\(path)")
            } else {
                Issue.record("\(path): no full-resolution level")
            }
        }
    }

    @Test func opaqueImagesAreNot() throws {
        let dir = try HostileFiles.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("opaque.png").path
        try Canvas.writePNG(HostileFiles.quadrants(16, 16), to: png)
        let files = [
            png,
            try HostileFiles.write(TransparentFiles.webp(width: 8, height: 4, color: RGBA(0, 128, 255), alpha: 255),
                                   "opaque.webp", in: dir),
            try HostileFiles.write(HostileFiles.tga(HostileFiles.quadrants(8, 6)), "opaque.tga", in: dir),
            RepositoryPaths.path("Assets/demo/photos/coffee.jpg"),
        ]
        for path in files {
            let posted = deliveries(path)
            #expect(posted.contains { if case .level = $0 { true } else { false } }, "\(path) decodes")
            #expect(!posted.contains { if case .transparent = $0 { true } else { false } }, "\(path)")
        }
    }
}
