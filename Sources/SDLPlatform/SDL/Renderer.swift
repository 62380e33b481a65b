internal import CSDL2
import Imaging
import PlumageCore

/// An SDL renderer drawing into a window or, headless, into a memory surface; main thread only.
/// Textures keep their renderer alive (SDL_DestroyRenderer frees every texture it made).
public final class Renderer {
    /// The SDL_Renderer; destroyed with this object.
    let handle: OpaquePointer
    /// The window drawn into (kept alive while the renderer lives), or nil when headless.
    let window: Window?
    /// The target surface of a headless renderer, owned and freed here.
    let surface: UnsafeMutablePointer<SDL_Surface>?
    /// The pixel format of textures whose pixels are all opaque: the target surface's XRGB8888 when
    /// the software renderer draws into such a surface, else ARGB8888 (both read `Bitmap`'s bytes as
    /// they are). With the target's own format, SDL scales a copy straight into the target; from
    /// ARGB8888 into XRGB8888 it converts the whole texture and the scaled result through two
    /// temporary surfaces on every copy (docs/NOTES.md, "Sanitizers and soak").
    let opaqueFormat: UInt32
    /// The pixel format of textures it draws into (`Texture(renderer:target:)`): the output's own
    /// where the software renderer draws into a surface (a scaled copy into such a texture then
    /// takes the very path it takes onto the output), else ARGB8888.
    let targetFormat: UInt32

