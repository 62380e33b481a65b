import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct PlacesScreenTests {
    typealias F = PlaceFixtures
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    /// The places list of "/photos" in an 800×600 window (rows 96 points tall from y = 58, in a
    /// 640-point column from x = 80), after `batches`.
    func makeApp(_ batches: [PlaceScanBatch] = [], width: Double = 800) -> AppState {
        var app = AppState(root: PlacesScreen(rootPath: "/photos"), themes: ThemeLibrary(themes: [Fixtures.theme]),
                           theme: Fixtures.theme)
        _ = app.handle(.resized(Size(width: width, height: 600), .one), at: 0)
        for batch in batches { _ = app.handle(.placesScanned(batch), at: 0) }
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    /// Three places: a (3 photos), b (2), c in 2021 (1).
    let abc = F.batch([("a", F.numbered(3)), ("b", F.numbered(2)), ("2021/c", F.numbered(1))], final: true)

    /// Every text a frame draws, in order.
    func texts(_ frame: Frame) -> [String] {
        frame.commands.compactMap {
            if case let .text(block, _, _) = $0 { block.lines.map { $0.runs.map(\.text).joined() }.joined(separator: "⏎") } else { nil }
        }
    }

    /// The centre of row `row` of a list in the 800-point window.
    func centre(ofRow row: Int, rowHeight: Double = 96) -> Point { Point(x: 400, y: 58 + rowHeight * (Double(row) + 0.5)) }

    @Test func placesAppearAsTheScanReportsWithProgressInTheBar() {
        var app = makeApp()
        #expect(texts(app.updatedFrame(at: 1, measurer: m, statistics: nil)).contains("Looking for photos…"))
        _ = app.handle(.placesScanned(F.batch([("a", F.numbered(3))], total: 3)), at: 1)
        let scanning = texts(app.updatedFrame(at: 1, measurer: m, statistics: nil))
        #expect(scanning.contains("Scanning… 3 photos"))
        #expect(scanning.contains("a"))
        #expect(scanning.contains("3 photos · 1 – 3 Mar 2021"))
        _ = app.handle(.placesScanned(F.batch([("b", F.numbered(1))], total: 4, final: true)), at: 1)
        let done = texts(app.updatedFrame(at: 1, measurer: m, statistics: nil))
        #expect(!done.contains { $0.hasPrefix("Scanning") })
        #expect(done.contains("1 photo · 1 Mar 2021"))
        #expect(app.windowTitle == "Plumage — photos · Places")
    }

    @Test func nestedPlacesShowTheirParentFolder() {
        let app = makeApp([abc])
        var copy = app
        let shown = texts(copy.updatedFrame(at: 1, measurer: m, statistics: nil))
        // Row c: its name, then "2021", then its count.
        let c = shown.firstIndex(of: "c")
        #expect(c != nil)
        if let c { #expect(Array(shown[c...].prefix(3)) == ["c", "2021", "1 photo · 1 Mar 2021"]) }
    }

    @Test func keysMoveTheSelectionAndEnterOpensThePlace() {
        var app = makeApp([abc])
        func selected() -> String? { app.top(as: PlacesScreen.self)?.selection }
        _ = app.handle(.key(.down, []), at: 1)
        #expect(selected() == "a", "the first key chooses the first row on screen")
        _ = app.handle(.key(.character("j"), []), at: 1)
        #expect(selected() == "b")
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.down, []), at: 1)
        #expect(selected() == "2021/c", "the selection stops at the last row")
        _ = app.handle(.key(.character("k"), []), at: 1)
        #expect(selected() == "b")
        _ = app.handle(.key(.home, []), at: 1)
        #expect(selected() == "a")
        _ = app.handle(.key(.end, []), at: 1)
        #expect(selected() == "2021/c")
        _ = app.handle(.key(.enter, []), at: 2)
        let place = app.top(as: PlaceScreen.self)
        #expect(place?.place.folder == "2021/c")
        #expect(place?.place.photos.map(\.name) == ["IMG_1.jpg"])
        #expect(app.windowTitle == "Plumage — c · photos")
        _ = app.handle(.key(.escape, []), at: 3)
        #expect(app.top(as: PlacesScreen.self)?.selection == "2021/c", "back comes to the list as it was")
    }

    @Test func theSelectionStaysOnItsPlaceWhenTheOrderChanges() {
        var app = makeApp([F.batch([("a", F.numbered(3)), ("b", F.numbered(2))])])
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.down, []), at: 1)
        #expect(app.top(as: PlacesScreen.self)?.selectedRow == 1)
        _ = app.handle(.placesScanned(F.batch([("b", F.numbered(5, from: 3))])), at: 1)
        #expect(app.top(as: PlacesScreen.self)?.selection == "b")
        #expect(app.top(as: PlacesScreen.self)?.selectedRow == 0)
    }

    @Test func clickingARowOpensItsPlaceAndDraggingScrolls() {
        var app = makeApp([abc])
        _ = app.handle(.pointerDown(.left, at: centre(ofRow: 1)), at: 1)
        _ = app.handle(.pointerMoved(to: Point(x: 400, y: centre(ofRow: 1).y - 30)), at: 1.05)
        _ = app.handle(.pointerUp(.left, at: Point(x: 400, y: centre(ofRow: 1).y - 30)), at: 1.1)
        #expect(app.top(as: PlaceScreen.self) == nil, "a drag opens nothing")
        _ = app.handle(.pointerDown(.left, at: centre(ofRow: 1)), at: 2)
        _ = app.handle(.pointerUp(.left, at: centre(ofRow: 1)), at: 2.05)
        #expect(app.top(as: PlaceScreen.self)?.place.folder == "b")
    }

    @Test func theScansLimitsBecomeNotices() {
        let app = makeApp([F.batch([("a", F.numbered(2))], final: true, limits: [.depth(16), .photos(1_000_000)])])
        #expect(app.notice?.text == "Stopped looking after 1,000,000 photos")
    }

    @Test func theMosaicShowsTheFirstFourPhotosOfEachPlace() {
        var app = makeApp([F.batch([("a", F.numbered(6)), ("b", F.numbered(2))], final: true)])
        let images = app.updatedFrame(at: 1, measurer: m, statistics: nil).commands.compactMap { c -> (String, Rect)? in
            if case let .image(request, rect, _, _) = c, request.source.description.hasPrefix("/photos/") { (request.source.description, rect) } else { nil }
        }
        #expect(images.map(\.0) == ["/photos/a/IMG_1.jpg", "/photos/a/IMG_2.jpg", "/photos/a/IMG_3.jpg", "/photos/a/IMG_4.jpg",
                                    "/photos/b/IMG_1.jpg", "/photos/b/IMG_2.jpg"])
        // a 2×2 grid of 35-point squares in a 72-point mosaic; two photos side by side, full height.
        #expect(images[0].1 == Rect(x: 94, y: 70, width: 35, height: 35))
        #expect(images[3].1 == Rect(x: 131, y: 107, width: 35, height: 35))
        #expect(images[5].1 == Rect(x: 131, y: 166, width: 35, height: 72))
    }
}
