internal import CSDL2
import Foundation
internal import CSDL2TTF
import PlumageCore

/// Which SDL renderer to use for a window.
public enum RendererChoice: String, Sendable, CaseIterable {
    /// Accelerated where a real GPU exists; software + XShm when the only GL is a CPU one (DESIGN §3).
    case auto
    case software
    case opengl
    case opengles2
}

/// Process-wide SDL set-up; call once on the main thread before creating windows or fonts.
public enum Video {
    /// Initialises SDL video + events, SDL_ttf and SDL_image. `headless` selects the dummy video
    /// driver (no display needed) for tests, snapshots and benchmarks, and leaves SIGINT and SIGTERM
    /// their default action (SDL would turn them into a quit event nobody polls, so `kill` did nothing).
    public static func initialize(headless: Bool) throws(SDLError) {
        if headless {
            SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        } else if let drivers = preferredDrivers(environment: ProcessInfo.processInfo.environment) {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers)
        }
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        let environment = ProcessInfo.processInfo.environment
        if SDL_Init(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) != 0 {
            let error = SDLError.capture("SDL_Init")
            guard !headless else { throw error }
            throw SDLError(function: "cannot open display \(displayName(environment))", message: error.message)
        }
        if !headless, let display = unusableDisplay(driver: driverName, environment: environment) {
            SDL_Quit()
            throw SDLError(function: "cannot open display \(display)", message: "no X11 or Wayland server answered")
        }
        if TTF_WasInit() == 0 { try check(TTF_Init(), "TTF_Init") }
        try ImageDecoder.initializeOnMainThread()
    }

    /// True when a display server can be reached (X11 `DISPLAY` or `WAYLAND_DISPLAY` set).
    public static var hasDisplay: Bool {
        let env = { (name: String) -> Bool in
            guard let v = SDL_getenv(name) else { return false }
            return v.pointee != 0
        }
        return env("DISPLAY") || env("WAYLAND_DISPLAY")
    }

    /// The display named in `environment` (`DISPLAY`, else `WAYLAND_DISPLAY`) when SDL, unable to
    /// reach it, started `driver` — one that opens no window (`offscreen`, `dummy`) — although the user
    /// did not ask for it in `SDL_VIDEODRIVER`; nil when `driver` is a real one or was asked for.
    /// A window run on such a driver would show nothing and never end.
    static func unusableDisplay(driver: String, environment: [String: String]) -> String? {
        guard ["offscreen", "dummy"].contains(driver.lowercased()) else { return nil }
        let chosen = (environment["SDL_VIDEODRIVER"] ?? "").lowercased().split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !chosen.contains(driver.lowercased()) else { return nil }
        return displayName(environment)
    }

    /// `DISPLAY`, else `WAYLAND_DISPLAY`, as messages show it; "(none)" when both are unset or empty.
    static func displayName(_ environment: [String: String]) -> String {
        let display = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].compactMap { $0 }.first { !$0.isEmpty }
        return MessageText.clipped(display ?? "(none)")
    }

    /// The video drivers to try, in order, when the user did not choose (`SDL_VIDEODRIVER`): on a
    /// Wayland desktop (`WAYLAND_DISPLAY` set) Wayland first, then X11 (SDL 2.26 tries X11 first,
    /// through Xwayland, which blurs HiDPI); X11 alone when only `DISPLAY` is set (so an unreachable
    /// X server fails at once, without SDL also probing Wayland, which prints its own error, or
    /// falling back to its window-less `offscreen` driver); nil (SDL's own order) otherwise.
    static func preferredDrivers(environment: [String: String]) -> String? {
        if let chosen = environment["SDL_VIDEODRIVER"], !chosen.isEmpty { return nil }
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty { return "wayland,x11" }
        if let x11 = environment["DISPLAY"], !x11.isEmpty { return "x11" }
        return nil
    }

    /// True when SDL's video runs on the Wayland driver (after `initialize`).
    public static var isWayland: Bool {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) == "wayland" } ?? false
    }

    /// The name of the video driver in use ("x11", "wayland", "dummy"…); empty before `initialize`.
    public static var driverName: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "" }

    /// The connected displays' rectangles in desktop coordinates (SDL window units).
    public static func displayBounds() -> [Rect] {
        (0..<max(0, SDL_GetNumVideoDisplays())).compactMap { i in
            var r = SDL_Rect()
            guard SDL_GetDisplayBounds(i, &r) == 0 else { return nil }
            return Rect(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
        }
    }

    /// Seconds on a monotonic high-resolution clock.
    public static func seconds() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    /// Applies the hints a renderer choice needs before `SDL_CreateRenderer` (DESIGN §3).
    static func applyHints(for choice: RendererChoice) -> RendererChoice {
        var resolved = choice
        if choice == .auto {
            // No GPU render node means the only GL is llvmpipe: the software renderer with XShm
            // presents is 4-9x faster there (reference/sdl-notes.md §1).
            resolved = gpuRenderNodeExists() ? .auto : .software
        }
        if resolved == .software {
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        } else if resolved != .auto {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, resolved.rawValue)
        }
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
        return resolved
    }

    /// True when a GPU render node (/dev/dri/renderD128…135) can be opened.
    static func gpuRenderNodeExists() -> Bool {
        for n in 128..<136 {
            if let rw = SDL_RWFromFile("/dev/dri/renderD\(n)", "rb") {
                SDL_RWclose(rw)
                return true
            }
        }
        SDL_ClearError()
        return false
    }
}
