/// Drawing the places list: the backdrop with the column tint, the visible rows (mosaic, name,
/// parent folder, count and dates), the scroll indicator, and the bar with the scan's progress.
extension PlacesScreen {
    /// Side padding inside a row, in points.
    static let padding = FeedMetrics.padding
    /// Where a row's texts start, from the row's left edge.
    static let textX = padding + PlaceThumbnails.mosaicSide + 14

    /// Advances the scroll to `env.time`.
    public mutating func update(env: ScreenEnvironment, measurer: some TextMeasuring) -> [Effect] {
        let count = catalog.order.count
        list.sync(count: count, env: env)
        for row in list.visibleRows(count: count, env: env) {
            let (key, make) = rowTexts(row, env: env, measurer: measurer)
            texts.prepare(key, make: make)
        }
        return []
    }

    /// The frame: the visible rows, the scroll indicator, the bar.
    public func frame(env: ScreenEnvironment, measurer: some TextMeasuring) -> Frame {
        let count = catalog.order.count
        let theme = env.theme
        let column = RowList.column(env)
        var commands: [DrawCommand] = []
        commands.reserveCapacity(128)
        commands.append(env.columnBackdrop(column))
        let hover = list.hoveredRow(count: count, env: env)
        let selected = selectedRow
        for row in list.visibleRows(count: count, env: env) {
            drawRow(row, highlighted: row == hover || row == selected, env: env, measurer: measurer, into: &commands)
        }
        list.drawIndicator(env: env, into: &commands)
        if count == 0 {
            RowList.drawMessage(isScanning ? "Looking for photos…" : "No photos in this folder", env: env,
                                measurer: measurer, into: &commands)
        }
        let progress = isScanning ? "Scanning… " + PlaceText.photos(catalog.photoCount) : nil
        env.bar.draw(title: title, leftIcon: env.barLeftIcon, chevron: false, trailing: progress,
                     theme: theme, hover: env.pointer, measurer: measurer, into: &commands)
        return Frame(commands: commands)
    }

    /// The mosaic tiles of the place shown at `row`, in window points, with their photos' paths.
    func mosaic(row: Int, env: ScreenEnvironment) -> [(path: String, frame: Rect)] {
        let place = catalog.places[catalog.order[row]]
        let frame = list.frame(ofRow: row, env: env)
        let origin = Point(x: frame.minX + Self.padding, y: frame.minY + ((frame.height - PlaceThumbnails.mosaicSide) / 2).rounded())
        return PlaceThumbnails.mosaic(count: min(4, place.photos.count)).enumerated().map { i, tile in
            (place.path(ofPhoto: i), tile.offsetBy(dx: origin.x, dy: origin.y))
        }
    }

    /// The texts of a place's row: its name, its parent folder when nested, its count and dates.
    func texts(of place: Place) -> [String] {
        let dates = place.dateRange.map { " · " + PlaceText.range($0) } ?? ""
        return [place.name, place.parent, PlaceText.photos(place.photos.count) + dates]
    }

    /// Appends the row of the place shown at `row`.
    func drawRow(_ row: Int, highlighted: Bool, env: ScreenEnvironment, measurer: some TextMeasuring,
                 into commands: inout [DrawCommand]) {
        let theme = env.theme
        let frame = list.frame(ofRow: row, env: env)
        if highlighted { commands.append(contentsOf: env.rowHighlight(frame, column: RowList.column(env))) }
        for (path, tile) in mosaic(row: row, env: env) {
            PlaceThumbnails.draw(path, in: tile, env: env, into: &commands)
        }
        let place = catalog.places[catalog.order[row]]
        let strings = texts(of: place)
        let width = max(40, frame.width - Self.textX - Self.padding)
        let (key, make) = rowTexts(row, env: env, measurer: measurer)
        let blocks = texts.blocks(for: key, make: make)
        let shown = zip(strings, blocks).enumerated().filter { !$0.element.0.isEmpty }
        let height = shown.reduce(0) { $0 + $1.element.1.size.height } + Double(shown.count - 1) * 2
        var y = (frame.minY + (frame.height - height) / 2).rounded()
        for (line, (text, block)) in shown {
            commands.append(.text(block, at: Point(x: frame.minX + Self.textX, y: y),
                                  key: "place-row:\(Int(width)):\(theme.name):\(line):\(text)"))
            y += block.size.height + 2
        }
        commands.append(.fill(Rect(x: frame.minX + Self.textX, y: frame.maxY - 1, width: frame.width - Self.textX,
                                   height: 1), theme.color(.separator)))
    }

    /// The cache key of row `row`'s text blocks (name, folder, count and dates) and how to lay them out.
    func rowTexts(_ row: Int, env: ScreenEnvironment, measurer: some TextMeasuring)
        -> (PlaceRowTexts.Key, () -> [TextBlock])
    {
        let theme = env.theme
        let strings = texts(of: catalog.places[catalog.order[row]])
        let width = max(40, list.frame(ofRow: row, env: env).width - Self.textX - Self.padding)
        let roles: [(FontStyle, ThemeRole)] = [(.a1, .name), (.b1, .handle), (.b1, .date)]
        return (PlaceRowTexts.key(strings, width: width, env: env), {
            zip(strings, roles).map { text, style in
                TextLayout.layout([StyledSpan(Substring(text), theme.color(style.1))], style: style.0, maxWidth: width,
                                  maxLines: 1, measurer: measurer)
            }
        })
    }

    /// The mosaics of a screen's worth of rows beyond each edge, nearest first.
    public func lookahead(env: ScreenEnvironment, measurer: some TextMeasuring) -> Lookahead {
        let count = catalog.order.count
        let visible = list.visibleRows(count: count, env: env)
        let ahead = visible.upperBound..<min(count, visible.upperBound + visible.count)
        let behind = max(0, visible.lowerBound - visible.count)..<visible.lowerBound
        return Lookahead(images: (Array(ahead) + behind.reversed()).flatMap { row in
            mosaic(row: row, env: env).map { PlaceThumbnails.request($0.path, frame: $0.frame, scale: env.displayScale) }
        })
    }
}
