import Testing

@testable import SDLPlatform

/// Which display server SDL is asked to use, and where the extra HiDPI scale comes from.
@Suite struct VideoDriverTests {
    @Test func aWaylandDesktopTriesWaylandFirstThenX11() {
        #expect(Video.preferredDrivers(environment: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"]) == "wayland,x11")
    }

    @Test func x11AloneKeepsSDLsOwnOrder() {
        #expect(Video.preferredDrivers(environment: ["DISPLAY": ":0"]) == nil)
        #expect(Video.preferredDrivers(environment: ["WAYLAND_DISPLAY": ""]) == nil)
    }

    @Test func theUsersOwnChoiceWins() {
        #expect(Video.preferredDrivers(environment: ["WAYLAND_DISPLAY": "wayland-0", "SDL_VIDEODRIVER": "x11"]) == nil)
    }
}
