/// The location box's place in the app (issue 19): Ctrl+L opens it over any screen; while it is
/// open it takes the keys, the text and the pointer, and Enter asks the platform to open what was
/// typed or chosen (`Effect.open`), the way a recently opened entry is opened.
///
/// It is an overlay of the app, like the key help, not a screen on the stack: a pushed screen
/// would slide in, take a place in Back's history and hide the screen it is opened over, and
/// it is the same box whichever screen (or split view) is shown.
extension AppState {
    /// Where the location box's field sits while it is open (window points), for the platform's
    /// text input; nil while it is closed.
    var locationTextArea: Rect? {
        locationBox.map { _ in LocationBox.Layout(windowSize: windowSize, count: 0).field }
    }

    /// The suggestions the open box lists now (none while it is closed).
    public var locationSuggestions: [RecentEntry] { locationBox?.suggestions(in: recents) ?? [] }

    /// Applies `event` to the open location box at `time` and returns the effects for the platform;
    /// nil when the box is closed or the event is not its own (news, a resize, quitting), which
    /// then goes on as usual.
    mutating func routeToLocation(_ event: InputEvent, at time: Seconds) -> [Effect]? {
        guard var box = locationBox else { return nil }
        let suggestions = box.suggestions(in: recents)
        let layout = LocationBox.Layout(windowSize: windowSize, count: suggestions.count)
        switch event {
        case let .text(typed), let .paste(typed):
            box.field.insert(typed)
            box.choice = nil
        case let .composition(composing):
            box.field.compose(composing)
        case let .key(key, modifiers):
            if let effects = locationKey(key, modifiers, box: &box, count: layout.rows.count, at: time) {
                return effects
            }
        case let .pointerDown(button, point):
            pointer = point
            if button == .back { locationBox = nil; return [] }
            guard button == .left else { return [] }
            box.press = layout.row(at: point).map(LocationBox.Press.row)
                ?? (layout.panel.contains(point) ? .panel : .outside)
        case let .pointerUp(button, point):
            pointer = point
            guard button == .left, let press = box.press else { return [] }
            box.press = nil
            switch press {
            case .outside:
                locationBox = nil
                return []
            case let .row(index) where layout.row(at: point) == index && suggestions.indices.contains(index):
                return openSuggestion(suggestions[index], at: time)
            case .row, .panel:
                break
            }
        case let .pointerMoved(point):
            pointer = point
        case .pointerLeft:
            pointer = nil
        case .wheel, .pinch:
            return []
        default:
            return nil
        }
        locationBox = box
        return []
    }

    /// A key pressed while the box is open: editing, ↑/↓ among the suggestions, Enter, Esc and
    /// Ctrl+L (close). Of the app's other keys only those that change no screen (FPS, fullscreen,
    /// text size, quit) still act; the screens' keys are swallowed. Nil when the box stays open
    /// with `box` as edited.
    private mutating func locationKey(_ key: Key, _ modifiers: Modifiers, box: inout LocationBox, count: Int,
                                      at time: Seconds) -> [Effect]? {
        let command = AppCommand.keys.command(for: key, modifiers)
        if Self.isEditingKey(key, modifiers) {
            switch key {
            case .enter: return submitLocation(box, at: time)
            case .escape: locationBox = nil; return []
            case .backspace:
                box.field.deleteBackward(word: modifiers.contains(.control))
                box.choice = nil
            case .left: box.field.moveCaret(by: -1)
            case .right: box.field.moveCaret(by: 1)
            case .home: box.field.moveCaret(toEnd: false)
            case .end: box.field.moveCaret(toEnd: true)
            case .up: box.choose(-1, count: count)
            case .down: box.choose(1, count: count)
            default: break  // typed characters arrive as `.text`
            }
            return nil
        }
        guard let command else { return nil }
        switch command {
        case .openLocation, .back:
            locationBox = nil
            return []
        case .toggleFPS, .toggleFullscreen, .quit, .textSize:
            locationBox = box
            return perform(command, at: time)
        default:
            return nil
        }
    }

    /// Enter: the chosen suggestion, else the typed address as a source opened now; nothing while
    /// the box is empty (it stays open).
    private mutating func submitLocation(_ box: LocationBox, at time: Seconds) -> [Effect] {
        let suggestions = box.suggestions(in: recents)
        if let choice = box.choice, suggestions.indices.contains(choice) {
            return openSuggestion(suggestions[choice], at: time)
        }
        let address = box.address
        guard !address.isEmpty else { return [] }
        locationBox = nil
        return [.open(RecentEntry(kind: .source, path: address, title: address, opened: now(at: time)))]
    }

    /// Closes the box and opens `entry` as the recents list does: a missing one only says so.
    private mutating func openSuggestion(_ entry: RecentEntry, at time: Seconds) -> [Effect] {
        locationBox = nil
        if entry.isMissing {
            notice = Notice(text: "\(entry.title) is no longer at \(entry.path)", shownAt: time)
            return []
        }
        return [.open(entry)]
    }

    /// Appends the open location box (nothing while it is closed), over the screens and the help.
    func drawLocation(measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        guard let box = locationBox else { return }
        box.draw(suggestions: box.suggestions(in: recents), windowSize: windowSize, theme: theme, hover: pointer,
                 measurer: measurer, into: &commands)
    }
}
