import Archives
internal import CSDL2
internal import CSDL2Image
import Foundation
import Glibc
import Imaging
import Jobs
import PlumageCore

/// Decoded pixels ready to cross to the main thread.
public struct DecodedImage: Sendable {
    /// The pixels, EXIF orientation applied, possibly reduced (see `isReduced`).
    public var bitmap: Bitmap
    /// The image's full-resolution size as displayed (EXIF orientation applied).
    public var originalSize: PixelSize
    /// True when `bitmap` is smaller than `originalSize` (scaled decode or downscale for a target).
    public var isReduced: Bool
}

/// File → `Bitmap`, safe to call from any worker thread once `initializeOnMainThread()` has run.
///
/// - [x] header probe before any decoder sees the file: format, dimensions, pixel cap, PNG chunk walk
/// - [x] JPEG via TurboJPEG with 1/8…1/1 scaling for a cover target, EXIF orientation applied
/// - [x] PNG, GIF (first frame), WebP, BMP and CMYK JPEG via SDL_image, converted to ARGB8888
/// - [x] downscale of results more than 2× larger than the target in both dimensions
/// - [x] remote images from the bytes the caller fetched (`bytes:`), BlurHash placeholders from their string
/// - [ ] region/tile decode of huge images (sdl-notes.md §7)
public enum ImageDecoder {
    /// Loads SDL_image's PNG, JPEG and (when present) WebP codecs. Call once on the main thread
    /// before any worker decodes: SDL_image's lazy initialisation is not thread-safe.
    public static func initializeOnMainThread() throws(SDLError) {
        let wanted = IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue
        let loaded = UInt32(bitPattern: IMG_Init(Int32(wanted | IMG_INIT_WEBP.rawValue)))
        if loaded & wanted != wanted { throw SDLError.capture("IMG_Init") }
    }

    /// Decodes the image at `source` on the calling thread. With a `target` (pixels), the result is
    /// reduced as far as it still covers `target` in both dimensions; nil decodes full size. Files
    /// above `pixelCap` pixels or with a malformed header are rejected before decoding.
    ///
    /// SDL_image cannot be interrupted: on a job system's worker its decodes run on the untrusted-decode
    /// lane, and when one exceeds `timeout` seconds this returns `.decodeTimedOut` and abandons that
    /// lane's thread until libpng gives up, possibly never (the PNG chunk walk already rejects the
    /// files known to hang it; see `runWithTimeout`). JPEG decodes (TurboJPEG, no known hangs) run
    /// inline on the calling thread. A zip member is read through `archives` (without it, files only);
    /// a URL is not fetched here: its `bytes`, fetched by the caller, are decoded (without them,
    /// `.cannotRead`). A BlurHash is decoded from its string (`decodeBlurHash`).
    public static func decode(
        source: ResourceLocator, cover target: PixelSize?, pixelCap: Int = 250_000_000, timeout: Double = 5,
        archives: OpenArchives? = nil, bytes: [UInt8]? = nil
    ) -> Result<DecodedImage, ImageError> {
        if case .blurhash(let hash) = source { return decodeBlurHash(hash, cover: target) }
        do throws(ImageError) {
            let file = try ImageFile(source: source, archives: archives, bytes: bytes)
            let info = try inspect(file, pixelCap: pixelCap)
            let storedTarget = target.map { info.orientation >= 5 ? PixelSize(width: $0.height, height: $0.width) : $0 }
            var bitmap = try decodeFull(file: file, info: info, target: storedTarget, timeout: timeout)
            let fullSize = info.format == .jpeg ? info.size : bitmap.size
            if let storedTarget, storedTarget.width > 0, storedTarget.height > 0 {
                let factor = min(bitmap.width / storedTarget.width, bitmap.height / storedTarget.height)
                if factor >= 2 { bitmap = bitmap.downscaled(byFactor: factor) }
            }
            let isReduced = bitmap.size != fullSize
            bitmap = bitmap.rotated(orientation: info.orientation)
            let original = ImageInfo(
                format: info.format, width: fullSize.width, height: fullSize.height,
                orientation: info.orientation
            ).orientedSize
            return .success(DecodedImage(bitmap: bitmap, originalSize: original, isReduced: isReduced))
        } catch {
            return .failure(error)
        }
    }

