/// Progress of a source still being read in the background (a large archive is shown from its
/// first posts while the rest is indexed): a thin bar along the bottom edge of the navigation bar,
/// filled to `fraction` (at 0, how much is unknown: a segment sweeps across), with a short label in a
/// pill centred just below it ("Reading archive.zip…").
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

    /// Commands for the bar over the navigation bar of a window `windowSize` points wide at `time`.
    func draw(windowSize: Size, time: Seconds, theme: Theme, measurer: some TextMeasuring,
              into commands: inout [DrawCommand]) {
        let y = ChromeMetrics.barHeight - Self.height
        let width = windowSize.width
        commands.append(.fill(Rect(x: 0, y: y, width: width, height: Self.height), theme.color(.separator).withAlpha(0.6)))
        if fraction > 0 {
            commands.append(.fill(Rect(x: 0, y: y, width: (width * fraction).rounded(), height: Self.height),
                                  theme.color(.link)))
        } else {
            // A quarter of the width sweeping left to right every 1.5 s.
            let phase = (time / 1.5).truncatingRemainder(dividingBy: 1)
            let start = (phase * width * 1.25 - width * 0.25).rounded()
            let segment = Rect(x: max(0, start), y: y, width: max(0, min(width, start + width / 4) - max(0, start)),
                               height: Self.height)
            commands.append(.fill(segment, theme.color(.link)))
        }
        guard !label.isEmpty else { return }
        let block = TextLayout.layout([StyledSpan(Substring(label), theme.color(.overlayText))], style: .b1,
                                      maxWidth: min(480, windowSize.width - 40), maxLines: 1, measurer: measurer)
        let pill = Rect(x: ((windowSize.width - block.size.width) / 2 - 12).rounded(), y: ChromeMetrics.barHeight + 10,
                        width: block.size.width + 24, height: block.size.height + 10)
        commands.append(.roundedFill(pill, radius: pill.height / 2, theme.color(.overlayBackground)))
        commands.append(.text(block, at: Point(x: pill.minX + 12, y: pill.minY + 5), key: "loading:\(label):\(theme.name)"))
    }
}
