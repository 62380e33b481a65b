/// A key with the modifiers that must be held (Shift is ignored for printable characters, unless
/// the chord asks for it: Shift+A is not A).
public struct KeyChord: Hashable, Sendable {
    /// The key pressed.
    public var key: Key
    /// Exactly the modifiers that must be held (empty = none).
    public var modifiers: Modifiers
    /// Creates a chord.
    public init(_ key: Key, _ modifiers: Modifiers = []) { self.key = key; self.modifiers = modifiers }
}

/// A command that can say what it does, for the `?` overlay.
public protocol KeyCommand: Sendable {
    /// What the command does as the help overlay shows it ("next theme"); commands with the same
    /// text share a row there.
    var help: String { get }
}

extension KeyChord {
    /// How the help overlay writes the chord ("Ctrl+=", "Alt+←", "PgDn", "j").
    public var label: String {
        let name: String = switch key {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .space: "Space"
        case .tab: "Tab"
        case .f5: "F5"
        case .f11: "F11"
        case .f12: "F12"
        case let .character(c): c == "-" ? "−" : modifiers.contains(.shift) ? c.uppercased() : String(c)
        }
        return (modifiers.contains(.control) ? "Ctrl+" : "") + (modifiers.contains(.alt) ? "Alt+" : "")
            + (modifiers.contains(.shift) ? "Shift+" : "") + name
    }
}

/// A key table, one row per binding (nsxiv's config.def.h style); each screen has its own, of
/// its own commands, and the app has one that is consulted before the top screen's.
public struct KeyTable<Command: Sendable>: Sendable {
    /// The bindings in lookup order.
    public let rows: [(KeyChord, Command)]
    /// Creates a table from its rows.
    public init(_ rows: [(KeyChord, Command)]) { self.rows = rows }

    /// The command bound to a key press, if any: a row with exactly these modifiers, else, for a
    /// character typed with Shift, a row without Shift (Shift makes `?` and `+`; only a row that
    /// asks for Shift, like nsxiv's Shift+A, tells the two apart).
    public func command(for key: Key, _ modifiers: Modifiers) -> Command? {
        if let exact = rows.first(where: { $0.0.key == key && $0.0.modifiers == modifiers }) { return exact.1 }
        guard case .character = key, modifiers.contains(.shift) else { return nil }
        var mods = modifiers
        mods.remove(.shift)
        return rows.first { $0.0.key == key && $0.0.modifiers == mods }?.1
    }
}

/// App-wide commands: the same on every screen, handled before the top screen sees the key.
public enum AppCommand: Hashable, Sendable, KeyCommand {
    /// Show or hide the FPS overlay.
    case toggleFPS
    /// Switch to the next theme; the next background image.
    case nextTheme, nextBackground
    /// Read the source again from disk.
    case reload
    /// Switch between windowed and fullscreen; quit.
    case toggleFullscreen, quit
    /// Close the help, the location box or the top screen's menu, else go back to the screen below.
    case back
    /// Show or hide the key help.
    case toggleHelp
    /// In the split view, move the keyboard between the list and the detail.
    case switchPane
    /// Text size: +1 bigger, −1 smaller, 0 back to 100 %.
    case textSize(Int)
    /// Show the recently opened sources and photos.
    case showRecents
    /// Open or close the location box (an address, a feed, `@user@host` or a file path to open).
    case openLocation

    /// What the command does, for the `?` overlay.
    public var help: String {
        switch self {
        case .toggleFPS: "FPS overlay"
        case .nextTheme: "next theme"
        case .nextBackground: "next background"
        case .reload: "reload"
        case .toggleFullscreen: "fullscreen"
        case .quit: "quit"
        case .back: "back"
        case .toggleHelp: "this help"
        case .switchPane: "list or detail (split view)"
        case .textSize: "text size"
        case .showRecents: "recently opened"
        case .openLocation: "open an address, feed or path"
        }
    }

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
        (KeyChord(.tab),                         .switchPane),
        (KeyChord(.character("o"), .control),    .showRecents),
        (KeyChord(.character("l"), .control),    .openLocation),
    ])
}

extension KeyTable where Command: KeyCommand {
    /// The `?` overlay's rows for this table: one row per help text, in the table's order, with
    /// every chord bound to a command of that text.
    public var helpRows: [(keys: String, action: String)] {
        var order: [String] = []
        var keys: [String: [String]] = [:]
        for (chord, command) in rows {
            if keys[command.help] == nil { order.append(command.help) }
            keys[command.help, default: []].append(chord.label)
        }
        return order.map { (keys[$0]!.joined(separator: "  "), $0) }
    }
}

