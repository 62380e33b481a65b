import Foundation
import PlumageCore
import SDLPlatform

/// The `--stats-file` log of `plumage run`: one line per second that had frames, appended as the
/// next second begins, for the soak script (`scripts/soak.sh`). Columns, space-separated:
/// `time frames p50 p99 max over over_idle loading decoded_mb tiles_mb images_mb text_mb` — the
/// second's end on the app clock (s), frames drawn, median, 99th percentile (nearest rank) and slowest
/// work time (ms), frames over the budget, those of them drawn while no image was decoding or
/// uploading, 1 when an image load was in flight at any frame of the second, and what the backend's
/// caches held after its last frame (MiB: decoded pixels, photo tiles, feed images, text). Seconds
/// without frames (the loop sleeps) have no line. Each frame over budget with no image load in
/// flight also gets a comment line at once:
/// `# over_idle time work cpu layout draw frost present after texts uploads faults major preempted screen` —
/// its time and work (as above), the main thread's CPU time in it (ms: far below `work`, the thread
/// waited), the phases (ms; `frost` is the part of `draw` spent on frosted glass, where the software
/// renderer also carries out the commands batched before it), the text blocks rendered, feed images
/// uploaded, the main thread's minor and major page faults and involuntary context switches, and the
/// top screen's type.
struct FrameStatsLog {
    /// The frame budget in ms (one refresh period).
    let budgetMs: Double
    private let handle: FileHandle
    /// The whole second (app clock) the pending frames belong to.
    private var second: Int?
    private var workMs: [Double] = []
    private var overIdle = 0
    private var loading = false
    private var caches: CacheBytes?

    /// Where one frame's work time went (ms): laying out and drawing, presenting, and the effects and
    /// bookkeeping after.
    struct Phases {
        /// News, layout and drawing (`SDLBackend.drawFrame`), as the backend accounts for them.
        let cost: FrameCost
        /// `Renderer.presentFrame`.
        let presentMs: Double
        /// The effects and bookkeeping after presenting.
        let afterMs: Double
        /// What the main thread used during the frame (nil: not measured).
        let usage: ThreadUsage?
    }

    /// Opens `path` for appending (created when missing) and writes a header line; throws when it
    /// cannot be opened.
    init(path: String, budgetMs: Double) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        self.budgetMs = budgetMs
        try handle.write(contentsOf: Data("# time frames p50 p99 max over over_idle loading decoded_mb tiles_mb images_mb text_mb (budget \(Self.format(budgetMs)) ms)\n".utf8))
    }

    /// Counts one frame that took `workMs`, presented at `time` (app clock, seconds), after which the
    /// caches held `caches`; `loading` is true when an image was decoding or uploading around it.
    /// Writes the previous second's line when `time` is in a later second, and a comment line with
    /// `phases` and `screen` (the top screen's type name, only then evaluated) when the frame was over
    /// budget with no load in flight.
    mutating func record(workMs work: Double, loading busy: Bool, caches held: CacheBytes, phases: Phases,
                         screen: @autoclosure () -> String, at time: Seconds) {
        let now = Int(time.rounded(.down))
        if let second, second != now { flush() }
        second = now
        workMs.append(work)
        caches = held
        if busy {
            loading = true
        } else if work > budgetMs {
            overIdle += 1
            let cost = phases.cost
            let usage = phases.usage ?? ThreadUsage(cpuMs: 0)
            let fields = [time, work, usage.cpuMs, cost.layoutMs, cost.drawMs, cost.frostMs, phases.presentMs,
                          phases.afterMs].map(Self.format)
                + [cost.textRenders, cost.uploads, usage.faults, usage.majorFaults, usage.preempted].map { "\($0)" }
            try? handle.write(contentsOf: Data("# over_idle \(fields.joined(separator: " ")) \(screen())\n".utf8))
        }
    }

    /// Writes the pending second's line (nothing when no frame is pending); write errors are ignored
    /// (the log is a measurement aid, never a reason to stop the window).
    mutating func flush() {
        guard let second, !workMs.isEmpty else { return }
        let sorted = workMs.sorted()
        let fields = [
            "\(second + 1)", "\(sorted.count)", Self.format(FrameStatistics.percentile(sorted, 0.5)),
            Self.format(FrameStatistics.percentile(sorted, 0.99)), Self.format(sorted.last ?? 0),
            "\(sorted.count { $0 > budgetMs })", "\(overIdle)", loading ? "1" : "0",
        ] + [caches?.decoded, caches?.photoTiles, caches?.feedImages, caches?.text].map { Self.format(Double($0 ?? 0) / 1_048_576) }
        try? handle.write(contentsOf: Data((fields.joined(separator: " ") + "\n").utf8))
        (self.second, workMs, overIdle, loading) = (nil, [], 0, false)
    }

    /// `value` with two decimals.
    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
