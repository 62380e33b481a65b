import Imaging
import PlumageCore
import Testing

@Suite struct VelocityTrackerTests {
    @Test func noVelocityFromNoneOrOneSampleOrAMillisecond() {
        var t = VelocityTracker<Double>()
        #expect(t.velocity(at: 0) == nil && t.latest == nil)
        t.add(5, at: 0)
        #expect(t.velocity(at: 0) == nil && t.latest == 5)
        t.add(9, at: 0.001)
        #expect(t.velocity(at: 0.001) == nil)
        t.add(13, at: 0.002)
        #expect(t.velocity(at: 0.002) == 4000)
    }

    @Test func onlySamplesWithinTheWindowCount() {
        // 100 units in the first 50 ms, then 50 in the next 50 ms: at 0.1 the window starts at
        // 0.02, so only the second half counts (1000/s, not the whole drag's 1500/s).
        var t = VelocityTracker<Double>()
        t.add(0, at: 0)
        t.add(100, at: 0.05)
        t.add(150, at: 0.1)
        #expect(abs(t.velocity(at: 0.1)! - 1000) < 1e-9)
        #expect(t.velocity(at: 0.2) == nil)  // rested: only the last sample is recent
        #expect(t.latest == 150)
    }

    @Test func twoAxisVelocityInDevicePixels() {
        var t = VelocityTracker<DevicePoint>()
        t.add(DevicePoint(x: 10, y: 10), at: 1)
        t.add(DevicePoint(x: 40, y: -30), at: 1.05)
        let v = t.velocity(at: 1.05)!
        #expect(abs(v.dx - 600) < 1e-9 && abs(v.dy + 800) < 1e-9)
        #expect(t.latest == DevicePoint(x: 40, y: -30))
    }
}
