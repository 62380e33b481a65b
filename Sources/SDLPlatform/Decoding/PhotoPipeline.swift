import Archives
import Foundation
import Imaging
import PlumageCore

/// Wall-clock costs of one file's decoding stages, measured one after another on the calling thread.
public struct PhotoTiming: Sendable {
    /// The full-resolution size as shown (EXIF orientation applied).
    public var size: PixelSize
    /// Probe + first displayable level: the DCT-scaled preview for JPEG, else probe + full decode +
    /// halving down to the level covering the view.
    public var previewMs: Double
    /// Probe + full-resolution decode + orientation (in the loader it runs beside the preview).
    public var fullMs: Double
    /// Reading the file + a plain `tjDecompress2` 1/1 decode to BGRA, for reference; nil for non-JPEG.
    public var turbojpegFullMs: Double?
}

extension PhotoLoader {
    /// Times the pipeline's stages for `source` shown in `viewSize`, synchronously (benchmarks only:
    /// it blocks the calling thread for the decodes). Zip members are read through `archives`.
    public static func measure(
        source: ResourceLocator, viewSize: PixelSize, pixelCap: Int = 250_000_000, archives: OpenArchives? = nil
    ) throws(ImageError) -> PhotoTiming {
        let clock = ContinuousClock()
        func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
        var info: ImageInfo?
        var preview: Result<Bitmap, ImageError>?
        let previewTime = clock.measure {
            guard case .success(let probed) = ImageDecoder.inspect(source: source, pixelCap: pixelCap, archives: archives)
            else { return }
            info = probed
            let level = ImagePyramid.previewLevel(of: probed.orientedSize, cover: viewSize)
            preview = ImageDecoder.decodePreview(source: source, info: probed, level: level, archives: archives)
        }
        var full: Result<Bitmap, ImageError> = .failure(.notAnImage)
        let fullTime = clock.measure {
            full = ImageDecoder.inspect(source: source, pixelCap: pixelCap, archives: archives).flatMap {
                ImageDecoder.decodeFullResolution(source: source, info: $0, archives: archives)
            }
        }
        let bitmap = try full.get()
        var previewMs = ms(previewTime)
        if preview == nil {
            let covering = ImagePyramid.coveringLevel(of: bitmap.size, cover: viewSize)
            previewMs = ms(fullTime) + ms(clock.measure { _ = (0..<covering).reduce(bitmap) { b, _ in b.halved() } })
        }
        var turbojpegMs: Double?
        if info?.format == .jpeg {
            turbojpegMs = ms(clock.measure {
                if let bytes = try? ImageDecoder.bytes(of: source, archives: archives) {
                    _ = TurboJPEG.decode(bytes, denominator: 1, fast: false)
                }
            })
        }
        return PhotoTiming(size: bitmap.size, previewMs: previewMs, fullMs: ms(fullTime), turbojpegFullMs: turbojpegMs)
    }
}

/// The worker side of `PhotoLoader`: each function is one job, run on the calling worker thread,
/// posting deliveries as soon as they are made.
enum PhotoPipeline {
    /// Header, then (JPEG only) the DCT-scaled preview at the level covering `view` (at most level 3).
    /// Failures are left to the full job, which reports them. A remote photo is read from its fetched `bytes`.
    static func preview(
        source: ResourceLocator, view: PixelSize, pixelCap: Int, archives: OpenArchives?, bytes: [UInt8]? = nil,
        post: (PhotoDelivery) -> Void
    ) {
        guard case .success(let info) = ImageDecoder.inspect(
            source: source, pixelCap: pixelCap, archives: archives, bytes: bytes)
        else { return }
        post(.info(source: source, info))
        let level = ImagePyramid.previewLevel(of: info.orientedSize, cover: view)
        if case .success(let bitmap)? = ImageDecoder.decodePreview(
            source: source, info: info, level: level, archives: archives, bytes: bytes)
        {
            post(.level(source: source, level: level, bitmap: bitmap, isPreview: true))
        }
    }

    /// Header, full decode, pyramid. JPEG posts full resolution first (its preview is already out);
    /// other formats post `.transparent` when some pixel is not fully opaque (JPEG never is), then
    /// the level covering `view` first, then full resolution, then the rest. A remote photo is read
    /// from its fetched `bytes`.
    static func full(
        source: ResourceLocator, view: PixelSize, pixelCap: Int, timeout: Double, archives: OpenArchives?,
        bytes: [UInt8]? = nil, post: (PhotoDelivery) -> Void
    ) {
        let info: ImageInfo
        switch ImageDecoder.inspect(source: source, pixelCap: pixelCap, archives: archives, bytes: bytes) {
        case .failure(let error): return post(.failed(source: source, error))
        case .success(let probed): info = probed
        }
        post(.info(source: source, info))
        switch ImageDecoder.decodeFullResolution(
            source: source, info: info, timeout: timeout, archives: archives, bytes: bytes)
        {
        case .failure(let error):
            post(.failed(source: source, error))
        case .success(let full):
            if info.format != .jpeg && full.hasTransparency { post(.transparent(source: source)) }
            let last = ImagePyramid.levels(for: full.size, downTo: view).count - 1
            let covering = info.format == .jpeg ? 0 : min(last, ImagePyramid.coveringLevel(of: full.size, cover: view))
            var early = [full]
            while early.count <= covering { early.append(early[early.count - 1].halved()) }
            for level in [covering] + (0..<covering) {
                post(.level(source: source, level: level, bitmap: early[level], isPreview: false))
            }
            let start = early[covering]
            early = []
            postLevels(source: source, from: start, at: covering, through: last, post: post)
        }
    }

    /// Levels 1… of an already decoded full-resolution bitmap, down to the one fitting `view`.
    static func pyramid(source: ResourceLocator, full: Bitmap, view: PixelSize, post: (PhotoDelivery) -> Void) {
        let last = ImagePyramid.levels(for: full.size, downTo: view).count - 1
        postLevels(source: source, from: full, at: 0, through: last, post: post)
    }

    /// Halves `bitmap` (level `level`) repeatedly, posting levels `level + 1 … last`.
    private static func postLevels(
        source: ResourceLocator, from bitmap: Bitmap, at level: Int, through last: Int, post: (PhotoDelivery) -> Void
    ) {
        var current = bitmap
        for next in stride(from: level + 1, through: last, by: 1) {
            current = current.halved()
            post(.level(source: source, level: next, bitmap: current, isPreview: false))
        }
    }
}
