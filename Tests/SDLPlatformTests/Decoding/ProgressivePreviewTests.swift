import Foundation
import Imaging
import Jobs
import PlumageCore
import PlumageTestSupport
import Testing

@testable import SDLPlatform

/// The progressive fixtures (made with cjpeg, see Fixtures/progressive/README.md) and the demo's
/// 5312×2988 progressive 4:2:0 photo.
private enum ProgressiveFiles {
    static let directory = URL(fileURLWithPath: RepositoryPaths.path("Tests/SDLPlatformTests/Fixtures/progressive"))
    static let photo = URL(fileURLWithPath: RepositoryPaths.path("Assets/demo/photos/seeding-full.jpg"))
    /// Grayscale, 4:2:0 with restarts every MCU row, 4:2:0 with one DC scan per component (a luma block
    /// grid narrower than the MCU-padded one), 4:2:2, 4:4:0, 4:4:4 with restarts every 3 MCUs.
    static let names = [
        "gray-333x501.jpg", "p420-restart-1000x663.jpg", "p420-separate-dc-401x593.jpg", "p422-333x501.jpg",
        "p440-397x595.jpg", "p444-restart-301x451.jpg",
    ]

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func photoBytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: photo)) }
}

/// TurboJPEG's full-precision decode at 1/2^`log2Scale`, the reference.
private func reference(_ jpeg: [UInt8], log2Scale: Int) throws -> Bitmap {
    guard case .decoded(let bitmap) = TurboJPEG.decode(jpeg, denominator: 1 << log2Scale, fast: false) else {
        throw ReferenceFailure()
    }
    return bitmap
}

/// TurboJPEG could not decode a fixture.
private struct ReferenceFailure: Error {}

/// Mean absolute difference per colour channel (alpha ignored) of two bitmaps of the same size.
private func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
    var total = 0
    for i in a.pixels.indices where i % 4 != 3 { total += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
    return Double(total) / Double(a.width * a.height * 3)
}

/// Byte offsets of the SOS markers of `jpeg`, found by walking its segments and entropy-coded data.
private func scanOffsets(_ jpeg: [UInt8]) -> [Int] {
    var offsets: [Int] = []
    var i = 2
    while i + 4 <= jpeg.count && jpeg[i] == 0xFF && jpeg[i + 1] != 0xD9 {
        let marker = jpeg[i + 1]
        if marker == 0xDA { offsets.append(i) }
        i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        if marker == 0xDA {
            while i + 1 < jpeg.count && !(jpeg[i] == 0xFF && jpeg[i + 1] != 0 && !(0xD0...0xD7).contains(jpeg[i + 1])) {
                i += 1
            }
        }
    }
    return offsets
}

/// Offset of the first `marker` segment (its 0xFF) before the first scan.
private func segmentOffset(_ jpeg: [UInt8], _ marker: UInt8) -> Int? {
    var i = 2
    while i + 4 <= jpeg.count && jpeg[i] == 0xFF && jpeg[i + 1] != 0xDA {
        if jpeg[i + 1] == marker { return i }
        i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
    }
    return nil
}

/// The job system hostile bytes are decoded on: a worker of its untrusted-decode lane, the lane the
/// app gives SDL_image, so a decode that never returned would be abandoned there and reported while
/// the suite goes on (`HostileImageTests` decodes the same way).
private let previewJobs = JobSystem()

/// The untrusted-decode lane's limit in the app, in seconds (the `timeout` of `ImageDecoder.decode`
/// and `PhotoLoader`): what ends a hang here, as it ends one of SDL_image there. These decodes take
/// milliseconds; the test measures no duration of its own.
private let untrustedDecodeLimit = 5.0

/// `decode` on `bytes` at 1/4 and 1/8, run on the untrusted-decode lane; returns the results. A decode
/// that does not return is abandoned on its worker and recorded as an issue naming `label` (then
/// [nil, nil]); once `WorkerCounts.maxAbandoned` are stuck, later ones are refused and recorded at once.
private func decodeGuarded(_ bytes: [UInt8], _ label: String) -> [Bitmap?] {
    let outcome = previewJobs.runAbandonable(timeout: untrustedDecodeLimit) {
        [2, 3].map { ProgressiveJPEGPreview.decode(bytes, log2Scale: $0) }
    }
    switch outcome {
    case .finished(let results): return results
    case .timedOut: Issue.record("\(label): the decode did not return within the untrusted-decode limit (abandoned)")
    case .refused(let stuck): Issue.record("\(label): not decoded, \(stuck) earlier decodes are still stuck")
    }
    return [nil, nil]
}

