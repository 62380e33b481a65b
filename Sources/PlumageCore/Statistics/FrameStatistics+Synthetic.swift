

extension FrameStatistics {
    /// Four seconds of made-up but plausible frame times (mostly ~1.6 ms, a few slow frames), so a
    /// snapshot of the FPS overlay is reproducible pixel for pixel.
    public static func synthetic(refreshHz: Double) -> FrameStatistics {
        var statistics = FrameStatistics(refreshHz: refreshHz)
        let interval = 1000 / refreshHz
        for i in 0..<240 {
            let wave = Double((i * 37) % 11) * 0.08
            let work = i % 97 == 50 ? 9.5 : (i == 180 ? 19.0 : 1.4 + wave)
            statistics.record(workMs: work, intervalMs: interval, at: Double(i) / refreshHz - 3)
        }
        return statistics
    }
}