    /// Reads the header of `source` without decoding: format, stored size and EXIF orientation. Fails
    /// with `.tooLarge` above `pixelCap` pixels, and for a PNG whose chunk list does not fit the file
    /// (the files that hang SDL_image). Cheap (≤ 64 KB read, rarely 4 MB); any thread. Zip members
    /// and fetched `bytes` as `decode`.
    public static func inspect(
        source: ResourceLocator, pixelCap: Int = 250_000_000, archives: OpenArchives? = nil, bytes: [UInt8]? = nil
    ) -> Result<ImageInfo, ImageError> {
        do throws(ImageError) {
            let file = try ImageFile(source: source, archives: archives, bytes: bytes)
            return .success(try inspect(file, pixelCap: pixelCap))
        } catch {
            return .failure(error)
        }
    }

    /// Scans of a progressive JPEG a preview decodes: with libjpeg's standard script, the DC scan and
    /// the first pass over every AC coefficient (luma at 2 bits less precision), about half the
    /// decoding time of all scans for an image that looks the same at preview scale.
    static let previewScans = 5

    /// A JPEG preview at 1/2^`level` (`level` 1…3), EXIF orientation
    /// applied, so its size is `ImagePyramid.levelSize(level, of: info.orientedSize)`: for a progressive
    /// file at 1/4 or 1/8 `ProgressiveJPEGPreview`'s low-frequency decode, else TurboJPEG with fast IDCT
    /// flags (a progressive file: only its first `previewScans` scans).
    /// nil when there is no such preview: not a JPEG, `level` out of range, or a colour space
    /// TurboJPEG cannot convert (CMYK). `info` comes from `inspect`; any thread. Zip members and
    /// fetched `bytes` as `decode`.
    public static func decodePreview(
        source: ResourceLocator, info: ImageInfo, level: Int, archives: OpenArchives? = nil, bytes: [UInt8]? = nil
    ) -> Result<Bitmap, ImageError>? {
        guard info.format == .jpeg, (1...3).contains(level) else { return nil }
        do throws(ImageError) {
            let file = try ImageFile(source: source, archives: archives, bytes: bytes)
            guard let bytes = file.read(at: 0, count: file.size) else { throw .cannotRead("read error") }
            // A progressive file at 1/4 or 1/8: only the low frequencies, without libjpeg's whole-image
            // coefficient buffer (48 MB zeroed for 16 MP): ~15 ms instead of ~80.
            if level >= 2, let bitmap = ProgressiveJPEGPreview.decode(bytes, log2Scale: level) {
                return .success(bitmap.rotated(orientation: info.orientation))
            }
            let scans = TurboJPEG.progressivePrefix(bytes, scans: previewScans) ?? bytes
            switch TurboJPEG.decode(scans, denominator: 1 << level, fast: true) {
            case .decoded(let bitmap): return .success(bitmap.rotated(orientation: info.orientation))
            case .failed(let error): return .failure(error)
            case .unsupportedColorSpace: return nil
            }
        } catch {
            return .failure(error)
        }
    }

    /// The full-resolution pixels of `source`, EXIF orientation applied: TurboJPEG for JPEG, SDL_image
    /// (abandoned after `timeout` seconds, see `decode(source:cover:)`) for the rest. `info` comes
    /// from `inspect`, which must have accepted the file; any thread. Zip members and fetched `bytes`
    /// as `decode`.
    public static func decodeFullResolution(
        source: ResourceLocator, info: ImageInfo, timeout: Double = 5, archives: OpenArchives? = nil,
        bytes: [UInt8]? = nil
    ) -> Result<Bitmap, ImageError> {
        do throws(ImageError) {
            let file = try ImageFile(source: source, archives: archives, bytes: bytes)
            let bitmap = try decodeFull(file: file, info: info, target: nil, timeout: timeout)
            return .success(bitmap.rotated(orientation: info.orientation))
        } catch {
            return .failure(error)
        }
    }