@Suite struct ProgressivePreviewTests {
    /// Measured mean differences vs TurboJPEG's full decode: 1.5–2.6 at 1/4 and 0.50–3.2 at 1/8 (the
    /// highest for colourful 4:2:0 content, where TurboJPEG scales chroma by the DCT and this decoder
    /// upsamples it). Missing refinement bits alone account for about 1–1.4. Walking non-interleaved
    /// scans over the MCU-padded block grid (the classic bug) measured 10.4 and 10.9.
    @Test(arguments: ProgressiveFiles.names, [2, 3])
    func fixturesMatchTurboJPEGClosely(name: String, log2Scale: Int) throws {
        let jpeg = try ProgressiveFiles.bytes(name)
        let expected = try reference(jpeg, log2Scale: log2Scale)
        let preview = try #require(ProgressiveJPEGPreview.decode(jpeg, log2Scale: log2Scale))
        #expect(preview.size == expected.size)
        #expect(meanDifference(preview, expected) <= 4, "\(name) at 1/\(1 << log2Scale)")
    }

    /// Without chroma subsampling the 1/8 preview is the DC alone in both decoders (measured 0.50 and 0.97:
    /// the dropped lowest DC bit).
    @Test(arguments: ["gray-333x501.jpg", "p444-restart-301x451.jpg"])
    func dcOnlyPreviewsOfUnsubsampledFilesAreNearlyExact(name: String) throws {
        let jpeg = try ProgressiveFiles.bytes(name)
        let preview = try #require(ProgressiveJPEGPreview.decode(jpeg, log2Scale: 3))
        #expect(meanDifference(preview, try reference(jpeg, log2Scale: 3)) <= 1.5)
    }

    /// The case this decoder exists for (measured 1.24 at 1/4, 0.95 at 1/8).
    @Test func sixteenMegapixelPhotoMatchesTurboJPEG() throws {
        let jpeg = try ProgressiveFiles.photoBytes()
        for (scale, size) in [(2, PixelSize(width: 1328, height: 747)), (3, PixelSize(width: 664, height: 374))] {
            let preview = try #require(ProgressiveJPEGPreview.decode(jpeg, log2Scale: scale))
            let expected = try reference(jpeg, log2Scale: scale)
            #expect(preview.size == size && expected.size == size)
            #expect(meanDifference(preview, expected) <= 2, "1/\(1 << scale)")
        }
    }

    @Test func grayscaleIsNeutralAndOpaque() throws {
        let jpeg = try ProgressiveFiles.bytes("gray-333x501.jpg")
        let p = try #require(ProgressiveJPEGPreview.decode(jpeg, log2Scale: 2)).pixels
        let neutral = stride(from: 0, to: p.count, by: 4).allSatisfy { (i: Int) -> Bool in
            p[i] == p[i + 1] && p[i + 1] == p[i + 2] && p[i + 3] == 255
        }
        #expect(neutral)
    }

    @Test func baselineAndUnsupportedFilesAreRefused() throws {
        let root = ProgressiveFiles.photo.deletingLastPathComponent()
        let baseline = [UInt8](try Data(contentsOf: root.appendingPathComponent("coffee.jpg")))
        #expect(ProgressiveJPEGPreview.decode(baseline, log2Scale: 2) == nil)

        let jpeg = try ProgressiveFiles.bytes("p420-restart-1000x663.jpg")
        for scale in [-1, 0, 1, 4] { #expect(ProgressiveJPEGPreview.decode(jpeg, log2Scale: scale) == nil) }
        let frame = try #require(segmentOffset(jpeg, 0xC2))
        var arithmetic = jpeg
        arithmetic[frame + 1] = 0xCA
        #expect(ProgressiveJPEGPreview.decode(arithmetic, log2Scale: 2) == nil)
        var twelveBit = jpeg
        twelveBit[frame + 4] = 12
        #expect(ProgressiveJPEGPreview.decode(twelveBit, log2Scale: 2) == nil)
        var sampling = jpeg
        sampling[frame + 11] = 0x41  // luma 4×1
        #expect(ProgressiveJPEGPreview.decode(sampling, log2Scale: 2) == nil)

        // An Adobe APP14 segment with transform 0 in place of JFIF means RGB.
        let jfif = try #require(segmentOffset(jpeg, 0xE0))
        let adobe: [UInt8] = [0xFF, 0xEE, 0, 14] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0]
        let rgb = Array(jpeg[..<jfif]) + adobe + jpeg[(jfif + 18)...]
        #expect(ProgressiveJPEGPreview.decode(rgb, log2Scale: 2) == nil)
        #expect(ProgressiveJPEGPreview.decode(Array(jpeg[..<jfif]) + jpeg[(jfif + 18)...], log2Scale: 2) != nil)
    }

