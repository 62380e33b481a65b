internal import CSDL2
internal import CSDL2Image
import Glibc
import Imaging
import PlumageCore

/// A headless drawing surface for snapshots, goldens and benchmarks: SDL's software renderer on
/// an ARGB8888 memory surface, deterministic and display-free; main thread only.
public final class Canvas {
    /// The renderer drawing into the surface.
    public let renderer: Renderer

    /// The most device pixels a canvas has on a side (SDL's software renderer and PNG writer fail
    /// or crash beyond it).
    public static let maxSide = 16_384
    /// The most device pixels a canvas has in all (256 megapixels: 1 GiB of ARGB, read back once more to save it).
    public static let maxPixels = 256 << 20

    /// Why a canvas of `size` device pixels cannot be made (too large, or empty), or nil when it can.
    public static func sizeProblem(_ size: PixelSize) -> String? {
        guard size.width > 0, size.height > 0 else { return "\(size.width)×\(size.height) pixels is empty" }
        guard size.width <= maxSide, size.height <= maxSide, size.width * size.height <= maxPixels else {
            return "\(size.width)×\(size.height) pixels is too large (at most \(maxSide) a side and 256 megapixels)"
        }
        return nil
    }

    /// Creates a canvas of `size` pixels; throws when `sizeProblem` finds one.
    public init(size: PixelSize) throws(SDLError) {
        if let problem = Self.sizeProblem(size) { throw SDLError(function: "canvas", message: problem) }
        renderer = try Renderer(headless: size)
    }

    /// The pixels drawn so far.
    public func bitmap() -> Bitmap {
        renderer.flush()
        let size = renderer.outputSize
        return renderer.readPixels(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
            ?? Bitmap(width: size.width, height: size.height, fill: .clear)
    }

    /// Writes the pixels drawn so far to a PNG file, straight from the canvas's surface (no copy of
    /// up to 1 GiB of pixels); a file that cannot be written in full throws with the system's reason.
    public func savePNG(to path: String) throws(SDLError) {
        renderer.flush()
        guard let surface = renderer.surface else { return try Canvas.writePNG(bitmap(), to: path) }
        try Canvas.writePNG(surface: surface, to: path)
    }

    /// Writes a bitmap to a PNG file; a file that cannot be created or written in full (a full disk,
    /// `/dev/full`) throws with the system's reason.
    public static func writePNG(_ bitmap: Bitmap, to path: String) throws(SDLError) {
        var failure: SDLError?
        bitmap.pixels.withUnsafeBytes { raw in
            // SDL only reads the pixels: no copy of a 1 GiB bitmap.
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                UnsafeMutableRawPointer(mutating: raw.baseAddress), Int32(bitmap.width), Int32(bitmap.height), 32,
                Int32(bitmap.width * 4), SDL_PIXELFORMAT_ARGB8888.rawValue)
            else {
                failure = SDLError.capture("SDL_CreateRGBSurfaceWithFormatFrom")
                return
            }
            defer { SDL_FreeSurface(surface) }
            do throws(SDLError) { try writePNG(surface: surface, to: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes `surface` to a PNG file through a stdio stream whose errors are checked when it is flushed and closed.
    private static func writePNG(surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws(SDLError) {
        guard let file = fopen(path, "wb") else {
            throw SDLError(function: "cannot write \(path)", message: String(cString: strerror(errno)))
        }
        let status = SDL_RWFromFP(file, SDL_FALSE).map { IMG_SavePNG_RW(surface, $0, 1) } ?? -1
        errno = 0
        let flushed = fflush(file) == 0 && ferror(file) == 0
        let reason = errno == 0 ? "write error" : String(cString: strerror(errno))
        let closed = fclose(file) == 0
        try check(status, "IMG_SavePNG(\(path))")
        guard flushed, closed else { throw SDLError(function: "cannot write \(path)", message: reason) }
    }
}
