import Testing

@testable import SDLPlatform

/// Which display server SDL is asked to use, and where the extra HiDPI scale comes from.
@Suite struct VideoDriverTests {
    @Test func aWaylandDesktopTriesWaylandFirstThenX11() {
        #expect(Video.preferredDrivers(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]) == "wayland,x11")
    }

    @Test func x11AloneTriesX11Only() {
        #expect(Video.preferredDrivers(environment: ["DISPLAY": ":0"]) == "x11")
        #expect(Video.preferredDrivers(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": ""]) == "x11")
    }

    @Test func noDisplayKeepsSDLsOwnOrder() {
        #expect(Video.preferredDrivers(environment: [:]) == nil)
        #expect(Video.preferredDrivers(environment: ["WAYLAND_DISPLAY": "", "DISPLAY": ""]) == nil)
    }

    @Test func theUsersOwnChoiceWins() {
        #expect(Video.preferredDrivers(environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"]) == nil)
    }

    @Test func aFallbackToADriverWithoutWindowsIsRefusedNamingTheDisplay() {
        #expect(Video.unusableDisplay(driver: "offscreen", environment: ["DISPLAY": ":57"]) == ":57")
        #expect(Video.unusableDisplay(driver: "dummy", environment: ["WAYLAND_DISPLAY": "wayland-9"]) == "wayland-9")
        #expect(Video.unusableDisplay(driver: "offscreen", environment: [:]) == "(none)")
    }

    @Test func realDriversAndOnesTheUserAskedForAreKept() {
        #expect(Video.unusableDisplay(driver: "x11", environment: ["DISPLAY": ":0"]) == nil)
        #expect(Video.unusableDisplay(driver: "wayland", environment: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
        #expect(Video.unusableDisplay(driver: "offscreen", environment: ["DISPLAY": ":57", "SDL_VIDEODRIVER": "offscreen"]) == nil)
        #expect(Video.unusableDisplay(driver: "dummy", environment: ["SDL_VIDEODRIVER": "x11, dummy"]) == nil)
    }
}
