import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct PlaceScreenTests {
    typealias F = PlaceFixtures
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    /// The places list of "/photos" with place "trip" (`count` photos) and "other" (1), in an
    /// `width`×600 window, with "trip" opened (rows 72 points tall from y = 58).
    func openTrip(count: Int = 5, width: Double = 800) -> AppState {
        var app = AppState(root: PlacesScreen(rootPath: "/photos"), themes: ThemeLibrary(themes: [Fixtures.theme]),
                           theme: Fixtures.theme)
        _ = app.handle(.resized(Size(width: width, height: 600), .one), at: 0)
        _ = app.handle(.placesScanned(F.batch([("2021/trip", F.numbered(count)), ("other", ["x.png"])], final: true)), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        _ = app.handle(.key(.down, []), at: 0)
        _ = app.handle(.key(.enter, []), at: 0)
        return app
    }

    /// The header reads a frame asks for, if it asks.
    func headerRequest(_ step: (frame: Frame, effects: [Effect])) -> PhotoHeaderRequest? {
        for case let .readPhotoHeaders(request) in step.effects { return request }
        return nil
    }

    /// Every text a frame draws, in order.
    func texts(_ frame: Frame) -> [String] {
        frame.commands.compactMap {
            if case let .text(block, _, _) = $0 { block.lines.map { $0.runs.map(\.text).joined() }.joined(separator: "⏎") } else { nil }
        }
    }

    @Test func choosingAPhotoOpensTheImageViewWithThePlacesPhotosAsNeighbours() {
        var app = openTrip()
        #expect(app.top(as: PlaceScreen.self)?.place.name == "trip")
        for _ in 0..<3 { _ = app.handle(.key(.character("j"), []), at: 1) }
        _ = app.handle(.key(.enter, []), at: 1)
        let photo = app.top(as: PhotoScreen.self)
        #expect(photo?.photos.map(\.source?.description) == (1...5).map { "/photos/2021/trip/IMG_\($0).jpg" })
        #expect(photo?.index == 2)
        #expect(photo?.photo?.caption == "IMG_3.jpg · 3 Mar 2021")
        #expect(app.windowTitle == "Plumage — IMG_3.jpg · 3 Mar 2021 · trip")
        _ = app.handle(.key(.character("n"), []), at: 2)
        _ = app.handle(.key(.space, []), at: 2)
        #expect(app.top(as: PhotoScreen.self)?.index == 4)
        _ = app.handle(.key(.character("p"), []), at: 2)
        #expect(app.top(as: PhotoScreen.self)?.index == 3)
        #expect(app.handle(.key(.escape, []), at: 3) == [.cancelPhotoLoads])
        #expect(app.top(as: PlaceScreen.self)?.selection == 2, "back comes to the list as it was")
        #expect(app.handle(.key(.backspace, []), at: 4) == [.cancelPhotoHeaders])
        #expect(app.top(as: PlacesScreen.self) != nil)
    }

    @Test func clickingAPhotoRowOpensIt() {
        var app = openTrip()
        let row3 = Point(x: 400, y: 58 + 72 * 3.5)
        _ = app.handle(.pointerDown(.left, at: row3), at: 1)
        _ = app.handle(.pointerUp(.left, at: row3), at: 1.05)
        #expect(app.top(as: PhotoScreen.self)?.index == 3)
    }

    @Test func aWideWindowShowsThePhotoBesideThePhotoList() {
        var app = openTrip(width: 1280)
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        #expect(app.split?.listDepth == 1, "the place's photo list stays on the left")
        #expect(app.top(as: PhotoScreen.self)?.index == 0)
    }

    @Test func headersAreAskedForOnceTheRowsOnScreenFirstAndShownWhenRead() {
        var app = openTrip(count: 40)
        let first = headerRequest(app.step(at: 1, measurer: m, statistics: nil))
        #expect(first?.folder == "/photos/2021/trip")
        #expect(first?.tasks.map(\.index) == Array(0..<40))
        #expect(headerRequest(app.step(at: 1, measurer: m, statistics: nil)) == nil, "asked once")
        _ = app.handle(.photoHeaders(PhotoHeaderBatch(folder: "/photos/2021/trip", headers: [
            PhotoHeader(index: 0, name: "IMG_1.jpg", size: PixelSize(width: 4032, height: 3024),
                        taken: Timestamp(year: 2020, month: 12, day: 24, hour: 18, minute: 30)),
            PhotoHeader(index: 1, name: "IMG_2.jpg", size: nil, taken: nil, problem: "not an image"),
        ])), at: 1)
        let shown = texts(app.updatedFrame(at: 1, measurer: m, statistics: nil))
        #expect(shown.contains("24 Dec 2020, 18:30 · 4032 × 3024"))
        #expect(shown.contains("2 Mar 2021, 00:00 · not an image"))
        #expect(shown.contains("3 Mar 2021, 00:00"))
        // Jumping to the end: the rows now on screen are unread and far away, so they go first.
        _ = app.handle(.key(.end, []), at: 2)
        let jumped = headerRequest(app.step(at: 3, measurer: m, statistics: nil))
        #expect(jumped?.tasks.first.map(\.index).map { $0 > 20 } == true)
        #expect(jumped?.tasks.count == 38)
        #expect(jumped?.tasks.contains { $0.index < 2 } == false, "headers read are not asked again")
    }

    @Test func theRootPhotoListFillsFromTheScan() {
        var app = AppState(root: PlaceScreen(rootPath: "/photos/flat"), themes: ThemeLibrary(themes: [Fixtures.theme]),
                           theme: Fixtures.theme)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        #expect(texts(app.updatedFrame(at: 0, measurer: m, statistics: nil)).contains("Looking for photos…"))
        _ = app.handle(.placesScanned(F.batch([("", F.numbered(2)), ("elsewhere", F.numbered(9))], total: 11)), at: 0)
        let scanning = texts(app.updatedFrame(at: 0, measurer: m, statistics: nil))
        #expect(scanning.contains("Scanning… 11 photos"))
        #expect(scanning.contains("flat"))
        _ = app.handle(.placesScanned(F.batch([("", F.numbered(1, from: 3))], total: 12, final: true,
                                             limits: [.depth(16)])), at: 0)
        #expect(app.top(as: PlaceScreen.self)?.place.photos.map(\.name) == F.numbered(3))
        #expect(texts(app.updatedFrame(at: 0, measurer: m, statistics: nil)).contains("3 photos"))
        #expect(app.notice?.text == "Folders more than 16 levels deep were skipped")
        #expect(app.windowTitle == "Plumage — flat")
    }

    @Test func aReloadStartsTheListAgain() {
        var app = openTrip(count: 3)
        _ = app.handle(.placesScanned(F.batch([("2021/trip", ["new.jpg"])], generation: 2)), at: 1)
        #expect(app.top(as: PlaceScreen.self)?.place.photos.map(\.name) == ["new.jpg"])
        _ = app.handle(.placesScanned(F.batch([("2021/trip", ["late.jpg"])], generation: 1)), at: 1)
        #expect(app.top(as: PlaceScreen.self)?.place.photos.map(\.name) == ["new.jpg"], "an older scan is ignored")
    }
}