    /// The whole file or zip member at `source` (a member at most `ArchiveLimits.mediaFile`
    /// bytes), for measurements; errors as `decode`.
    static func bytes(of source: ResourceLocator, archives: OpenArchives?) throws(ImageError) -> [UInt8] {
        let file = try ImageFile(source: source, archives: archives)
        guard let bytes = file.read(at: 0, count: file.size) else { throw .cannotRead("read error") }
        return bytes
    }

    /// Longest side of the bitmap a BlurHash is decoded to: the request scales it up to cover (a
    /// BlurHash holds at most 9 × 9 cosines, so more pixels would only interpolate them).
    static let blurHashSide = 32

    /// The image a BlurHash describes, `blurHashSide` on its longer side with `target`'s aspect ratio
    /// (square without a target); `.corrupt` naming the problem when `hash` is not a valid BlurHash.
    static func decodeBlurHash(_ hash: String, cover target: PixelSize?) -> Result<DecodedImage, ImageError> {
        var size = PixelSize(width: blurHashSide, height: blurHashSide)
        if let target, target.width > 0, target.height > 0 {
            let long = Double(max(target.width, target.height))
            size = PixelSize(
                width: max(1, Int((Double(blurHashSide * target.width) / long).rounded())),
                height: max(1, Int((Double(blurHashSide * target.height) / long).rounded())))
        }
        guard let bitmap = BlurHash.decode(hash, width: size.width, height: size.height) else {
            return .failure(.corrupt("not a valid BlurHash: \"\(hash.prefix(40))\""))
        }
        return .success(DecodedImage(bitmap: bitmap, originalSize: bitmap.size, isReduced: false))
    }

    /// Probes `file`, applies the pixel cap and, for PNG, walks the chunk list.
    private static func inspect(_ file: borrowing ImageFile, pixelCap: Int) throws(ImageError) -> ImageInfo {
        let info = try ImageHeader.probe(fileSize: file.size) { file.read(at: 0, count: $0) }
            .flatMap { $0.checked(pixelCap: pixelCap) }.get()
        if info.format == .png {
            try ImageHeader.validatePNGChunks(fileSize: file.size) { file.read(at: $0, count: 8) }.get()
        }
        return info
    }

    /// The decoder's full output in stored orientation: TurboJPEG for JPEG, SDL_image otherwise.
    private static func decodeFull(
        file: borrowing ImageFile, info: ImageInfo, target: PixelSize?, timeout: Double
    ) throws(ImageError) -> Bitmap {
        if info.format == .jpeg {
            guard let bytes = file.read(at: 0, count: file.size) else { throw .cannotRead("read error") }
            switch TurboJPEG.decode(bytes, cover: target) {
            case .decoded(let bitmap): return bitmap
            case .failed(let error): throw error
            case .unsupportedColorSpace: break
            }
        }
        let type: String? = info.format == .tga ? "TGA" : nil
        let (memory, path) = (file.memory, file.path)
        return try runWithTimeout(timeout) { loadWithSDLImage(path: path, memory: memory, type: type) }.get()
    }

