/// What a key press asks the app to do.
public enum Command: Hashable, Sendable {
    case scrollLines(Int)
    case scrollPages(Int)
    case scrollToTop, scrollToBottom
    case toggleFPS, nextTheme, nextBackground, reload, toggleFullscreen, quit, back, toggleHelp
    /// Text size: +1 bigger, −1 smaller, 0 back to 100 %.
    case textSize(Int)
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

    /// The command bound to a key press in `table`, if any (Shift is ignored for characters).
    public static func command(for key: Key, _ modifiers: Modifiers, in table: [(KeyChord, Command)]) -> Command? {
        var mods = modifiers
        if case .character = key { mods.remove(.shift) }
        return table.first { $0.0.key == key && $0.0.modifiers == mods }?.1
    }
}
