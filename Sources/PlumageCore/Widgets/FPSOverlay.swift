import Imaging

/// The FPS overlay: current fps, p50/p99 frame time, 1 % low, frames over budget, and a graph of
/// the last four seconds of frame times with the budget line. Text and graph are refreshed four
/// times a second and drawn as three cached text textures and one small bitmap, so showing the
/// overlay barely changes what it measures. A refresh is staged first: its text goes to the
/// platform to render ahead (in idle time) and is shown from the next frame on, so no frame —
/// not even the one that first shows the overlay — renders the overlay's text itself.
struct FPSOverlay: Sendable {
    /// A refresh made but not shown yet: its lines, their layout, its graph, and the frame it was made
    /// in. A reference, so the app state every frame copies stays small.
    final class Staged: Sendable {
        let lines: [String], blocks: [TextBlock], graph: Bitmap, frame: Int
        init(lines: [String], blocks: [TextBlock], graph: Bitmap, frame: Int) {
            self.lines = lines; self.blocks = blocks; self.graph = graph; self.frame = frame
        }
    }
    /// The refresh waiting for its text to be rendered ahead.
    var staged: Staged?
    /// The text lines last shown.
    var lines: [String] = []
    /// `lines` laid out, reused until the next refresh.
    var blocks: [TextBlock] = []
    /// The frame-time graph last drawn; nil before the first refresh.
    var graph: Bitmap?
    /// Number of refreshes so far; part of the graph's texture key.
    var refreshCount = 0
    /// App time in seconds of the last refresh (far in the past so the first draw refreshes).
    var updatedAt: Seconds = -10
    /// Seconds between refreshes.
    static let refreshInterval: Seconds = 0.25
    /// Size of the overlay panel in points.
    static let size = Size(width: 300, height: 150)

    /// The panel's rectangle below the bar at the top right of a window of `windowSize` points.
    static func panel(windowSize: Size) -> Rect {
        Rect(x: windowSize.width - size.width - 12, y: ChromeMetrics.barHeight + 12, width: size.width,
             height: size.height)
    }

    /// Where the graph goes inside `panel`.
    static func graphRect(in panel: Rect) -> Rect {
        Rect(x: panel.minX + 12, y: panel.minY + 80, width: panel.width - 24, height: panel.height - 90)
    }

    /// The panel's opaque ground in `theme`.
    static func background(_ theme: Theme) -> RGBA {
        theme.color(.overlayBackground).withAlpha(0.9).over(theme.color(.backdrop))
    }

    /// Shows the staged refresh once a frame has been drawn since it was made (`frame` counts drawn
    /// frames), then stages a new one from `statistics` when `refreshInterval` has passed since the
    /// last (or nothing is shown or staged yet).
    mutating func refresh(
        statistics: FrameStatistics, time: Seconds, frame drawnFrames: Int, windowSize: Size, scale: DisplayScale,
        theme: Theme, measurer: some TextMeasuring
    ) {
        if let next = staged, drawnFrames > next.frame {
            (lines, blocks, graph) = (next.lines, next.blocks, next.graph)
            refreshCount += 1
            staged = nil
        }
        let frame = Self.panel(windowSize: windowSize)
        let graphRect = Self.graphRect(in: frame)
        let background = Self.background(theme)
        if time - updatedAt >= Self.refreshInterval || (lines.isEmpty && staged == nil) {
            let s = statistics.summary(now: time)
            let lines = [
                "\(Int(s.fps.rounded())) fps   1% low \(Int(s.low1Fps.rounded()))",
                "p50 \(ms(s.p50WorkMs))   p99 \(ms(s.p99WorkMs))",
                "over budget \(s.overBudget) / \(s.frameCount)   (\(ms(statistics.budgetMs)))",
            ]
            let blocks = lines.enumerated().map { i, line in
                var block = TextLayout.layout([StyledSpan(Substring(line), theme.color(.overlayText))],
                                              style: i == 0 ? .a1 : .b1, maxWidth: frame.width - 24, maxLines: 1,
                                              measurer: measurer)
                block.background = background
                return block
            }
            let graph = Self.graphBitmap(statistics.graph(seconds: 4), budget: statistics.budgetMs,
                                         size: scale.pixels(graphRect.size), background: background, theme: theme)
            staged = Staged(lines: lines, blocks: blocks, graph: graph, frame: drawnFrames)
            updatedAt = time
        }
    }

    /// The staged refresh's text as commands for the platform to render ahead (`Lookahead.text`).
    func stagedText(theme: Theme) -> [DrawCommand] {
        guard let staged else { return [] }
        return zip(staged.lines, staged.blocks).enumerated().map { i, pair in
            .text(pair.1, at: .zero, key: Self.textKey(line: i, text: pair.0, theme: theme))
        }
    }

    /// The cache key of line `line` showing `text` in `theme`.
    static func textKey(line: Int, text: String, theme: Theme) -> String { "fps:\(line):\(text):\(theme.name)" }

    /// Appends the panel with the text and graph of the refresh shown (nothing before the first).
    func draw(windowSize: Size, theme: Theme, into commands: inout [DrawCommand]) {
        guard !lines.isEmpty else { return }
        let frame = Self.panel(windowSize: windowSize)
        let graphRect = Self.graphRect(in: frame)
        let background = Self.background(theme)
        // Opaque, so the overlay costs a few copies rather than a large per-pixel blend.
        commands.append(.roundedFill(frame, radius: 12, background))
        var y = frame.minY + 10
        for (i, (line, block)) in zip(lines, blocks).enumerated() {
            commands.append(.text(block, at: Point(x: frame.minX + 12, y: y), key: Self.textKey(line: i, text: line, theme: theme)))
            y += block.size.height + 2
        }
        if let graph { commands.append(.pixels(graph, graphRect, key: "fps-graph:\(refreshCount)")) }
    }

    /// The graph as pixels: the worst frame time per pixel column, newest on the right, scaled so the
    /// budget line sits at half height; frames over budget in the warning colour.
    static func graphBitmap(_ samples: [Double], budget: Double, size: PixelSize, background: RGBA,
                            theme: Theme) -> Bitmap {
        let w = max(1, size.width), h = max(1, size.height)
        var bitmap = Bitmap(width: w, height: h, fill: theme.color(.overlayText).withAlpha(0.08).over(background))
        let scale = Double(h) / (2 * budget)
        if !samples.isEmpty {
            let perColumn = max(1, Double(samples.count) / Double(w))
            let shown = min(w, samples.count)
            for c in 0..<shown {
                let lo = Int(Double(c) * perColumn), hi = max(lo + 1, Int(Double(c + 1) * perColumn))
                let worst = samples[lo..<min(hi, samples.count)].max() ?? 0
                let barHeight = min(h, max(1, Int((worst * scale).rounded())))
                let color = worst > budget ? theme.color(.overlayWarning) : theme.color(.overlayGraph)
                bitmap.composite(color, over: PixelRect(x: w - shown + c, y: h - barHeight, width: 1, height: barHeight))
            }
        }
        let budgetY = max(0, h - Int((budget * scale).rounded()))
        bitmap.composite(theme.color(.overlayBudget), over: PixelRect(x: 0, y: budgetY, width: w, height: 1))
        return bitmap
    }

    /// `v` milliseconds formatted with two decimals and a " ms" suffix.
    func ms(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms"
    }
}
