/// Building the display list of a frame from the app state.
extension AppState {
    /// The current moment for relative dates.
    func now(at time: Double) -> Timestamp {
        fixedNow ?? Timestamp(seconds: epochAtTimeZero + Int64(time))
    }

    /// Advances animations to `time`, lays out as needed and returns the frame to draw.
    public mutating func frame(at time: Double, measurer: some TextMeasuring, statistics: FrameStatistics?) -> Frame {
        if var viewer = photoViewer {
            viewer.sync(status: viewer.photo?.path.flatMap { photoStatus[$0] }, window: windowSize, scale: displayScale)
            _ = viewer.advance(to: time)
            photoViewer = viewer
            var commands: [DrawCommand] = []
            drawPhotoViewer(viewer, at: time, measurer: measurer, into: &commands)
            drawOverlays(at: time, measurer: measurer, statistics: statistics, into: &commands)
            var frame = Frame(commands: commands, isAnimating: isAnimating(at: time))
            frame.photoRequests = viewer.requests(window: windowSize, scale: displayScale)
            return frame
        }
        _ = list.scroll.advance(to: time)
        list.layoutIfNeeded(key: layoutKey, viewportHeight: windowSize.height, context: layoutContext(at: time),
                            measurer: measurer)

        var commands: [DrawCommand] = []
        commands.reserveCapacity(256)
        let window = Rect(origin: .zero, size: windowSize)
        let column = columnFrame
        let columnTint = theme.color(.cardTint).withAlpha(theme.cardOpacity)
        // The backdrop and the column's tint never move: both are baked into one opaque image.
        let request = ImageRequest(path: backgroundPath, size: displayScale.pixels(windowSize),
                                   blurSigma: FeedMetrics.backgroundBlurSigma * displayScale.factor,
                                   tint: columnTint, tintRect: displayScale.pixels(column))
        commands.append(.image(request, window, placeholder: columnTint.over(theme.color(.backdrop))))
        var prefetch: [ImageRequest] = []
        var textPrefetch: [DrawCommand] = []
        drawRows(column: column, now: now(at: time), measurer: measurer, into: &commands, prefetch: &prefetch,
                 textPrefetch: &textPrefetch)
        drawScrollIndicator(into: &commands)

        let bar = NavigationBar(windowWidth: windowSize.width)
        bar.draw(title: title, theme: theme, hover: picker.isOpen ? nil : pointer, measurer: measurer, into: &commands)
        picker.draw(sections: source.sections, selected: sectionIndex, theme: theme, hover: pointer, bar: bar,
                    at: time, measurer: measurer, into: &commands)
        drawOverlays(at: time, measurer: measurer, statistics: statistics, into: &commands)
        return Frame(commands: commands, prefetch: prefetch, textPrefetch: textPrefetch,
                     isAnimating: isAnimating(at: time))
    }

    /// The key help and the FPS overlay, over either screen, when they are shown.
    mutating func drawOverlays(at time: Double, measurer: some TextMeasuring, statistics: FrameStatistics?,
                               into commands: inout [DrawCommand]) {
        if showsHelp { HelpOverlay.draw(windowSize: windowSize, theme: theme, measurer: measurer, into: &commands) }
        if showsFPS, let statistics {
            overlay.draw(statistics: statistics, time: time, windowSize: windowSize, scale: displayScale, theme: theme,
                         measurer: measurer, into: &commands)
        }
    }

    /// What the list's layouts depend on now.
    var layoutKey: FeedList.LayoutKey {
        FeedList.LayoutKey(width: columnFrame.width, textScale: textScale, displayScale: displayScale.factor,
                           theme: theme.name)
    }

    /// The inputs row layout needs at `time` (seconds on the app clock): items, theme and the date's "now".
    func layoutContext(at time: Double) -> FeedList.Context {
        FeedList.Context(items: source.items, theme: theme, now: now(at: time))
    }

    /// Lays out up to `maxRows` more rows that are still estimated (idle-time work, after a frame
    /// has been drawn); returns true while some remain.
    @discardableResult
    public mutating func refineLayout(maxRows: Int, at time: Double, measurer: some TextMeasuring) -> Bool {
        guard list.layoutKey == layoutKey else { return true }
        return list.refine(maxRows: maxRows, context: layoutContext(at: time), measurer: measurer)
    }

    /// Lays out every row exactly now (snapshots and tests, where offsets must mean exact positions).
    public mutating func completeLayout(at time: Double, measurer: some TextMeasuring) {
        list.layoutIfNeeded(key: layoutKey, viewportHeight: windowSize.height, context: layoutContext(at: time),
                            measurer: measurer)
        while list.refine(maxRows: 256, context: layoutContext(at: time), measurer: measurer) {}
    }

    /// Absolute path of the current theme's background image.
    public var backgroundPath: String { assetRoot + "/backgrounds/" + (chosenBackground ?? theme.backgroundImage) }

    /// The list column: at most `columnMaxWidth` wide, centred.
    var columnFrame: Rect {
        let width = min(FeedMetrics.columnMaxWidth, windowSize.width).rounded()
        return Rect(x: ((windowSize.width - width) / 2).rounded(), y: 0, width: width, height: windowSize.height)
    }

