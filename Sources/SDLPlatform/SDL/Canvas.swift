internal import CSDL2
internal import CSDL2Image
import Imaging
import PlumageCore

/// A headless drawing surface for snapshots, goldens and benchmarks: SDL's software renderer on
/// an ARGB8888 memory surface, deterministic and display-free; main thread only.
public final class Canvas {
    /// The renderer drawing into the surface.
    public let renderer: Renderer

    /// Creates a canvas of `size` pixels.
    public init(size: PixelSize) throws(SDLError) {
        renderer = try Renderer(headless: size)
    }

    /// The pixels drawn so far.
    public func bitmap() -> Bitmap {
        renderer.flush()
        let size = renderer.outputSize
        return renderer.readPixels(PixelRect(x: 0, y: 0, width: size.width, height: size.height))
            ?? Bitmap(width: size.width, height: size.height, fill: .clear)
    }

    /// Writes the pixels drawn so far to a PNG file.
    public func savePNG(to path: String) throws(SDLError) {
        try Canvas.writePNG(bitmap(), to: path)
    }

    /// Writes a bitmap to a PNG file.
    public static func writePNG(_ bitmap: Bitmap, to path: String) throws(SDLError) {
        var pixels = bitmap.pixels
        let status = pixels.withUnsafeMutableBytes { raw -> Int32 in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                raw.baseAddress, Int32(bitmap.width), Int32(bitmap.height), 32, Int32(bitmap.width * 4),
                SDL_PIXELFORMAT_ARGB8888.rawValue) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, path)
        }
        try check(status, "IMG_SavePNG(\(path))")
    }
}
