/// The split view of wide windows (SPEC §2, seed 002): from `minimumWidth` points on, a detail
/// (a post's details, the image view) opened from a list (a feed) shows on the right while the
/// list stays on the left. It is decided afresh for every event and frame from the window's width
/// and the stack, so resizing across the threshold keeps what is shown, only arranged otherwise.
public struct SplitView: Hashable, Sendable {
    /// Windows at least this wide (points) split.
    public static let minimumWidth = 1100.0
    /// The list's pane is this wide (points).
    public static let listWidth = 560.0

    /// Depth of the list shown on the left (the detail is the top screen, above it).
    public let listDepth: Int
    /// The list's pane, in window points.
    public let listPane: Rect
    /// The detail's pane, in window points.
    public let detailPane: Rect

    /// The pane a window point falls in: true for the list's.
    public func isInList(_ point: Point) -> Bool { point.x < listPane.maxX }
}

extension AppState {
    /// The split view, when the window is wide enough and a detail sits on a list.
    public var split: SplitView? {
        // The list nearest below a detail on top (a photo opened from a post's details shows beside
        // the list those details came from).
        guard windowSize.width >= SplitView.minimumWidth, stack.depth >= 2, top.role == .detail,
              let listDepth = stack.screens.indices.dropLast().last(where: { stack.screens[$0].role == .list })
        else { return nil }
        return SplitView(listDepth: listDepth,
                         listPane: Rect(x: 0, y: 0, width: SplitView.listWidth, height: windowSize.height),
                         detailPane: Rect(x: SplitView.listWidth, y: 0, width: windowSize.width - SplitView.listWidth,
                                          height: windowSize.height))
    }

    /// What the screen at `depth` may read when it is shown in `pane` (window points): the pane's
    /// size as its window, the pointer in the pane's own points (nil outside it).
    func environment(at time: Seconds, depth: Int, pane: Rect) -> ScreenEnvironment {
        var env = environment(at: time, depth: depth)
        env.windowSize = pane.size
        env.pointer = pointer.flatMap { pane.contains($0) ? Point(x: $0.x - pane.minX, y: $0.y - pane.minY) : nil }
        return env
    }

    /// A pointer event in the split view: the pane it belongs to handles it in its own points.
    /// Back from the detail's bar button pops it; the list's choices replace the detail.
    mutating func handleSplit(_ event: InputEvent, split: SplitView, at time: Seconds) -> [Effect] {
        guard let point = event.location else { return [] }
        // A press belongs to the pane it began in until its release (a drag may cross panes).
        let inList: Bool
        switch event {
        case .pointerDown:
            inList = split.isInList(point)
            pressInList = inList
        case .pointerUp:
            inList = pressInList ?? split.isInList(point)
            pressInList = nil
        case .pointerMoved:
            inList = pressInList ?? split.isInList(point)
        default:
            inList = split.isInList(point)
        }
        let pane = inList ? split.listPane : split.detailPane
        let depth = inList ? split.listDepth : stack.depth - 1
        let local = event.moved(by: -pane.minX)
        if case let .pointerDown(.left, p) = local, NavigationBar(windowWidth: pane.width).leftButton.contains(p) {
            if !inList { return back(at: time) }
            if split.listDepth > 0 {
                // The list's own back button: back past the detail to what the list came from.
                showsHelp = false
                var effects: [Effect] = []
                while stack.depth > split.listDepth { effects += pop(at: time) }
                return effects
            }
            return perform(.showRecents, at: time)
        }
        let env = environment(at: time, depth: depth, pane: pane)
        let effects = stack.screens[depth].handle(local, env: env)
        // A search box opened in the list takes the keys with it.
        if inList && stack.screens[depth].capturesText { listHasFocus = true }
        return inList ? applyFromList(effects, at: time) : apply(effects, at: time)
    }

    /// Applies the effects of the split view's list: what it opens takes the detail's place beside
    /// it, without a slide.
    mutating func applyFromList(_ effects: [Effect], at time: Seconds) -> [Effect] {
        var rest: [Effect] = []
        for effect in effects {
            if case let .push(screen) = effect {
                let focus = listHasFocus
                rest += pop(at: time)
                stack.push(screen, at: time, animated: false)
                listHasFocus = focus && split != nil
            } else {
                rest += apply([effect], at: time)
            }
        }
        return rest
    }

    /// The frame of the split view: the list on the left, a hairline, the detail on the right.
    func splitFrame(_ split: SplitView, at time: Seconds, measurer: some TextMeasuring) -> Frame {
        let listEnv = environment(at: time, depth: split.listDepth, pane: split.listPane)
        var frame = stack.screens[split.listDepth].frame(env: listEnv, measurer: measurer)
            .placed(at: 0, clippedTo: split.listPane)
        let detailDepth = stack.depth - 1
        let detailEnv = environment(at: time, depth: detailDepth, pane: split.detailPane)
        frame.overlay(stack.screens[detailDepth].frame(env: detailEnv, measurer: measurer)
            .placed(at: split.detailPane.minX, clippedTo: split.detailPane))
        frame.commands.append(.fill(Rect(x: split.detailPane.minX, y: 0, width: 1, height: windowSize.height),
                                    theme.color(.separator)))
        // The pane the keys go to is underlined at the bottom of its bar.
        let focused = listHasFocus ? split.listPane : split.detailPane
        frame.commands.append(.fill(Rect(x: focused.minX, y: ChromeMetrics.barHeight - 2, width: focused.width, height: 2),
                                    theme.color(.link)))
        return frame
    }
}