    /// Appends the visible rows' commands and collects image and text prefetch for rows just off screen.
    func drawRows(column: Rect, now: Timestamp, measurer: some TextMeasuring, into commands: inout [DrawCommand],
                  prefetch: inout [ImageRequest], textPrefetch: inout [DrawCommand]) {
        let top = list.scroll.offset - FeedMetrics.barHeight
        let bottom = top + windowSize.height
        let visible = list.rows(from: top, to: bottom)
        let hoverRow = pointer.flatMap { p in
            p.y >= FeedMetrics.barHeight && column.contains(p) && drag == nil
                ? list.row(atContentY: p.y - FeedMetrics.barHeight + list.scroll.offset.rounded()) : nil
        }
        for row in visible where list.layout(row) != nil {
            let origin = Point(x: column.minX, y: list.windowY(ofContentY: list.rowTops[row]))
            drawCell(row: row, origin: origin, width: column.width, highlighted: row == hoverRow, now: now,
                     measurer: measurer, into: &commands)
        }
        // Prefetch a screen's worth of rows beyond each edge, nearest first.
        let ahead = list.rows(from: bottom, to: bottom + windowSize.height)
        let behind = list.rows(from: top - windowSize.height, to: top)
        for row in Array(ahead) + behind.reversed() where list.layout(row) != nil {
            prefetch.append(contentsOf: imageRequests(row: row, width: column.width).map(\.0))
        }
        for row in [visible.upperBound, visible.upperBound + 1, visible.lowerBound - 1] where list.layout(row) != nil {
            var rowCommands: [DrawCommand] = []
            drawCell(row: row, origin: Point(x: column.minX, y: 0), width: column.width, highlighted: false,
                     now: now, measurer: measurer, into: &rowCommands)
            textPrefetch.append(contentsOf: rowCommands.filter { if case .text = $0 { true } else { false } })
        }
    }

    /// Appends the commands of `row` with its cell's top left at `origin` (window points); skips unlaid rows.
    func drawCell(row: Int, origin: Point, width: Double, highlighted: Bool, now: Timestamp,
                  measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        guard let exact = list.layout(row) else { return }
        let item = source.items[list.rows[row]]
        let layout = exact.withDate(RelativeDate.format(item.date, now: now), item: item, cellWidth: width, theme: theme,
                                    measurer: measurer)
        let cell = Rect(x: origin.x, y: origin.y, width: width, height: layout.height)
        if highlighted { commands.append(.fill(cell, theme.color(.selection))) }
        let tag = "\(list.generation):\(item.id)"
        for (request, rect) in imageRequests(row: row, width: width) {
            commands.append(.image(request, rect.offsetBy(dx: origin.x, dy: origin.y), placeholder: placeholderColor))
        }
        if item.author.avatar == nil {
            commands.append(.roundedFill(layout.avatar.offsetBy(dx: origin.x, dy: origin.y),
                                         radius: FeedMetrics.avatarSize / 2, theme.color(.placeholder)))
        }
        commands.append(.text(layout.name, at: offset(layout.nameOrigin, origin), key: "name:\(tag)"))
        commands.append(.text(layout.meta, at: offset(layout.metaOrigin, origin), key: "meta:\(tag):\(layout.metaDate)"))
        commands.append(.text(layout.body, at: offset(layout.bodyOrigin, origin), key: "body:\(tag)"))
        for (i, media) in item.media.prefix(layout.photos.count).enumerated() where media.path == nil {
            let frame = layout.photos[i].offsetBy(dx: origin.x, dy: origin.y)
            commands.append(.roundedFill(frame, radius: FeedMetrics.photoRadius, theme.color(.placeholder)))
            let icon = min(48, frame.width / 3, frame.height / 3)
            commands.append(.icon(.brokenImage, Rect(x: frame.midX - icon / 2, y: frame.midY - icon / 2,
                                                     width: icon, height: icon), theme.color(.handle)))
        }
        commands.append(.fill(layout.separator.offsetBy(dx: origin.x, dy: origin.y), theme.color(.separator)))
    }

    /// The avatar and photo images of a row with their frames relative to the cell.
    func imageRequests(row: Int, width: Double) -> [(ImageRequest, Rect)] {
        guard let layout = list.layout(row) else { return [] }
        let item = source.items[list.rows[row]]
        var result: [(ImageRequest, Rect)] = []
        if let avatar = item.author.avatar {
            result.append((ImageRequest(path: avatar, size: displayScale.pixels(layout.avatar.size), shape: .circle),
                           layout.avatar))
        }
        let radius = Int((FeedMetrics.photoRadius * displayScale.factor).rounded())
        for (media, frame) in zip(item.media, layout.photos) {
            guard let path = media.path, media.kind != .video else { continue }
            result.append((ImageRequest(path: path, size: displayScale.pixels(frame.size), shape: .rounded(radius)), frame))
        }
        return result
    }

    /// Appends the scroll indicator's thumb at the right edge when the list can scroll.
    func drawScrollIndicator(into commands: inout [DrawCommand]) {
        let track = windowSize.height - FeedMetrics.barHeight - 8
        guard let thumb = list.scroll.indicator(trackHeight: track) else { return }
        let rect = Rect(x: windowSize.width - 7, y: FeedMetrics.barHeight + 4 + thumb.y, width: 4, height: thumb.height)
        commands.append(.roundedFill(rect, radius: 2, theme.color(.indicator)))
    }

    /// The placeholder colour made opaque over the column, so it fills without per-pixel blending.
    var placeholderColor: RGBA {
        theme.color(.placeholder).over(theme.color(.cardTint).withAlpha(theme.cardOpacity).over(theme.color(.backdrop)))
    }

    /// `p` moved by `by` (both in points).
    func offset(_ p: Point, _ by: Point) -> Point { Point(x: p.x + by.x, y: p.y + by.y) }
}
