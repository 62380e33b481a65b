/// Geometry of the recents list's rows.
enum RecentsLayout {
    /// Height of one row in points.
    static let rowHeight = 64.0
    /// Side of a row's thumbnail in points.
    static let thumbnail = 44.0

    /// The × button that forgets the row drawn in `frame`, at its right end.
    static func forgetButton(in frame: Rect) -> Rect {
        Rect(x: frame.maxX - FeedMetrics.padding - 32, y: frame.midY - 16, width: 32, height: 32)
    }
}

/// Drawing the recents list: backdrop and column tint, one row per entry (thumbnail or source
/// badge, title, folder and age; greyed when missing), the hovered row's × button, the bar.
extension RecentsScreen {
    /// Advances the scroll to `env.time`.
    public mutating func update(env: ScreenEnvironment, measurer: some TextMeasuring) -> [Effect] {
        list.sync(count: entries.count, env: env)
        return []
    }

    /// The frame.
    public func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame {
        let theme = env.theme
        let column = RowList.column(env)

        var commands: [DrawCommand] = []
        commands.append(env.columnBackdrop(column))
        let style = "\(theme.name):\(env.textScale)"
        if entries.isEmpty {
            RowList.drawMessage("Nothing opened yet: sources and photos you open appear here.", env: env,
                                measurer: measurer, into: &commands)
        }
        let hover = list.hoveredRow(count: entries.count, env: env)
        let textX = FeedMetrics.padding + RecentsLayout.thumbnail + FeedMetrics.avatarGap
        let textWidth = column.width - textX - FeedMetrics.padding - 40
        for i in list.visibleRows(count: entries.count, env: env) {
            let entry = entries[i]
            let frame = list.frame(ofRow: i, env: env)
            if i == selection || i == hover { commands.append(contentsOf: env.rowHighlight(frame, column: column)) }
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
                let button = RecentsLayout.forgetButton(in: frame)
                if let pointer = env.pointer, button.contains(pointer) {
                    commands.append(.roundedFill(button, radius: 8, theme.color(.selection)))
                }
                commands.append(.icon(.close, button.insetBy(8), theme.color(.handle)))
            }
            commands.append(.fill(Rect(x: frame.minX + textX, y: frame.maxY - 1, width: frame.width - textX,
                                       height: 1), theme.color(.separator)))
        }
        list.drawIndicator(env: env, into: &commands)
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
            let request = ImageRequest(source: .file(entry.path), size: env.displayScale.pixels(rect.size), shape: .rounded(radius))
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
