/// A one-line message at the bottom of the window ("cannot reload feed.json: 3:12: expected…"),
/// shown for a few seconds over whatever screen is on top.
public struct Notice: Hashable, Sendable {
    /// The message.
    public var text: String
    /// When it appeared.
    public var shownAt: Seconds
    /// How long it stays.
    public static let duration: Seconds = 5

    /// Creates a notice shown from `shownAt`.
    public init(text: String, shownAt: Seconds) { self.text = text; self.shownAt = shownAt }

    /// True while it is on screen at `time`.
    public func isVisible(at time: Seconds) -> Bool { time >= shownAt && time - shownAt < Self.duration }

    /// Appends a frosted, rounded panel with the message centred near the bottom of the window.
    func draw(windowSize: Size, theme: Theme, measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        let block = TextLayout.layout([StyledSpan(Substring(text), theme.color(.pickerText))], style: .b1,
                                      maxWidth: min(640, windowSize.width - 64), maxLines: 2, measurer: measurer)
        let frame = Rect(x: ((windowSize.width - block.size.width) / 2 - 16).rounded(),
                         y: (windowSize.height - block.size.height - 44).rounded(),
                         width: (block.size.width + 32).rounded(), height: (block.size.height + 20).rounded())
        commands.append(.blurBehind(frame, sigma: ChromeMetrics.barBlurSigma,
                                    tint: theme.color(.pickerBackground).withAlpha(0.9)))
        commands.append(.text(block, at: Point(x: frame.minX + 16, y: frame.minY + 10),
                              key: "notice:\(text):\(theme.name)"))
    }
}
