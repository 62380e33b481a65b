/// The recently opened sources and viewed photos (seed 002), from the left bar button: newest first,
/// photos with their thumbnail, missing ones greyed. Enter or a click opens one; Delete, `x` or the
/// row's × button forgets it. A `RowList`, as the places lists are.
public struct RecentsScreen: Screen {
    /// The entries shown, newest first.
    public internal(set) var entries: [RecentEntry]
    /// The rows and their scroller.
    var list = RowList(rowHeight: RecentsLayout.rowHeight)
    /// The row chosen with the keyboard or the last click; nil until one is.
    public internal(set) var selection: Int?

    /// A list of `recents`.
    public init(recents: Recents) { entries = recents.entries }

    /// "Recent".
    public var windowTitle: String { "Recent" }

    /// The list's keys for the `?` overlay.
    public var keyHelp: [(keys: String, action: String)] {
        [("wheel, drag", "scroll"), ("click", "open"), ("click ×", "forget")] + RowListCommand.keys.helpRows
            + RecentsCommand.keys.helpRows
    }

    /// Applies one event: the list's keys and Delete/x, the bar's theme button, wheel, drags, and
    /// clicks on rows (on a row's ×: forget it).
    public mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect] {
        switch event {
        case let .key(key, modifiers):
            if let command = RowListCommand.keys.command(for: key, modifiers) { return perform(command, env: env) }
            if RecentsCommand.keys.command(for: key, modifiers) == .forget, let selection { return forget(selection) }
            return []
        case let .pointerDown(.left, point) where point.y < ChromeMetrics.barHeight:
            return env.bar.rightButton.contains(point) ? [.app(.nextTheme)] : []
        default:
            guard let row = list.handlePointer(event, count: entries.count, env: env) else { return [] }
            selection = row
            if case let .pointerUp(_, point) = event,
                RecentsLayout.forgetButton(in: list.frame(ofRow: row, env: env)).contains(point) {
                return forget(row)
            }
            return open(row)
        }
    }

    /// Carries out a list command: moves the selection (revealing it) or opens the selected row.
    mutating func perform(_ command: RowListCommand, env: ScreenEnvironment) -> [Effect] {
        if command == .open { return selection.map(open) ?? [] }
        guard let target = list.target(of: command, from: selection, count: entries.count, env: env) else { return [] }
        selection = target
        list.reveal(target, env: env)
        return []
    }

    /// Opening row `index`: a missing one only says so.
    func open(_ index: Int) -> [Effect] {
        guard entries.indices.contains(index) else { return [] }
        let entry = entries[index]
        if entry.isMissing { return [.notice("\(entry.title) is no longer at \(entry.path)")] }
        return [.open(entry)]
    }

    /// Forgets row `index`; the selection stays on the row that takes its place.
    mutating func forget(_ index: Int) -> [Effect] {
        guard entries.indices.contains(index) else { return [] }
        let entry = entries.remove(at: index)
        selection = entries.isEmpty ? nil : min(index, entries.count - 1)
        return [.forgetRecent(entry)]
    }

    /// True while the list scrolls.
    public func isAnimating(env: ScreenEnvironment) -> Bool { list.scroll.isAnimating }
}

/// What a key press asks of the recently opened list beyond choosing and opening (`RowListCommand`).
public enum RecentsCommand: Hashable, Sendable, KeyCommand {
    /// Forget the selected entry.
    case forget

    /// What the command does, for the `?` overlay.
    public var help: String { "forget it" }

    /// Delete and x.
    public static let keys = KeyTable<RecentsCommand>([
        (KeyChord(.delete),                      .forget),
        (KeyChord(.character("x")),              .forget),
    ])
}
