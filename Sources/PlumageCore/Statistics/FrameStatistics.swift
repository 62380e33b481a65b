/// Frame-time statistics for the FPS overlay and the bench, using the definitions of
/// `reference/sdl-notes.md` §8:
/// - `work` is frame start → just after present, `interval` is present → present, both in ms;
/// - percentiles are nearest rank, `sorted[ceil(q·N) − 1]`;
/// - 1 % low is MangoHud's HUD definition, `1000 / p99(interval)` (the FPS of the 99th-percentile
///   frame, not an average of the slowest frames); `work` stands in when no intervals are known;
/// - a frame is over budget when its work exceeds one refresh period.
///
/// Recording is O(1) into a fixed ring; `summary(now:)` sorts at most `capacity` values and is
/// meant to be called a few times a second.
public struct FrameStatistics: Sendable {
    /// The frame budget in ms: one refresh period (16.67 ms at 60 Hz).
    public let budgetMs: Double
    /// How many recent frames are kept.
    public let capacity: Int
    /// How far back, in seconds, `summary(now:)` looks.
    public let windowSeconds: Seconds
    /// Frames recorded since creation, including those the ring has dropped.
    public private(set) var totalFrames = 0
    private var ring: [FrameSample] = []
    private var writeIndex = 0

    /// Creates empty statistics for a display refreshing at `refreshHz` (60 when not positive).
    public init(refreshHz: Double = 60, capacity: Int = 600, windowSeconds: Seconds = 4) {
        budgetMs = 1000 / (refreshHz > 0 ? refreshHz : 60)
        self.capacity = max(1, capacity)
        self.windowSeconds = windowSeconds
        ring.reserveCapacity(self.capacity)
    }

    /// Records one frame that took `workMs`, presented `intervalMs` after the previous present
    /// (nil for the first frame or after a pause), at `time` seconds on the app's clock. O(1).
    public mutating func record(workMs: Double, intervalMs: Double?, at time: Seconds) {
        let sample = FrameSample(workMs: workMs, intervalMs: intervalMs, time: time)
        if ring.count < capacity {
            ring.append(sample)
        } else {
            ring[writeIndex] = sample
        }
        writeIndex = (writeIndex + 1) % capacity
        totalFrames += 1
    }

    /// The frames held, oldest first.
    public var samples: [FrameSample] {
        ring.count < capacity ? ring : Array(ring[writeIndex...] + ring[..<writeIndex])
    }

    /// Figures over the frames of the last `windowSeconds` before `now`; `fps` alone covers the
    /// last second. All zero when there are no frames.
    public func summary(now: Seconds) -> FrameSummary {
        let recent = ring.filter { $0.time >= now - windowSeconds && $0.time <= now }
        let work = recent.map(\.workMs).sorted()
        let intervals = recent.compactMap(\.intervalMs).sorted()
        let paceSource = intervals.isEmpty ? work : intervals
        let p99Pace = FrameStatistics.percentile(sorted: paceSource, 0.99)
        return FrameSummary(
            fps: FrameStatistics.rate(ofLastSecond: ring.filter { $0.time > now - 1 && $0.time <= now }),
            p50WorkMs: FrameStatistics.percentile(sorted: work, 0.5),
            p99WorkMs: FrameStatistics.percentile(sorted: work, 0.99),
            low1Fps: p99Pace > 0 ? 1000 / p99Pace : 0,
            overBudget: work.count { $0 > budgetMs },
            frameCount: recent.count)
    }

    /// Work times in ms of the frames in the `seconds` before the newest one, oldest first, for
    /// the overlay graph.
    public func graph(seconds: Seconds = 4) -> [Double] {
        let ordered = samples
        guard let newest = ordered.last?.time else { return [] }
        return ordered.filter { $0.time >= newest - seconds }.map(\.workMs)
    }

    /// The nearest-rank percentile `sorted[ceil(q·N) − 1]` of `values` (any order), `q` in 0…1;
    /// 0 for no values. `q·N` is rounded to 9 decimals first, so 0.99 × 100 gives rank 99.
    public static func percentile(_ values: [Double], _ q: Double) -> Double {
        percentile(sorted: values.sorted(), q)
    }

    /// `percentile(_:_:)` for values already sorted ascending.
    private static func percentile(sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = ((max(0, min(1, q)) * Double(sorted.count)) * 1e9).rounded() / 1e9
        let index = Int(rank.rounded(.up)) - 1
        return sorted[max(0, min(sorted.count - 1, index))]
    }

    /// Frames per second over `frames` (the last second): 1000 / mean interval, or 1000 / mean
    /// work when no intervals are known; 0 for no frames.
    private static func rate(ofLastSecond frames: [FrameSample]) -> Double {
        let intervals = frames.compactMap(\.intervalMs)
        let values = intervals.isEmpty ? frames.map(\.workMs) : intervals
        guard !values.isEmpty else { return 0 }
        let mean = values.reduce(0, +) / Double(values.count)
        return mean > 0 ? 1000 / mean : 0
    }
}

/// One presented frame's timings.
public struct FrameSample: Hashable, Sendable {
    /// Frame start → just after present, in ms.
    public var workMs: Double
    /// Previous present → this present, in ms; nil when unknown (first frame, after a pause).
    public var intervalMs: Double?
    /// When the frame was presented, in seconds on the app's clock.
    public var time: Seconds
    /// Creates a sample.
    public init(workMs: Double, intervalMs: Double?, time: Seconds) {
        self.workMs = workMs
        self.intervalMs = intervalMs
        self.time = time
    }
}

/// The figures the FPS overlay shows and the bench prints.
public struct FrameSummary: Hashable, Sendable {
    /// Frames per second over the last second (1000 / mean interval).
    public var fps: Double
    /// Median work time in ms.
    public var p50WorkMs: Double
    /// 99th-percentile work time in ms.
    public var p99WorkMs: Double
    /// 1 % low: 1000 / p99(interval), MangoHud's HUD definition.
    public var low1Fps: Double
    /// Frames whose work exceeded the budget.
    public var overBudget: Int
    /// Frames summarised.
    public var frameCount: Int
    /// Creates a summary.
    public init(fps: Double, p50WorkMs: Double, p99WorkMs: Double, low1Fps: Double, overBudget: Int, frameCount: Int) {
        self.fps = fps
        self.p50WorkMs = p50WorkMs
        self.p99WorkMs = p99WorkMs
        self.low1Fps = low1Fps
        self.overBudget = overBudget
        self.frameCount = frameCount
    }
}
