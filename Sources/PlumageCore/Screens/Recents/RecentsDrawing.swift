/// Geometry of the recents list: fixed-height rows in the feed's column.
enum RecentsLayout {
    /// Height of one row in points.
    static let rowHeight = 64.0
    /// Side of a row's thumbnail in points.
    static let thumbnail = 44.0

    /// The frame of row `row` in window points, with the list scrolled by `offset`.
    static func rowFrame(row: Int, column: Rect, offset: Double) -> Rect {
        Rect(x: column.minX, y: ChromeMetrics.barHeight + Double(row) * rowHeight - offset.rounded(),
             width: column.width, height: rowHeight)
    }

    /// The × button that forgets row `row`, at the row's right end.
    static func forgetButton(row: Int, column: Rect, offset: Double) -> Rect {
        let frame = rowFrame(row: row, column: column, offset: offset)
        return Rect(x: frame.maxX - FeedMetrics.padding - 32, y: frame.midY - 16, width: 32, height: 32)
    }
}

/// Drawing the recents list: backdrop and column tint, one row per entry (thumbnail or source
/// badge, title, folder and age; greyed when missing), the hovered row's × button, the bar.
extension RecentsScreen {
    /// Advances the scroll to `env.time` and returns the frame.
    public mutating func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame {
        let theme = env.theme
        let column = column(env)
        scroll.resize(contentHeight: ChromeMetrics.barHeight + Double(entries.count) * RecentsLayout.rowHeight
                      + FeedMetrics.bottomInset, viewportHeight: env.windowSize.height, keepingOffset: scroll.offset)
        _ = scroll.advance(to: env.time)

        var commands: [DrawCommand] = []
        let columnTint = theme.color(.cardTint).withAlpha(theme.cardOpacity)
        commands.append(.image(env.backdrop(tint: columnTint, over: column), env.windowRect,
                               placeholder: columnTint.over(theme.color(.backdrop)), failureIcon: nil))
        let style = "\(theme.name):\(env.textScale)"
        if entries.isEmpty {
            let block = TextLayout.layout([StyledSpan("Nothing opened yet: sources and photos you open appear here.",
                                                      theme.color(.date))],
                                          style: .b1, maxWidth: column.width - 2 * FeedMetrics.padding, measurer: measurer)
            commands.append(.text(block, at: Point(x: (column.midX - block.size.width / 2).rounded(),
                                                   y: ChromeMetrics.barHeight + 40), key: "recents:empty:\(style)"))
        }
        let hover = drag == nil ? env.pointer.flatMap { row(at: $0, env: env) } : nil
        let textX = FeedMetrics.padding + RecentsLayout.thumbnail + FeedMetrics.avatarGap
        let textWidth = column.width - textX - FeedMetrics.padding - 40
        for (i, entry) in entries.enumerated() {
            let frame = RecentsLayout.rowFrame(row: i, column: column, offset: scroll.offset)
            guard frame.maxY > ChromeMetrics.barHeight, frame.minY < env.windowSize.height else { continue }
            if i == selection || i == hover { commands.append(.fill(frame, theme.color(.selection))) }
            let thumb = Rect(x: frame.minX + FeedMetrics.padding, y: frame.midY - RecentsLayout.thumbnail / 2,
                             width: RecentsLayout.thumbnail, height: RecentsLayout.thumbnail)
            drawThumbnail(entry, in: thumb, env: env, measurer: measurer, into: &commands)
            let dim = entry.isMissing ? 0.5 : 1
            let title = TextLayout.layout([StyledSpan(Substring(entry.title), theme.color(.name).withAlpha(dim))],
                                          style: .a2, maxWidth: textWidth, maxLines: 1, measurer: measurer)
            let folder = String(entry.path.split(separator: "/").dropLast().joined(separator: "/"))
            let detail = (entry.isMissing ? "missing · " : "") + "/" + folder + " · "
                + RelativeDate.format(entry.opened, now: env.now)
            let subtitle = TextLayout.layout([StyledSpan(Substring(detail), theme.color(.handle).withAlpha(dim))],
                                             style: .b1, maxWidth: textWidth, maxLines: 1, measurer: measurer)
            let top = (frame.midY - (title.size.height + 2 + subtitle.size.height) / 2).rounded()
            commands.append(.text(title, at: Point(x: frame.minX + textX, y: top),
                                  key: "recents:title:\(entry.path):\(dim):\(style)"))
            commands.append(.text(subtitle, at: Point(x: frame.minX + textX, y: top + title.size.height + 2),
                                  key: "recents:detail:\(entry.path):\(detail):\(style)"))
            if i == hover || i == selection {
                let button = RecentsLayout.forgetButton(row: i, column: column, offset: scroll.offset)
                if let pointer = env.pointer, button.contains(pointer) {
                    commands.append(.roundedFill(button, radius: 8, theme.color(.selection)))
                }
                commands.append(.icon(.close, button.insetBy(8), theme.color(.handle)))
            }
            commands.append(.fill(Rect(x: frame.minX + textX, y: frame.maxY - 1, width: frame.width - textX,
                                       height: 1), theme.color(.separator)))
        }
        let track = env.windowSize.height - ChromeMetrics.barHeight - 8
        if let thumb = scroll.indicator(trackHeight: track) {
            commands.append(.roundedFill(Rect(x: env.windowSize.width - 7, y: ChromeMetrics.barHeight + 4 + thumb.y,
                                              width: 4, height: thumb.height), radius: 2, theme.color(.indicator)))
        }
        env.bar.draw(title: "Recent", leftIcon: env.barLeftIcon, chevron: false, theme: theme,
                     hover: env.pointer, measurer: measurer, into: &commands)
        return Frame(commands: commands)
    }

    /// A photo's own picture (the broken-image icon when missing), or a badge with the source's initial.
    private func drawThumbnail(_ entry: RecentEntry, in rect: Rect, env: ScreenEnvironment, measurer: some TextMeasuring,
                               into commands: inout [DrawCommand]) {
        let theme = env.theme
        if entry.kind == .photo, !entry.isMissing {
            let radius = Int((8 * env.displayScale.factor).rounded())
            let request = ImageRequest(path: entry.path, size: env.displayScale.pixels(rect.size), shape: .rounded(radius))
            commands.append(.image(request, rect, placeholder: theme.color(.placeholder),
                                   failureIcon: theme.color(.handle)))
            return
        }
        commands.append(.roundedFill(rect, radius: 8, theme.color(.placeholder)))
        if entry.isMissing || entry.kind == .photo {
            commands.append(.icon(.brokenImage, rect.insetBy(11), theme.color(.handle)))
            return
        }
        let initial = entry.title.first.map { String($0).uppercased() } ?? "?"
        let block = TextLayout.layout([StyledSpan(Substring(initial), theme.color(.link))], style: .l1,
                                      maxWidth: rect.width, maxLines: 1, measurer: measurer)
        commands.append(.text(block, at: Point(x: (rect.midX - block.size.width / 2).rounded(),
                                               y: (rect.midY - block.size.height / 2).rounded()),
                              key: "recents:badge:\(initial):\(theme.name):\(env.textScale)"))
    }
}
