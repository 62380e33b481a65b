internal import CSDL2
import PlumageCore

/// An SDL window; main thread only. Sizes are reported in window points and device pixels.
public final class Window {
    /// The SDL_Window; destroyed with this object.
    let handle: OpaquePointer
    /// Extra scale from the environment (`PLUMAGE_SCALE` or `GDK_SCALE`) for X11, where SDL2 has no HiDPI.
    let userScale: Double

    /// Opens a resizable window `size` points large (centred), optionally fullscreen.
    public init(title: String, size: Size, fullscreen: Bool) throws(SDLError) {
        userScale = Window.environmentScale()
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let centered = Int32(0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        handle = try SDL_CreateWindow(title, centered, centered, Int32(size.width * userScale),
                                      Int32(size.height * userScale), flags).orThrow("SDL_CreateWindow")
        SDL_SetWindowMinimumSize(handle, 320, 240)
    }

    deinit { SDL_DestroyWindow(handle) }

    /// The window's size in SDL window units.
    var unitSize: (Int32, Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return (w, h)
    }

    /// Device pixels per SDL window unit, given the renderer's output width in pixels.
    public func pixelDensity(outputWidth: Int) -> Double {
        let (w, _) = unitSize
        return w > 0 ? Double(outputWidth) / Double(w) : 1
    }

    /// The user's extra scale factor from the environment.
    public var userScaleFactor: Double { userScale }

    /// Sets the window title.
    public func setTitle(_ title: String) { SDL_SetWindowTitle(handle, title) }

    /// Switches between windowed and desktop fullscreen.
    public func toggleFullscreen() {
        let isFullscreen = SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        SDL_SetWindowFullscreen(handle, isFullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }

    /// The display's refresh rate in Hz, or 60 when unknown (Xvfb reports none).
    public var refreshRate: Double {
        var mode = SDL_DisplayMode()
        if SDL_GetWindowDisplayMode(handle, &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
        SDL_ClearError()
        return 60
    }

    /// `PLUMAGE_SCALE` or else `GDK_SCALE` when it parses in 0.5…4; otherwise 1.
    static func environmentScale() -> Double {
        for name in ["PLUMAGE_SCALE", "GDK_SCALE"] {
            if let raw = SDL_getenv(name), let v = Double(String(cString: raw)), v >= 0.5, v <= 4 { return v }
        }
        return 1
    }
}
