import CSDL2
import PlumageCore
import Testing

@testable import SDLPlatform

/// The input event a translation carries, or nil.
private func input(_ translation: EventTranslator.Translation) -> InputEvent? {
    if case .input(let event) = translation { event } else { nil }
}

/// The kind of a translation without its payload: "input", "redraw", "resize" or "ignored".
private func kind(_ translation: EventTranslator.Translation) -> String {
    switch translation {
    case .input: "input"
    case .redraw: "redraw"
    case .resize: "resize"
    case .ignored: "ignored"
    }
}

/// An event of SDL type `type`, every other field zero, filled in by `fill`.
private func event(_ type: SDL_EventType, _ fill: (inout SDL_Event) -> Void = { _ in }) -> SDL_Event {
    var event = SDL_Event()
    event.type = type.rawValue
    fill(&event)
    return event
}

/// Translates a copy of `event` with `translator`.
private func translate(_ event: SDL_Event, _ translator: EventTranslator = EventTranslator()) -> EventTranslator.Translation {
    var copy = event
    return translator.translate(&copy)
}

/// A key-down event for `sym` with modifier mask `mod`.
private func keyDown(_ sym: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> SDL_Event {
    event(SDL_KEYDOWN) {
        $0.key.keysym.sym = SDL_Keycode(sym.rawValue)
        $0.key.keysym.mod = UInt16(mod.rawValue)
    }
}

@Suite(.serialized) struct EventTranslatorTests {
    init() { #expect(sdlEventsReady) }

    @Test func keysWithModifiersAndUSShiftedSymbols() {
        #expect(input(translate(keyDown(SDLK_a))) == .key(.character("a"), []))
        #expect(input(translate(keyDown(SDLK_SLASH, KMOD_LSHIFT))) == .key(.character("?"), .shift))
        #expect(input(translate(keyDown(SDLK_EQUALS, KMOD_RSHIFT))) == .key(.character("+"), .shift))
        #expect(input(translate(keyDown(SDLK_1, KMOD_LSHIFT))) == .key(.character("!"), .shift))
        #expect(input(translate(keyDown(SDLK_SLASH))) == .key(.character("/"), []))
        // Letters stay lowercase under shift; the modifier says it was held.
        #expect(input(translate(keyDown(SDLK_j, KMOD_LSHIFT))) == .key(.character("j"), .shift))
        let chord = SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_RALT.rawValue | KMOD_NUM.rawValue)
        #expect(input(translate(keyDown(SDLK_EQUALS, chord))) == .key(.character("="), [.control, .alt]))
        #expect(input(translate(keyDown(SDLK_PAGEDOWN))) == .key(.pageDown, []))
        #expect(input(translate(keyDown(SDLK_F11))) == .key(.f11, []))
        #expect(input(translate(keyDown(SDLK_KP_ENTER))) == .key(.enter, []))
    }

    @Test func keypadPlusAndMinusAreCharacters() {
        #expect(input(translate(keyDown(SDLK_KP_PLUS))) == .key(.character("+"), []))
        #expect(input(translate(keyDown(SDLK_KP_MINUS, KMOD_LCTRL))) == .key(.character("-"), .control))
    }

    @Test func deleteIsItsOwnKey() {
        #expect(input(translate(keyDown(SDLK_DELETE))) == .key(.delete, []))
    }

    @Test func unknownKeysAndKeyUpsAreIgnored() {
        for sym in [SDLK_F1, SDLK_CAPSLOCK, SDLK_LSHIFT, SDLK_INSERT, SDLK_KP_5] {
            #expect(kind(translate(keyDown(sym))) == "ignored", "\(sym)")
        }
        #expect(kind(translate(event(SDL_KEYDOWN) { $0.key.keysym.sym = 0xE9 })) == "ignored")  // é, past ASCII
        #expect(kind(translate(event(SDL_KEYUP) { $0.key.keysym.sym = SDL_Keycode(SDLK_a.rawValue) })) == "ignored")
    }

    @Test func wheelUsesPreciseDeltasNegatedWhenFlippedAndTheHeldModifiers() {
        var translator = EventTranslator()
        translator.pointsPerUnit = 2
        let wheel = { (direction: SDL_MouseWheelDirection) in
            event(SDL_MOUSEWHEEL) {
                $0.wheel.x = 7  // whole detents: ignored in favour of the precise values
                $0.wheel.y = 7
                $0.wheel.preciseX = 0.5
                $0.wheel.preciseY = -1.25
                $0.wheel.direction = direction.rawValue
                $0.wheel.mouseX = 30
                $0.wheel.mouseY = 40
            }
        }
        let at = Point(x: 60, y: 80)
        #expect(input(translate(wheel(SDL_MOUSEWHEEL_NORMAL), translator)) == .wheel(dx: 0.5, dy: -1.25, at: at, []))
        #expect(input(translate(wheel(SDL_MOUSEWHEEL_FLIPPED), translator)) == .wheel(dx: -0.5, dy: 1.25, at: at, []))
        SDL_SetModState(KMOD_LCTRL)
        defer { SDL_SetModState(KMOD_NONE) }
        #expect(input(translate(wheel(SDL_MOUSEWHEEL_NORMAL), translator)) == .wheel(dx: 0.5, dy: -1.25, at: at, .control))
    }

    @Test func mouseButtonsIncludingBackAndForward() {
        var translator = EventTranslator()
        translator.pointsPerUnit = 1.5
        func button(_ type: SDL_EventType, _ number: Int32) -> InputEvent? {
            input(translate(event(type) {
                $0.button.button = UInt8(number)
                $0.button.x = 10
                $0.button.y = 20
            }, translator))
        }
        let at = Point(x: 15, y: 30)
        #expect(button(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_LEFT) == .pointerDown(.left, at: at))
        #expect(button(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_MIDDLE) == .pointerDown(.middle, at: at))
        #expect(button(SDL_MOUSEBUTTONUP, SDL_BUTTON_RIGHT) == .pointerUp(.right, at: at))
        #expect(button(SDL_MOUSEBUTTONDOWN, SDL_BUTTON_X1) == .pointerDown(.back, at: at))
        #expect(button(SDL_MOUSEBUTTONUP, SDL_BUTTON_X2) == .pointerUp(.forward, at: at))
        #expect(button(SDL_MOUSEBUTTONDOWN, 9) == nil)
    }

    @Test func motionIsScaledToPoints() {
        var translator = EventTranslator()
        translator.pointsPerUnit = 0.5
        let motion = event(SDL_MOUSEMOTION) {
            $0.motion.x = 300
            $0.motion.y = 101
        }
        #expect(input(translate(motion, translator)) == .pointerMoved(to: Point(x: 150, y: 50.5)))
    }

    @Test func windowEvents() {
        func window(_ id: SDL_WindowEventID) -> EventTranslator.Translation {
            translate(event(SDL_WINDOWEVENT) { $0.window.event = UInt8(id.rawValue) })
        }
        #expect(input(window(SDL_WINDOWEVENT_LEAVE)) == .pointerLeft)
        #expect(kind(window(SDL_WINDOWEVENT_SIZE_CHANGED)) == "resize")
        #expect(kind(window(SDL_WINDOWEVENT_RESIZED)) == "resize")
        #expect(kind(window(SDL_WINDOWEVENT_EXPOSED)) == "redraw")
        #expect(kind(window(SDL_WINDOWEVENT_SHOWN)) == "redraw")
        #expect(kind(window(SDL_WINDOWEVENT_FOCUS_GAINED)) == "ignored")
        #expect(kind(translate(event(SDL_RENDER_TARGETS_RESET))) == "redraw")
    }

    @Test func twoFingerGesturesPinchAroundTheirNormalisedCentre() {
        var translator = EventTranslator()
        translator.windowPoints = Size(width: 800, height: 600)
        func gesture(fingers: UInt16, dDist: Float) -> EventTranslator.Translation {
            translate(event(SDL_MULTIGESTURE) {
                $0.mgesture.numFingers = fingers
                $0.mgesture.dDist = dDist
                $0.mgesture.x = 0.25
                $0.mgesture.y = 0.75
            }, translator)
        }
        let centre = Point(x: 200, y: 450)
        // 16^¼ = 2, 16^-½ = ¼: a spread across the whole diagonal zooms 16×.
        #expect(input(gesture(fingers: 2, dDist: 0.25)) == .pinch(factor: 2, at: centre))
        #expect(input(gesture(fingers: 2, dDist: -0.5)) == .pinch(factor: 0.25, at: centre))
        #expect(kind(gesture(fingers: 1, dDist: 0.25)) == "ignored")
        #expect(kind(gesture(fingers: 3, dDist: 0.25)) == "ignored")
        #expect(kind(gesture(fingers: 2, dDist: 0)) == "ignored")
    }

    @Test func quitAndUnknownEvents() {
        #expect(input(translate(event(SDL_QUIT))) == .quit)
        #expect(kind(translate(event(SDL_CLIPBOARDUPDATE))) == "ignored")
    }
}
