/// The geometry and text of one feed cell at one width; everything relative to the cell's top-left.
public struct CellLayout: Sendable {
    /// Total height including padding and separator.
    public var height: Double
    /// Avatar frame in points, relative to the cell's top-left.
    public var avatar: Rect
    /// The author's display name on one line in style a1.
    public var name: TextBlock
    /// Top-left of `name` in points, relative to the cell.
    public var nameOrigin: Point
    /// "@handle · 3h" in the secondary style.
    public var meta: TextBlock
    /// Top-left of `meta` in points, relative to the cell (baseline aligned with the name's).
    public var metaOrigin: Point
    /// The relative date `meta` shows ("3h"); when the clock moves past it, only `meta` is redone.
    public var metaDate: String
    /// The item's text in style a2, with hashtags, mentions and links in their theme colours.
    public var body: TextBlock
    /// Top-left of `body` in points, relative to the cell.
    public var bodyOrigin: Point
    /// Frames of the first four media (photos, videos, GIFs, missing ones alike), in attachment order;
    /// none while a content warning hides them.
    public var photos: [Rect]
    /// The content warning and its Show more / Show less button; nil when the post has none.
    public var warning: WarningLayout? = nil
    /// The link card under the text; nil when the post has none or a content warning hides it.
    public var card: LinkCardLayout? = nil
    /// True when the text, media and card show (false: a closed content warning hides them, and
    /// `body` is empty).
    public var showsContent = true
    /// True when the media are sensitive and not revealed yet: drawn blurred, behind a label.
    public var hidesMedia = false
    /// The hairline under the cell, inset to the text column as in the design.
    public var separator: Rect

    /// Lays out `item` for a cell `width` points wide, colours from `theme`, date relative to `now`.
    /// `bodyStyle` is the text's style (the feed's a2; the details screen's post is larger);
    /// `reveals` tells whether a content warning is open and sensitive media are shown.
    public static func make(
        _ item: Item, width: Double, theme: Theme, now: Timestamp, bodyStyle: FontStyle = .a2,
        reveals: PostReveals = PostReveals(), measurer: some TextMeasuring
    ) -> CellLayout {
        let m = FeedMetrics.self
        let textX = m.padding + m.avatarSize + m.avatarGap
        let textWidth = max(40, width - textX - m.padding)
        var y = m.padding

        let name = TextLayout.layout([StyledSpan(Substring(item.author.name), theme.color(.name))],
                                     style: .a1, maxWidth: textWidth * 0.6, maxLines: 1, measurer: measurer)
        let metaX = textX + name.size.width + 6
        let metaDate = RelativeDate.format(item.date, now: now)
        let meta = metaBlock(item, date: metaDate, maxWidth: max(20, width - m.padding - metaX), theme: theme,
                             measurer: measurer)
        let headerHeight = max(name.size.height, meta.size.height)
        let nameOrigin = Point(x: textX, y: y + (headerHeight - name.size.height) / 2)
        // Align the smaller meta text's baseline with the name's (baselines sit ~80 % down a line box).
        let metaOrigin = Point(x: metaX, y: nameOrigin.y + (name.size.height - meta.size.height) * 0.8)
        y += headerHeight + m.blockGap / 2

        let showsContent = reveals.showsContent(of: item)
        let warning = item.contentWarning.map {
            WarningLayout.make($0, isOpen: showsContent, at: Point(x: textX, y: y), width: textWidth, style: bodyStyle,
                               theme: theme, measurer: measurer)
        }
        if let warning { y = warning.button.maxY + (showsContent ? m.blockGap + 4 : 0) }
        let body = showsContent
            ? TextLayout.layout(bodySpans(item, theme: theme), style: bodyStyle, maxWidth: textWidth,
                                lineSpacing: m.bodyLineSpacing, measurer: measurer)
            : TextBlock.empty(bodyStyle)
        let bodyOrigin = Point(x: textX, y: y)
        y += body.size.height

        var card: LinkCardLayout?
        if showsContent, let link = item.card {
            y += m.blockGap + 4
            card = LinkCardLayout.make(link, at: Point(x: textX, y: y), width: textWidth, theme: theme, measurer: measurer)
            y = card?.frame.maxY ?? y
        }

        let photoFrames = showsContent ? photoGrid(item.media, width: textWidth) : []
        var photos: [Rect] = []
        if !photoFrames.isEmpty {
            y += m.blockGap + 4
            photos = photoFrames.map { $0.offsetBy(dx: textX, dy: y) }
            y += photoFrames.map(\.maxY).max() ?? 0
        }
        y += m.padding
        let avatar = Rect(x: m.padding, y: m.padding, width: m.avatarSize, height: m.avatarSize)
        let height = max(y, avatar.maxY + m.padding)
        return CellLayout(height: height, avatar: avatar, name: name, nameOrigin: nameOrigin, meta: meta,
                          metaOrigin: metaOrigin, metaDate: metaDate, body: body, bodyOrigin: bodyOrigin, photos: photos,
                          warning: warning, card: card, showsContent: showsContent,
                          hidesMedia: !reveals.showsMedia(of: item),
                          separator: Rect(x: textX, y: height - 1, width: width - textX, height: 1))
    }

