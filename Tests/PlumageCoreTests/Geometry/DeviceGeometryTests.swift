import PlumageCore
import Testing

@Suite struct DeviceGeometryTests {
    @Test func displayScaleConvertsPointsToDevicePixelsAndBackWithoutRounding() {
        let scale = DisplayScale(1.5)
        #expect(scale.devicePixels(Point(x: 3, y: -2.5)) == DevicePoint(x: 4.5, y: -3.75))
        #expect(scale.devicePixels(Size(width: 801, height: 0.5)) == DeviceSize(width: 1201.5, height: 0.75))
        let rect = DeviceRect(x: 3, y: -6, width: 1201.5, height: 1.5)
        #expect(scale.points(rect) == Rect(x: 2, y: -4, width: 801, height: 1))
        #expect(DisplayScale.one.devicePixels(Point(x: 7.25, y: 1)) == DevicePoint(x: 7.25, y: 1))
    }

    @Test func deviceRectEdgesAndIntersection() {
        let r = DeviceRect(x: 10, y: 20, width: 30, height: 50)
        #expect(r.maxX == 40 && r.maxY == 70 && r.midX == 25 && r.midY == 45)
        let overlap = r.intersection(DeviceRect(x: 30, y: -5, width: 100, height: 30))
        #expect(overlap == DeviceRect(x: 30, y: 20, width: 10, height: 5))
        #expect(r.intersection(DeviceRect(x: 40, y: 20, width: 5, height: 5)) == .zero)
    }
}
