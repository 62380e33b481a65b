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
        if let avatar = avatarRequest(item, scale: env.displayScale) {
            let frame = self.avatar.offsetBy(dx: origin.x, dy: origin.y)
            commands.append(.image(avatar, frame, placeholder: placeholder,
                                   failureIcon: Self.failureIcon(avatar, frame: frame, scale: env.displayScale)))
        }
        for (media, rect) in zip(item.media, photos) {
            commands += MediaDrawing.imageCommands(media, in: rect.offsetBy(dx: origin.x, dy: origin.y), hidden: hidesMedia,
                                                   placeholder: placeholder, scale: env.displayScale)
        }
        if item.author.avatar == nil {
            GeneratedAvatar.draw(item.author, in: layout.avatar.offsetBy(dx: origin.x, dy: origin.y), measurer: measurer,
                                 into: &commands)
        }
        func at(_ p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y) }
        commands.append(.text(layout.name, at: at(layout.nameOrigin), key: "name:\(tag)"))
        commands.append(.text(layout.meta, at: at(layout.metaOrigin), key: "meta:\(tag):\(layout.metaDate)"))
        layout.warning?.draw(origin: origin, tag: tag, theme: theme, into: &commands)
        if layout.showsContent { commands.append(.text(layout.body, at: at(layout.bodyOrigin), key: "body:\(tag)")) }
        layout.card?.draw(origin: origin, tag: tag, theme: theme, into: &commands)
        for (media, frame) in zip(item.media, layout.photos) {
            let frame = frame.offsetBy(dx: origin.x, dy: origin.y)
            if hidesMedia {
                MediaDrawing.drawHidden(media, in: frame, theme: theme, measurer: measurer, into: &commands)
            } else {
                MediaDrawing.drawCard(media, in: frame, source: source, theme: theme, measurer: measurer, into: &commands)
            }
        }
        commands.append(.fill(layout.separator.offsetBy(dx: origin.x, dy: origin.y), theme.color(.separator)))
    }

    /// The avatar and media images of `item`'s cell with their frames relative to the cell, in
    /// drawing order (videos, GIFs and missing files have none: nothing of theirs is ever decoded;
    /// a hidden sensitive photo only its BlurHash or blurred self; a remote one its BlurHash too).
    public func imageRequests(_ item: Item, scale displayScale: DisplayScale) -> [(ImageRequest, Rect)] {
        var result: [(ImageRequest, Rect)] = avatarRequest(item, scale: displayScale).map { [($0, avatar)] } ?? []
        for (media, frame) in zip(item.media, photos) {
            for request in MediaDrawing.imageRequests(media, size: frame.size, hidden: hidesMedia, scale: displayScale) {
                result.append((request, frame))
            }
        }
        return result
    }

    /// The avatar's image, when the author has one.
    func avatarRequest(_ item: Item, scale displayScale: DisplayScale) -> ImageRequest? {
        item.author.avatar.map { ImageRequest(source: $0, size: displayScale.pixels(avatar.size), shape: .circle) }
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
