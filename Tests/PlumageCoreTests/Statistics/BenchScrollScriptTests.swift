import PlumageCore
import Testing

@Suite struct BenchScrollScriptTests {
    private static func offsets(_ script: BenchScrollScript) -> [Double] {
        (0..<script.frames).map { script.offset(frame: $0) }
    }

    /// 600 frames: phases end at frames 150, 300 and 420 (n1 = 150, n3 = 120, peak 40, decay 0.97).
    @Test func matchesOffsetsWorkedOutFromTheDefinition() {
        let script = BenchScrollScript(contentHeight: 100_000, viewportHeight: 800, frames: 600)
        let x2 = 3279.922_041_566_958  // 2000 + 40·0.97·(1 − 0.97¹⁵⁰)/0.03, 0.97¹⁵⁰ = 0.010369555…
        let expected: [(frame: Int, offset: Double)] = [
            (0, 0),
            (75, 250),  // 40·75³ / (3·150²)
            (150, 2000),  // 40·150³ / (3·150²)
            (151, 2038.8),  // + 40·0.97
            (300, x2),
            (360, x2 - 1600),  // u = ½: −40·120·(2/4 − 4/24)
            (420, x2 - 3200),  // u = 1: −40·120·(2 − 4/3)
            (599, x2 - 3200 + 2 * 179),
        ]
        for (frame, offset) in expected {
            #expect(abs(script.offset(frame: frame) - offset) < 1e-6, "frame \(frame): \(script.offset(frame: frame))")
        }
        // A shorter content clamps the fling's top (3279.9) to its 2200-point range.
        #expect(BenchScrollScript(contentHeight: 3000, viewportHeight: 800, frames: 600).offset(frame: 300) == 2200)
    }

    @Test(arguments: [10, 120, 600, 2000])
    func isContinuousAndInRange(frames: Int) {
        for content in [300.0, 2_000, 6_000, 30_000, 2_000_000] {
            let script = BenchScrollScript(contentHeight: content, viewportHeight: 800, frames: frames)
            let offsets = Self.offsets(script)
            #expect(offsets.allSatisfy { $0 >= 0 && $0 <= script.maxOffset }, "content \(content)")
            let biggest = zip(offsets.dropFirst(), offsets).map { abs($0 - $1) }.max() ?? 0
            #expect(biggest <= 60, "content \(content), frames \(frames): jump \(biggest)")
        }
    }

    @Test func followsTheFourPhases() {
        let script = BenchScrollScript(contentHeight: 100_000, viewportHeight: 800, frames: 600)
        let o = Self.offsets(script)
        func speed(_ f: Int) -> Double { o[f + 1] - o[f] }
        #expect(o[0] == 0)
        // 1: accelerating down to the peak speed.
        #expect(speed(10) < speed(100) && speed(100) < speed(149))
        #expect(abs(speed(149) - BenchScrollScript.peakSpeed) < 1)
        // 2: fling, decaying.
        #expect(speed(160) > speed(200) && speed(200) > speed(290) && speed(290) > 0)
        // 3: fast up, peaking mid-phase.
        #expect(speed(305) < 0 && speed(359) < speed(305))
        #expect(abs(speed(359) + BenchScrollScript.peakSpeed) < 1)
        // 4: slow drift down.
        #expect(speed(450) == BenchScrollScript.driftSpeed)
        #expect(o.max()! > 3000)
    }

    @Test func clampsFrameIndicesAndDegenerateRuns() {
        let script = BenchScrollScript(contentHeight: 30_000, viewportHeight: 800, frames: 600)
        #expect(script.offset(frame: -5) == script.offset(frame: 0))
        #expect(script.offset(frame: 10_000) == script.offset(frame: 599))
        #expect(BenchScrollScript(contentHeight: 30_000, viewportHeight: 800, frames: 0).offset(frame: 0) == 0)
        #expect(BenchScrollScript(contentHeight: 30_000, viewportHeight: 800, frames: 1).offset(frame: 0) == 0)
        let tiny = BenchScrollScript(contentHeight: 30_000, viewportHeight: 800, frames: 3)
        #expect(Self.offsets(tiny).allSatisfy { $0 >= 0 && $0 <= 60 })
        let fits = BenchScrollScript(contentHeight: 500, viewportHeight: 800, frames: 600)
        #expect(Self.offsets(fits).allSatisfy { $0 == 0 })
    }

    @Test func sweepGoesTopToBottomAtConstantSpeed() {
        let sweep = BenchScrollScript.sweep(contentHeight: 1_500_800, viewportHeight: 800, frames: 3001)
        let o = Self.offsets(sweep)
        #expect(o.first == 0)
        #expect(o.last == 1_500_000)
        #expect(zip(o.dropFirst(), o).allSatisfy { abs(($0 - $1) - 500) < 1e-6 })
        #expect(BenchScrollScript.sweep(contentHeight: 100, viewportHeight: 800, frames: 50).offset(frame: 49) == 0)
    }
}
