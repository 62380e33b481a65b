/// The preview of a post's link (`Item.card`) in its cell: a rounded card with the page's title
/// (at most two lines, the second ellipsized) and, under it, the site on one line in the
/// secondary colour. Choosing it opens the link.
public struct LinkCardLayout: Sendable {
    /// The card, relative to the cell.
    public var frame: Rect
    /// The title in the text colour; nil when the card has none.
    public var title: TextBlock?
    /// Top-left of `title`, relative to the cell.
    public var titleOrigin: Point
    /// The site in the date colour.
    public var site: TextBlock
    /// Top-left of `site`, relative to the cell.
    public var siteOrigin: Point

    /// Space between the card's edge and its text, in points.
    public static let padding = 10.0
    /// Space between the title and the site, in points.
    public static let gap = 2.0

    /// Lays out `card` with its top-left at `origin`, `width` points wide.
    public static func make(_ card: LinkCard, at origin: Point, width: Double, theme: Theme,
                            measurer: some TextMeasuring) -> LinkCardLayout {
        let inner = max(20, width - 2 * padding)
        // Runs of white space (a title's line breaks) become one space; only the start is kept (a
        // title may be megabytes, two lines show ~150 characters).
        let trimmed = card.title.prefix(1_000).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let title = trimmed.isEmpty ? nil
            : TextLayout.layout([StyledSpan(Substring(trimmed), theme.color(.text))], style: .a2, maxWidth: inner,
                                maxLines: 2, measurer: measurer)
        let siteText = card.site.isEmpty ? card.url : card.site
        let site = TextLayout.layout([StyledSpan(Substring(siteText), theme.color(.date))], style: .b1, maxWidth: inner,
                                     maxLines: 1, measurer: measurer)
        let titleOrigin = Point(x: origin.x + padding, y: origin.y + padding)
        let siteY = titleOrigin.y + (title.map { $0.size.height + gap } ?? 0)
        let height = (siteY + site.size.height + padding - origin.y).rounded(.up)
        return LinkCardLayout(frame: Rect(x: origin.x, y: origin.y, width: width, height: height), title: title,
                              titleOrigin: titleOrigin, site: site, siteOrigin: Point(x: titleOrigin.x, y: siteY))
    }

    /// Appends the card with the cell's top-left at `origin` (window points); `tag` makes its text
    /// keys unique to its layout.
    public func draw(origin: Point, tag: String, theme: Theme, into commands: inout [DrawCommand]) {
        func at(_ p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y) }
        let card = frame.offsetBy(dx: origin.x, dy: origin.y)
        commands.append(.roundedFill(card, radius: FeedMetrics.photoRadius, theme.color(.separator)))
        commands.append(.roundedFill(card.insetBy(1), radius: FeedMetrics.photoRadius - 1,
                                     CellLayout.placeholderColor(theme)))
        if let title { commands.append(.text(title, at: at(titleOrigin), key: "card-title:\(tag)")) }
        commands.append(.text(site, at: at(siteOrigin), key: "card-site:\(tag)"))
    }
}
