import Imaging
import Testing

/// `PixelRect.intersection`, against rectangles worked out by hand.
@Suite struct PixelRectTests {
    @Test func intersectionKeepsTheCommonPartAndIsEmptyWhenApart() {
        let a = PixelRect(x: 10, y: 20, width: 100, height: 50)
        #expect(a.intersection(PixelRect(x: 0, y: 0, width: 60, height: 40)) == PixelRect(x: 10, y: 20, width: 50, height: 20))
        #expect(a.intersection(PixelRect(x: 30, y: 30, width: 10, height: 10)) == PixelRect(x: 30, y: 30, width: 10, height: 10))
        #expect(a.intersection(PixelRect(x: 200, y: 0, width: 5, height: 5)) == PixelRect(x: 200, y: 20, width: 0, height: 0))
    }
}
