import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct PhotoViewerTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp() -> AppState {
        let lib = ThemeLibrary(themes: [Fixtures.theme])
        var app = AppState(source: Fixtures.source(count: 12), themes: lib, theme: Fixtures.theme)
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.frame(at: 0, measurer: m, statistics: nil)
        return app
    }

    func photos(_ n: Int) -> [Photo] {
        (0..<n).map { Photo(path: "/p\($0).jpg", title: "p\($0).jpg", knownSize: PixelSize(width: 1600, height: 900)) }
    }

    @Test func clickingAFeedPhotoOpensTheViewerOnIt() {
        var app = makeApp()
        // Item 0 has a photo (Fixtures: every third item); find its frame on screen.
        let frame = app.frame(at: 1, measurer: m, statistics: nil)
        guard let rect = frame.commands.compactMap({ c -> Rect? in
            if case let .image(request, rect, _) = c, request.path == "/p0.jpg" { rect } else { nil }
        }).first else { Issue.record("no photo drawn"); return }
        let centre = Point(x: rect.midX, y: rect.midY)
        _ = app.handle(.pointerDown(.left, at: centre), at: 1)
        _ = app.handle(.pointerUp(.left, at: centre), at: 1.05)
        #expect(app.photoViewer?.photo?.path == "/p0.jpg")
        #expect(app.photoViewer?.canGoBack == true)
        _ = app.handle(.key(.escape, []), at: 2)
        #expect(app.photoViewer == nil)
    }

    @Test func keysStepThroughPhotosAndRequestNeighbours() {
        var app = makeApp()
        app.openPhotos(photos(5), at: 0, canGoBack: true)
        var frame = app.frame(at: 1, measurer: m, statistics: nil)
        #expect(frame.photoRequests.map(\.path) == ["/p0.jpg", "/p1.jpg", "/p2.jpg"])
        _ = app.handle(.key(.character("n"), []), at: 1)
        _ = app.handle(.key(.space, []), at: 1)
        #expect(app.photoViewer?.index == 2)
        frame = app.frame(at: 2, measurer: m, statistics: nil)
        #expect(frame.photoRequests.map(\.path) == ["/p2.jpg", "/p3.jpg", "/p1.jpg", "/p4.jpg", "/p0.jpg"])
        #expect(frame.photoRequests.map(\.priority) == [10, 8, 7, 5, 4])
        _ = app.handle(.key(.character("p"), []), at: 2)
        #expect(app.photoViewer?.index == 1)
        _ = app.handle(.key(.end, []), at: 2)
        #expect(app.photoViewer?.index == 4)
        _ = app.handle(.key(.right, []), at: 2)  // already last, auto-zoomed: nothing to pan, stays
        #expect(app.photoViewer?.index == 4)
    }

    @Test func commandLineViewerCannotGoBackButQuits() {
        var app = makeApp()
        app.openPhotos(photos(2), at: 0, canGoBack: false)
        #expect(app.handle(.key(.escape, []), at: 1).isEmpty)
        #expect(app.photoViewer != nil)
        #expect(app.handle(.key(.character("q"), []), at: 1) == [.quit])
    }

    @Test func opensFilledThenZTogglesFitAndOneIsActualSize() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0, canGoBack: true)
        app.photoUpdate(path: "/p0.jpg", size: PixelSize(width: 1600, height: 900), bestLevel: 0)
        _ = app.frame(at: 1, measurer: m, statistics: nil)
        // View below the bar: 800 × 548 pt at scale 1.
        var v = app.photoViewer!.viewport!
        #expect(v.mode == .fill)
        #expect(abs(v.scale - max(800.0 / 1600, 548.0 / 900)) < 1e-9)
        _ = app.handle(.key(.character("z"), []), at: 1)
        _ = app.frame(at: 2, measurer: m, statistics: nil)
        v = app.photoViewer!.viewport!
        #expect(v.mode == .fit)
        #expect(abs(v.scale - min(800.0 / 1600, 548.0 / 900)) < 1e-9)
        _ = app.handle(.key(.character("1"), []), at: 2)
        _ = app.frame(at: 3, measurer: m, statistics: nil)
        #expect(abs(app.photoViewer!.viewport!.scale - 1) < 1e-9)
    }

    @Test func drawsThePhotoOnceItHasPixelsAndASpinnerBefore() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0, canGoBack: true)
        var frame = app.frame(at: 1, measurer: m, statistics: nil)
        #expect(!frame.commands.contains { if case .photo = $0 { true } else { false } })
        #expect(frame.isAnimating)  // the spinner turns
        app.photoUpdate(path: "/p0.jpg", size: PixelSize(width: 1600, height: 900), bestLevel: 2)
        frame = app.frame(at: 2, measurer: m, statistics: nil)
        #expect(frame.commands.contains { if case .photo(path: "/p0.jpg", _, _, _) = $0 { true } else { false } })
    }

    @Test func anErrorShowsItsReason() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0, canGoBack: true)
        app.photoUpdate(path: "/p0.jpg", error: .truncated)
        let frame = app.frame(at: 1, measurer: m, statistics: nil)
        #expect(frame.textDump.contains("photo-error:\(ImageError.truncated.message)"))
        #expect(!frame.isAnimating)
    }

    @Test func zoomArgumentsParse() {
        #expect(PhotoZoom(argument: "fit") == .fit)
        #expect(PhotoZoom(argument: "actual") == .actual)
        #expect(PhotoZoom(argument: "4") == .factor(4))
        #expect(PhotoZoom(argument: "250%") == .factor(2.5))
        #expect(PhotoZoom(argument: "huge") == nil)
    }

    @Test func pinchZoomsAtItsCentre() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0, canGoBack: true)
        app.photoUpdate(path: "/p0.jpg", size: PixelSize(width: 1600, height: 900), bestLevel: 0)
        _ = app.frame(at: 1, measurer: m, statistics: nil)
        let before = app.photoViewer!.viewport!
        let centre = Point(x: 300, y: 200)  // window points; the view starts below the 52 pt bar
        let imagePoint = before.imagePoint(atView: DevicePoint(x: 300, y: 148))
        _ = app.handle(.pinch(factor: 1.5, at: centre), at: 1)
        let after = app.photoViewer!.viewport!
        #expect(abs(after.scale - before.scale * 1.5) < 1e-9)
        let p = after.viewPoint(ofImage: imagePoint)
        #expect(abs(p.x - 300) < 0.5 && abs(p.y - 148) < 0.5)
    }
}
