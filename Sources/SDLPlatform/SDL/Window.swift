internal import CSDL2
import PlumageCore

/// An SDL window; main thread only. Sizes are reported in window points and device pixels.
public final class Window {
    /// The SDL_Window; destroyed with this object.
    let handle: OpaquePointer
    /// Extra scale from the environment: `PLUMAGE_SCALE`, or on X11 (where SDL2 has no HiDPI)
    /// `GDK_SCALE`; SDL window units per point.
    let userScale: Double

    /// Opens a resizable window `size` points large, its top-left corner at `position` (desktop
    /// coordinates; centred when nil), optionally fullscreen.
    public init(title: String, size: Size, fullscreen: Bool, position: Point? = nil) throws(SDLError) {
        userScale = Window.environmentScale(wayland: Video.isWayland)
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        let centered = Int32(0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        let x = position.map { Int32($0.x.rounded()) } ?? centered, y = position.map { Int32($0.y.rounded()) } ?? centered
        handle = try SDL_CreateWindow(title, x, y, Int32(size.width * userScale),
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

    /// The window as it is now: its size in points, its top-left corner in desktop coordinates
    /// (nil on Wayland, where a client cannot know or choose it), and whether it is fullscreen
    /// (the size and corner are then the fullscreen ones).
    public var placement: (size: Size, position: Point?, fullscreen: Bool) {
        let (w, h) = unitSize
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(handle, &x, &y)
        let fullscreen = SDL_GetWindowFlags(handle) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        return (Size(width: (Double(w) / userScale).rounded(), height: (Double(h) / userScale).rounded()),
                Video.isWayland ? nil : Point(x: Double(x), y: Double(y)), fullscreen)
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

    /// `PLUMAGE_SCALE` or else (not on Wayland, whose compositor already scales) `GDK_SCALE`, when
    /// it parses in 0.5…4; otherwise 1.
    static func environmentScale(wayland: Bool) -> Double {
        for name in wayland ? ["PLUMAGE_SCALE"] : ["PLUMAGE_SCALE", "GDK_SCALE"] {
            if let raw = SDL_getenv(name), let v = Double(String(cString: raw)), v >= 0.5, v <= 4 { return v }
        }
        return 1
    }
}
