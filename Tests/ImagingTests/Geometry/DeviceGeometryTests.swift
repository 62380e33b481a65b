import Imaging
import Testing

@Suite struct DeviceGeometryTests {
    @Test func deviceRectEdgesAndIntersection() {
        let r = DeviceRect(x: 10, y: 20, width: 30, height: 50)
        #expect(r.maxX == 40 && r.maxY == 70 && r.midX == 25 && r.midY == 45)
        let overlap = r.intersection(DeviceRect(x: 30, y: -5, width: 100, height: 30))
        #expect(overlap == DeviceRect(x: 30, y: 20, width: 10, height: 5))
        #expect(r.intersection(DeviceRect(x: 40, y: 20, width: 5, height: 5)) == .zero)
    }
}