    /// Creates a renderer for `window` according to `choice`; vsync is not requested, the loop paces itself.
    public init(window: Window, choice: RendererChoice) throws(SDLError) {
        _ = Video.applyHints(for: choice)
        handle = try SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_TARGETTEXTURE.rawValue)
            .orThrow("SDL_CreateRenderer")
        self.window = window
        surface = nil
        opaqueFormat = Self.opaqueFormat(of: handle, window: window)
        targetFormat = Self.softwareWindowFormat(of: handle, window: window) ?? SDL_PIXELFORMAT_ARGB8888.rawValue
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
    }

    /// `opaqueFormat` for a renderer drawing into `window`: only the software renderer draws into
    /// the window surface (asking a GPU renderer's window for it would make one).
    private static func opaqueFormat(of handle: OpaquePointer, window: Window) -> UInt32 {
        softwareWindowFormat(of: handle, window: window) == SDL_PIXELFORMAT_RGB888.rawValue
            ? SDL_PIXELFORMAT_RGB888.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    /// The format of `window`'s surface when the software renderer draws into it; nil for other
    /// renderers (asking a GPU renderer's window for its surface would make one).
    private static func softwareWindowFormat(of handle: OpaquePointer, window: Window) -> UInt32? {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0, let name = info.name, String(cString: name) == "software",
              let target = SDL_GetWindowSurface(window.handle) else { return nil }
        return target.pointee.format.pointee.format
    }

    /// Creates a software renderer drawing into a new `size` ARGB8888 surface (no display needed);
    /// `windowLike`: an XRGB8888 surface instead, as an X11 window's (tests of that pixel path).
    public init(headless size: PixelSize, windowLike: Bool = false) throws(SDLError) {
        let format = windowLike ? SDL_PIXELFORMAT_RGB888.rawValue : SDL_PIXELFORMAT_ARGB8888.rawValue
        let s = try SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32, format)
            .orThrow("SDL_CreateRGBSurface")
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            let error = SDLError.capture("SDL_CreateSoftwareRenderer")
            SDL_FreeSurface(s)
            throw error
        }
        handle = r
        surface = s
        window = nil
        opaqueFormat = format
        targetFormat = format
        SDL_SetRenderDrawBlendMode(handle, SDL_BLENDMODE_BLEND)
    }

    deinit {
        SDL_DestroyRenderer(handle)
        if let surface { SDL_FreeSurface(surface) }
    }

    /// The renderer's name ("software", "opengl"…).
    public var name: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// The largest texture side, or 4096 where the renderer reports no limit (software).
    public var maxTextureSide: Int {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(handle, &info) == 0, info.max_texture_width > 0 else { return 4096 }
        return Int(min(info.max_texture_width, info.max_texture_height))
    }

    /// The size of the drawing area in device pixels.
    public var outputSize: PixelSize {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return PixelSize(width: Int(w), height: Int(h))
    }

    /// Clears the target to a colour.
    func clear(_ color: RGBA) {
        SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a)
        SDL_RenderClear(handle)
    }

    /// Fills a pixel rectangle, blending by the colour's alpha.
    func fill(_ r: PixelRect, _ color: RGBA) {
        guard r.width > 0, r.height > 0, color.a > 0 else { return }
        var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
        SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a)
        // The software backend blends per pixel whenever the blend mode is BLEND, even at full
        // alpha; opaque fills take its fast memset-like path only with NONE.
        SDL_SetRenderDrawBlendMode(handle, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_RenderFillRect(handle, &rect)
    }

    /// Fills many pixel rectangles with one colour in one call (blending by its alpha, like `fill`).
    func fill(_ rects: [PixelRect], _ color: RGBA) {
        guard !rects.isEmpty, color.a > 0 else { return }
        let sdlRects = rects.map { SDL_Rect(x: Int32($0.x), y: Int32($0.y), w: Int32($0.width), h: Int32($0.height)) }
        SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a)
        SDL_SetRenderDrawBlendMode(handle, color.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        sdlRects.withUnsafeBufferPointer { _ = SDL_RenderFillRects(handle, $0.baseAddress, Int32($0.count)) }
    }

    /// Copies `source` (pixels of the texture, whole when nil) of a texture to a pixel rectangle.
    func copy(_ texture: Texture, from source: PixelRect? = nil, to destination: PixelRect) {
        var dst = SDL_Rect(x: Int32(destination.x), y: Int32(destination.y),
                           w: Int32(destination.width), h: Int32(destination.height))
        if let s = source {
            var src = SDL_Rect(x: Int32(s.x), y: Int32(s.y), w: Int32(s.width), h: Int32(s.height))
            SDL_RenderCopy(handle, texture.handle, &src, &dst)
        } else {
            SDL_RenderCopy(handle, texture.handle, nil, &dst)
        }
    }

    /// Restricts drawing to a pixel rectangle, or lifts the restriction.
    func setClip(_ r: PixelRect?) {
        if let r {
            var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
            SDL_RenderSetClipRect(handle, &rect)
        } else {
            SDL_RenderSetClipRect(handle, nil)
        }
    }

    /// Reads back a pixel rectangle of what has been drawn, as a bitmap.
    func readPixels(_ r: PixelRect) -> Bitmap? {
        guard r.width > 0, r.height > 0 else { return nil }
        var rect = SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height))
        var pixels = [UInt8](repeating: 0, count: r.width * r.height * 4)
        let status = pixels.withUnsafeMutableBytes {
            SDL_RenderReadPixels(handle, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, $0.baseAddress, Int32(r.width * 4))
        }
        guard status == 0 else { SDL_ClearError(); return nil }
        return Bitmap(width: r.width, height: r.height, pixels: pixels)
    }

    /// Shows what was drawn (for a headless surface: completes the drawing).
    public func presentFrame() { SDL_RenderPresent(handle) }

    /// Flushes batched drawing so the target holds every pixel drawn so far.
    func flush() { SDL_RenderFlush(handle) }

    /// Runs `draw` with `texture` (made with `Texture(renderer:target:)`) as the target instead of
    /// the output: no clip, no viewport offset, as SDL sets for a texture target. The output's clip
    /// and viewport are restored afterwards. False (and `draw` not run) when SDL refuses the target.
    func drawing(into texture: Texture, _ draw: () -> Void) -> Bool {
        guard SDL_SetRenderTarget(handle, texture.handle) == 0 else { SDL_ClearError(); return false }
        draw()
        SDL_SetRenderTarget(handle, nil)
        return true
    }
}

/// An SDL texture; main thread only. Holds its renderer so the renderer outlives it.
public final class Texture {
    /// The SDL_Texture; destroyed with this object.
    let handle: OpaquePointer
    /// The renderer that made the texture, kept alive while it lives.
    let renderer: Renderer
    /// Size in pixels.
    public let size: PixelSize

