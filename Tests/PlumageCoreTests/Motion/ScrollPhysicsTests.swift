import Foundation
import PlumageCore
import Testing

@Suite struct ScrollPhysicsTests {
    /// Offsets after advancing `scroller` every `step` seconds from `start` until it stops (at most `limit` s).
    private static func run(
        _ scroller: inout ScrollPhysics, from start: Double, step: Double = 1.0 / 60, limit: Double = 10
    )
        -> [Double]
    {
        var offsets: [Double] = []
        var t = start
        while t < start + limit {
            t += step
            let running = scroller.advance(to: t)
            offsets.append(scroller.offset)
            if !running { break }
        }
        return offsets
    }

    private static func isNonDecreasing(_ values: [Double]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
    }

    @Test func wheelEasesMonotonicallyToItsTarget() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)
        s.wheel(deltaPoints: 48, at: 1)
        #expect(s.isAnimating)
        #expect(s.offset == 0)
        let offsets = Self.run(&s, from: 1, step: 1.0 / 120)
        #expect(Self.isNonDecreasing(offsets))
        #expect(offsets.first! > 0 && offsets.first! < 48)
        #expect(s.offset == 48)
        #expect(!s.isAnimating)
        #expect(offsets.count <= Int((ScrollPhysics.easeDuration * 120).rounded(.up)) + 1)
        // Smooth: no single 120 Hz frame covers more than half the distance.
        #expect(zip(offsets, [0] + offsets).allSatisfy { $0 - $1 < 24 })
    }

    @Test func wheelEaseFollowsTheEaseOutCubic() {
        // offset(t) = 48 · (1 − (1 − t / 0.12)³): a quarter of the way in time is 27.75, half is 42.
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800, offset: 100)
        s.wheel(deltaPoints: 48, at: 2)
        for (t, expected) in [(0.03, 127.75), (0.06, 142.0), (0.09, 147.25)] {
            s.advance(to: 2 + t)
            #expect(abs(s.offset - expected) < 1e-9, "t = \(t)")
        }
    }

    @Test func consecutiveDetentsAccumulate() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)
        var offsets: [Double] = []
        for i in 0..<3 {
            let t = Double(i) * 0.03
            s.wheel(deltaPoints: 48, at: t)
            for k in 1...3 {
                s.advance(to: t + Double(k) * 0.01)
                offsets.append(s.offset)
            }
        }
        offsets += Self.run(&s, from: 0.09, step: 0.01)
        #expect(Self.isNonDecreasing(offsets))
        #expect(s.offset == 144)
    }

    @Test func preciseTouchpadDeltasAddUpExactly() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)
        var offsets: [Double] = []
        for i in 0..<100 {
            s.wheel(deltaPoints: 0.37, at: Double(i) * 0.005)
            offsets.append(s.offset)
        }
        offsets += Self.run(&s, from: 0.5)
        #expect(Self.isNonDecreasing(offsets))
        #expect(abs(s.offset - 37) < 1e-9)
    }

    @Test func reversingTheWheelMidEaseHeadsBack() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800, offset: 1000)
        s.wheel(deltaPoints: 96, at: 0)
        s.advance(to: 0.05)
        s.wheel(deltaPoints: -48, at: 0.05)
        _ = Self.run(&s, from: 0.05)
        #expect(s.offset == 1048)
    }

    @Test func wheelIsClampedAtBothEnds() {
        var s = ScrollPhysics(contentHeight: 1000, viewportHeight: 800)
        s.wheel(deltaPoints: -100, at: 0)
        #expect(!s.isAnimating)
        #expect(s.offset == 0)
        s.wheel(deltaPoints: 10_000, at: 0)
        s.wheel(deltaPoints: 10_000, at: 0.01)
        let offsets = Self.run(&s, from: 0.01)
        #expect(offsets.allSatisfy { $0 >= 0 && $0 <= 200 })
        #expect(s.offset == 200)
        #expect(s.maxOffset == 200)
        // Back up right away: the target never accumulated past the end.
        s.wheel(deltaPoints: -50, at: 1)
        _ = Self.run(&s, from: 1)
        #expect(s.offset == 150)
    }

    @Test func dragFollowsThePointerExactly() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800, offset: 300)
        s.dragBegan(y: 500, at: 0)
        #expect(s.isDragging)
        for (i, y) in [490.0, 455.5, 400, 420, 530].enumerated() {
            s.dragMoved(y: y, at: Double(i + 1) * 0.016)
            #expect(s.offset == 300 - (y - 500))
            #expect(!s.isAnimating)
        }
        // Past the top the list stops; coming back, the grabbed point is under the pointer again.
        s.dragMoved(y: 900, at: 0.2)
        #expect(s.offset == 0)
        s.dragMoved(y: 700, at: 0.3)
        #expect(s.offset == 100)
    }

    @Test func wheelAndKeysWaitWhileDragging() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800, offset: 300)
        s.dragBegan(y: 500, at: 0)
        s.wheel(deltaPoints: 48, at: 0.01)
        s.scroll(to: 0, animated: false, at: 0.02)
        #expect(s.offset == 300)
        #expect(s.isDragging)
    }

    /// A drag moving the content toward the end at `speed` points/second for 100 ms, released at once.
    private static func flung(speed: Double, content: Double = 100_000, from offset: Double = 0) -> ScrollPhysics {
        var s = ScrollPhysics(contentHeight: content, viewportHeight: 800, offset: offset)
        s.dragBegan(y: 600, at: 0)
        for i in 1...10 { s.dragMoved(y: 600 - speed * Double(i) * 0.01, at: Double(i) * 0.01) }
        s.dragEnded(at: 0.1)
        return s
    }

    @Test func flingDecaysAndStops() {
        var s = Self.flung(speed: 3000)
        #expect(s.isAnimating)
        #expect(!s.isDragging)
        #expect(abs(s.offset - 300) < 1e-9)
        let offsets = Self.run(&s, from: 0.1)
        let steps = zip(offsets.dropFirst(), offsets).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= 0 })
        #expect(zip(steps.dropFirst(), steps).allSatisfy { $0 <= $1 + 1e-9 })
        #expect(steps.first! > 40 && steps.first! < 51)  // ≈ 3000 pt/s at 60 Hz
        // Stops once under 10 pt/s: after ln(3000/10) / 2.002 ≈ 2.85 s, at 300 + (3000 − 10) / 2.002.
        let duration = Double(offsets.count) / 60
        #expect(duration > 2.8 && duration < 2.95)
        #expect(abs(s.offset - (300 + 2990 / 2.0020026706730793)) < 1e-6)
        #expect(!s.isAnimating)
        let stillRunning = s.advance(to: 100)
        #expect(!stillRunning)
    }

    @Test func flingPositionFollowsTheDecayFormula() {
        // Released at 300 with 3000 pt/s: offset(t) = 300 + v₀·(1 − 0.998^ms) / k with
        // k = −1000·ln 0.998 per second and ms the milliseconds since release.
        let k = -1000 * log(0.998)
        var s = Self.flung(speed: 3000)
        for t in [1.0 / 60, 0.25, 1, 2.5] {
            s.advance(to: 0.1 + t)
            let expected = 300 + 3000 * (1 - pow(0.998, t * 1000)) / k
            #expect(abs(s.offset - expected) < 1e-6, "t = \(t)")
        }
    }

    @Test func flingIsIndependentOfFrameRate() {
        var slow = Self.flung(speed: 2000)
        var fast = Self.flung(speed: 2000)
        for i in 1...30 { slow.advance(to: 0.1 + Double(i) / 60) }
        for i in 1...72 { fast.advance(to: 0.1 + Double(i) / 144) }
        #expect(abs(slow.offset - fast.offset) < 1e-9)
    }

    @Test func flingTowardTheTopStopsAtTheTop() {
        var s = Self.flung(speed: -4000, from: 600)
        #expect(s.offset == 200)
        let offsets = Self.run(&s, from: 0.1)
        #expect(s.offset == 0)
        #expect(!s.isAnimating)
        #expect(offsets.count < 20)
    }

    @Test func flingSpeedIsCapped() {
        var s = Self.flung(speed: 1_000_000, content: 10_000_000)
        s.advance(to: 0.1 + 1.0 / 60)
        #expect(s.offset - 100_000 <= MotionConstants.maxFlingSpeed / 60 + 1e-6)
    }

    @Test func noFlingAfterTheFingerRests() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)
        s.dragBegan(y: 600, at: 0)
        for i in 1...5 { s.dragMoved(y: 600 - Double(i) * 30, at: Double(i) * 0.01) }
        s.dragEnded(at: 0.3)
        #expect(!s.isAnimating)
        #expect(s.offset == 150)
    }

    @Test func noFlingBelowTheMinimumSpeed() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)
        s.dragBegan(y: 600, at: 0)
        s.dragMoved(y: 599.5, at: 0.06)
        s.dragEnded(at: 0.06)
        #expect(!s.isAnimating)
        #expect(s.offset == 0.5)
    }

    @Test func newInputStopsAFling() {
        var s = Self.flung(speed: 3000)
        s.advance(to: 0.2)
        let caught = s.offset
        s.dragBegan(y: 100, at: 0.2)
        #expect(!s.isAnimating)
        #expect(s.offset == caught)
        s.dragEnded(at: 0.2)
        var t = Self.flung(speed: 3000)
        t.advance(to: 0.2)
        t.stop()
        let running = t.advance(to: 0.5)
        #expect(!running)
    }

    @Test func keysStepByLinesAndPages() {
        var s = ScrollPhysics(contentHeight: 10_000, viewportHeight: 800)
        #expect(ScrollPhysics.lineStep == 48)
        #expect(s.pageStep == 752)
        s.scroll(by: ScrollPhysics.lineStep, animated: false, at: 0)
        #expect(s.offset == 48)
        #expect(!s.isAnimating)
        s.scroll(by: s.pageStep, animated: true, at: 0)
        s.scroll(by: s.pageStep, animated: true, at: 0.05)
        _ = Self.run(&s, from: 0.05)
        #expect(s.offset == 48 + 2 * 752)
        s.scroll(to: s.maxOffset, animated: true, at: 1)
        let offsets = Self.run(&s, from: 1)
        #expect(Self.isNonDecreasing(offsets))
        #expect(s.offset == 9200)
        s.scroll(to: 0, animated: false, at: 2)
        #expect(s.offset == 0)
        #expect(ScrollPhysics(contentHeight: 100, viewportHeight: 60).pageStep == 48)
    }

    @Test func resizeKeepsTheOffsetClamped() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)
        s.scroll(to: 4200, animated: false, at: 0)
        s.resize(contentHeight: 2000, viewportHeight: 800)
        #expect(s.offset == 1200)
        s.resize(contentHeight: 2000, viewportHeight: 1200)
        #expect(s.offset == 800)
        s.resize(contentHeight: 500, viewportHeight: 800)
        #expect(s.offset == 0)
        #expect(s.maxOffset == 0)
        s.resize(contentHeight: 5000, viewportHeight: 800, keepingOffset: 2500)
        #expect(s.offset == 2500)
        s.resize(contentHeight: 5000, viewportHeight: 800, keepingOffset: -20)
        #expect(s.offset == 0)
        s.resize(contentHeight: .nan, viewportHeight: 800, keepingOffset: .infinity)
        #expect(s.offset == 0)
    }

    @Test func resizeMidEaseShiftsTheTarget() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800, offset: 1000)
        s.wheel(deltaPoints: 100, at: 0)
        s.advance(to: 0.06)
        let now = s.offset
        s.resize(contentHeight: 6000, viewportHeight: 800, keepingOffset: now + 500)
        #expect(s.offset == now + 500)
        _ = Self.run(&s, from: 0.06)
        #expect(abs(s.offset - 1600) < 1e-9)
    }

    @Test func resizeMidDragKeepsTheGrabbedPoint() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800, offset: 1000)
        s.dragBegan(y: 400, at: 0)
        s.resize(contentHeight: 6000, viewportHeight: 800, keepingOffset: 1300)
        s.dragMoved(y: 350, at: 0.02)
        #expect(s.offset == 1350)
    }

    @Test func timeGoingBackwardsIsHarmless() {
        var s = ScrollPhysics(contentHeight: 5000, viewportHeight: 800)
        s.wheel(deltaPoints: 48, at: 5)
        s.advance(to: 4)
        #expect(s.offset == 0)
        #expect(s.isAnimating)
        var f = Self.flung(speed: 3000)
        f.advance(to: 0)
        #expect(abs(f.offset - 300) < 1e-9)
    }

    @Test func indicatorGeometry() {
        #expect(ScrollPhysics(contentHeight: 600, viewportHeight: 800).indicator(trackHeight: 700) == nil)
        #expect(ScrollPhysics(contentHeight: 4000, viewportHeight: 800).indicator(trackHeight: 0) == nil)
        let top = ScrollPhysics(contentHeight: 4000, viewportHeight: 800).indicator(trackHeight: 700)
        #expect(top?.y == 0)
        #expect(top?.height == 140)
        let bottom = ScrollPhysics(contentHeight: 4000, viewportHeight: 800, offset: 3200).indicator(trackHeight: 700)
        #expect(bottom?.y == 560)
        let middle = ScrollPhysics(contentHeight: 4000, viewportHeight: 800, offset: 1600).indicator(trackHeight: 700)
        #expect(middle?.y == 280)
        let huge = ScrollPhysics(contentHeight: 2_000_000, viewportHeight: 800, offset: 1_999_200)
        let long = huge.indicator(trackHeight: 700)
        #expect(long?.height == ScrollPhysics.minThumbHeight)
        #expect(long?.y == 700 - ScrollPhysics.minThumbHeight)
    }
}
