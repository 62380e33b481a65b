/// What a key press asks the app to do.
public enum Command: Hashable, Sendable {
    case scrollLines(Int)
    case scrollPages(Int)
    case scrollToTop, scrollToBottom
    case toggleFPS, nextTheme, nextBackground, reload, toggleFullscreen, quit, back, toggleHelp
    /// Text size: +1 bigger, −1 smaller, 0 back to 100 %.
    case textSize(Int)
    /// Image view: zoom in (+1) or out (−1) one step around the cursor, animated.
    case zoomStep(Int)
    /// Image view: auto-zoom to fit, or to fill, or toggle between them.
    case zoomFit, zoomFill, toggleFillFit
    /// Image view: 100 % (one image pixel per device pixel).
    case zoomActual
    /// Image view: pan by a tenth of the view in a direction (x, y in −1…1).
    case pan(x: Int, y: Int)
    /// Image view: ← →, which pan while the image overflows that way, else change photo.
    case panOrStep(Int)
    /// Image view: the next (+1) or previous (−1) photo.
    case stepPhoto(Int)
    /// Image view: the first or last photo.
    case firstPhoto, lastPhoto
}

/// A key with the modifiers that must be held (Shift is ignored for printable characters).
public struct KeyChord: Hashable, Sendable {
    /// The key pressed.
    public var key: Key
    /// Exactly the modifiers that must be held (empty = none).
    public var modifiers: Modifiers
    /// Creates a chord.
    public init(_ key: Key, _ modifiers: Modifiers = []) { self.key = key; self.modifiers = modifiers }
}

/// The key table, one row per binding (nsxiv's config.def.h style).
public enum KeyBindings {
    /// Bindings of the feed screen.
    public static let feed: [(KeyChord, Command)] = [
        (KeyChord(.down),                        .scrollLines(1)),
        (KeyChord(.character("j")),              .scrollLines(1)),
        (KeyChord(.up),                          .scrollLines(-1)),
        (KeyChord(.character("k")),              .scrollLines(-1)),
        (KeyChord(.pageDown),                    .scrollPages(1)),
        (KeyChord(.space),                       .scrollPages(1)),
        (KeyChord(.pageUp),                      .scrollPages(-1)),
        (KeyChord(.home),                        .scrollToTop),
        (KeyChord(.end),                         .scrollToBottom),
        (KeyChord(.f12),                         .toggleFPS),
        (KeyChord(.character("t")),              .nextTheme),
        (KeyChord(.character("b")),              .nextBackground),
        (KeyChord(.character("="), .control),    .textSize(1)),
        (KeyChord(.character("+"), .control),    .textSize(1)),
        (KeyChord(.character("-"), .control),    .textSize(-1)),
        (KeyChord(.character("0"), .control),    .textSize(0)),
        (KeyChord(.f5),                          .reload),
        (KeyChord(.f11),                         .toggleFullscreen),
        (KeyChord(.character("f")),              .toggleFullscreen),
        (KeyChord(.character("q")),              .quit),
        (KeyChord(.character("q"), .control),    .quit),
        (KeyChord(.escape),                      .back),
        (KeyChord(.backspace),                   .back),
        (KeyChord(.left, .alt),                  .back),
        (KeyChord(.character("?")),              .toggleHelp),
    ]

    /// Bindings of the image view (SPEC §7, after imv/nsxiv/eog); keys not listed fall back to `feed`'s.
    public static let photo: [(KeyChord, Command)] = [
        (KeyChord(.character("+")),              .zoomStep(1)),
        (KeyChord(.character("=")),              .zoomStep(1)),
        (KeyChord(.character("-")),              .zoomStep(-1)),
        (KeyChord(.character("0")),              .zoomFit),
        (KeyChord(.character("1")),              .zoomActual),
        (KeyChord(.character("z")),              .toggleFillFit),
        (KeyChord(.left),                        .panOrStep(-1)),
        (KeyChord(.right),                       .panOrStep(1)),
        (KeyChord(.up),                          .pan(x: 0, y: -1)),
        (KeyChord(.down),                        .pan(x: 0, y: 1)),
        (KeyChord(.character("h")),              .pan(x: -1, y: 0)),
        (KeyChord(.character("l")),              .pan(x: 1, y: 0)),
        (KeyChord(.character("k")),              .pan(x: 0, y: -1)),
        (KeyChord(.character("j")),              .pan(x: 0, y: 1)),
        (KeyChord(.character("n")),              .stepPhoto(1)),
        (KeyChord(.space),                       .stepPhoto(1)),
        (KeyChord(.pageDown),                    .stepPhoto(1)),
        (KeyChord(.character("p")),              .stepPhoto(-1)),
        (KeyChord(.pageUp),                      .stepPhoto(-1)),
        (KeyChord(.home),                        .firstPhoto),
        (KeyChord(.end),                         .lastPhoto),
    ]

    /// The command bound to a key press in `table`, if any (Shift is ignored for characters).
    public static func command(for key: Key, _ modifiers: Modifiers, in table: [(KeyChord, Command)]) -> Command? {
        var mods = modifiers
        if case .character = key { mods.remove(.shift) }
        return table.first { $0.0.key == key && $0.0.modifiers == mods }?.1
    }
}
