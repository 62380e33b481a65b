import PlumageCore
import Testing

@Suite struct FrameStatisticsTests {
    @Test func percentileIsNearestRank() {
        let values = (1...100).map(Double.init).shuffled()
        #expect(FrameStatistics.percentile(values, 0.5) == 50)
        #expect(FrameStatistics.percentile(values, 0.99) == 99)
        #expect(FrameStatistics.percentile(values, 0.999) == 100)
        #expect(FrameStatistics.percentile(values, 1) == 100)
        #expect(FrameStatistics.percentile(values, 0) == 1)
        #expect(FrameStatistics.percentile([7, 3, 5], 0.5) == 5)
        #expect(FrameStatistics.percentile([4], 0.99) == 4)
        #expect(FrameStatistics.percentile([], 0.5) == 0)
        // ceil(0.29 · 100) must be rank 29 even though 0.29 · 100 = 28.999999999999996 in binary.
        #expect(FrameStatistics.percentile(values, 0.29) == 29)
    }

    @Test func budgetFollowsTheRefreshRate() {
        #expect(abs(FrameStatistics().budgetMs - 16.6667) < 0.001)
        #expect(abs(FrameStatistics(refreshHz: 144).budgetMs - 6.9444) < 0.001)
        #expect(abs(FrameStatistics(refreshHz: 0).budgetMs - 16.6667) < 0.001)
    }

    @Test func summaryOfKnownFrames() {
        var stats = FrameStatistics(refreshHz: 60, capacity: 1000)
        // 100 frames over ~1.7 s: work 1…100 ms shuffled; intervals 16 ms except one 40 ms hitch.
        var time = 10.0
        for (i, work) in (1...100).map(Double.init).reversed().enumerated() {
            time += 0.016
            stats.record(workMs: work, intervalMs: i == 10 ? 40 : 16, at: time)
        }
        let s = stats.summary(now: time)
        #expect(s.frameCount == 100)
        #expect(s.p50WorkMs == 50)
        #expect(s.p99WorkMs == 99)
        #expect(s.overBudget == 100 - 16)  // work > 16.67 ms: 17…100
        // p99 of intervals: 99 values of 16 and one 40 → 16 ms → 62.5 fps.
        #expect(s.low1Fps == 62.5)
        // The hitch is older than a second, so the rate comes from 16 ms intervals only.
        #expect(s.fps == 62.5)
    }

    @Test func oneSlowFrameInAHundredSetsThe1PercentLow() {
        var stats = FrameStatistics(capacity: 1000)
        for i in 0..<200 {
            stats.record(workMs: 2, intervalMs: i % 100 == 0 ? 50 : 10, at: Double(i) * 0.01)
        }
        let s = stats.summary(now: 1.99)
        // Two 50 ms intervals in 200: p99 = sorted[197] = 10 ms; one in fifty would move it.
        #expect(s.low1Fps == 100)
        var worse = FrameStatistics(capacity: 1000)
        for i in 0..<200 {
            worse.record(workMs: 2, intervalMs: i % 50 == 0 ? 50 : 10, at: Double(i) * 0.01)
        }
        #expect(worse.summary(now: 1.99).low1Fps == 20)
    }

    @Test func withoutIntervalsWorkStandsIn() {
        var stats = FrameStatistics()
        stats.record(workMs: 4, intervalMs: nil, at: 1)
        stats.record(workMs: 5, intervalMs: nil, at: 1.1)
        let s = stats.summary(now: 1.1)
        #expect(s.low1Fps == 200)
        #expect(abs(s.fps - 1000 / 4.5) < 1e-9)
    }

    @Test func emptyStatisticsSummariseToZero() {
        let s = FrameStatistics().summary(now: 5)
        #expect(s == FrameSummary(fps: 0, p50WorkMs: 0, p99WorkMs: 0, low1Fps: 0, overBudget: 0, frameCount: 0))
        #expect(FrameStatistics().graph().isEmpty)
    }

    @Test func summaryLooksOnlyAtItsWindow() {
        var stats = FrameStatistics(capacity: 100, windowSeconds: 4)
        stats.record(workMs: 90, intervalMs: 100, at: 0)
        for i in 1...10 { stats.record(workMs: 3, intervalMs: 16, at: 5 + Double(i) * 0.016) }
        let s = stats.summary(now: 5.2)
        #expect(s.frameCount == 10)
        #expect(s.overBudget == 0)
        #expect(s.p99WorkMs == 3)
        // Nothing in the last second: no rate.
        #expect(stats.summary(now: 20).fps == 0)
    }

    @Test func countsFramesOverBudgetStrictly() {
        var stats = FrameStatistics(refreshHz: 100)
        for (i, work) in [9.9, 10, 10.01, 25, 3].enumerated() {
            stats.record(workMs: work, intervalMs: 10, at: Double(i) * 0.01)
        }
        #expect(stats.summary(now: 0.05).overBudget == 2)
    }

    @Test func ringBufferWrapsAround() {
        var stats = FrameStatistics(capacity: 5)
        for i in 0..<12 { stats.record(workMs: Double(i), intervalMs: 16, at: Double(i) * 0.016) }
        #expect(stats.totalFrames == 12)
        #expect(stats.samples.map(\.workMs) == [7, 8, 9, 10, 11])
        #expect(stats.graph() == [7, 8, 9, 10, 11])
        let s = stats.summary(now: 11 * 0.016)
        #expect(s.frameCount == 5)
        #expect(s.p50WorkMs == 9)
    }

    @Test func graphCoversRecentSecondsOldestFirst() {
        var stats = FrameStatistics(capacity: 1000)
        for i in 0..<100 { stats.record(workMs: Double(i), intervalMs: 250, at: Double(i) * 0.25) }
        #expect(stats.graph(seconds: 1) == [95, 96, 97, 98, 99])
        #expect(stats.graph(seconds: 4) == (83...99).map(Double.init))
    }
}
