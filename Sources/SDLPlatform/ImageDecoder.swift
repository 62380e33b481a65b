internal import CSDL2
internal import CSDL2Image
import Dispatch
import Foundation
import Glibc
import PlumageCore
import Synchronization

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
/// - [ ] region/tile decode of huge images (sdl-notes.md §7)
public enum ImageDecoder {
    /// Bytes read for the header probe; JPEGs whose frame header lies beyond get a second, longer read.
    static let probeLength = 64 * 1024
    /// The longest prefix read looking for a JPEG frame header behind large APPn segments.
    static let longProbeLength = 4 * 1024 * 1024

    /// Loads SDL_image's PNG, JPEG and (when present) WebP codecs. Call once on the main thread
    /// before any worker decodes: SDL_image's lazy initialisation is not thread-safe.
    public static func initializeOnMainThread() throws(SDLError) {
        let wanted = IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue
        let loaded = UInt32(bitPattern: IMG_Init(Int32(wanted | IMG_INIT_WEBP.rawValue)))
        if loaded & wanted != wanted { throw SDLError.capture("IMG_Init") }
    }

    /// Decodes the image at `path` on the calling thread. With a `target` (pixels), the result is
    /// reduced as far as it still covers `target` in both dimensions; nil decodes full size. Files
    /// above `pixelCap` pixels or with a malformed header are rejected before decoding.
    ///
    /// SDL_image cannot be interrupted: its decodes run on a helper thread, and when one exceeds
    /// `timeout` seconds this returns `.decodeTimedOut` and leaves that thread running detached until
    /// libpng gives up, possibly never (the PNG chunk walk already rejects the files known to hang it).
    /// JPEG decodes (TurboJPEG, no known hangs) run inline on the calling thread.
    public static func decode(path: String, cover target: PixelSize?, pixelCap: Int = 250_000_000, timeout: Double = 5)
        -> Result<DecodedImage, ImageError>
    {
        do throws(ImageError) {
            let file = try ImageFile(path: path)
            let info = try probe(file).checked(pixelCap: pixelCap).get()
            if info.format == .png {
                try ImageHeader.validatePNGChunks(fileSize: file.size) { file.read(at: $0, count: 8) }.get()
            }
            let storedTarget = target.map { info.orientation >= 5 ? PixelSize(width: $0.height, height: $0.width) : $0 }
            var bitmap = try decodeFull(path: path, file: file, info: info, target: storedTarget, timeout: timeout)
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

    /// Probes the header, retrying with a longer prefix when a JPEG's frame header lies past the first.
    private static func probe(_ file: borrowing ImageFile) throws(ImageError) -> ImageInfo {
        guard let prefix = file.read(at: 0, count: min(file.size, probeLength)) else { throw .cannotRead("read error") }
        let result = ImageHeader.probe(prefix, fileSize: file.size)
        if case .failure(.truncated) = result, prefix.count < file.size, prefix.starts(with: [0xFF, 0xD8]) {
            guard let longer = file.read(at: 0, count: min(file.size, longProbeLength)) else {
                throw .cannotRead("read error")
            }
            return try ImageHeader.probe(longer, fileSize: file.size).get()
        }
        return try result.get()
    }

    /// The decoder's full output in stored orientation: TurboJPEG for JPEG, SDL_image otherwise.
    private static func decodeFull(
        path: String, file: borrowing ImageFile, info: ImageInfo, target: PixelSize?, timeout: Double
    ) throws(ImageError) -> Bitmap {
        if info.format == .jpeg {
            guard let bytes = file.read(at: 0, count: file.size) else { throw .cannotRead("read error") }
            switch TurboJPEG.decode(bytes, cover: target) {
            case .decoded(let bitmap): return bitmap
            case .failed(let error): throw error
            case .unsupportedColorSpace: break
            }
        }
        return try runWithTimeout(timeout) { loadWithSDLImage(path: path) }.get()
    }

    /// `IMG_Load` then conversion to ARGB8888, copied into a tightly packed `Bitmap`.
    private static func loadWithSDLImage(path: String) -> Result<Bitmap, ImageError> {
        guard let loaded = IMG_Load(path) else { return .failure(.corrupt(SDLError.capture("IMG_Load").message)) }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            return .failure(.corrupt(SDLError.capture("SDL_ConvertSurfaceFormat").message))
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_LockSurface(surface) == 0, let source = surface.pointee.pixels else {
            return .failure(.corrupt(SDLError.capture("SDL_LockSurface").message))
        }
        defer { SDL_UnlockSurface(surface) }
        let width = Int(surface.pointee.w)
        let height = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        let rowBytes = width * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            for y in 0..<height {
                (buffer.baseAddress! + y * rowBytes).initialize(
                    from: (source + y * pitch).assumingMemoryBound(to: UInt8.self), count: rowBytes)
            }
            count = rowBytes * height
        }
        return .success(Bitmap(width: width, height: height, pixels: pixels))
    }

    /// Runs `work` on a fresh low-priority thread and waits up to `seconds` for it; on timeout the
    /// thread is abandoned (it finishes, or spins, on its own) and `.decodeTimedOut` is returned.
    static func runWithTimeout(
        _ seconds: Double, _ work: @escaping @Sendable () -> Result<Bitmap, ImageError>
    ) -> Result<Bitmap, ImageError> {
        let handoff = Handoff()
        let thread = Thread {
            SDL_SetThreadPriority(SDL_THREAD_PRIORITY_LOW)
            SDL_ClearError()
            handoff.finish(work())
        }
        thread.name = "plumage-sdl-image"
        thread.start()
        return handoff.wait(seconds: seconds) ?? .failure(.decodeTimedOut)
    }
}

/// A one-shot result slot between the timed decode thread and its waiter.
private final class Handoff: Sendable {
    private let result = Mutex<Result<Bitmap, ImageError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Stores the decode result and wakes the waiter (if it is still waiting).
    func finish(_ value: Result<Bitmap, ImageError>) {
        result.withLock { $0 = value }
        done.signal()
    }

    /// The result, or nil when none arrived within `seconds`.
    func wait(seconds: Double) -> Result<Bitmap, ImageError>? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }
}

/// An open file read with `pread`, closed when dropped; errors carry the system's reason.
private struct ImageFile: ~Copyable {
    /// The open file descriptor.
    let descriptor: Int32
    /// The file's size in bytes when opened.
    let size: Int

    /// Opens a regular file for reading, or throws `.cannotRead` with the system's reason.
    init(path: String) throws(ImageError) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .cannotRead("not a regular file")
        }
        size = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from `offset` (fewer at end of file); nil on a read error.
    func read(at offset: Int, count: Int) -> [UInt8]? {
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
