/// A scrolling list of equally tall rows in the feed's column (the places list, a place's photos,
/// the recently opened list): rows are never laid out ahead, only the visible ones are drawn, so the list costs the
/// same at 20 rows or 100,000 and may grow while it is shown. Row `i`'s top in content points is
/// `topPadding + i · rowHeight`; content point 0 is at the bar's bottom edge when not scrolled.
struct RowList: Sendable {
    /// Height of every row, in points.
    let rowHeight: Double
    /// The vertical scroller, in content points.
    var scroll = ScrollPhysics(contentHeight: 0, viewportHeight: 0)
    /// The left-button press in progress over the list; nil when the button is up.
    var drag: DragGesture?

    /// Space above the first row.
    static let topPadding = 6.0

    /// A list of rows `rowHeight` points tall.
    init(rowHeight: Double) { self.rowHeight = rowHeight }

    /// The column the rows fill (the feed's: at most 640 points, centred).
    static func column(_ env: ScreenEnvironment) -> Rect { FeedScreen.columnFrame(windowSize: env.windowSize) }

    /// Height of the part below the bar, where rows show.
    static func viewportHeight(_ env: ScreenEnvironment) -> Double {
        max(1, env.windowSize.height - ChromeMetrics.barHeight)
    }

    /// Follows the row count and the window (keeping the offset as far as the content allows)
    /// and advances a running scroll to `env.time`.
    mutating func sync(count: Int, env: ScreenEnvironment) {
        let content = Self.topPadding + Double(count) * rowHeight + FeedMetrics.bottomInset
        let viewport = Self.viewportHeight(env)
        if scroll.contentHeight != content || scroll.viewportHeight != viewport {
            scroll.resize(contentHeight: content, viewportHeight: viewport)
        }
        _ = scroll.advance(to: env.time)
    }

    /// The window frame of row `i`.
    func frame(ofRow i: Int, env: ScreenEnvironment) -> Rect {
        let column = Self.column(env)
        let top = ChromeMetrics.barHeight + Self.topPadding + Double(i) * rowHeight - scroll.offset.rounded()
        return Rect(x: column.minX, y: top, width: column.width, height: rowHeight)
    }

    /// Rows of `count` that show (partly) in the window, under the translucent bar included.
    func visibleRows(count: Int, env: ScreenEnvironment) -> Range<Int> {
        rows(count: count, from: scroll.offset.rounded() - ChromeMetrics.barHeight,
             to: scroll.offset.rounded() + Self.viewportHeight(env))
    }

    /// Rows of `count` overlapping content points `top..<bottom`.
    func rows(count: Int, from top: Double, to bottom: Double) -> Range<Int> {
        let first = max(0, Int(((top - Self.topPadding) / rowHeight).rounded(.down)))
        let last = min(count, Int(((bottom - Self.topPadding) / rowHeight).rounded(.up)))
        return first < last ? first..<last : first..<first
    }

    /// The row of `count` under a window point, if any (the bar is no row).
    func row(at point: Point, count: Int, env: ScreenEnvironment) -> Int? {
        guard point.y >= ChromeMetrics.barHeight, Self.column(env).contains(point) else { return nil }
        let y = point.y - ChromeMetrics.barHeight + scroll.offset.rounded() - Self.topPadding
        guard y >= 0 else { return nil }
        let row = Int(y / rowHeight)
        return row < count ? row : nil
    }

    /// The row the pointer hovers (none while dragging).
    func hoveredRow(count: Int, env: ScreenEnvironment) -> Int? {
        drag == nil ? env.pointer.flatMap { row(at: $0, count: count, env: env) } : nil
    }

    /// Wheel, drag and click on the list: scrolls, and returns the row clicked (released where
    /// pressed, without dragging), if any. Presses on the bar are not the list's.
    mutating func handlePointer(_ event: InputEvent, count: Int, env: ScreenEnvironment) -> Int? {
        if case let .pointerDown(.left, point) = event, point.y < ChromeMetrics.barHeight { return nil }
        return scroll.follow(event, drag: &drag, at: env.time).flatMap { row(at: $0, count: count, env: env) }
    }

