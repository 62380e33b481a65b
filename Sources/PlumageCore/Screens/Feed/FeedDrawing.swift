import Imaging

/// Drawing the feed screen: the blurred backdrop with the column tint baked in, the visible rows,
/// the scroll indicator, the bar and the section picker.
extension FeedScreen {
    /// Advances the scroll to `env.time` and lays out the rows near the viewport.
    public mutating func update(env: ScreenEnvironment, measurer: some TextMeasuring) -> [Effect] {
        _ = list.scroll.advance(to: env.time)
        list.layoutIfNeeded(key: layoutKey(env), viewportHeight: env.windowSize.height,
                            context: layoutContext(env), measurer: measurer)
        if searchField != nil { searchFieldFrame = env.bar.searchFieldFrame }
        updateLive(env: env, measurer: measurer)
        return []
    }

    /// The frame: the visible rows, the empty-list message, the scroll indicator, the bar with its
    /// search field and section picker.
    public func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame {
        let time = env.time

        var commands: [DrawCommand] = []
        commands.reserveCapacity(256)
        let theme = env.theme
        let column = Self.columnFrame(windowSize: env.windowSize)
        commands.append(env.columnBackdrop(column))
        drawRows(column: column, env: env, measurer: measurer, into: &commands)
        drawLive(env: env, measurer: measurer, into: &commands)
        drawScrollIndicator(env: env, into: &commands)
        if list.rows.isEmpty, live == nil || query != nil {
            let query = searchField?.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
            let message = query.isEmpty ? "No posts here" : "No posts match “\(query)”"
            let block = TextLayout.layout([StyledSpan(Substring(message), theme.color(.date))], style: .a2,
                                          maxWidth: column.width - 40, maxLines: 2, measurer: measurer)
            commands.append(.text(block, at: Point(x: (column.midX - block.size.width / 2).rounded(),
                                                   y: ChromeMetrics.barHeight + 48), key: "empty:\(message):\(theme.name)"))
        }

        let bar = env.bar
        let searching = searchField != nil
        bar.draw(title: searching ? "" : title, leftIcon: env.barLeftIcon,
                 chevron: hasPicker && !searching, theme: theme, hover: picker.isOpen ? nil : env.pointer,
                 measurer: measurer, into: &commands)
        if let pointer = env.pointer, bar.searchButton.contains(pointer), !picker.isOpen {
            commands.append(.roundedFill(bar.searchButton, radius: 10, theme.color(.selection)))
        }
        commands.append(.icon(searching ? .close : .search, bar.searchButton.insetBy(10), theme.color(.barIcon)))
        searchField?.draw(in: bar.searchFieldFrame, theme: theme, measurer: measurer, into: &commands)
        picker.draw(sections: source.sections, selected: sectionIndex, theme: theme, hover: env.pointer, bar: bar,
                    at: time, measurer: measurer, into: &commands)
        return Frame(commands: commands)
    }

    /// The images of a screen's worth of rows beyond each edge (nearest first), and the text of the
    /// two rows below the view and the one above it.
    public func lookahead(env: ScreenEnvironment, measurer: some TextMeasuring) -> Lookahead {
        let column = Self.columnFrame(windowSize: env.windowSize)
        let (top, bottom) = visibleContentRange(env)
        let visible = list.rows(from: top, to: bottom)
        var ahead = Lookahead(pages: wantedPages(env: env))
        let below = list.rows(from: bottom, to: bottom + env.windowSize.height)
        let above = list.rows(from: top - env.windowSize.height, to: top)
        for row in Array(below) + above.reversed() where list.layout(row) != nil {
            ahead.images.append(contentsOf: imageRequests(row: row, width: column.width, scale: env.displayScale).map(\.0))
        }
        for row in [visible.upperBound, visible.upperBound + 1, visible.lowerBound - 1] where list.layout(row) != nil {
            var rowCommands: [DrawCommand] = []
            drawCell(row: row, origin: Point(x: column.minX, y: 0), width: column.width, highlighted: false,
                     env: env, measurer: measurer, into: &rowCommands)
            ahead.text.append(contentsOf: rowCommands.filter { if case .text = $0 { true } else { false } })
        }
        return ahead
    }

    /// The list's content offsets at the window's top and bottom edges.
    func visibleContentRange(_ env: ScreenEnvironment) -> (top: Double, bottom: Double) {
        let top = list.scroll.offset - ChromeMetrics.barHeight
        return (top, top + env.windowSize.height)
    }

    /// What the list's layouts depend on now.
    func layoutKey(_ env: ScreenEnvironment) -> FeedList.LayoutKey {
        FeedList.LayoutKey(width: Self.columnFrame(windowSize: env.windowSize).width, textScale: env.textScale,
                           displayScale: env.displayScale.factor, theme: env.theme.name)
    }

