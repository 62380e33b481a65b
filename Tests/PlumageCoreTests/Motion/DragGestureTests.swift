import PlumageCore
import Testing

@Suite struct DragGestureTests {
    /// Whether `g` is a drag after the pointer visits each of `points` in turn.
    private static func drags(_ g: inout DragGesture, through points: [Point]) -> [Bool] {
        points.map { g.moved(to: $0) }
    }

    @Test func aPressStaysAPressWithinTheThreshold() {
        var g = DragGesture.began(at: Point(x: 100, y: 200))
        #expect(g.start == Point(x: 100, y: 200) && !g.moved)
        #expect(DragGesture.threshold == 4)
        // Exactly 4 points is not past it; per axis, not by distance: 3.9 on both axes is 5.5
        // points away but still a press.
        let pressed = Self.drags(
            &g, through: [Point(x: 104, y: 200), Point(x: 96, y: 196), Point(x: 103.9, y: 203.9)])
        #expect(pressed == [false, false, false])
        #expect(!g.moved)
    }

    @Test(arguments: [
        Point(x: 104.01, y: 200), Point(x: 95.99, y: 200), Point(x: 100, y: 204.5), Point(x: 100, y: 195),
    ])
    func movingPastTheThresholdOnEitherAxisMakesADrag(to p: Point) {
        var g = DragGesture.began(at: Point(x: 100, y: 200))
        #expect(Self.drags(&g, through: [p]) == [true])
        #expect(g.moved)
    }

    @Test func onceADragAlwaysADrag() {
        var g = DragGesture.began(at: Point(x: 0, y: 0))
        let dragging = Self.drags(&g, through: [Point(x: 0, y: -10), Point(x: 0, y: 0), Point(x: 1, y: 1)])
        #expect(dragging == [true, true, true])
        #expect(g.start == Point(x: 0, y: 0))
    }
}
