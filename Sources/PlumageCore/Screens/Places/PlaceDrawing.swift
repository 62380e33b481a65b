/// Drawing a place's photo list: the backdrop with the column tint, the visible rows (thumbnail,
/// name, date and size), the scroll indicator and the bar; asks for the headers still unread.
extension PlaceScreen {
    /// Side of a row's thumbnail, in points.
    static let thumbnailSide = 56.0
    /// Corner radius of a row's thumbnail, in points.
    static let thumbnailRadius = 8.0
    /// Where a row's texts start, from the row's left edge.
    static let textX = FeedMetrics.padding + thumbnailSide + 12

    /// Advances the scroll to `env.time` and returns, when headers are wanted, the request to read them.
    public mutating func update(env: ScreenEnvironment, measurer: some TextMeasuring) -> [Effect] {
        let count = place.photos.count
        list.sync(count: count, env: env)
        let visible = list.visibleRows(count: count, env: env)
        for row in visible {
            let (key, make) = rowTexts(row, env: env, measurer: measurer)
            texts.prepare(key, make: make)
        }
        return headerEffects(visible: visible)
    }

    /// The frame: the visible rows, the scroll indicator, the bar.
    public func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame {
        let count = place.photos.count
        let theme = env.theme
        let column = RowList.column(env)
        var commands: [DrawCommand] = []
        commands.reserveCapacity(128)
        commands.append(env.columnBackdrop(column))
        let hover = list.hoveredRow(count: count, env: env)
        let visible = list.visibleRows(count: count, env: env)
        for row in visible {
            drawRow(row, highlighted: row == hover || row == selection, env: env, measurer: measurer, into: &commands)
        }
        list.drawIndicator(env: env, into: &commands)
        if count == 0 {
            RowList.drawMessage(isScanning ? "Looking for photos…" : "No photos in this folder", env: env,
                                measurer: measurer, into: &commands)
        }
        let trailing = ownsScan && isScanning ? "Scanning… " + PlaceText.photos(scannedPhotos) : PlaceText.photos(count)
        env.bar.draw(title: place.name, leftIcon: env.barLeftIcon, chevron: false, trailing: trailing,
                     theme: theme, hover: env.pointer, measurer: measurer, into: &commands)
        return Frame(commands: commands)
    }

    /// The request for unread headers, from the first visible row on, when one is due: new photos
    /// came, the screen is back on top, or the rows on screen are unread and far from where the
    /// last request started (the user jumped).
    mutating func headerEffects(visible: Range<Int>) -> [Effect] {
        if !wantsHeaders, abs(visible.lowerBound - headerAnchor) > 2 * max(1, visible.count),
           visible.contains(where: { !place.photos[$0].headerRead }) {
            wantsHeaders = true
        }
        guard wantsHeaders else { return [] }
        wantsHeaders = false
        headerAnchor = visible.lowerBound
        return headerRequest(from: visible.lowerBound).map { [.readPhotoHeaders($0)] } ?? []
    }

    /// The thumbnail frame of row `row`, in window points.
    func thumbnailFrame(row: Int, env: ScreenEnvironment) -> Rect {
        let frame = list.frame(ofRow: row, env: env)
        return Rect(x: frame.minX + FeedMetrics.padding, y: frame.minY + ((frame.height - Self.thumbnailSide) / 2).rounded(),
                    width: Self.thumbnailSide, height: Self.thumbnailSide)
    }

    /// The texts of a photo's row: its name, its date and size, and why its header is unreadable.
    func texts(of photo: PlacePhoto) -> [String] {
        let size = photo.size.map { " · " + PlaceText.dimensions($0) } ?? ""
        return [photo.name, PlaceText.dayAndTime(photo.date) + size, photo.problem.map { " · " + $0 } ?? ""]
    }

    /// Appends the row of photo `row`.
    func drawRow(_ row: Int, highlighted: Bool, env: ScreenEnvironment, measurer: some TextMeasuring,
                 into commands: inout [DrawCommand]) {
        let theme = env.theme
        let frame = list.frame(ofRow: row, env: env)
        if highlighted { commands.append(contentsOf: env.rowHighlight(frame, column: RowList.column(env))) }
        PlaceThumbnails.draw(place.path(ofPhoto: row), in: thumbnailFrame(row: row, env: env), radius: Self.thumbnailRadius,
                             env: env, into: &commands)
        let strings = texts(of: place.photos[row])
        let width = max(40, frame.width - Self.textX - FeedMetrics.padding)
        let (key, make) = rowTexts(row, env: env, measurer: measurer)
        let blocks = texts.blocks(for: key, make: make)
        let height = blocks[0].size.height + 2 + blocks[1].size.height
        let top = (frame.minY + (frame.height - height) / 2).rounded()
        commands.append(.text(blocks[0], at: Point(x: frame.minX + Self.textX, y: top),
                              key: "place-photo:\(Int(width)):\(theme.name):\(strings[0])"))
        commands.append(.text(blocks[1], at: Point(x: frame.minX + Self.textX, y: top + blocks[0].size.height + 2),
                              key: "place-photo-meta:\(Int(width)):\(theme.name):\(strings[1])\(strings[2])"))
        commands.append(.fill(Rect(x: frame.minX + Self.textX, y: frame.maxY - 1, width: frame.width - Self.textX,
                                   height: 1), theme.color(.separator)))
    }

    /// The cache key of row `row`'s text blocks (name; date, size and problem) and how to lay them out.
    func rowTexts(_ row: Int, env: ScreenEnvironment, measurer: some TextMeasuring)
        -> (PlaceRowTexts.Key, () -> [TextBlock])
    {
        let theme = env.theme
        let strings = texts(of: place.photos[row])
        let width = max(40, list.frame(ofRow: row, env: env).width - Self.textX - FeedMetrics.padding)
        return (PlaceRowTexts.key(strings, width: width, env: env), {
            [TextLayout.layout([StyledSpan(Substring(strings[0]), theme.color(.name))], style: .a2, maxWidth: width,
                               maxLines: 1, measurer: measurer),
             TextLayout.layout([StyledSpan(Substring(strings[1]), theme.color(.date)),
                                StyledSpan(Substring(strings[2]), theme.color(.error))], style: .b1, maxWidth: width,
                               maxLines: 1, measurer: measurer)]
        })
    }

    /// The thumbnails of a screen's worth of rows beyond each edge, nearest first.
    public func lookahead(env: ScreenEnvironment, measurer: some TextMeasuring) -> Lookahead {
        let count = place.photos.count
        let visible = list.visibleRows(count: count, env: env)
        let ahead = visible.upperBound..<min(count, visible.upperBound + visible.count)
        let behind = max(0, visible.lowerBound - visible.count)..<visible.lowerBound
        return Lookahead(images: (Array(ahead) + behind.reversed()).map { row in
            PlaceThumbnails.request(place.path(ofPhoto: row), frame: thumbnailFrame(row: row, env: env),
                                    radius: Self.thumbnailRadius, scale: env.displayScale)
        })
    }
}
