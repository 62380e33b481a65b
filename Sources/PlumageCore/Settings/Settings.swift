/// What Plumage remembers between runs (`settings.json`): the look (theme, background, text size,
/// FPS overlay) and the window (size, position, fullscreen). Each field is nil when unknown (not
/// in the file, or not valid), which means the default.
public struct Settings: Hashable, Sendable {
    /// The theme's name.
    public var theme: String?
    /// The background file chosen with `b` (a name in `Assets/backgrounds/`); nil = the theme's own.
    public var background: String?
    /// The text size factor, 0.8…2.
    public var textScale: Double?
    /// True when the FPS overlay is shown.
    public var showsFPS: Bool?
    /// The window's size in points when not fullscreen.
    public var windowSize: Size?
    /// The window's top-left corner in desktop coordinates when not fullscreen (none on Wayland).
    public var windowPosition: Point?
    /// True when the window is fullscreen.
    public var fullscreen: Bool?

    /// A value with the given fields (all unknown by default).
    public init(theme: String? = nil, background: String? = nil, textScale: Double? = nil, showsFPS: Bool? = nil,
                windowSize: Size? = nil, windowPosition: Point? = nil, fullscreen: Bool? = nil) {
        self.theme = theme; self.background = background; self.textScale = textScale; self.showsFPS = showsFPS
        self.windowSize = windowSize; self.windowPosition = windowPosition; self.fullscreen = fullscreen
    }

    /// Text sizes a settings file may hold (the range Ctrl+= / Ctrl+- step through).
    public static let textScaleRange = AppState.textScales.first!...AppState.textScales.last!
    /// Window sides a settings file may hold, in points (as `--size` accepts).
    public static let windowSideRange = 64.0...16384.0

    /// These settings with each field that is not usable reset to unknown (the default), and one
    /// message per field reset: a theme not in `themes`, a background not in `backgrounds`, a text
    /// size outside 0.8…2, a window side outside 64…16384 points, a position beyond ±10⁶.
    public func validated(themes: [String], backgrounds: [String]) -> (Settings, problems: [String]) {
        var out = self, problems: [String] = []
        if let theme, !themes.contains(theme) {
            out.theme = nil
            problems.append("unknown theme '\(Self.shortened(theme))'")
        }
        if let background, !backgrounds.contains(background) {
            out.background = nil
            problems.append("unknown background '\(Self.shortened(background))'")
        }
        if let textScale, !Self.textScaleRange.contains(textScale) {
            out.textScale = nil
            problems.append("text size \(textScale) outside 0.8–2")
        }
        if let size = windowSize, !Self.windowSideRange.contains(size.width) || !Self.windowSideRange.contains(size.height) {
            out.windowSize = nil
            problems.append("window size \(size.width)x\(size.height) outside 64–16384")
        }
        if let p = windowPosition, !(abs(p.x) <= 1e6 && abs(p.y) <= 1e6) {
            out.windowPosition = nil
            problems.append("window position out of range")
        }
        return (out, problems)
    }

    /// One of the fields, to say which ones the user changed.
    public enum Field: CaseIterable, Hashable, Sendable {
        case theme, background, textScale, showsFPS, windowSize, windowPosition, fullscreen
    }

    /// The fields whose values differ between `self` and `other`.
    public func fields(differingFrom other: Settings) -> Set<Field> {
        var out: Set<Field> = []
        if theme != other.theme { out.insert(.theme) }
        if background != other.background { out.insert(.background) }
        if textScale != other.textScale { out.insert(.textScale) }
        if showsFPS != other.showsFPS { out.insert(.showsFPS) }
        if windowSize != other.windowSize { out.insert(.windowSize) }
        if windowPosition != other.windowPosition { out.insert(.windowPosition) }
        if fullscreen != other.fullscreen { out.insert(.fullscreen) }
        return out
    }

    /// What to write for a run whose stored settings were `self` when the user changed `changed`
    /// (every field that differed from the start at some moment) and the settings are `now`: the
    /// changed fields take their value now, every other field keeps its stored value (so a
    /// command-line override in effect since start is never written back).
    public func merging(_ now: Settings, changed: Set<Field>) -> Settings {
        var out = self
        if changed.contains(.theme) { out.theme = now.theme }
        if changed.contains(.background) { out.background = now.background }
        if changed.contains(.textScale) { out.textScale = now.textScale }
        if changed.contains(.showsFPS) { out.showsFPS = now.showsFPS }
        if changed.contains(.windowSize) { out.windowSize = now.windowSize }
        if changed.contains(.windowPosition) { out.windowPosition = now.windowPosition }
        if changed.contains(.fullscreen) { out.fullscreen = now.fullscreen }
        return out
    }

    /// True when a window of `size` at `position` overlaps one of `displays` (desktop rectangles)
    /// by at least 64×64 points: a position on a display that is no longer connected is not restored.
    public static func isOnDisplay(position: Point, size: Size, displays: [Rect]) -> Bool {
        let window = Rect(x: position.x, y: position.y, width: size.width, height: size.height)
        return displays.contains { d in
            min(window.maxX, d.maxX) - max(window.minX, d.minX) >= 64
                && min(window.maxY, d.maxY) - max(window.minY, d.minY) >= 64
        }
    }

    /// `text` cut to 60 characters with "…" (for messages).
    static func shortened(_ text: String) -> String { text.count > 60 ? String(text.prefix(60)) + "…" : text }
}

extension AppState {
    /// The look part of the settings as the app has it now (theme, background, text size, FPS overlay).
    public var lookSettings: Settings {
        Settings(theme: theme.name, background: chosenBackground, textScale: textScale, showsFPS: showsFPS)
    }

    /// Applies the known look fields of `settings` (a theme or background the app does not have is skipped).
    public mutating func applyLook(_ settings: Settings) {
        if let name = settings.theme { setTheme(named: name) }
        if let background = settings.background, backgrounds.contains(background) { chosenBackground = background }
        if let scale = settings.textScale { setTextScale(scale) }
        if let fps = settings.showsFPS { showsFPS = fps }
    }
}