    /// Uploads a bitmap into a new static texture; `opaque` (every pixel's alpha is 255, or is to
    /// be ignored) skips alpha blending when drawn, for good: such a texture may have no alpha channel.
    convenience init(renderer: Renderer, bitmap: Bitmap, opaque: Bool = false, linear: Bool = true) throws(SDLError) {
        try self.init(renderer: renderer, size: bitmap.size, opaque: opaque)
        bitmap.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(handle, nil, $0.baseAddress, Int32(bitmap.width * 4)) }
        if !linear { setScaleMode(SDL_ScaleModeNearest) }
    }

    /// Creates an empty static texture of `size` pixels, to be filled with `update(rows:of:in:)`;
    /// `opaque` as for `init(renderer:bitmap:opaque:linear:)`; scaled linearly.
    init(renderer: Renderer, size: PixelSize, opaque: Bool) throws(SDLError) {
        let format = opaque ? renderer.opaqueFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        handle = try SDL_CreateTexture(renderer.handle, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                       Int32(max(1, size.width)), Int32(max(1, size.height)))
            .orThrow("SDL_CreateTexture")
        self.renderer = renderer
        self.size = size
        SDL_SetTextureBlendMode(handle, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
    }

    /// Copies rows `rows` (counted from the region's top) of `region` of `bitmap` into the same rows
    /// of the texture, which has the region's size; `region` must lie within `bitmap`.
    func update(rows: Range<Int>, of region: PixelRect, in bitmap: Bitmap) {
        guard !rows.isEmpty else { return }
        var rect = SDL_Rect(x: 0, y: Int32(rows.lowerBound), w: Int32(region.width), h: Int32(rows.count))
        let pitch = bitmap.width * 4
        bitmap.pixels.withUnsafeBytes { raw in
            let first = raw.baseAddress! + (region.y + rows.lowerBound) * pitch + region.x * 4
            _ = SDL_UpdateTexture(handle, &rect, first, Int32(pitch))
        }
    }

    /// Creates a texture of `size` pixels the renderer can draw into (`Renderer.drawing(into:_:)`),
    /// in `Renderer.targetFormat` (the output's own for the software renderer, so scaled copies into
    /// it take the same path as onto the output), copied without blending.
    init(renderer: Renderer, target size: PixelSize) throws(SDLError) {
        handle = try SDL_CreateTexture(renderer.handle, renderer.targetFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                       Int32(max(1, size.width)), Int32(max(1, size.height)))
            .orThrow("SDL_CreateTexture")
        self.renderer = renderer
        self.size = size
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
    }

    /// Creates a texture from an SDL surface (converted by SDL as needed).
    init(renderer: Renderer, surface: UnsafeMutablePointer<SDL_Surface>) throws(SDLError) {
        handle = try SDL_CreateTextureFromSurface(renderer.handle, surface).orThrow("SDL_CreateTextureFromSurface")
        self.renderer = renderer
        size = PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h))
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
    }

    deinit { SDL_DestroyTexture(handle) }

    /// Bytes of pixel memory held, for cost-bounded caches.
    public var byteCount: Int { size.width * size.height * 4 }

    /// Sets how the texture is sampled when scaled (linear, or nearest for crisp pixels).
    func setScaleMode(_ mode: SDL_ScaleMode) { SDL_SetTextureScaleMode(handle, mode) }

    /// Copies this texture without blending from now on (its pixels are opaque).
    func setOpaque() { SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_NONE) }

    /// Copies this texture blended by its alpha from now on (it must have been made not `opaque`), or
    /// without blending when `blended` is false.
    func setBlended(_ blended: Bool) {
        SDL_SetTextureBlendMode(handle, blended ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }

    /// Tints the texture's colour and alpha for the next copies.
    func tint(_ color: RGBA) {
        SDL_SetTextureColorMod(handle, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(handle, color.a)
    }

    /// Replaces the whole texture's pixels (streaming use); the bitmap must match `size`.
    func update(_ bitmap: Bitmap) {
        bitmap.pixels.withUnsafeBytes { _ = SDL_UpdateTexture(handle, nil, $0.baseAddress, Int32(bitmap.width * 4)) }
    }
}
