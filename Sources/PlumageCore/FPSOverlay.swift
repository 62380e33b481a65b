/// The FPS overlay: current fps, p50/p99 frame time, 1 % low, frames over budget, and a graph of
/// the last four seconds of frame times with the budget line. Its text is re-laid out at most
/// four times a second, so drawing it barely changes what it measures.
struct FPSOverlay: Sendable {
    var lines: [String] = []
    var updatedAt = -10.0
    /// Seconds between text refreshes.
    static let refreshInterval = 0.25
    static let size = Size(width: 300, height: 150)

    mutating func draw(
        statistics: FrameStatistics, time: Double, windowSize: Size, theme: Theme,
        measurer: some TextMeasuring, into commands: inout [DrawCommand]
    ) {
        if time - updatedAt >= Self.refreshInterval || lines.isEmpty {
            let s = statistics.summary(now: time)
            lines = [
                "\(Int(s.fps.rounded())) fps   1% low \(Int(s.low1Fps.rounded()))",
                "p50 \(ms(s.p50WorkMs))   p99 \(ms(s.p99WorkMs))",
                "over budget \(s.overBudget) / \(s.frameCount)   (\(ms(statistics.budgetMs)))",
            ]
            updatedAt = time
        }
        let frame = Rect(x: windowSize.width - Self.size.width - 12, y: FeedMetrics.barHeight + 12,
                         width: Self.size.width, height: Self.size.height)
        // Opaque, so the overlay costs a few copies rather than a large per-pixel blend.
        commands.append(.roundedFill(frame, radius: 12, theme.color(.overlayBackground).withAlpha(0.9).over(theme.color(.backdrop))))
        var y = frame.minY + 10
        for (i, line) in lines.enumerated() {
            let style: FontStyle = i == 0 ? .a1 : .b1
            let block = TextLayout.layout([StyledSpan(Substring(line), theme.color(.overlayText))], style: style,
                                          maxWidth: frame.width - 24, maxLines: 1, measurer: measurer)
            commands.append(.text(block, at: Point(x: frame.minX + 12, y: y), key: "fps:\(i):\(line):\(theme.name)"))
            y += block.size.height + 2
        }
        let graph = Rect(x: frame.minX + 12, y: y + 6, width: frame.width - 24, height: frame.maxY - y - 16)
        drawGraph(statistics.graph(seconds: 4), budget: statistics.budgetMs, in: graph, theme: theme, into: &commands)
    }

    /// Bars of the worst frame time per pixel column, scaled so the budget line sits at half height.
    func drawGraph(_ samples: [Double], budget: Double, in rect: Rect, theme: Theme, into commands: inout [DrawCommand]) {
        commands.append(.fill(rect, theme.color(.overlayText).withAlpha(0.08)))
        let columns = Int(rect.width)
        let scale = rect.height / (2 * budget)
        if !samples.isEmpty {
            let perColumn = max(1, Double(samples.count) / Double(columns))
            let shown = min(columns, samples.count)
            for c in 0..<shown {
                let lo = Int(Double(c) * perColumn), hi = max(lo + 1, Int(Double(c + 1) * perColumn))
                let worst = samples[lo..<min(hi, samples.count)].max() ?? 0
                let h = min(rect.height, max(1, worst * scale))
                let x = rect.maxX - Double(shown - c)
                let color = worst > budget ? theme.color(.overlayWarning) : theme.color(.overlayGraph)
                commands.append(.fill(Rect(x: x, y: rect.maxY - h, width: 1, height: h), color))
            }
        }
        commands.append(.fill(Rect(x: rect.minX, y: rect.maxY - budget * scale, width: rect.width, height: 1),
                              theme.color(.overlayBudget)))
    }

    func ms(_ v: Double) -> String {
        let tenths = Int((v * 100).rounded())
        return "\(tenths / 100).\(tenths % 100 < 10 ? "0" : "")\(tenths % 100) ms"
    }
}