    /// The "@handle · date" line in the handle and date colours, on one line; just "@handle" when
    /// `date` is empty.
    public static func metaBlock(_ item: Item, date: String, maxWidth: Double, theme: Theme,
                                 measurer: some TextMeasuring) -> TextBlock {
        var spans = [StyledSpan(Substring("@" + item.author.handle), theme.color(.handle))]
        if !date.isEmpty { spans.append(StyledSpan(Substring(" · " + date), theme.color(.date))) }
        return TextLayout.layout(spans, style: .b1, maxWidth: maxWidth, maxLines: 1, measurer: measurer)
    }

    /// This layout with the date line redone for `date` (the clock moved on since layout).
    public func withDate(_ date: String, item: Item, cellWidth: Double, theme: Theme,
                         measurer: some TextMeasuring) -> CellLayout {
        guard date != metaDate else { return self }
        var copy = self
        copy.meta = Self.metaBlock(item, date: date, maxWidth: max(20, cellWidth - FeedMetrics.padding - metaOrigin.x),
                                   theme: theme, measurer: measurer)
        copy.metaDate = date
        return copy
    }

    /// The item's text split into coloured spans: hashtags, mentions and links in their theme colours,
    /// each marked with its entity's index in `item.entities` (what a click on it chooses). Entities
    /// past the first `TextLayout.maxCharacters` characters are left in the plain rest (never laid out).
    public static func bodySpans(_ item: Item, theme: Theme) -> [StyledSpan] {
        let text = item.text
        let scalars = text.unicodeScalars
        var spans: [StyledSpan] = []
        var cursor = scalars.startIndex
        var cursorOffset = 0
        func index(atScalar offset: Int) -> String.Index {
            scalars.index(cursor, offsetBy: offset - cursorOffset, limitedBy: scalars.endIndex) ?? scalars.endIndex
        }
        let ordered = item.entities.enumerated().sorted { $0.element.start < $1.element.start }
        // Layout keeps only `TextLayout.maxCharacters` characters: entities past them make no span.
        var characters = 0
        // An entity overlapping the previous one, or ending before it starts (a damaged source), stays plain text.
        for (link, entity) in ordered where entity.start >= cursorOffset && entity.start <= entity.end {
            if characters > TextLayout.maxCharacters { break }
            let start = index(atScalar: entity.start)
            let end = scalars.index(start, offsetBy: entity.end - entity.start, limitedBy: scalars.endIndex)
                ?? scalars.endIndex
            if cursor < start { spans.append(StyledSpan(text[cursor..<start], theme.color(.text))) }
            characters += text[cursor..<end].count
            let role: ThemeRole = switch entity.kind {
            case .hashtag: .hashtag
            case .mention: .mention
            case .url: .link
            }
            spans.append(StyledSpan(text[start..<end], theme.color(role), link: link))
            cursor = end; cursorOffset = entity.end
        }
        if cursor < text.endIndex { spans.append(StyledSpan(text[cursor...], theme.color(.text))) }
        return spans
    }

    /// Frames of the first four media for a column `width` wide: one at its aspect ratio
    /// (`MediaDrawing.aspect`), 2–4 as a grid.
    public static func photoGrid(_ media: [Media], width: Double) -> [Rect] {
        let shown = Array(media.prefix(4))
        let gap = FeedMetrics.photoGap
        let half = ((width - gap) / 2).rounded(.down)
        switch shown.count {
        case 0:
            return []
        case 1:
            let height = min(max(width * MediaDrawing.aspect(of: shown[0]), width * 0.4), min(width * 1.25, 520)).rounded()
            return [Rect(x: 0, y: 0, width: width, height: height)]
        case 2:
            let h = (width * 0.5625).rounded()
            return [Rect(x: 0, y: 0, width: half, height: h), Rect(x: width - half, y: 0, width: half, height: h)]
        case 3:
            let h = (width * 0.5625).rounded()
            let small = ((h - gap) / 2).rounded(.down)
            return [Rect(x: 0, y: 0, width: half, height: h),
                    Rect(x: width - half, y: 0, width: half, height: small),
                    Rect(x: width - half, y: h - small, width: half, height: small)]
        default:
            let h = (width * 0.5625).rounded()
            let small = ((h - gap) / 2).rounded(.down)
            return [Rect(x: 0, y: 0, width: half, height: small),
                    Rect(x: width - half, y: 0, width: half, height: small),
                    Rect(x: 0, y: h - small, width: half, height: small),
                    Rect(x: width - half, y: h - small, width: half, height: small)]
        }
    }
}
