import Foundation
import Imaging
import Testing

@testable import PlumageCore

@Suite struct ImageViewportTests {
    /// Distance in view pixels between where image point `q` is shown and view point `p`.
    private static func drift(_ v: ImageViewport, _ q: DevicePoint, _ p: DevicePoint) -> Double {
        let shown = v.viewPoint(ofImage: q)
        return max(abs(shown.x - p.x), abs(shown.y - p.y))
    }

    /// True when `a` and `b` agree within `tolerance` on every edge.
    private static func close(_ a: DeviceRect, _ b: DeviceRect, within tolerance: Double) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.maxX - b.maxX) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
    }

    /// True when the drawn image is clamped: covering the view on an axis where it is larger,
    /// centred on an axis where it is smaller.
    private static func isClamped(_ v: ImageViewport) -> Bool {
        let d = v.destination, w = v.viewSize.width, h = v.viewSize.height
        let xOK = d.width <= w ? abs(d.midX - w / 2) < 1e-9 : d.minX <= 1e-9 && d.maxX >= w - 1e-9
        let yOK = d.height <= h ? abs(d.midY - h / 2) < 1e-9 : d.minY <= 1e-9 && d.maxY >= h - 1e-9
        return xOK && yOK
    }

    /// A 6000×4000 photo in an 800×600 view (fill 0.15, fit 0.1333).
    private static func photo(_ mode: ZoomMode = .fill) -> ImageViewport {
        ImageViewport(
            imageSize: PixelSize(width: 6000, height: 4000), viewSize: DeviceSize(width: 800, height: 600), mode: mode)
    }

    /// A viewport in manual mode at exactly `scale` (big image, so no limit interferes).
    private static func manual(scale: Double) -> ImageViewport {
        var v = ImageViewport(
            imageSize: PixelSize(width: 8000, height: 8000), viewSize: DeviceSize(width: 800, height: 800),
            mode: .manual)
        v.zoom(by: scale, at: DevicePoint(x: 400, y: 400))
        return v
    }

    // MARK: auto zoom

    // Scales by hand: 4000×3000 in 1600×1000 fills at 1600/4000 = 0.4 (the width; the height is cut)
    // and fits at 1000/3000 = 1/3; its transpose the same; 2000×2000 in 1000×900 fills at 0.5, fits at 0.45.
    @Test(arguments: zip(
        [((4000, 3000), (1600.0, 1000.0)), ((3000, 4000), (1000.0, 1600.0)), ((2000, 2000), (1000.0, 900.0))],
        [(0.4, 1.0 / 3), (0.4, 1.0 / 3), (0.5, 0.45)]))
    func fillAndFitScales(sizes: ((Int, Int), (Double, Double)), expected: (fill: Double, fit: Double)) {
        let (image, view) = sizes
        let size = PixelSize(width: image.0, height: image.1), viewSize = DeviceSize(width: view.0, height: view.1)
        let (w, h) = (Double(image.0), Double(image.1))
        let fill = ImageViewport(imageSize: size, viewSize: viewSize)
        #expect(fill.mode == .fill)
        #expect(fill.scale == expected.fill)
        let view0 = DeviceRect(x: 0, y: 0, width: view.0, height: view.1)
        #expect(Self.close(fill.destination.intersection(view0), view0, within: 1e-9))
        #expect(Self.isClamped(fill))
        let fit = ImageViewport(imageSize: size, viewSize: viewSize, mode: .fit)
        #expect(fit.scale == expected.fit)
        #expect(Self.close(fit.destination.intersection(view0), fit.destination, within: 1e-9))
        #expect(Self.isClamped(fit))
        #expect(Self.close(fit.visibleImageRect, DeviceRect(x: 0, y: 0, width: w, height: h), within: 1e-9))
    }

    @Test func autoModesRefitOnResizeUntilTheUserZooms() {
        var v = ImageViewport(
            imageSize: PixelSize(width: 4000, height: 3000), viewSize: DeviceSize(width: 800, height: 600))
        v.resize(viewSize: DeviceSize(width: 1000, height: 900))
        #expect(v.mode == .fill && v.scale == 0.3)
        #expect(Self.isClamped(v))
        v.setMode(.fit, animated: false, time: 0)
        v.resize(viewSize: DeviceSize(width: 2000, height: 600))
        #expect(v.mode == .fit && v.scale == 0.2)
        v.wheel(detents: 1, at: DevicePoint(x: 1000, y: 300))
        #expect(v.mode == .manual)
        let scale = v.scale
        v.resize(viewSize: DeviceSize(width: 1000, height: 1000))
        #expect(v.scale == scale)
    }

    @Test func manualResizeKeepsTheImagePointAtTheCentre() {
        var v = Self.photo()
        v.zoom(by: 3, at: DevicePoint(x: 200, y: 150))
        let centre = v.imagePoint(atView: DevicePoint(x: 400, y: 300))
        v.resize(viewSize: DeviceSize(width: 1200, height: 500))
        let after = v.imagePoint(atView: DevicePoint(x: 600, y: 250))
        #expect(abs(after.x - centre.x) < 1e-9 && abs(after.y - centre.y) < 1e-9)
        #expect(v.mode == .manual && abs(v.scale - 0.45) < 1e-15)
    }

    @Test func toggleAlternatesFillAndFitAndKeysSetModes() {
        var v = ImageViewport(
            imageSize: PixelSize(width: 4000, height: 2400), viewSize: DeviceSize(width: 800, height: 600))
        v.toggleFillFit(time: 0)
        #expect(v.mode == .fit && v.isAnimating)
        v.advance(to: 1)
        #expect(v.scale == 0.2 && Self.isClamped(v))
        v.toggleFillFit(time: 2)
        v.advance(to: 3)
        #expect(v.mode == .fill && v.scale == 0.25)
        v.zoom(by: 2, at: DevicePoint(x: 10, y: 10))
        v.toggleFillFit(time: 4)
        #expect(v.mode == .fit)
        v.actualSize(at: DevicePoint(x: 100, y: 200), animated: false, time: 5)
        #expect(v.mode == .manual && v.scale == 1 && Self.isClamped(v))
        v.setMode(.fit, animated: true, time: 6)
        v.advance(to: 6.2)
        #expect(v.mode == .fit && v.scale == 0.2)
    }

    @Test func actualSizeIsAnchored() {
        var v = Self.photo()
        let p = DevicePoint(x: 333, y: 222)
        let q = v.imagePoint(atView: p)
        v.actualSize(at: p, animated: true, time: 0)
        var t = 0.0
        while v.advance(to: t) {
            #expect(Self.drift(v, q, p) <= 0.5)
            t += 1.0 / 120
        }
        #expect(v.scale == 1 && Self.drift(v, q, p) <= 1e-9)
    }

    // MARK: anchored zoom

    @Test(
        arguments: [1.0, 0.37], [DevicePoint(x: 300, y: 200), DevicePoint(x: 0.5, y: 0.5), DevicePoint(x: 799, y: 599)])
    func wheelZoomKeepsTheCursorPoint(detents: Double, p: DevicePoint) {
        // A covering image zoomed in at a point inside the view never needs clamping, so the
        // anchor holds even at the view's corners; zooming back out retraces the same poses.
        var v = Self.photo()
        let start = v.scale
        let q = v.imagePoint(atView: p)
        for _ in 0..<20 {
            v.wheel(detents: detents, at: p)
            #expect(Self.drift(v, q, p) <= 0.5)
        }
        #expect(v.scale > start * 4)
        for _ in 0..<20 {
            v.wheel(detents: -detents, at: p)
            #expect(Self.drift(v, q, p) <= 0.5)
        }
        #expect(abs(v.scale - start) < 1e-12 * start)
        #expect(v.mode == .manual)
    }

    @Test func zoomAtTheEmptyBandCentresThenAnchorsThroughTheClampedResult() {
        // Fit leaves bands above and below; the cursor is in the top band. Horizontally the
        // image covers the view, so the anchor's x holds. Vertically the image stays centred
        // while shorter than the view; each wheel step anchors at the image point the clamped
        // result shows under the cursor, so once the image covers the view that point holds too.
        let start = ImageViewport(
            imageSize: PixelSize(width: 6000, height: 2000),
            viewSize: DeviceSize(width: 800, height: 600), mode: .fit)
        let p = DevicePoint(x: 250, y: 20)
        let q0 = start.imagePoint(atView: p)
        #expect(q0.y < 0)
        var v = start
        for _ in 0..<12 {
            let q = v.imagePoint(atView: p)
            let coveredBefore = v.destination.height > 600
            v.wheel(detents: 1, at: p)
            #expect(abs(v.viewPoint(ofImage: q0).x - p.x) <= 0.5)
            #expect(Self.isClamped(v))
            if v.destination.height <= 600 {
                #expect(abs(v.destination.midY - 300) < 1e-9)
            } else if coveredBefore {
                #expect(Self.drift(v, q, p) <= 0.5)
            }
        }
        #expect(v.destination.height > 600)
        // One big step from the band keeps the outside point's coordinate: the top edge pins to the top.
        var jump = start
        jump.zoom(by: 4, at: p)
        #expect(jump.destination.minY == 0 && abs(jump.viewPoint(ofImage: q0).x - p.x) <= 0.5)
    }

    @Test func pinchZoomsByItsFactorAtItsCentre() {
        var v = Self.photo()
        let p = DevicePoint(x: 420, y: 280)
        let q = v.imagePoint(atView: p)
        v.zoom(by: 1.7, at: p)
        #expect(abs(v.scale - 0.15 * 1.7) < 1e-15 && Self.drift(v, q, p) < 1e-9)
        v.zoom(by: 0, at: p)
        v.zoom(by: .nan, at: p)
        v.zoom(toScale: -1, at: p)
        #expect(abs(v.scale - 0.15 * 1.7) < 1e-15)
        v.zoom(toScale: 2.5, at: p)
        #expect(v.scale == 2.5 && Self.drift(v, q, p) < 1e-9)
    }

    @Test func animatedZoomHoldsTheAnchorAndLandsOnTime() {
        var v = Self.photo()
        let p = DevicePoint(x: 610, y: 140)
        let q = v.imagePoint(atView: p)
        var immediate = v
        immediate.zoom(by: ImageViewport.zoomStep, at: p)
        v.zoomAnimated(by: ImageViewport.zoomStep, at: p, time: 10)
        #expect(v.mode == .manual && v.isAnimating)
        var t = 10.0
        var scales: [Double] = []
        while t < 10 + ImageViewport.animationDuration - 1e-6 {
            let running = v.advance(to: t)
            #expect(running)
            #expect(Self.drift(v, q, p) <= 0.5)
            scales.append(v.scale)
            t += 1.0 / 120
        }
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 <= $1 })
        let running = v.advance(to: 10 + ImageViewport.animationDuration)
        #expect(!running)
        #expect(v.scale == immediate.scale && v.origin == immediate.origin)
    }

    @Test func keyZoomFollowsTheEaseOutCubicGeometrically() {
        // scale(t) = 0.15 · 1.25^(1 − (1 − t / 0.15)³), the anchor's image point held under it.
        var v = Self.photo()
        let p = DevicePoint(x: 610, y: 140)
        let q = v.imagePoint(atView: p)
        v.zoomAnimated(by: 1.25, at: p, time: 3)
        for t in [0.0375, 0.075, 0.1125] {
            v.advance(to: 3 + t)
            let u = t / 0.15
            let scale = 0.15 * pow(1.25, 1 - (1 - u) * (1 - u) * (1 - u))
            #expect(abs(v.scale - scale) < 1e-12, "t = \(t)")
            #expect(abs(v.origin.x - (p.x - q.x * scale)) < 1e-9 && abs(v.origin.y - (p.y - q.y * scale)) < 1e-9)
        }
    }

    @Test func keyZoomsAccumulateMidAnimation() {
        var v = Self.photo()
        let start = v.scale
        let p = DevicePoint(x: 400, y: 300)
        v.zoomAnimated(by: 2, at: p, time: 0)
        v.zoomAnimated(by: 2, at: p, time: 0.05)
        v.advance(to: 0.3)
        #expect(abs(v.scale - start * 4) < 1e-12)
    }

    @Test func fillHidesAtMostAQuarterOfTheImageElseFits() {
        // The demo's 1600×394 panorama in a 1280×748 view: filling (190 %) would hide 58 % of it.
        let panorama = ImageViewport(
            imageSize: PixelSize(width: 1600, height: 394), viewSize: DeviceSize(width: 1280, height: 748))
        #expect(!panorama.fillHidesLittle)
        #expect(panorama.mode == .fill && panorama.scale == 0.8)
        #expect(Self.isClamped(panorama))
        // A 4:3 photo in a 16:10 view: filling hides a sixth, so it fills.
        var photo = ImageViewport(
            imageSize: PixelSize(width: 1600, height: 1200), viewSize: DeviceSize(width: 1600, height: 1000))
        #expect(photo.fillHidesLittle && photo.scale == 1)
        // Exactly a quarter hidden still fills; a pixel more fits.
        let quarter = ImageViewport(imageSize: PixelSize(width: 400, height: 300), viewSize: DeviceSize(width: 300, height: 300))
        #expect(quarter.fillHidesLittle && quarter.scale == 1)
        let more = ImageViewport(imageSize: PixelSize(width: 401, height: 300), viewSize: DeviceSize(width: 300, height: 300))
        #expect(!more.fillHidesLittle && more.scale == 300.0 / 401)  // fits: the width, 300 of 401
        // The rule is re-applied on resize while auto-zoomed: a tall window fits, a wide one fills again.
        photo.resize(viewSize: DeviceSize(width: 800, height: 1200))
        #expect(photo.mode == .fill && photo.scale == 0.5)
        photo.resize(viewSize: DeviceSize(width: 1600, height: 1000))
        #expect(photo.scale == 1)
        // `z` from a fill that fits goes to fit, which shows the same.
        var toggled = panorama
        toggled.toggleFillFit(time: 0)
        toggled.advance(to: 1)
        #expect(toggled.mode == .fit && toggled.scale == panorama.scale)
    }

    // MARK: limits, clamping, quality hints

    @Test func limits() {
        // Shortest-edge branch: a 6000×4000 photo's 4000 px edge reaches 16 px at 0.004.
        var photo = Self.photo()
        #expect(photo.minScale == 0.004 && photo.maxScale == 32)
        photo.wheel(detents: -100, at: DevicePoint(x: 400, y: 300))
        #expect(photo.scale == 0.004 && Self.isClamped(photo))
        photo.wheel(detents: 200, at: DevicePoint(x: 400, y: 300))
        #expect(photo.scale == 32 && Self.isClamped(photo))
        // Half-fit branch: a 100000×100 strip fits at 0.008, so zooming out stops at 0.004, not 0.16.
        let strip = ImageViewport(
            imageSize: PixelSize(width: 100_000, height: 100),
            viewSize: DeviceSize(width: 800, height: 600))
        #expect(strip.minScale == 0.004)
        // A 1×1 image cannot fill beyond 32×.
        let dot = ImageViewport(
            imageSize: PixelSize(width: 1, height: 1), viewSize: DeviceSize(width: 800, height: 600))
        #expect(dot.scale == 32 && dot.minScale == 16)
    }

    @Test func clampingCoversOrCentresEachAxisIndependently() {
        // At 0.1 the strip is 2000×50 in an 800×600 view: x must cover, y must centre.
        var v = ImageViewport(
            imageSize: PixelSize(width: 20_000, height: 500), viewSize: DeviceSize(width: 800, height: 600),
            mode: .manual)
        v.zoom(by: 0.1, at: DevicePoint(x: 400, y: 300))
        v.pan(by: DeviceVector(dx: -5000, dy: -5000), animated: false, time: 0)
        #expect(v.destination.minX == 0 && v.destination.midY == 300)
        v.pan(by: DeviceVector(dx: 5000, dy: 5000), animated: false, time: 0)
        #expect(v.destination.maxX == 800 && v.destination.midY == 300)
        v.dragBegan(at: DevicePoint(x: 10, y: 10), time: 1)
        v.dragMoved(to: DevicePoint(x: 9000, y: -400), time: 1.01)
        #expect(v.destination.minX == 0 && v.destination.midY == 300)
        v.dragEnded(time: 1.5)
        #expect(Self.isClamped(v))
    }

    @Test func pyramidLevelIsTheSmallestCopyWithAPixelPerDevicePixel() {
        let cases: [(Double, Int)] = [
            (32, 0), (2, 0), (1, 0), (0.75, 0), (0.5000001, 0), (0.5, 1), (0.3, 1), (0.25, 2), (0.2499, 2),
            (0.125, 3), (0.1, 3), (0.0625, 4),
        ]
        for (scale, level) in cases {
            let v = Self.manual(scale: scale)
            #expect(v.scale == scale)
            #expect(v.pyramidLevel == level, "scale \(scale)")
            let drawn = scale * Double(1 << level)
            #expect(level == 0 || (drawn > 0.5 && drawn <= 1))
        }
    }

    @Test func filterIsNearestFrom400Percent() {
        #expect(Self.manual(scale: 3.999).filter == .linear)
        #expect(Self.manual(scale: 1).filter == .linear)
        #expect(Self.manual(scale: 4).filter == .nearest)
        #expect(Self.manual(scale: 32).filter == .nearest)
    }

    // MARK: drag, fling, keys

    @Test func dragFollowsThePointerExactly() {
        var v = Self.photo(.manual)
        let o = v.origin
        v.dragBegan(at: DevicePoint(x: 100, y: 100), time: 0)
        v.dragMoved(to: DevicePoint(x: 62.5, y: 112.25), time: 0.01)
        #expect(v.origin == DevicePoint(x: o.x - 37.5, y: o.y + 12.25))
        #expect(v.isDragging && !v.isAnimating && v.mode == .manual)
        v.dragMoved(to: DevicePoint(x: 100, y: 100), time: 0.5)
        #expect(v.origin == o)
        v.dragEnded(time: 1)
        #expect(!v.isAnimating && !v.isDragging)
    }

    @Test func flingDecaysAndStops() {
        var v = ImageViewport(
            imageSize: PixelSize(width: 20_000, height: 20_000),
            viewSize: DeviceSize(width: 800, height: 600), mode: .manual)
        v.dragBegan(at: DevicePoint(x: 400, y: 300), time: 0)
        for i in 1...6 {
            v.dragMoved(to: DevicePoint(x: 400 - Double(i) * 20, y: 300 - Double(i) * 10), time: Double(i) / 60)
        }
        let released = v.origin
        v.dragEnded(time: 0.1)
        #expect(v.isAnimating)
        var t = 0.1
        var steps: [Double] = []
        var previous = released
        while v.advance(to: t + 1.0 / 60) {
            t += 1.0 / 60
            steps.append(previous.x - v.origin.x)
            #expect(v.origin.y - previous.y <= 0)
            previous = v.origin
            if t > 10 { break }
        }
        #expect(t < 5)
        #expect(steps.first! > 15 && steps.first! < 21)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 >= $1 && $1 >= 0 })
        // Total travel is about v₀/k = 1200 / 2.002 px, less the tail below `minFlingSpeed`.
        #expect(abs(released.x - v.origin.x - 1200 / 2.002) < 10)
        // Resting before release: no fling.
        v.dragBegan(at: DevicePoint(x: 400, y: 300), time: 20)
        v.dragMoved(to: DevicePoint(x: 300, y: 300), time: 20.05)
        v.dragEnded(time: 20.5)
        #expect(!v.isAnimating)
    }

    @Test func flingPositionFollowsTheDecayFormula() {
        // The pointer moved by (−20, −10) px per 1/60 s; the release velocity over the last 80 ms
        // is (−1200, −600) px/s and origin(t) = released + v₀·(1 − 0.998^ms) / k.
        var v = ImageViewport(
            imageSize: PixelSize(width: 20_000, height: 20_000),
            viewSize: DeviceSize(width: 800, height: 600), mode: .manual)
        v.dragBegan(at: DevicePoint(x: 400, y: 300), time: 0)
        for i in 1...6 {
            v.dragMoved(to: DevicePoint(x: 400 - Double(i) * 20, y: 300 - Double(i) * 10), time: Double(i) / 60)
        }
        let released = v.origin
        v.dragEnded(time: 0.1)
        let k = -1000 * log(0.998)
        for t in [1.0 / 60, 0.25, 1, 2] {
            v.advance(to: 0.1 + t)
            let travel = (1 - pow(0.998, t * 1000)) / k
            #expect(abs(v.origin.x - (released.x - 1200 * travel)) < 1e-6, "t = \(t)")
            #expect(abs(v.origin.y - (released.y - 600 * travel)) < 1e-6, "t = \(t)")
        }
    }

    @Test func flingStopsOnTheAxisThatHitsAnEdge() {
        var v = ImageViewport(
            imageSize: PixelSize(width: 20_000, height: 20_000),
            viewSize: DeviceSize(width: 800, height: 600), mode: .manual)
        v.pan(by: DeviceVector(dx: 10_000, dy: 0), animated: false, time: 0)
        v.dragBegan(at: DevicePoint(x: 400, y: 300), time: 1)
        v.dragMoved(to: DevicePoint(x: 300, y: 200), time: 1.05)
        v.dragEnded(time: 1.05)
        v.advance(to: 1.2)
        #expect(v.destination.maxX == 800 && v.isAnimating)
        let y = v.origin.y
        v.advance(to: 1.5)
        #expect(v.destination.maxX == 800 && v.origin.y < y)
        v.advance(to: 30)
        #expect(!v.isAnimating)
    }

    @Test func keyPansStepAndAccumulate() {
        var v = Self.photo(.manual)
        let o = v.origin
        #expect(v.panStep == DeviceVector(dx: 80, dy: 60))
        v.pan(by: DeviceVector(dx: 80, dy: 0), animated: true, time: 0)
        v.pan(by: DeviceVector(dx: 0, dy: -60), animated: true, time: 0.05)
        v.advance(to: 0.1)
        #expect(v.isAnimating)
        v.advance(to: 0.2)
        #expect(v.origin == DevicePoint(x: o.x - 80, y: o.y + 60))
        v.stop()
        #expect(!v.isAnimating)
    }

    @Test func wheelDuringADragKeepsDragging() {
        var v = Self.photo(.manual)
        v.dragBegan(at: DevicePoint(x: 400, y: 300), time: 0)
        v.dragMoved(to: DevicePoint(x: 390, y: 300), time: 0.01)
        v.wheel(detents: 1, at: DevicePoint(x: 390, y: 300))
        let o = v.origin
        v.dragMoved(to: DevicePoint(x: 380, y: 300), time: 0.02)
        #expect(v.isDragging && v.origin == DevicePoint(x: o.x - 10, y: o.y))
    }

    // MARK: resolution swap

    @Test(arguments: [PixelSize(width: 750, height: 500), PixelSize(width: 750, height: 501)])
    func replaceImageSizeKeepsTheVisibleRegion(preview: PixelSize) {
        // The preview's pixels stand for the same picture, so compare in picture fractions: the
        // view's corners must show the same fraction of the picture, within 1 view pixel.
        let full = PixelSize(width: 6000, height: 4000)
        let corners = [
            DevicePoint(x: 0, y: 0), DevicePoint(x: 800, y: 0), DevicePoint(x: 0, y: 600), DevicePoint(x: 800, y: 600),
        ]
        func fractions(_ v: ImageViewport) -> [DevicePoint] {
            corners.map {
                let q = v.imagePoint(atView: $0)
                return DevicePoint(x: q.x / Double(v.imageSize.width), y: q.y / Double(v.imageSize.height))
            }
        }
        func maxError(_ before: [DevicePoint], _ v: ImageViewport) -> Double {
            zip(before, corners).map { f, c in
                let shown = v.viewPoint(ofImage: DevicePoint(x: f.x * Double(full.width), y: f.y * Double(full.height)))
                return max(abs(shown.x - c.x), abs(shown.y - c.y))
            }.max()!
        }
        var v = ImageViewport(imageSize: preview, viewSize: DeviceSize(width: 800, height: 600))
        v.zoom(by: 3.3, at: DevicePoint(x: 423, y: 356))
        v.pan(by: DeviceVector(dx: 77, dy: -41), animated: false, time: 0)
        let before = fractions(v)
        v.replaceImageSize(full)
        #expect(maxError(before, v) <= 1)
        #expect(v.mode == .manual && Self.isClamped(v))
        var auto = ImageViewport(imageSize: preview, viewSize: DeviceSize(width: 800, height: 600))
        let autoBefore = fractions(auto)
        auto.replaceImageSize(full)
        // 6000×4000 in 800×600 fills at 600/4000 = 0.15 (fitting would be 800/6000 ≈ 0.133).
        #expect(auto.mode == .fill && auto.scale == 0.15)
        #expect(maxError(autoBefore, auto) <= 1)
    }
}
