import CMath

/// The scroll offset of each frame of `plumage bench scroll`, as a pure function of the frame
/// index, so every run (and every machine) scrolls exactly the same way.
///
/// The standard script has four phases over `frames` frames:
/// 1. first 25 %: accelerate down, ease-in (speed ∝ t²) up to `peakSpeed`;
/// 2. next 25 %: fling, the speed decaying by `flingDecayPerFrame` each frame;
/// 3. next 20 %: fast scroll up, speed rising to `peakSpeed` and falling back (parabolic);
/// 4. last 30 %: slow drift down at `driftSpeed`.
/// The offset is clamped to `0…maxOffset` (clamping only flattens the path, so no frame moves
/// more than `peakSpeed` plus rounding). `sweep` instead goes top → bottom at constant speed,
/// to touch every row once (the 10k-item memory measurement).
///
/// Example: `let s = BenchScrollScript(contentHeight: 20_000, viewportHeight: 800, frames: 600)`;
/// `for f in 0..<600 { draw(at: s.offset(frame: f)) }`.
public struct BenchScrollScript: Hashable, Sendable {
    /// Fastest scroll of the standard script, in points per frame.
    public static let peakSpeed = 40.0
    /// Speed of the final drift, in points per frame.
    public static let driftSpeed = 2.0
    /// Fraction of the fling speed kept from one frame to the next.
    public static let flingDecayPerFrame = 0.97

    /// Height of everything that scrolls, in points.
    public let contentHeight: Double
    /// Height of the visible part, in points.
    public let viewportHeight: Double
    /// Frames in the run; `offset(frame:)` clamps its index to `0..<frames`.
    public let frames: Int
    private let isSweep: Bool

    /// The standard four-phase script over `frames` frames.
    public init(contentHeight: Double, viewportHeight: Double, frames: Int) {
        self.init(contentHeight: contentHeight, viewportHeight: viewportHeight, frames: frames, isSweep: false)
    }

    private init(contentHeight: Double, viewportHeight: Double, frames: Int, isSweep: Bool) {
        self.contentHeight = max(0, contentHeight)
        self.viewportHeight = max(0, viewportHeight)
        self.frames = max(0, frames)
        self.isSweep = isSweep
    }

    /// A script that scrolls from the top (frame 0) to the bottom (last frame) at constant speed.
    public static func sweep(contentHeight: Double, viewportHeight: Double, frames: Int) -> BenchScrollScript {
        BenchScrollScript(contentHeight: contentHeight, viewportHeight: viewportHeight, frames: frames, isSweep: true)
    }

    /// The largest offset: the content's bottom at the viewport's bottom.
    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }

    /// The offset in points to draw frame `frame` at; always within `0…maxOffset`.
    public func offset(frame: Int) -> Double {
        guard frames > 1 else { return 0 }
        let f = max(0, min(frames - 1, frame))
        if isSweep { return maxOffset * Double(f) / Double(frames - 1) }
        return max(0, min(maxOffset, path(f)))
    }

    /// The unclamped standard path at frame `f`.
    private func path(_ f: Int) -> Double {
        let end1 = frames / 4
        let end2 = frames / 2
        let end3 = frames * 7 / 10
        let peak = BenchScrollScript.peakSpeed
        let n1 = Double(end1)
        let n3 = Double(end3 - end2)
        // Phase 1: speed peak·(t/n1)², so distance peak·t³/(3·n1²).
        func accelerated(_ t: Double) -> Double { n1 > 0 ? peak * t * t * t / (3 * n1 * n1) : 0 }
        // Phase 2: speed peak·rᵏ on its k-th frame; distance is the geometric sum.
        func flung(_ s: Int) -> Double {
            let r = BenchScrollScript.flingDecayPerFrame
            return peak * r * (1 - pow(r, Double(s))) / (1 - r)
        }
        // Phase 3: speed −peak·4u(1−u), u = s/n3; distance −peak·n3·(2u² − 4u³/3).
        func reversed(_ s: Int) -> Double {
            guard n3 > 0 else { return 0 }
            let u = Double(s) / n3
            return -peak * n3 * (2 * u * u - 4 * u * u * u / 3)
        }
        if f <= end1 { return accelerated(Double(f)) }
        let x1 = accelerated(n1)
        if f <= end2 { return x1 + flung(f - end1) }
        let x2 = x1 + flung(end2 - end1)
        if f <= end3 { return x2 + reversed(f - end2) }
        let x3 = x2 + reversed(end3 - end2)
        return x3 + BenchScrollScript.driftSpeed * Double(f - end3)
    }
}
