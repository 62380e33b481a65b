/// A post's content warning in its cell: the warning's text, and under it the small rounded
/// "Show more" button (which reads "Show less" while the post's text and media are shown).
public struct WarningLayout: Sendable {
    /// The warning (Mastodon's `spoiler_text`) in the body's style and the text colour.
    public var text: TextBlock
    /// Top-left of `text`, relative to the cell.
    public var textOrigin: Point
    /// The button's frame, relative to the cell.
    public var button: Rect
    /// "Show more" or "Show less" in the link colour.
    public var label: TextBlock
    /// Top-left of `label`, relative to the cell.
    public var labelOrigin: Point
    /// True while the post's content is shown (the button says "Show less").
    public var isOpen: Bool

    /// Space between the label and the button's edge, left and right, in points.
    public static let buttonPaddingX = 12.0
    /// Space between the label and the button's edge, above and below, in points.
    public static let buttonPaddingY = 4.0
    /// Space between the warning's text and the button, in points.
    public static let gap = 6.0

    /// Lays out `warning` with its top-left at `origin` in a column `width` points wide, the body
    /// in `style`; `isOpen` chooses the button's label.
    public static func make(_ warning: String, isOpen: Bool, at origin: Point, width: Double, style: FontStyle,
                            theme: Theme, measurer: some TextMeasuring) -> WarningLayout {
        let text = TextLayout.layout([StyledSpan(Substring(warning), theme.color(.text))], style: style, maxWidth: width,
                                     lineSpacing: FeedMetrics.bodyLineSpacing, measurer: measurer)
        let label = TextLayout.layout([StyledSpan(Substring(isOpen ? "Show less" : "Show more"), theme.color(.link))],
                                      style: .b1, maxWidth: width, maxLines: 1, measurer: measurer)
        let top = origin.y + text.size.height + (text.lines.isEmpty ? 0 : gap)
        let button = Rect(x: origin.x, y: top, width: (label.size.width + 2 * buttonPaddingX).rounded(.up),
                          height: (label.size.height + 2 * buttonPaddingY).rounded(.up))
        return WarningLayout(text: text, textOrigin: origin, button: button, label: label,
                             labelOrigin: Point(x: button.minX + buttonPaddingX, y: button.minY + buttonPaddingY),
                             isOpen: isOpen)
    }

    /// Appends the warning and its button with the cell's top-left at `origin` (window points);
    /// `tag` makes the warning's text key unique to its layout.
    public func draw(origin: Point, tag: String, theme: Theme, into commands: inout [DrawCommand]) {
        func at(_ p: Point) -> Point { Point(x: p.x + origin.x, y: p.y + origin.y) }
        if !text.lines.isEmpty { commands.append(.text(text, at: at(textOrigin), key: "warning:\(tag)")) }
        let frame = button.offsetBy(dx: origin.x, dy: origin.y)
        commands.append(.roundedFill(frame, radius: (button.height / 2).rounded(), CellLayout.placeholderColor(theme)))
        commands.append(.text(label, at: at(labelOrigin),
                              key: "warning-button:\(theme.name):\(isOpen ? "less" : "more")"))
    }
}
