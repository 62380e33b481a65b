/// The menu that slides down from under the bar title and lists the source's sections.
public struct SectionPicker: Sendable {
    /// Whether the picker is open (or opening).
    public private(set) var isOpen = false
    /// When it last opened or closed, in app seconds.
    public private(set) var changedAt: Seconds = -1
    /// Duration of the slide, in seconds.
    public static let slideDuration: Seconds = 0.18
    /// Height of one row, in points.
    public static let rowHeight = 44.0
    /// Width of the panel, in points.
    public static let width = 260.0

    /// Creates a closed picker.
    public init() {}

    /// Opens a closed picker or closes an open one.
    public mutating func toggle(at time: Seconds) {
        let progress = self.progress(at: time)
        isOpen.toggle()
        // Start the reverse slide from where the current one is, so a quick re-click doesn't jump.
        let remaining = isOpen ? progress : 1 - progress
        changedAt = time - remaining * Self.slideDuration
    }

    /// 0 = fully closed, 1 = fully open, eased.
    public func progress(at time: Seconds) -> Double {
        let eased = Easing(start: changedAt, duration: Self.slideDuration).fraction(at: time)
        return isOpen ? eased : 1 - eased
    }

    /// True while sliding.
    public func isAnimating(at time: Seconds) -> Bool { time - changedAt < Self.slideDuration }

    /// The panel's frame when fully open.
    func panel(sections: Int, bar: NavigationBar) -> Rect {
        Rect(x: bar.frame.midX - Self.width / 2, y: bar.frame.maxY + 6, width: Self.width,
             height: Double(sections) * Self.rowHeight + 12)
    }

    /// The section row under `point`, if the picker is open and the point is on a row.
    func row(at point: Point, sections: Int, bar: NavigationBar) -> Int? {
        let panel = self.panel(sections: sections, bar: bar)
        guard isOpen, panel.contains(point) else { return nil }
        let index = Int((point.y - panel.minY - 6) / Self.rowHeight)
        return (0..<sections).contains(index) ? index : nil
    }

    /// Commands drawing the panel sliding out from under the bar.
    func draw(sections: [Section], selected: Int, theme: Theme, hover: Point?, bar: NavigationBar, at time: Seconds,
              measurer: some TextMeasuring, into commands: inout [DrawCommand]) {
        let p = progress(at: time)
        guard p > 0.001 else { return }
        let full = panel(sections: sections.count, bar: bar)
        let slide = (1 - p) * (full.height + 10)
        let frame = full.offsetBy(dx: 0, dy: -slide)
        commands.append(.clip(Rect(x: 0, y: bar.frame.maxY, width: bar.frame.width, height: 10_000)))
        commands.append(.blurBehind(frame, sigma: ChromeMetrics.barBlurSigma, tint: .clear))
        commands.append(.roundedFill(frame, radius: 14, theme.color(.pickerBackground).withAlpha(0.82 * p + 0.1)))
        for (i, section) in sections.enumerated() {
            let row = Rect(x: frame.minX + 6, y: frame.minY + 6 + Double(i) * Self.rowHeight,
                           width: frame.width - 12, height: Self.rowHeight)
            if i == selected || (hover.map { row.contains($0) } ?? false) {
                commands.append(.roundedFill(row, radius: 10, theme.color(.selection)))
            }
            let label = "\(section.name)  \(section.itemIndices.count)"
            let block = TextLayout.layout([StyledSpan(Substring(label), theme.color(.pickerText))], style: .a2,
                                          maxWidth: row.width - 24, maxLines: 1, measurer: measurer)
            commands.append(.text(block, at: Point(x: row.minX + 14, y: (row.midY - block.size.height / 2).rounded()),
                                  key: "picker:\(label):\(theme.name)"))
        }
        commands.append(.clip(nil))
    }
}