    /// `IMG_Load` (typed for TGA), then ARGB8888 pixels in a tightly packed `Bitmap`, written by SDL straight into the
    /// bitmap's storage so the peak is the decoder's surface plus the bitmap (an 8000×8000 gray PNG:
    /// 64 + 256 MB): palette images by a blit (no blending; a colour-keyed pixel stays transparent
    /// black), other formats by `SDL_ConvertPixels`. Colour-keyed truecolour surfaces go through
    /// `SDL_ConvertSurfaceFormat`, which turns the key into alpha.
    /// `type` names a format SDL_image cannot recognise by its contents ("TGA"); nil lets it sniff.
    /// `memory` holds the file's bytes when it is a zip member (read from memory, not from `path`).
    private static func loadWithSDLImage(path: String?, memory: [UInt8]?, type: String?) -> Result<Bitmap, ImageError> {
        let surface: UnsafeMutablePointer<SDL_Surface>?
        if let memory {
            surface = memory.withUnsafeBytes { raw in
                let source = SDL_RWFromConstMem(raw.baseAddress, Int32(raw.count))
                return type.map { IMG_LoadTyped_RW(source, 1, $0) } ?? IMG_Load_RW(source, 1)
            }
        } else {
            guard let path else { return .failure(.cannotRead("neither a file nor bytes")) }
            surface = type.map { IMG_LoadTyped_RW(SDL_RWFromFile(path, "rb"), 1, $0) } ?? IMG_Load(path)
        }
        guard let loaded = surface else { return .failure(.corrupt(SDLError.capture("IMG_Load").message)) }
        defer { SDL_FreeSurface(loaded) }
        let format = loaded.pointee.format.pointee
        let (width, height) = (loaded.pointee.w, loaded.pointee.h)
        if format.palette != nil {
            SDL_SetSurfaceBlendMode(loaded, SDL_BLENDMODE_NONE)
            return packedPixels(of: loaded) { buffer in
                buffer.initializeMemory(as: UInt8.self, repeating: 0, count: Int(width) * Int(height) * 4)
                guard let target = SDL_CreateRGBSurfaceWithFormatFrom(
                    buffer, width, height, 32, width * 4, SDL_PIXELFORMAT_ARGB8888.rawValue)
                else { return false }
                defer { SDL_FreeSurface(target) }
                return SDL_UpperBlit(loaded, nil, target, nil) == 0
            }
        }
        if SDL_HasColorKey(loaded) == SDL_FALSE {
            guard SDL_LockSurface(loaded) == 0 else { return .failure(.corrupt(SDLError.capture("SDL_LockSurface").message)) }
            defer { SDL_UnlockSurface(loaded) }
            return packedPixels(of: loaded) { buffer in
                SDL_ConvertPixels(
                    width, height, format.format, loaded.pointee.pixels, loaded.pointee.pitch,
                    SDL_PIXELFORMAT_ARGB8888.rawValue, buffer, width * 4) == 0
            }
        }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            return .failure(.corrupt(SDLError.capture("SDL_ConvertSurfaceFormat").message))
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_LockSurface(surface) == 0 else { return .failure(.corrupt(SDLError.capture("SDL_LockSurface").message)) }
        defer { SDL_UnlockSurface(surface) }
        return packedPixels(of: surface) { buffer in
            let rowBytes = Int(surface.pointee.w) * 4
            for y in 0..<Int(surface.pointee.h) {
                (buffer + y * rowBytes).copyMemory(
                    from: surface.pointee.pixels + y * Int(surface.pointee.pitch), byteCount: rowBytes)
            }
            return true
        }
    }

