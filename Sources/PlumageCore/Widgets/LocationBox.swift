/// The location box (Ctrl+L, issue 19): a field for an address, a feed, `@user@host` or a file
/// path, shown over any screen near the top centre of the window, with the recently opened
/// entries that match what is typed listed under it. The app holds it (`AppState.locationBox`)
/// and routes events to it while it is open (`AppState+Location`); this value is its state,
/// geometry and drawing.
public struct LocationBox: Hashable, Sendable {
    /// What is typed, with its caret and the IME's composition.
    public internal(set) var field = SearchField(limit: LocationBox.maxLength)
    /// The suggestion chosen with ↑/↓ (an index into `suggestions(in:)`); nil while Enter opens
    /// the typed text.
    public internal(set) var choice: Int?
    /// What the left button went down on while the box was open; nil when it is not held.
    var press: Press?

    /// Where a press of the left button began.
    enum Press: Hashable, Sendable {
        /// On suggestion row `index`.
        case row(Int)
        /// On the panel but not on a row (the field, the padding).
        case panel
        /// Outside the panel: releasing it closes the box.
        case outside
    }

    /// At most this many characters are kept (a long URL fits; a pasted document is cut).
    public static let maxLength = 2048
    /// At most this many suggestions are listed.
    public static let maxSuggestions = 8
    /// What the empty field says it takes.
    public static let hint = "Address, feed, @user@host or file path"
    /// Width of the panel in points, when the window is wide enough.
    static let width = 640.0
    /// Height of one suggestion row in points.
    static let rowHeight = 52.0
    /// Height of the field in points (the bar's search field's).
    static let fieldHeight = ChromeMetrics.barHeight - 16
    /// Padding inside the panel, around the field and the rows, in points.
    static let padding = 10.0

    /// An empty box.
    public init() {}

    /// The typed text without the spaces (and tabs, newlines) at its ends: what Enter opens.
    public var address: String { Self.trimmed(field.text) }

    /// `text` without white space at either end.
    static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// The entries of `recents` listed under the field, newest first, at most `maxSuggestions`:
    /// all of them while nothing is typed, else those whose title or path holds the typed text
    /// (trimmed), ignoring case.
    public func suggestions(in recents: Recents) -> [RecentEntry] {
        let query = address.lowercased()
        let matching = query.isEmpty ? recents.entries : recents.entries.filter {
            $0.title.lowercased().contains(query) || $0.path.lowercased().contains(query)
        }
        return Array(matching.prefix(Self.maxSuggestions))
    }

    /// Moves the choice `step` rows among `count` suggestions: down from the field to the first
    /// row, up from the first row back to the field; it stops at the last row.
    mutating func choose(_ step: Int, count: Int) {
        guard count > 0 else { choice = nil; return }
        let next = (choice ?? -1) + step
        choice = next < 0 ? nil : min(next, count - 1)
    }

    /// The panel, the field and the suggestion rows of a box listing `count` suggestions in a
    /// window `windowSize` points large, in window points.
    struct Layout: Hashable, Sendable {
        /// The frosted panel holding the field and the rows.
        var panel: Rect
        /// The text field.
        var field: Rect
        /// One rectangle per suggestion shown (those that fit above the window's bottom edge).
        var rows: [Rect]

        /// The layout for `count` suggestions: the panel just under the bar, centred, at most
        /// `LocationBox.width` wide; rows that would pass the window's bottom are left out.
        init(windowSize: Size, count: Int) {
            let width = max(160, min(LocationBox.width, windowSize.width - 32))
            let x = ((windowSize.width - width) / 2).rounded()
            let top = ChromeMetrics.barHeight + 8
            let pad = LocationBox.padding
            field = Rect(x: x + pad, y: top + pad, width: width - 2 * pad, height: LocationBox.fieldHeight)
            let firstRow = field.maxY + 6
            let room = windowSize.height - 8 - pad - firstRow
            let fitting = max(0, min(count, Int((room / LocationBox.rowHeight).rounded(.down))))
            rows = (0..<fitting).map {
                Rect(x: x + pad, y: firstRow + Double($0) * LocationBox.rowHeight, width: width - 2 * pad,
                     height: LocationBox.rowHeight)
            }
            let bottom = (rows.last?.maxY ?? field.maxY) + pad
            panel = Rect(x: x, y: top, width: width, height: bottom - top)
        }

        /// The suggestion row under `point`, if any.
        func row(at point: Point) -> Int? { rows.firstIndex { $0.contains(point) } }
    }

    /// Appends the box drawn over the window for `suggestions`: the frosted panel, the field (or
    /// its hint), and one row per suggestion that fits (title over path; missing ones greyed; the
    /// chosen row and the row under `hover` highlighted).
    func draw(suggestions: [RecentEntry], windowSize: Size, theme: Theme, hover: Point?, measurer: some TextMeasuring,
              into commands: inout [DrawCommand]) {
        let layout = Layout(windowSize: windowSize, count: suggestions.count)
        commands.append(.blurBehind(layout.panel, sigma: ChromeMetrics.barBlurSigma,
                                    tint: theme.color(.pickerBackground).withAlpha(0.92)))
        field.draw(in: layout.field, hint: Self.hint, key: "location-field", theme: theme, measurer: measurer,
                   into: &commands)
        for (i, row) in layout.rows.enumerated() {
            let entry = suggestions[i]
            if i == choice || (hover.map { row.contains($0) } ?? false) {
                commands.append(.roundedFill(row, radius: 10, theme.color(.selection)))
            }
            let dim = entry.isMissing ? 0.5 : 1
            let textWidth = row.width - 28
            let titleSpan = StyledSpan(Substring(entry.title), theme.color(.pickerText).withAlpha(dim))
            let title = TextLayout.layout([titleSpan], style: .a2, maxWidth: textWidth, maxLines: 1, measurer: measurer)
            let detail = (entry.isMissing ? "missing · " : "") + (entry.kind == .photo ? "photo · " : "") + entry.path
            let path = TextLayout.layout([StyledSpan(Substring(detail), theme.color(.date).withAlpha(dim))],
                                         style: .b1, maxWidth: textWidth, maxLines: 1, measurer: measurer)
            let top = (row.midY - (title.size.height + 2 + path.size.height) / 2).rounded()
            // Keyed by text, colour and width: the same row shows other entries as the text changes.
            let style = "\(dim):\(textWidth):\(theme.name)"
            commands.append(.text(title, at: Point(x: row.minX + 14, y: top), key: "location:t:\(entry.title):\(style)"))
            commands.append(.text(path, at: Point(x: row.minX + 14, y: top + title.size.height + 2),
                                  key: "location:p:\(detail):\(style)"))
        }
    }
}
