import Foundation
import Imaging
import PlumageCore
import Testing

@Suite struct FlingTests {
    @Test func decayConstantIsMinusLnOfTheRatePerMillisecond() {
        #expect(abs(MotionConstants.decayPerSecond - 2.0020026706730793) < 1e-15)
        #expect(abs(exp(-MotionConstants.decayPerSecond) - pow(0.998, 1000)) < 1e-15)
    }

    @Test func slowReleasesDoNotFlingAndFastOnesAreCapped() {
        #expect(Fling(velocity: 9.99, start: 0) == nil)
        #expect(Fling(velocity: -9.99, start: 0) == nil)
        #expect(Fling(velocity: Double.nan, start: 0) == nil)
        #expect(Fling(velocity: -10.0, start: 0)?.velocity == -10)
        #expect(Fling(velocity: -50_000.0, start: 0)?.velocity == -12_000)
        #expect(Fling(velocity: DeviceVector(dx: 6, dy: 7.9), start: 0) == nil)
        #expect(Fling(velocity: DeviceVector(dx: 6, dy: 8), start: 0) != nil)
        let capped = Fling(velocity: DeviceVector(dx: 30_000, dy: -40_000), start: 0)!.velocity
        #expect(abs(capped.dx - 7200) < 1e-9 && abs(capped.dy + 9600) < 1e-9)
    }

    @Test func velocityAndDisplacementFollowTheDecay() {
        let k = -1000 * log(0.998)
        let f = Fling(velocity: 1000.0, start: 5)!
        #expect(f.displacement(at: 4) == 0 && f.displacement(at: 5) == 0 && f.velocity(at: 4) == 1000)
        for t in [0.1, 1, 2] {
            #expect(abs(f.velocity(at: 5 + t) - 1000 * pow(0.998, t * 1000)) < 1e-9)
            #expect(abs(f.displacement(at: 5 + t) - 1000 * (1 - pow(0.998, t * 1000)) / k) < 1e-9)
        }
    }

    @Test func stopsBelowTheMinimumSpeedAndStaysPut() {
        // 1000 → 10 units/s takes ln(100) / k ≈ 2.300 s; the distance then is (1000 − 10) / k.
        let k = MotionConstants.decayPerSecond
        let f = Fling(velocity: -1000.0, start: 0)!
        #expect(!f.isStopped(at: 2.29))
        #expect(f.isStopped(at: 2.31))
        #expect(abs(f.displacement(at: 2.31) + 990 / k) < 1e-9)
        #expect(f.displacement(at: 100) == f.displacement(at: 2.31))
    }

    @Test func aTwoAxisFlingKeepsItsDirection() {
        let f = Fling(velocity: DeviceVector(dx: 300, dy: -400), start: 0)!
        let d = f.displacement(at: 0.5)
        #expect(abs(d.dx / d.dy + 0.75) < 1e-12)
        #expect(abs(d.magnitude - 500 * (1 - pow(0.998, 500)) / MotionConstants.decayPerSecond) < 1e-9)
        // 500 → 10 units/s takes ln(50) / k ≈ 1.954 s.
        #expect(!f.isStopped(at: 1.95) && f.isStopped(at: 1.96))
    }
}
