import PlumageCore
import Testing

@Suite struct EasingTests {
    @Test func easeOutIsTheCubic() {
        #expect(Easing.easeOut(0) == 0)
        #expect(Easing.easeOut(0.25) == 0.578125)
        #expect(Easing.easeOut(0.5) == 0.875)
        #expect(Easing.easeOut(1) == 1)
    }

    @Test func progressRunsFromStartOverTheDuration() {
        let e = Easing(start: 2, duration: 0.5)
        #expect(e.progress(at: 1) == 0)
        #expect(e.progress(at: 2) == 0)
        #expect(e.progress(at: 2.125) == 0.25)
        #expect(e.fraction(at: 2.125) == 0.578125)
        #expect(!e.isFinished(at: 2.49))
        #expect(e.isFinished(at: 2.5) && e.progress(at: 9) == 1)
    }

    @Test func valueEasesAndLandsExactly() {
        let e = Easing(start: 0, duration: 0.12)
        #expect(e.value(from: 100, to: 148, at: -1) == 100)
        #expect(abs(e.value(from: 100, to: 148, at: 0.06) - 142) < 1e-12)
        #expect(e.value(from: 0.1, to: 0.7, at: 0.12) == 0.7)
        #expect(e.value(from: 0.1, to: 0.7, at: 5) == 0.7)
    }

    @Test func aZeroDurationEndsAtOnce() {
        let e = Easing(start: 3, duration: 0)
        #expect(e.isFinished(at: 3) && e.isFinished(at: 1))
        #expect(e.value(from: 1, to: 2, at: 3) == 2)
    }
}
