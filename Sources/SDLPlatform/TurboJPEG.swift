internal import CTurboJPEG
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
            let size = scaledSize(full, denominator: scaleDenominator(imageSize: full, cover: target))
            var status: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: size.area * 4) { buffer, count in
                status = tjDecompress2(
                    handle, base, length, buffer.baseAddress, Int32(size.width), 0, Int32(size.height),
                    Int32(TJPF_BGRA.rawValue), 0)
                count = size.area * 4
            }
            if status != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
                return .failed(.corrupt(errorMessage(handle)))
            }
            return .decoded(Bitmap(width: size.width, height: size.height, pixels: pixels))
        }
    }

    /// TurboJPEG's message for the last failure on `handle`.
    private static func errorMessage(_ handle: tjhandle) -> String {
        tjGetErrorStr2(handle).map { String(cString: $0) } ?? "JPEG error"
    }
}