    /// Damage inside the DC scan leaves no preview; damage after it leaves the image as far as it was read.
    @Test func truncatedFilesYieldNilBeforeTheDCAndAnImageAfter() throws {
        let jpeg = try ProgressiveFiles.photoBytes()
        let scans = scanOffsets(jpeg)
        try #require(scans.count == 10)
        let size = PixelSize(width: 1328, height: 747)
        #expect(decodeGuarded(Array(jpeg[..<scans[0]]), "headers only").allSatisfy { $0 == nil })
        #expect(decodeGuarded(Array(jpeg[..<(scans[0] + 50_000)]), "inside DC").allSatisfy { $0 == nil })
        for (cut, label) in [
            (scans[1], "after DC"), (scans[1] + 40_000, "inside luma AC"), (scans[3] + 5000, "inside Cb AC"),
        ] {
            let results = decodeGuarded(Array(jpeg[..<cut]), label)
            #expect(results[0]?.size == size, "\(label)")
            #expect(results[1]?.size == PixelSize(width: 664, height: 374), "\(label)")
        }
        // The first four scans are all a 1/4 preview uses: the rest changes nothing.
        let prefix = try #require(ProgressiveJPEGPreview.decode(Array(jpeg[..<scans[4]]) + [0xFF, 0xD9], log2Scale: 2))
        #expect(prefix == ProgressiveJPEGPreview.decode(jpeg, log2Scale: 2))
    }

    @Test func hostileBytesNeverCrashOrHang() throws {
        var random = SplitMix64(seed: 42)
        let jpeg = try ProgressiveFiles.bytes("p420-restart-1000x663.jpg")
        let frame = try #require(segmentOffset(jpeg, 0xC2))
        var cases: [(String, [UInt8])] = [
            ("empty", []), ("SOI", [0xFF, 0xD8]),
            ("SOI and zeros", [0xFF, 0xD8] + [UInt8](repeating: 0, count: 10_000)),
            ("SOI and 0xFF", [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 10_000)),
            ("SOI and noise", [0xFF, 0xD8] + (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &random) }),
        ]
        var huge = jpeg
        huge.replaceSubrange(frame + 5..<frame + 9, with: [0x17, 0x70, 0xFF, 0xFF])  // 65535 × 6000
        cases.append(("65535×6000 declared", huge))
        var zeroSize = jpeg
        zeroSize.replaceSubrange(frame + 5..<frame + 9, with: [0, 0, 0, 0])
        cases.append(("0×0 declared", zeroSize))
        let table = try #require(segmentOffset(jpeg, 0xC4))
        var overfull = jpeg
        overfull[table + 5] = 3  // three 1-bit codes
        cases.append(("overfull Huffman table", overfull))
        var missingTable = jpeg
        missingTable[table + 1] = 0xFE  // the DHT becomes a comment
        cases.append(("no Huffman table", missingTable))
        for (label, bytes) in cases {
            #expect(decodeGuarded(bytes, label).allSatisfy { $0 == nil }, "\(label)")
        }
        // Every 193rd truncation point and 200 random corruptions (a mix of header and data bytes).
        for cut in stride(from: 0, to: jpeg.count, by: 193) { _ = decodeGuarded(Array(jpeg[..<cut]), "cut at \(cut)") }
        for round in 0..<200 {
            var bytes = jpeg
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let at = Int.random(in: 0..<(round % 2 == 0 ? 700 : bytes.count), using: &random)
                bytes[at] =
                    round % 3 == 0
                    ? bytes[at] ^ (1 << UInt8.random(in: 0...7, using: &random)) : .random(in: 0...255, using: &random)
            }
            _ = decodeGuarded(bytes, "corruption \(round)")
        }
    }
}