    /// The inputs row layout needs: items, theme, the date's "now" and what the reader opened.
    func layoutContext(_ env: ScreenEnvironment) -> FeedList.Context {
        FeedList.Context(items: source.items, theme: env.theme, now: env.now, reveals: reveals)
    }

    /// Lays out up to `maxRows` more rows that are still estimated (idle-time work, after a frame
    /// has been drawn); returns true while some remain.
    @discardableResult
    public mutating func refine(maxRows: Int, env: ScreenEnvironment, measurer: some TextMeasuring) -> Bool {
        // Laid out for another window or text size: the next frame that shows the list starts over,
        // and until then there is nothing to refine (a hidden feed must not keep the loop busy).
        guard list.layoutKey == layoutKey(env) else { return false }
        return list.refine(maxRows: maxRows, context: layoutContext(env), measurer: measurer)
    }

    /// Lays out every row exactly now (snapshots and tests, where offsets must mean exact positions).
    public mutating func completeLayout(env: ScreenEnvironment, measurer: some TextMeasuring) {
        list.layoutIfNeeded(key: layoutKey(env), viewportHeight: env.windowSize.height, context: layoutContext(env),
                            measurer: measurer)
        while list.refine(maxRows: 256, context: layoutContext(env), measurer: measurer) {}
    }

    /// The list column: at most `columnMaxWidth` wide, centred.
    static func columnFrame(windowSize: Size) -> Rect {
        let width = min(FeedMetrics.columnMaxWidth, windowSize.width).rounded()
        return Rect(x: ((windowSize.width - width) / 2).rounded(), y: 0, width: width, height: windowSize.height)
    }

    /// Appends the visible rows' commands.
    func drawRows(column: Rect, env: ScreenEnvironment, measurer: some TextMeasuring,
                  into commands: inout [DrawCommand]) {
        let (top, bottom) = visibleContentRange(env)
        let visible = list.rows(from: top, to: bottom)
        let hoverRow = env.pointer.flatMap { p in
            p.y >= ChromeMetrics.barHeight && column.contains(p) && drag == nil
                ? list.row(atContentY: p.y - ChromeMetrics.barHeight + list.scroll.offset.rounded()) : nil
        }
        for row in visible where list.layout(row) != nil {
            let origin = Point(x: column.minX, y: list.windowY(ofContentY: list.rowTops[row]))
            drawCell(row: row, origin: origin, width: column.width, highlighted: row == hoverRow || row == selection,
                     env: env,
                     measurer: measurer, into: &commands)
        }
    }

    /// Appends the commands of `row` with its cell's top left at `origin` (window points); skips unlaid rows.
    func drawCell(row: Int, origin: Point, width: Double, highlighted: Bool, env: ScreenEnvironment,
                  measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        guard let exact = list.layout(row) else { return }
        let item = source.items[list.rows[row]]
        // Texts are keyed by what their layout depends on (the executor adds the scales), so two
        // lists showing the same post share its textures and never mix up two layouts of it.
        let tag = Self.textTag(width: width, env: env, item: item)
        exact.draw(item, origin: origin, width: width, highlighted: highlighted, tag: tag, source: source.kind, env: env,
                   measurer: measurer, into: &commands)
    }

    /// The avatar and photo images of a row with their frames relative to the cell.
    func imageRequests(row: Int, width: Double, scale displayScale: DisplayScale) -> [(ImageRequest, Rect)] {
        guard let layout = list.layout(row) else { return [] }
        return layout.imageRequests(source.items[list.rows[row]], scale: displayScale)
    }

    /// Appends the scroll indicator's thumb at the right edge when the list can scroll.
    func drawScrollIndicator(env: ScreenEnvironment, into commands: inout [DrawCommand]) {
        let windowSize = env.windowSize
        let track = windowSize.height - ChromeMetrics.barHeight - 8
        guard let thumb = list.scroll.indicator(trackHeight: track) else { return }
        let rect = Rect(x: windowSize.width - 7, y: ChromeMetrics.barHeight + 4 + thumb.y, width: 4, height: thumb.height)
        commands.append(.roundedFill(rect, radius: 2, env.theme.color(.indicator)))
    }
}

extension AppState {
    /// Lays out every row of the feed on top exactly (snapshots, benchmarks and tests scroll to
    /// exact offsets); nothing when the top screen is not a feed.
    public mutating func completeFeedLayout(at time: Seconds, measurer: some TextMeasuring) {
        let env = environment(at: time)
        updateTop(FeedScreen.self) { $0.completeLayout(env: env, measurer: measurer) }
    }
}
