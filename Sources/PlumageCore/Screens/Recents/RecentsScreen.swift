/// The recently opened sources and viewed photos (seed 002), from the left bar button: newest first,
/// photos with their thumbnail, missing ones greyed. Enter or a click opens one; Delete, `x` or the
/// row's × button forgets it.
public struct RecentsScreen: Screen {
    /// The entries shown, newest first.
    public internal(set) var entries: [RecentEntry]
    /// The vertical scroller (content points).
    public internal(set) var scroll = ScrollPhysics(contentHeight: 0, viewportHeight: 0)
    /// The row chosen with the keyboard; nil until a key chooses one.
    public internal(set) var selection: Int?
    /// The left-button press in progress; nil when the button is up.
    var drag: DragGesture?

    /// A list of `recents`.
    public init(recents: Recents) { entries = recents.entries }

    /// "Recent".
    public var windowTitle: String { "Recent" }

    /// The list's keys for the `?` overlay.
    public var keyHelp: [(keys: String, action: String)] {
        [("wheel, drag", "scroll"), ("click", "open"), ("click ×", "forget")] + RecentsCommand.keys.helpRows
    }

    /// Applies one event: keys, wheel, clicks on rows and their × buttons, drags.
    public mutating func handle(_ event: InputEvent, env: ScreenEnvironment) -> [Effect] {
        let time = env.time
        switch event {
        case let .key(key, modifiers):
            if let command = RecentsCommand.keys.command(for: key, modifiers) { return perform(command, env: env) }
        case let .wheel(_, dy, _, _):
            scroll.wheel(deltaPoints: -dy * FeedMetrics.wheelStep, at: time)
        case let .pointerDown(.left, point):
            if point.y < ChromeMetrics.barHeight { return env.bar.rightButton.contains(point) ? [.app(.nextTheme)] : [] }
            drag = .began(at: point)
            scroll.stop()
        case let .pointerMoved(point):
            guard var d = drag else { break }
            let wasDrag = d.moved
            if d.moved(to: point) {
                if !wasDrag { scroll.dragBegan(y: d.start.y, at: time) }
                scroll.dragMoved(y: point.y, at: time)
            }
            drag = d
        case let .pointerUp(.left, point):
            guard let d = drag else { break }
            drag = nil
            if d.moved {
                scroll.dragEnded(at: time)
            } else if let row = row(at: point, env: env) {
                selection = row
                if RecentsLayout.forgetButton(row: row, column: column(env), offset: scroll.offset).contains(point) {
                    return forget(row)
                }
                return open(row)
            }
        default:
            break
        }
        return []
    }

    /// Carries out a key-bound command.
    mutating func perform(_ command: RecentsCommand, env: ScreenEnvironment) -> [Effect] {
        let time = env.time
        let page = max(RecentsLayout.rowHeight, env.windowSize.height - ChromeMetrics.barHeight - RecentsLayout.rowHeight)
        switch command {
        case let .select(step): select(step, env: env)
        case .open: if let selection { return open(selection) }
        case .forget: if let selection { return forget(selection) }
        case let .scrollPages(n): scroll.scroll(by: Double(n) * page, animated: true, at: time)
        case .scrollToTop: scroll.scroll(to: 0, animated: true, at: time)
        case .scrollToBottom: scroll.scroll(to: scroll.maxOffset, animated: true, at: time)
        }
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

    /// Moves the keyboard selection `step` rows and scrolls it into view.
    mutating func select(_ step: Int, env: ScreenEnvironment) {
        guard !entries.isEmpty else { return }
        let next = selection.map { max(0, min(entries.count - 1, $0 + step)) } ?? (step > 0 ? 0 : entries.count - 1)
        selection = next
        let top = Double(next) * RecentsLayout.rowHeight
        scroll.reveal(top: top, bottom: top + RecentsLayout.rowHeight,
                      visible: env.windowSize.height - ChromeMetrics.barHeight, margin: 8, at: env.time)
    }

    /// The row under a window point, if any.
    func row(at point: Point, env: ScreenEnvironment) -> Int? {
        let column = column(env)
        guard point.y >= ChromeMetrics.barHeight, point.x >= column.minX, point.x < column.maxX else { return nil }
        let index = Int(((point.y - ChromeMetrics.barHeight + scroll.offset.rounded()) / RecentsLayout.rowHeight).rounded(.down))
        return entries.indices.contains(index) ? index : nil
    }

    /// The column the rows sit in (the feed's).
    func column(_ env: ScreenEnvironment) -> Rect { FeedScreen.columnFrame(windowSize: env.windowSize) }

    /// True while the list scrolls.
    public func isAnimating(env: ScreenEnvironment) -> Bool { scroll.isAnimating }
}

/// What a key press asks of the recents list.
public enum RecentsCommand: Hashable, Sendable, KeyCommand {
    /// Move the keyboard selection by this many rows.
    case select(Int)
    /// Open the selected entry; forget it.
    case open, forget
    /// Scroll by this many pages (negative: up), animated.
    case scrollPages(Int)
    /// Go to the top or the bottom.
    case scrollToTop, scrollToBottom

    /// What the command does, for the `?` overlay.
    public var help: String {
        switch self {
        case .select: "choose"
        case .open: "open it"
        case .forget: "forget it"
        case .scrollPages: "scroll"
        case .scrollToTop, .scrollToBottom: "top, bottom"
        }
    }

    /// The recents list's key table.
    public static let keys = KeyTable<RecentsCommand>([
        (KeyChord(.down),                        .select(1)),
        (KeyChord(.up),                          .select(-1)),
        (KeyChord(.character("j")),              .select(1)),
        (KeyChord(.character("k")),              .select(-1)),
        (KeyChord(.enter),                       .open),
        (KeyChord(.delete),                      .forget),
        (KeyChord(.character("x")),              .forget),
        (KeyChord(.pageDown),                    .scrollPages(1)),
        (KeyChord(.space),                       .scrollPages(1)),
        (KeyChord(.pageUp),                      .scrollPages(-1)),
        (KeyChord(.home),                        .scrollToTop),
        (KeyChord(.end),                         .scrollToBottom),
    ])
}
