internal import CTurboJPEG
import Imaging
import PlumageCore

/// JPEG decoding through libjpeg-turbo's TurboJPEG API: DCT-domain scaling by 1/8, 1/4 or 1/2
/// straight into BGRA (= SDL_PIXELFORMAT_ARGB8888), 1.2–1.7× faster than SDL_image at full size and
/// up to 64× smaller in memory when a smaller size suffices (sdl-notes.md §7). Thread-safe: each
/// call creates and destroys its own handle (TurboJPEG handles are one per thread).
enum TurboJPEG {
    /// The outcome of a decode attempt.
    enum Outcome {
        /// Pixels at the chosen scale, in stored (not EXIF-rotated) orientation.
        case decoded(Bitmap)
        /// TurboJPEG cannot convert this file's colour space (CMYK, YCCK) to BGRA; use SDL_image.
        case unsupportedColorSpace
        /// The file is not a decodable JPEG.
        case failed(ImageError)
    }

    /// The smallest of 1/8, 1/4, 1/2, 1/1 (returned as the denominator) whose scaled size is at least
    /// `target` in both dimensions; 1 when `target` is nil or larger than the image.
    static func scaleDenominator(imageSize: PixelSize, cover target: PixelSize?) -> Int {
        guard let target else { return 1 }
        for denominator in [8, 4, 2] {
            let scaled = scaledSize(imageSize, denominator: denominator)
            if scaled.width >= target.width && scaled.height >= target.height { return denominator }
        }
        return 1
    }

    /// The image size at scale 1/`denominator`, rounded up as libjpeg does (TJSCALED).
    static func scaledSize(_ size: PixelSize, denominator: Int) -> PixelSize {
        PixelSize(
            width: (size.width + denominator - 1) / denominator, height: (size.height + denominator - 1) / denominator)
    }

    /// Decodes `jpeg` at the smallest power-of-two reduction that still covers `target` (stored
    /// orientation; nil = full size). Recoverable damage (a truncated scan) yields the partial image.
    static func decode(_ jpeg: [UInt8], cover target: PixelSize?) -> Outcome {
        decode(jpeg, denominator: nil, cover: target, fast: false)
    }

    /// Decodes `jpeg` at scale 1/`denominator` (1, 2, 4 or 8; stored orientation), the size rounded up
    /// as `scaledSize` says. `fast` trades a little accuracy for speed (TJFLAG_FASTDCT and
    /// TJFLAG_FASTUPSAMPLE: 5–11 % faster), meant for previews that full resolution replaces.
    static func decode(_ jpeg: [UInt8], denominator: Int, fast: Bool) -> Outcome {
        decode(jpeg, denominator: denominator, cover: nil, fast: fast)
    }

    /// The shared body: an explicit `denominator`, else the one chosen for `target`.
    private static func decode(_ jpeg: [UInt8], denominator: Int?, cover target: PixelSize?, fast: Bool) -> Outcome {
        guard let handle = tjInitDecompress() else { return .failed(.corrupt("cannot start the JPEG decoder")) }
        defer { tjDestroy(handle) }
        return jpeg.withUnsafeBufferPointer { source -> Outcome in
            let base = source.baseAddress
            let length = UInt(source.count)
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorSpace: Int32 = 0
            guard tjDecompressHeader3(handle, base, length, &width, &height, &subsampling, &colorSpace) == 0 else {
                return .failed(.corrupt(errorMessage(handle)))
            }
            if colorSpace == Int32(TJCS_CMYK.rawValue) || colorSpace == Int32(TJCS_YCCK.rawValue) {
                return .unsupportedColorSpace
            }
            let full = PixelSize(width: Int(width), height: Int(height))
            let size = scaledSize(full, denominator: denominator ?? scaleDenominator(imageSize: full, cover: target))
            let flags = fast ? TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE : 0
            var status: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: size.area * 4) { buffer, count in
                status = tjDecompress2(
                    handle, base, length, buffer.baseAddress, Int32(size.width), 0, Int32(size.height),
                    Int32(TJPF_BGRA.rawValue), flags)
                count = size.area * 4
            }
            if status != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
                return .failed(.corrupt(errorMessage(handle)))
            }
            return .decoded(Bitmap(width: size.width, height: size.height, pixels: pixels))
        }
    }

    /// For a progressive JPEG (SOF2), its first `scans` scans followed by EOI: a complete, smaller
    /// JPEG of lower quality that decodes much faster (progressive decoding time goes to Huffman
    /// decoding of the later scans, which DCT scaling cannot skip). nil for baseline files or files
    /// with no more than `scans` scans.
    static func progressivePrefix(_ jpeg: [UInt8], scans: Int) -> [UInt8]? {
        var i = 2
        var progressive = false
        var seen = 0
        while i + 4 <= jpeg.count {
            guard jpeg[i] == 0xFF else { return nil }
            let marker = jpeg[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD9 { return nil }
            if marker == 0xDA {
                if seen == scans { return progressive ? Array(jpeg[..<i]) + [0xFF, 0xD9] : nil }
                seen += 1
            }
            if marker == 0xC2 { progressive = true }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
            guard marker == 0xDA else { continue }
            // Entropy-coded data runs to the next marker other than stuffing (FF00) and restarts (FFD0-D7).
            while i + 1 < jpeg.count
                && !(jpeg[i] == 0xFF && jpeg[i + 1] != 0 && !(0xD0...0xD7).contains(jpeg[i + 1]))
            {
                i += 1
            }
        }
        return nil
    }

    /// TurboJPEG's message for the last failure on `handle`.
    private static func errorMessage(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "JPEG error"
    }
}
