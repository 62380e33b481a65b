import Imaging

/// Drawing one post cell from its layout: the feed's rows and the post at the top of the details
/// screen.
extension CellLayout {
    /// Appends the commands of `item`'s cell with its top left at `origin` (window points);
    /// `tag` makes the text textures' keys unique to this layout (generation and item); `source`
    /// is the kind of source the item is from (what a missing medium's placeholder says).
    public func draw(_ item: Item, origin: Point, width: Double, highlighted: Bool, tag: String, source: SourceKind,
                     env: ScreenEnvironment, measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        let theme = env.theme
        let layout = withDate(RelativeDate.format(item.date, now: env.now), item: item, cellWidth: width, theme: theme,
                              measurer: measurer)
        let cell = Rect(x: origin.x, y: origin.y, width: width, height: layout.height)
        if highlighted { commands.append(contentsOf: env.rowHighlight(cell, column: RowList.column(env))) }
        let placeholder = Self.placeholderColor(theme)
        for (request, rect) in imageRequests(item, scale: env.displayScale) {
            let frame = rect.offsetBy(dx: origin.x, dy: origin.y)
            commands.append(.image(request, frame, placeholder: placeholder,
                                   failureIcon: Self.failureIcon(request, frame: frame, scale: env.displayScale)))
        }
        if item.author.avatar == nil {
            GeneratedAvatar.draw(item.author, in: layout.avatar.offsetBy(dx: origin.x, dy: origin.y), measurer: measurer,
                                 into: &commands)
        }
        func at(_ p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y) }
        commands.append(.text(layout.name, at: at(layout.nameOrigin), key: "name:\(tag)"))
        commands.append(.text(layout.meta, at: at(layout.metaOrigin), key: "meta:\(tag):\(layout.metaDate)"))
        commands.append(.text(layout.body, at: at(layout.bodyOrigin), key: "body:\(tag)"))
        for (media, frame) in zip(item.media, layout.photos) {
            MediaDrawing.drawCard(media, in: frame.offsetBy(dx: origin.x, dy: origin.y), source: source, theme: theme,
                                  measurer: measurer, into: &commands)
        }
        commands.append(.fill(layout.separator.offsetBy(dx: origin.x, dy: origin.y), theme.color(.separator)))
    }

    /// The avatar and photo images of `item`'s cell with their frames relative to the cell (videos,
    /// GIFs and missing files have none: nothing of theirs is ever decoded).
    public func imageRequests(_ item: Item, scale displayScale: DisplayScale) -> [(ImageRequest, Rect)] {
        var result: [(ImageRequest, Rect)] = []
        if let avatar = item.author.avatar {
            result.append((ImageRequest(source: avatar, size: displayScale.pixels(self.avatar.size), shape: .circle),
                           self.avatar))
        }
        for (media, frame) in zip(item.media, photos) {
            if let request = MediaDrawing.imageRequest(media, size: frame.size, scale: displayScale) {
                result.append((request, frame))
            }
        }
        return result
    }

    /// The placeholder colour made opaque over the column, so it fills without per-pixel blending.
    public static func placeholderColor(_ theme: Theme) -> RGBA {
        theme.color(.placeholder).over(theme.color(.cardTint).withAlpha(theme.cardOpacity).over(theme.color(.backdrop)))
    }

    /// The broken-image icon's tint for a photo that cannot be decoded: shown on photos whose icon
    /// (a third of the shorter side) is at least 16 device pixels; never on avatars or backdrops.
    public static func failureIcon(_ request: ImageRequest, frame: Rect, scale: DisplayScale) -> RGBA? {
        let pixels = scale.pixels(frame)
        guard request.shape != .circle, request.blurSigma == 0, min(pixels.width, pixels.height) / 3 >= 16 else {
            return nil
        }
        return RGBA(255, 255, 255, 150)
    }
}
