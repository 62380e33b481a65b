/// Hit areas and drawing of the translucent bar: left menu button, "Section ▾" title, right theme button.
public struct NavigationBar: Sendable {
    /// The whole bar.
    public let frame: Rect
    /// The 40×40 pt menu button at the left end (opens the section picker), in window points.
    public let leftButton: Rect
    /// The 40×40 pt theme button at the right end (switches to the next theme), in window points.
    public let rightButton: Rect
    /// The clickable title area, centred.
    public let titleButton: Rect
    /// A 40×40 pt button left of the right one (the feed's search).
    public let searchButton: Rect
    /// Where a search field replaces the title: between the left button and the search button,
    /// at most 480 pt wide, centred.
    public let searchFieldFrame: Rect

    /// The bar for a window `windowWidth` points wide.
    public init(windowWidth: Double) {
        let h = ChromeMetrics.barHeight
        frame = Rect(x: 0, y: 0, width: windowWidth, height: h)
        leftButton = Rect(x: 8, y: (h - 40) / 2, width: 40, height: 40)
        rightButton = Rect(x: windowWidth - 48, y: (h - 40) / 2, width: 40, height: 40)
        titleButton = Rect(x: windowWidth / 2 - 110, y: 4, width: 220, height: h - 8)
        searchButton = Rect(x: windowWidth - 92, y: (h - 40) / 2, width: 40, height: 40)
        let fieldWidth = max(80, min(480, windowWidth - 2 * 100))
        searchFieldFrame = Rect(x: ((windowWidth - fieldWidth) / 2).rounded(), y: 8, width: fieldWidth, height: h - 16)
    }

    /// Points kept clear between the title and the bar's other items.
    static let titleGap = 8.0

    /// Commands drawing the bar over whatever is already drawn (frosted glass, tint, hairline, buttons,
    /// title with the picker chevron when `chevron`, and an optional `trailing` label before the right button).
    /// The title is centred in the window when it fits there, else moved towards the middle of the
    /// space between the left button (when drawn), the trailing label and the right button, and
    /// ellipsized to that space when it is wider.
    func draw(title: String, leftIcon: Icon? = .menu, chevron: Bool = true, trailing: String? = nil, theme: Theme,
              hover: Point?, measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        commands.append(.blurBehind(frame, sigma: ChromeMetrics.barBlurSigma,
                                    tint: theme.color(.barTint).withAlpha(theme.barOpacity)))
        commands.append(.fill(Rect(x: 0, y: frame.maxY - 1, width: frame.width, height: 1), theme.color(.separator)))
        for (button, icon) in [(leftButton, leftIcon), (rightButton, Icon.theme)] {
            guard let icon else { continue }
            if let hover, button.contains(hover) {
                commands.append(.roundedFill(button, radius: 10, theme.color(.selection)))
            }
            commands.append(.icon(icon, button.insetBy(10), theme.color(.barIcon)))
        }
        // The label takes at most a third of the bar (at least 120 points, at most 240).
        let label = trailing.map {
            TextLayout.layout([StyledSpan(Substring($0), theme.color(.barTitle))], style: .b1,
                              maxWidth: min(240, max(120, frame.width / 3)), maxLines: 1, measurer: measurer)
        }
        let labelX = label.map { (rightButton.minX - 8 - $0.size.width).rounded() }
        let chevronSize = chevron ? 14.0 : 0
        let chevronWidth = chevron ? 4 + chevronSize : 0
        let left = (leftIcon == nil ? frame.minX : leftButton.maxX) + Self.titleGap
        let right = (labelX ?? rightButton.minX) - Self.titleGap
        let block = TextLayout.layout([StyledSpan(Substring(title), theme.color(.barTitle))], style: .a1,
                                      maxWidth: max(0, right - left - chevronWidth), maxLines: 1, measurer: measurer)
        let shown = block.lines.map { $0.runs.map(\.text).joined() }.joined()
        let totalWidth = block.size.width + chevronWidth
        let x = max(left, min(right - totalWidth, (frame.width - totalWidth) / 2))
        let y = ((frame.height - block.size.height) / 2).rounded()
        if let hover, titleButton.contains(hover) {
            commands.append(.roundedFill(Rect(x: x - 10, y: 8, width: totalWidth + 20, height: frame.height - 16),
                                         radius: 10, theme.color(.selection)))
        }
        commands.append(.text(block, at: Point(x: x.rounded(), y: y), key: "bar:\(shown):\(theme.name)"))
        if chevron {
            commands.append(.icon(.chevronDown, Rect(x: x + block.size.width + 4, y: (frame.height - chevronSize) / 2 + 1,
                                                     width: chevronSize, height: chevronSize), theme.color(.barTitle)))
        }
        if let trailing, let label, let labelX {
            commands.append(.text(label, at: Point(x: labelX, y: ((frame.height - label.size.height) / 2).rounded()),
                                  key: "bar-trailing:\(trailing):\(theme.name)"))
        }
    }
}
