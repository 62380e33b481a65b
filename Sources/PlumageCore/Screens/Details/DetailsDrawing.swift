/// Drawing the details screen: the backdrop with the column tint, the post, the section titles
/// and entries (hover and selection highlighted), the scroll indicator and the bar.
extension DetailsScreen {
    /// Lays out for the current window and theme and advances the scroll to `env.time`.
    public mutating func update(env: ScreenEnvironment, measurer: some TextMeasuring) -> [Effect] {
        let column = FeedScreen.columnFrame(windowSize: env.windowSize)
        let key = DetailsLayout.Key(width: column.width, textScale: env.textScale, displayScale: env.displayScale.factor,
                                    theme: env.theme.name, reveals: reveals)
        if layout?.key != key {
            layout = DetailsLayout(item: post, content: content, key: key, theme: env.theme, now: env.now,
                                   measurer: measurer)
        }
        guard let layout else { return [] }
        scroll.resize(contentHeight: ChromeMetrics.barHeight + layout.height, viewportHeight: env.windowSize.height,
                      keepingOffset: scroll.offset)
        _ = scroll.advance(to: env.time)
        return []
    }

    /// The frame (empty until `update` has laid the post out).
    public func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame {
        let theme = env.theme
        let column = FeedScreen.columnFrame(windowSize: env.windowSize)
        guard let layout else { return Frame() }
        let key = layout.key

        var commands: [DrawCommand] = []
        commands.append(env.columnBackdrop(column))
        let origin = Point(x: column.minX, y: ChromeMetrics.barHeight - scroll.offset.rounded())
        let tag = "details:\(Int(key.width)):\(key.theme):\(post.id)"
        layout.post.draw(post, origin: origin, width: column.width, highlighted: false, tag: tag, source: source.kind,
                         env: env, measurer: measurer, into: &commands)
        for (i, header) in layout.headers.enumerated() {
            commands.append(.text(header.block, at: Point(x: origin.x + header.origin.x, y: origin.y + header.origin.y),
                                  key: "\(tag):header:\(i)"))
        }
        let hover = drag == nil ? env.pointer.flatMap { row(at: $0, env: env) } : nil
        let placeholder = CellLayout.placeholderColor(theme)
        let hidesMedia = !reveals.showsMedia(of: post)
        for (i, (entry, row)) in zip(content.entries, layout.rows).enumerated() {
            let frame = row.frame.offsetBy(dx: origin.x, dy: origin.y)
            guard frame.maxY > ChromeMetrics.barHeight, frame.minY < env.windowSize.height else { continue }
            let chosen = i == selection || i == hover
            if let media = entry.media {
                if chosen { commands.append(.roundedFill(frame.insetBy(-4), radius: FeedMetrics.photoRadius + 4, theme.color(.selection))) }
                commands += MediaDrawing.imageCommands(media, in: frame, hidden: hidesMedia, placeholder: placeholder,
                                                       scale: env.displayScale)
                if hidesMedia {
                    MediaDrawing.drawHidden(media, in: frame, theme: theme, measurer: measurer, into: &commands)
                } else {
                    MediaDrawing.drawCard(media, in: frame, source: source.kind, theme: theme, measurer: measurer,
                                          into: &commands)
                }
            } else if let text = row.text {
                if chosen { commands.append(.fill(frame, theme.color(.selection))) }
                commands.append(.text(text, at: Point(x: origin.x + row.textOrigin.x, y: origin.y + row.textOrigin.y),
                                      key: "\(tag):entry:\(i)"))
                commands.append(.fill(Rect(x: frame.minX + FeedMetrics.padding, y: frame.maxY - 1,
                                           width: frame.width - FeedMetrics.padding, height: 1), theme.color(.separator)))
            }
        }
        let track = env.windowSize.height - ChromeMetrics.barHeight - 8
        if let thumb = scroll.indicator(trackHeight: track) {
            commands.append(.roundedFill(Rect(x: env.windowSize.width - 7, y: ChromeMetrics.barHeight + 4 + thumb.y,
                                              width: 4, height: thumb.height), radius: 2, theme.color(.indicator)))
        }
        env.bar.draw(title: "Post", leftIcon: env.barLeftIcon, chevron: false, theme: theme,
                     hover: env.pointer, measurer: measurer, into: &commands)
        return Frame(commands: commands)
    }
}