    /// Where a keyboard move of `command` from `current` lands among `count` rows (nil when there
    /// are none): from no selection, a step down starts at the first row whose top shows.
    func target(of command: RowListCommand, from current: Int?, count: Int, env: ScreenEnvironment) -> Int? {
        guard count > 0 else { return nil }
        let page = max(1, Int(Self.viewportHeight(env) / rowHeight) - 1)
        let start = current ?? {
            let top = scroll.offset.rounded()
            let first = rows(count: count, from: top, to: top + 1).lowerBound
            let firstTop = Self.topPadding + Double(first) * rowHeight
            return firstTop < top - 0.5 ? first + 1 : first
        }()
        let step: Int
        switch command {
        case let .select(n): step = current == nil ? 0 : n
        case let .selectPage(n): step = n * page
        case .first: return 0
        case .last: return count - 1
        case .open: return current
        }
        return max(0, min(count - 1, start + step))
    }

    /// Scrolls (eased) just enough that row `i` shows below the bar.
    mutating func reveal(_ i: Int, env: ScreenEnvironment) {
        let top = Self.topPadding + Double(i) * rowHeight
        scroll.reveal(top: top, bottom: top + rowHeight, visible: Self.viewportHeight(env), margin: 4, at: env.time)
    }

    /// Appends the scroll indicator's thumb at the right edge when the list can scroll.
    func drawIndicator(env: ScreenEnvironment, into commands: inout [DrawCommand]) {
        let track = env.windowSize.height - ChromeMetrics.barHeight - 8
        guard let thumb = scroll.indicator(trackHeight: track) else { return }
        commands.append(.roundedFill(Rect(x: env.windowSize.width - 7, y: ChromeMetrics.barHeight + 4 + thumb.y,
                                          width: 4, height: thumb.height), radius: 2, env.theme.color(.indicator)))
    }

    /// Appends a centred grey message below the bar (an empty list, a scan under way).
    static func drawMessage(_ message: String, env: ScreenEnvironment, measurer: some TextMeasuring,
                            into commands: inout [DrawCommand]) {
        let column = column(env)
        let block = TextLayout.layout([StyledSpan(Substring(message), env.theme.color(.date))], style: .a2,
                                      maxWidth: column.width - 40, maxLines: 2, measurer: measurer)
        commands.append(.text(block, at: Point(x: (column.midX - block.size.width / 2).rounded(),
                                               y: ChromeMetrics.barHeight + 48),
                              key: "list-message:\(message):\(env.theme.name)"))
    }
}

/// What a key press asks of a `RowList` screen (places, a place's photos, recently opened).
public enum RowListCommand: Hashable, Sendable, KeyCommand {
    /// Move the selection by this many rows (↑ ↓ j k).
    case select(Int)
    /// Move the selection by this many pages (PgUp PgDn).
    case selectPage(Int)
    /// Select the first or the last row.
    case first, last
    /// Open the selected row.
    case open

    /// What the command does, for the `?` overlay.
    public var help: String {
        switch self {
        case .select, .selectPage: "choose a row"
        case .first, .last: "first, last"
        case .open: "open it"
        }
    }

    /// The keys of every `RowList` screen.
    public static let keys = KeyTable<RowListCommand>([
        (KeyChord(.down),                        .select(1)),
        (KeyChord(.up),                          .select(-1)),
        (KeyChord(.character("j")),              .select(1)),
        (KeyChord(.character("k")),              .select(-1)),
        (KeyChord(.pageDown),                    .selectPage(1)),
        (KeyChord(.space),                       .selectPage(1)),
        (KeyChord(.pageUp),                      .selectPage(-1)),
        (KeyChord(.home),                        .first),
        (KeyChord(.end),                         .last),
        (KeyChord(.enter),                       .open),
    ])
}
