/// A key with the modifiers that must be held (Shift is ignored for printable characters).
public struct KeyChord: Hashable, Sendable {
    /// The key pressed.
    public var key: Key
    /// Exactly the modifiers that must be held (empty = none).
    public var modifiers: Modifiers
    /// Creates a chord.
    public init(_ key: Key, _ modifiers: Modifiers = []) { self.key = key; self.modifiers = modifiers }
}

/// A key table, one row per binding (nsxiv's config.def.h style); each screen has its own, of
/// its own commands, and the app has one that is consulted before the top screen's.
public struct KeyTable<Command: Sendable>: Sendable {
    /// The bindings in lookup order.
    public let rows: [(KeyChord, Command)]
    /// Creates a table from its rows.
    public init(_ rows: [(KeyChord, Command)]) { self.rows = rows }

    /// The command bound to a key press, if any (Shift is ignored for characters).
    public func command(for key: Key, _ modifiers: Modifiers) -> Command? {
        var mods = modifiers
        if case .character = key { mods.remove(.shift) }
        return rows.first { $0.0.key == key && $0.0.modifiers == mods }?.1
    }
}

/// App-wide commands: the same on every screen, handled before the top screen sees the key.
public enum AppCommand: Hashable, Sendable {
    /// Show or hide the FPS overlay.
    case toggleFPS
    /// Switch to the next theme; the next background image.
    case nextTheme, nextBackground
    /// Read the source again from disk.
    case reload
    /// Switch between windowed and fullscreen; quit.
    case toggleFullscreen, quit
    /// Close the help or the top screen's menu, else go back to the screen below.
    case back
    /// Show or hide the key help.
    case toggleHelp
    /// Text size: +1 bigger, −1 smaller, 0 back to 100 %.
    case textSize(Int)

    /// The app's key table (SPEC §7).
    public static let keys = KeyTable<AppCommand>([
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
    ])
}
