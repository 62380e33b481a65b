internal import CSDL2
import Glibc
import PlumageCore

/// Turns SDL events into core `InputEvent`s, converting window units to points; main thread only.
public struct EventTranslator {
    /// Points per SDL window unit (1 on plain X11; differs with HiDPI scaling).
    public var pointsPerUnit = 1.0
    /// The window's size in points (maps normalised touch positions).
    public var windowPoints = Size(width: 1, height: 1)

    /// Creates a translator.
    public init() {}

    /// What one SDL event means.
    public enum Translation {
        case input(InputEvent)
        /// The window needs drawing again (exposed, shown, size or mailbox wake-up).
        case redraw
        /// The window's size changed; re-measure it.
        case resize
        case ignored
    }

    /// Window units to points.
    func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) * pointsPerUnit, y: Double(y) * pointsPerUnit) }
    /// Window units (fractional) to points.
    func point(_ x: Float, _ y: Float) -> Point { Point(x: Double(x) * pointsPerUnit, y: Double(y) * pointsPerUnit) }

    /// Translates one SDL event.
    func translate(_ event: inout SDL_Event) -> Translation {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .input(.quit)
        case SDL_KEYDOWN:
            let mods = modifiers(SDL_Keymod(UInt32(event.key.keysym.mod)))
            let sym = Int(event.key.keysym.sym)
            if (sym == Int(SDLK_v.rawValue) && mods == .control) || (sym == Int(SDLK_INSERT.rawValue) && mods == .shift) {
                return .input(.paste(clipboardText()))
            }
            guard let key = key(event.key.keysym.sym, shift: mods.contains(.shift)) else { return .ignored }
            return .input(.key(key, mods))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return text.isEmpty ? .ignored : .input(.text(text))
        case SDL_TEXTEDITING:
            let text = withUnsafeBytes(of: event.edit.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .input(.composition(text))
        case SDL_MOUSEWHEEL:
            var dx = Double(event.wheel.preciseX), dy = Double(event.wheel.preciseY)
            if event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dx = -dx; dy = -dy }
            let mods = modifiers(SDL_GetModState())
            return .input(.wheel(dx: dx, dy: dy, at: point(event.wheel.mouseX, event.wheel.mouseY), mods))
        case SDL_MOUSEBUTTONDOWN:
            guard let b = button(event.button.button) else { return .ignored }
            return .input(.pointerDown(b, at: point(event.button.x, event.button.y)))
        case SDL_MOUSEBUTTONUP:
            guard let b = button(event.button.button) else { return .ignored }
            return .input(.pointerUp(b, at: point(event.button.x, event.button.y)))
        case SDL_MOUSEMOTION:
            return .input(.pointerMoved(to: point(event.motion.x, event.motion.y)))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_DISPLAY_CHANGED: return .resize
            case SDL_WINDOWEVENT_LEAVE: return .input(.pointerLeft)
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED: return .redraw
            default: return .ignored
            }
        case SDL_MULTIGESTURE:
            // Touch coordinates are normalised to the device; dDist is the change in finger distance
            // as a fraction of the device diagonal. A spread across the whole diagonal zooms 16×.
            let g = event.mgesture
            guard g.numFingers == 2, g.dDist != 0 else { return .ignored }
            let factor = pow(16, Double(g.dDist))
            return .input(.pinch(factor: factor, at: Point(x: Double(g.x) * windowPoints.width,
                                                            y: Double(g.y) * windowPoints.height)))
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            return .redraw
        default:
            return .ignored
        }
    }

    /// The clipboard's text ("" when empty or not text).
    func clipboardText() -> String {
        guard SDL_HasClipboardText().rawValue != 0, let raw = SDL_GetClipboardText() else { return "" }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }

    /// The core modifiers (shift, control, alt) set in an SDL modifier mask.
    func modifiers(_ mod: SDL_Keymod) -> Modifiers {
        var m: Modifiers = []
        if mod.rawValue & KMOD_SHIFT.rawValue != 0 { m.insert(.shift) }
        if mod.rawValue & KMOD_CTRL.rawValue != 0 { m.insert(.control) }
        if mod.rawValue & KMOD_ALT.rawValue != 0 { m.insert(.alt) }
        return m
    }

    /// The core button for an SDL mouse button number; nil for unknown buttons.
    func button(_ b: UInt8) -> MouseButton? {
        switch Int32(b) {
        case SDL_BUTTON_LEFT: .left
        case SDL_BUTTON_MIDDLE: .middle
        case SDL_BUTTON_RIGHT: .right
        case SDL_BUTTON_X1: .back
        case SDL_BUTTON_X2: .forward
        default: nil
        }
    }

    /// Maps a key code; printable keys become characters (US layout for shifted symbols).
    func key(_ sym: SDL_Keycode, shift: Bool) -> Key? {
        switch Int(sym) {
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_DELETE.rawValue): return .delete
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_TAB.rawValue): return .tab
        case Int(SDLK_F5.rawValue): return .f5
        case Int(SDLK_F11.rawValue): return .f11
        case Int(SDLK_F12.rawValue): return .f12
        case Int(SDLK_KP_PLUS.rawValue): return .character("+")
        case Int(SDLK_KP_MINUS.rawValue): return .character("-")
        case 33..<127:
            guard let scalar = Unicode.Scalar(UInt32(sym)) else { return nil }
            let shifted: [Character: Character] = ["/": "?", "=": "+", "1": "!"]
            let c = Character(scalar)
            return .character(shift ? shifted[c] ?? c : c)
        default: return nil
        }
    }
}
