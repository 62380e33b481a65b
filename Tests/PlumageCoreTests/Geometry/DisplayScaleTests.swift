import Imaging
import PlumageCore
import Testing

@Suite struct DisplayScaleTests {
    @Test func displayScaleConvertsPointsToDevicePixelsAndBackWithoutRounding() {
        let scale = DisplayScale(1.5)
        #expect(scale.devicePixels(Point(x: 3, y: -2.5)) == DevicePoint(x: 4.5, y: -3.75))
        #expect(scale.devicePixels(Size(width: 801, height: 0.5)) == DeviceSize(width: 1201.5, height: 0.75))
        let rect = DeviceRect(x: 3, y: -6, width: 1201.5, height: 1.5)
        #expect(scale.points(rect) == Rect(x: 2, y: -4, width: 801, height: 1))
        #expect(DisplayScale.one.devicePixels(Point(x: 7.25, y: 1)) == DevicePoint(x: 7.25, y: 1))
    }
}
