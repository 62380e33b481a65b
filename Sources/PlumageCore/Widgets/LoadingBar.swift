/// Progress of a source still being read in the background (a large archive is shown from its
/// first posts while the rest is indexed): a thin bar along the bottom edge of the navigation bar,
/// filled to `fraction`, with a short label in a pill centred just below it ("Reading archive.zip…").
public struct LoadingBar: Hashable, Sendable {
    /// How much is done, 0…1.
    public var fraction: Double
    /// What is happening, shown small at the right of the bar; empty for none.
    public var label: String

    /// Creates a progress state.
    public init(fraction: Double, label: String = "") {
        self.fraction = max(0, min(1, fraction)); self.label = label
    }

    /// Height of the bar in points.
    static let height = 3.0

    /// Commands for the bar over the navigation bar of a window `windowSize` points wide.
    func draw(windowSize: Size, theme: Theme, measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        let y = ChromeMetrics.barHeight - Self.height
        commands.append(.fill(Rect(x: 0, y: y, width: windowSize.width, height: Self.height),
                              theme.color(.separator).withAlpha(0.6)))
        commands.append(.fill(Rect(x: 0, y: y, width: (windowSize.width * fraction).rounded(), height: Self.height),
                              theme.color(.link)))
        guard !label.isEmpty else { return }
        let block = TextLayout.layout([StyledSpan(Substring(label), theme.color(.overlayText))], style: .b1,
                                      maxWidth: min(480, windowSize.width - 40), maxLines: 1, measurer: measurer)
        let pill = Rect(x: ((windowSize.width - block.size.width) / 2 - 12).rounded(), y: ChromeMetrics.barHeight + 10,
                        width: block.size.width + 24, height: block.size.height + 10)
        commands.append(.roundedFill(pill, radius: pill.height / 2, theme.color(.overlayBackground)))
        commands.append(.text(block, at: Point(x: pill.minX + 12, y: pill.minY + 5), key: "loading:\(label):\(theme.name)"))
    }
}