    /// A bitmap the size of `surface` whose bytes `fill` writes (returning false on failure).
    private static func packedPixels(
        of surface: UnsafeMutablePointer<SDL_Surface>, _ fill: (UnsafeMutableRawPointer) -> Bool
    ) -> Result<Bitmap, ImageError> {
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        var filled = true
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            count = width * height * 4
            guard count > 0, let base = buffer.baseAddress else { return }
            filled = fill(UnsafeMutableRawPointer(base))
            if !filled { buffer.initialize(repeating: 0) }
        }
        guard filled else { return .failure(.corrupt(SDLError.capture("SDL_ConvertPixels").message)) }
        return .success(Bitmap(width: width, height: height, pixels: pixels))
    }

    /// Runs `work` on the untrusted-decode lane of `jobs` and waits up to `seconds` for it; on
    /// timeout its worker is abandoned (it finishes, or spins, on its own while a replacement takes
    /// its place) and `.decodeTimedOut` is returned. While `WorkerCounts.maxAbandoned` abandoned
    /// decodes are still stuck, later ones fail at once instead of adding threads without bound.
    /// Without `jobs` (a thread that is not a worker: the main thread's shipped icons, benchmarks,
    /// tests) `work` runs inline, without a time limit.
    static func runWithTimeout(
        _ seconds: Double, on jobs: JobSystem? = JobSystem.current,
        _ work: @escaping @Sendable () -> Result<Bitmap, ImageError>
    ) -> Result<Bitmap, ImageError> {
        guard let jobs else { return work() }
        let outcome = jobs.runAbandonable(timeout: seconds) { () -> Result<Bitmap, ImageError> in
            // The lane's workers free SDL's per-thread data as they end (the exit hook DecodeWorkers sets).
            SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW)
            SDL_ClearError()
            return work()
        }
        switch outcome {
        case .finished(let result): return result
        case .timedOut: return .failure(.decodeTimedOut)
        case .refused(let stuck):
            return .failure(.cannotRead("not decoded: \(stuck) earlier images are still stuck in SDL_image past their time limit"))
        }
    }
}

/// An image file's bytes: an open file read with `pread`, closed when dropped, or, for a member of a
/// zip, the member read into memory through an `OpenArchives` (at most `ArchiveLimits.mediaFile`).
/// Errors carry the system's or the archive's reason.
private struct ImageFile: ~Copyable {
    /// The open file descriptor, or -1 for a zip member.
    private let descriptor: Int32
    /// The file's size in bytes when opened.
    let size: Int
    /// The member's bytes, for a zip member.
    let memory: [UInt8]?
    /// The file's path, for a file of its own.
    let path: String?

    /// Opens a regular file for reading, or reads a zip member through `archives`, or takes a remote
    /// image's fetched `bytes`; throws `.cannotRead` with the system's or the archive's reason, or for
    /// a URL without its bytes (never fetched here) and a member without `archives`.
    init(source: ResourceLocator, archives: OpenArchives?, bytes: [UInt8]? = nil) throws(ImageError) {
        let path: String
        switch source {
        case .url:
            guard let bytes else { throw .cannotRead("a remote image is not fetched here") }
            (descriptor, size, memory, self.path) = (-1, bytes.count, bytes, nil)
            return
        case .blurhash: throw .cannotRead("a BlurHash is not a file")
        case .file(let file): path = file
        case .member(let archive, let name):
            guard let archives else { throw .cannotRead("no reader for the archive") }
            do throws(ArchiveError) {
                let bytes = try archives.read(.member(archive: archive, name: name), limit: ArchiveLimits.mediaFile)
                (descriptor, size, memory, self.path) = (-1, bytes.count, bytes, nil)
                return
            } catch .missing {
                throw .cannotRead(String(cString: strerror(ENOENT)))
            } catch {
                throw .cannotRead(error.description)
            }
        }
        // Non-blocking: opening a pipe named like an image must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            // "Not a directory" from a path through a file (a zip not open here) would mislead.
            guard errno == ENOENT || errno == ENOTDIR else { throw .cannotRead(String(cString: strerror(errno))) }
            throw .cannotRead(String(cString: strerror(ENOENT)))
        }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .cannotRead("not a regular file")
        }
        (descriptor, size, memory, self.path) = (fd, Int(status.st_size), nil, path)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Up to `count` bytes from `offset` (fewer at end of file); nil on a read error.
    func read(at offset: Int, count: Int) -> [UInt8]? {
        if let memory {
            guard offset > 0 || count < memory.count else { return memory }
            let start = min(max(0, offset), memory.count)
            return Array(memory[start..<start + min(max(0, count), memory.count - start)])
        }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, filled in
            filled = 0
            while filled < count {
                let n = pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset + filled))
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failed = true }
                if n <= 0 { break }
                filled += n
            }
        }
        return failed ? nil : bytes
    }
}
