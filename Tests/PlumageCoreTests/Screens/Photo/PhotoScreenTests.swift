import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

@Suite struct PhotoScreenTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp() -> AppState {
        var app = AppState.feed(Fixtures.source(count: 12))
        app.fixedNow = Timestamp(seconds: 1_700_003_600)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    func photos(_ n: Int) -> [Photo] {
        (0..<n).map { Photo(source: .file("/p\($0).jpg"), title: "p\($0).jpg", knownSize: PixelSize(width: 1600, height: 900)) }
    }

    /// The photo decodes a frame's update asks for, if it asks.
    func loads(_ step: (frame: Frame, effects: [Effect])) -> [PhotoRequest]? {
        for case let .loadPhotos(requests) in step.effects { return requests }
        return nil
    }

    @Test func clickingAFeedPhotoPushesTheImageViewOnIt() {
        var app = makeApp()
        // Item 0 has a photo (Fixtures: every third item); find its frame on screen.
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let rects = frame.commands.compactMap { c -> Rect? in
            if case let .image(request, rect, _, _) = c, request.source.description == "/p0.jpg" { rect } else { nil }
        }
        #expect(rects.count == 1)
        guard let rect = rects.first else { return }
        let centre = Point(x: rect.midX, y: rect.midY)
        _ = app.handle(.pointerDown(.left, at: centre), at: 1)
        _ = app.handle(.pointerUp(.left, at: centre), at: 1.05)
        #expect(app.photoScreen?.photo?.source?.description == "/p0.jpg")
        #expect(app.stack.depth == 2)
        #expect(app.windowTitle == "Plumage — Ada · Nov 14, 2023 · Test")
        #expect(app.handle(.key(.escape, []), at: 2) == [.cancelPhotoLoads])
        #expect(app.photoScreen == nil)
        #expect(app.feedScreen != nil)
    }

    @Test func feedPhotosReadAuthorAndDay() {
        let media = [Media(kind: .photo, locator: .file("/p.jpg"), width: 4, height: 3)]
        var item = Fixtures.item("2", "x", media: media)
        #expect(Photo.photos(of: item, source: .jsonFeed).map(\.caption) == ["Ada · Nov 14, 2023"])
        item.date = nil
        #expect(Photo.photos(of: item, source: .jsonFeed).map(\.caption) == ["Ada"])
        item.author.name = ""
        #expect(Photo.photos(of: item, source: .jsonFeed).map(\.caption) == ["@ada"])
        #expect(Photo(source: .file("/a.png"), title: "a.png").caption == "a.png")
    }

    /// The bar's title and trailing label in `frame`: (shown text, left x, width) each.
    func barTexts(_ frame: Frame) -> (title: (String, Double, Double)?, label: (String, Double, Double)?) {
        var title: (String, Double, Double)?, label: (String, Double, Double)?
        for case let .text(block, at, key) in frame.commands {
            let shown = (block.lines.map { $0.runs.map(\.text).joined() }.joined(), at.x, block.size.width)
            if key.hasPrefix("bar:") { title = shown } else if key.hasPrefix("bar-trailing:") { label = shown }
        }
        return (title, label)
    }

    @Test func aLongTitleIsEllipsizedBetweenTheBackButtonAndTheZoomLabelAShortOneCentred() {
        let long = Photo(source: .file("/p0.jpg"), title: "Ada Lovelace-Byron, Countess of Lovelace", subtitle: "Nov 14, 2023",
                         knownSize: PixelSize(width: 1600, height: 900))
        for width in [360.0, 520.0] {
            var app = makeApp()
            _ = app.handle(.resized(Size(width: width, height: 600), .one), at: 0)
            app.openPhotos([long, long], at: 0)
            let (title, label) = barTexts(app.updatedFrame(at: 1, measurer: m, statistics: nil))
            guard let (text, x, w) = title, let (_, labelX, _) = label else { Issue.record("no bar texts"); return }
            #expect(text.hasSuffix("…") && text.hasPrefix("Ada Lovelace"))
            #expect(x >= 48 + 8 && x + w <= labelX - 8, "width \(width)")
            #expect(x + w + 8 * 2 > labelX - 8, "uses the space, width \(width)")
        }
        var app = makeApp()
        // 1000 pt: wide enough for the whole title, narrower than the split view.
        _ = app.handle(.resized(Size(width: 1000, height: 600), .one), at: 0)
        app.openPhotos([long], at: 0)
        let (title, _) = barTexts(app.updatedFrame(at: 1, measurer: m, statistics: nil))
        #expect(title?.0 == "Ada Lovelace-Byron, Countess of Lovelace · Nov 14, 2023")
        #expect(title.map { $0.1 == ((1000 - $0.2) / 2).rounded() } == true)
    }

    @Test func keysStepThroughPhotosAndRequestNeighboursOnlyWhenTheyChange() {
        var app = makeApp()
        app.openPhotos(photos(5), at: 0)
        var frame = app.step(at: 1, measurer: m, statistics: nil)
        #expect(loads(frame)?.map(\.source.description) == ["/p0.jpg", "/p1.jpg", "/p2.jpg"])
        #expect(loads(frame)?.filter(\.warm).map(\.source.description) == ["/p1.jpg", "/p2.jpg"])
        frame = app.step(at: 1.1, measurer: m, statistics: nil)
        #expect(loads(frame) == nil)
        _ = app.handle(.key(.character("n"), []), at: 1)
        _ = app.handle(.key(.space, []), at: 1)
        #expect(app.photoScreen?.index == 2)
        frame = app.step(at: 2, measurer: m, statistics: nil)
        #expect(loads(frame)?.map(\.source.description) == ["/p2.jpg", "/p3.jpg", "/p1.jpg", "/p4.jpg", "/p0.jpg"])
        #expect(loads(frame)?.map(\.priority) == [10, 8, 7, 5, 4])
        #expect(frame.effects.contains(.loadPhotos(loads(frame) ?? [])))
        _ = app.handle(.key(.character("p"), []), at: 2)
        #expect(app.photoScreen?.index == 1)
        _ = app.handle(.key(.end, []), at: 2)
        #expect(app.photoScreen?.index == 4)
        _ = app.handle(.key(.right, []), at: 2)  // already last, auto-zoomed: nothing to pan, stays
        #expect(app.photoScreen?.index == 4)
    }

    /// The renditions a frame's update asks to keep, if it asks.
    func renditions(_ step: (frame: Frame, effects: [Effect])) -> [PhotoPlacement]? {
        for case let .keepPhotoRenditions(placements) in step.effects { return placements }
        return nil
    }

    /// The `.photo` command of a frame: path, destination, level.
    func photoCommand(_ frame: Frame) -> (path: String, destination: Rect, level: Int)? {
        for case let .photo(source, destination, level, _, _, _, _, _, _) in frame.commands {
            return (source.description, destination, level)
        }
        return nil
    }

    /// A neighbour is named for a rendition once its size and the level its fresh view wants have
    /// arrived, at the place and level worked out by hand (800×600 window, 52-point bar: an
    /// 800×548 view; 1600×900 filled: scale 548/900, level 0; fitted: scale 1/2, level 1), and
    /// that is exactly where the frame after paging draws it. Transparent or undecoded neighbours
    /// are not named; an unchanged list is not sent again.
    @Test func warmNeighboursAreNamedWhereTheyWillBeDrawn() {
        var app = makeApp()
        app.openPhotos(photos(4), at: 1)
        var step = app.step(at: 1, measurer: m, statistics: nil)
        #expect(renditions(step) == nil, "nothing decoded yet: nothing to name")
        for path in ["/p0.jpg", "/p2.jpg"] {
            _ = app.handle(.photo(.size(source: .file(path), PixelSize(width: 1600, height: 900))), at: 1)
        }
        _ = app.handle(.photo(.level(source: .file("/p2.jpg"), level: 0)), at: 1)
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 1)), at: 1)  // not the level a filled view wants
        step = app.step(at: 1.1, measurer: m, statistics: nil)
        let scale = 548.0 / 900
        let filled = Rect(x: (800 - 1600 * scale) / 2, y: 52, width: 1600 * scale, height: 548)
        let named = renditions(step)
        #expect(named?.map(\.source) == [.file("/p2.jpg")])
        #expect(named?.map(\.level) == [0])
        if let d = named?.first?.destination {
            #expect(abs(d.minX - filled.minX) < 1e-9 && abs(d.minY - filled.minY) < 1e-9)
            #expect(abs(d.width - filled.width) < 1e-9 && abs(d.height - filled.height) < 1e-9)
        }
        #expect(renditions(app.step(at: 1.2, measurer: m, statistics: nil)) == nil, "unchanged: not sent again")
        // Fitted from now on: the fitted place and level 1 (arrived for /p0 only).
        _ = app.handle(.key(.character("0"), []), at: 2)
        _ = app.handle(.photo(.level(source: .file("/p2.jpg"), level: 1)), at: 2)
        step = app.step(at: 2, measurer: m, statistics: nil)
        let fitted = renditions(step)
        #expect(fitted?.map(\.source) == [.file("/p2.jpg"), .file("/p0.jpg")])
        #expect(fitted?.map(\.level) == [1, 1])
        #expect(fitted?.map(\.destination) == [Rect(x: 0, y: 101, width: 800, height: 450),
                                                Rect(x: 0, y: 101, width: 800, height: 450)])
        // Paging to /p2 draws it exactly where it was named; /p2's neighbours are /p1 (nothing
        // known) and /p3 (nothing known): the list empties, releasing what was kept.
        _ = app.handle(.key(.character("n"), []), at: 3)
        step = app.step(at: 3, measurer: m, statistics: nil)
        let drawn = photoCommand(step.frame)
        #expect(drawn?.path == "/p2.jpg")
        #expect(drawn?.destination == fitted?.first?.destination)
        #expect(drawn?.level == fitted?.first?.level)
        #expect(renditions(step) == [])
        // A neighbour found transparent is drawn blended, never copied: not named.
        _ = app.handle(.photo(.size(source: .file("/p3.jpg"), PixelSize(width: 1600, height: 900))), at: 4)
        _ = app.handle(.photo(.level(source: .file("/p3.jpg"), level: 1)), at: 4)
        _ = app.handle(.photo(.transparent(source: .file("/p3.jpg"))), at: 4)
        #expect(renditions(app.step(at: 4, measurer: m, statistics: nil)) == nil)
    }

    @Test func commandLineImageViewIsTheRootItCannotGoBackButQuits() {
        var app = AppState(root: PhotoScreen(photos: photos(2), index: 0, context: "photos"),
                           themes: ThemeLibrary(themes: [Fixtures.theme]), theme: Fixtures.theme)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        #expect(app.handle(.key(.escape, []), at: 1).isEmpty)
        #expect(app.handle(.pointerDown(.back, at: Point(x: 10, y: 100)), at: 1).isEmpty)
        #expect(app.photoScreen != nil)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(!frame.textDump.contains("icon back"))
        #expect(app.handle(.key(.character("q"), []), at: 1) == [.quit])
    }

    @Test func opensFilledThenZTogglesFitAndOneIsActualSize() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0)
        _ = app.handle(.photo(.size(source: .file("/p0.jpg"), PixelSize(width: 1600, height: 900))), at: 1)
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 0)), at: 1)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        // View below the bar: 800 × 548 pt at scale 1.
        var v = app.photoScreen!.viewport!
        #expect(v.mode == .fill)
        #expect(abs(v.scale - max(800.0 / 1600, 548.0 / 900)) < 1e-9)
        _ = app.handle(.key(.character("z"), []), at: 1)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        v = app.photoScreen!.viewport!
        #expect(v.mode == .fit)
        #expect(abs(v.scale - min(800.0 / 1600, 548.0 / 900)) < 1e-9)
        _ = app.handle(.key(.character("1"), []), at: 2)
        _ = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        #expect(abs(app.photoScreen!.viewport!.scale - 1) < 1e-9)
    }

    @Test func drawsTheLevelTheCoreChoseOnceItHasPixelsAndASpinnerBefore() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0)
        var frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(!frame.commands.contains { if case .photo = $0 { true } else { false } })
        #expect(app.isAnimating(at: 1))  // the spinner turns
        // Filling 800×548 from 1600×900 wants level 0; only level 2 has pixels, so level 2 is drawn.
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 2)), at: 2)
        frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(frame.commands.contains { if case .photo(source: .file("/p0.jpg"), _, level: 2, _, _, _, _, _, _) = $0 { true } else { false } })
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 0)), at: 3)
        frame = app.updatedFrame(at: 3, measurer: m, statistics: nil)
        #expect(frame.commands.contains { if case .photo(source: .file("/p0.jpg"), _, level: 0, _, _, _, _, _, _) = $0 { true } else { false } })
    }

    /// The photo command as (level, fallback, ahead), if the frame draws one.
    func photoChoice(_ frame: Frame) -> (level: Int, fallback: [Int], ahead: [PhotoAhead])? {
        for case let .photo(_, _, level, fallback, ahead, _, _, _, _) in frame.commands { return (level, fallback, ahead) }
        return nil
    }

    @Test func theCoreChoosesTheLevelItsFallbackAndTheTilesAheadAndHearsOfEvictions() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0)
        _ = app.step(at: 1, measurer: m)
        for level in [0, 1, 2] { _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: level)), at: 1) }
        // Filling 800×548 from 1600×900 is level 0; coarser ones underneath, finest first; ahead:
        // level 1 under the view (zooming out; there is no level −1) and half a view around level 0.
        var choice = photoChoice(app.updatedFrame(at: 2, measurer: m))
        #expect(choice?.level == 0 && choice?.fallback == [1, 2])
        #expect(choice?.ahead == [PhotoAhead(level: 1, margin: 0), PhotoAhead(level: 0, margin: 0.5)])
        // Level 0's pixels were let go: the next frame draws level 1 and the photo is asked for again.
        _ = app.handle(.photo(.dropped(source: .file("/p0.jpg"), level: 0)), at: 3)
        let step = app.step(at: 3, measurer: m)
        choice = photoChoice(step.frame)
        #expect(choice?.level == 1 && choice?.fallback == [2])
        #expect(choice?.ahead == [PhotoAhead(level: 2, margin: 0), PhotoAhead(level: 1, margin: 0.5)])
        #expect(loads(step)?.map(\.source.description) == ["/p0.jpg"])
    }

    @Test func photoRequestListsAreNumberedByTheApp() {
        var app = makeApp()
        app.openPhotos(photos(3), at: 0)
        let first = loads(app.step(at: 1, measurer: m))
        _ = app.handle(.key(.character("n"), []), at: 1)
        let second = loads(app.step(at: 2, measurer: m))
        #expect(first?.map(\.generation) == [1, 1, 1])  // p0, then p1 and p2 ahead
        #expect(second?.map(\.generation) == [2, 2, 2])
    }

    @Test func aTransparentPhotoIsBlendedOverACheckerboardOrTheBackdropAndAnOpaqueOneIsNot() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0)
        _ = app.handle(.photo(.size(source: .file("/p0.jpg"), PixelSize(width: 1600, height: 900))), at: 1)
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 0)), at: 1)
        // Opaque: copied as is, nothing under it where it covers the view (the backdrop only under the bar).
        var frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(!frame.commands.contains { if case .checkerboard = $0 { true } else { false } })
        #expect(frame.commands.contains { if case .photo(_, _, _, _, _, _, blended: false, _, _) = $0 { true } else { false } })
        #expect(frame.commands.contains { if case .clip(Rect(x: 0, y: 0, width: 800, height: 52)) = $0 { true } else { false } })
        _ = app.handle(.photo(.transparent(source: .file("/p0.jpg"))), at: 1)
        #expect(app.photoScreen?.currentStatus?.isTransparent == true)
        frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        // Filled, the photo covers the window: the checkerboard covers it too, right before the photo.
        let photoIndex = frame.commands.firstIndex { if case .photo(_, _, _, _, _, _, blended: true, _, _) = $0 { true } else { false } }
        guard let photoIndex, case let .photo(_, destination, _, _, _, _, _, _, _) = frame.commands[photoIndex],
              case let .checkerboard(board, square, _, _) = frame.commands[photoIndex - 1]
        else { Issue.record("no blended photo over a checkerboard"); return }
        #expect(board == destination.intersection(Rect(x: 0, y: 0, width: 800, height: 600)) && square == 8)
        // Shift+A (nsxiv's key): the backdrop shows through instead, drawn whole (not only under the bar).
        _ = app.handle(.key(.character("a"), .shift), at: 2)
        #expect(app.photoScreen?.underTransparency == .backdrop)
        frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(!frame.commands.contains { if case .checkerboard = $0 { true } else { false } })
        #expect(!frame.commands.contains { if case .clip(.some) = $0 { true } else { false } })
        #expect(frame.commands.contains { if case .photo(_, _, _, _, _, _, blended: true, _, _) = $0 { true } else { false } })
        // Shift+A again switches back; `a` alone is the alt text's key and leaves it be.
        _ = app.handle(.key(.character("a"), .shift), at: 3)
        #expect(app.photoScreen?.underTransparency == .checkerboard)
        _ = app.handle(.key(.character("a"), []), at: 3)
        #expect(app.photoScreen?.underTransparency == .checkerboard)
        #expect(PhotoCommand.keys.helpRows.contains { $0.keys == "Shift+A" && $0.action == "checkerboard or backdrop" })
    }

    @Test func anErrorShowsItsReason() {
        var app = makeApp()
        app.openPhotos(photos(1), at: 0)
        _ = app.handle(.photo(.failed(source: .file("/p0.jpg"), .truncated)), at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(frame.textDump.contains("photo-error:\(ImageError.truncated.message)"))
        #expect(!app.isAnimating(at: 1))
    }

    @Test func levelChoiceTakesTheWantedElseFinerElseCoarser() {
        #expect(PhotoStatus.level(toDraw: 1, available: [0, 1, 3]) == 1)
        #expect(PhotoStatus.level(toDraw: 2, available: [0, 1, 3]) == 1)
        #expect(PhotoStatus.level(toDraw: 0, available: [2, 3]) == 2)
        #expect(PhotoStatus.level(toDraw: 0, available: [Int]()) == nil)
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
        app.openPhotos(photos(1), at: 0)
        _ = app.handle(.photo(.level(source: .file("/p0.jpg"), level: 0)), at: 1)
        _ = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        let before = app.photoScreen!.viewport!
        let centre = Point(x: 300, y: 200)  // window points; the view starts below the 52 pt bar
        let imagePoint = before.imagePoint(atView: DevicePoint(x: 300, y: 148))
        _ = app.handle(.pinch(factor: 1.5, at: centre), at: 1)
        let after = app.photoScreen!.viewport!
        #expect(abs(after.scale - before.scale * 1.5) < 1e-9)
        let p = after.viewPoint(ofImage: imagePoint)
        #expect(abs(p.x - 300) < 0.5 && abs(p.y - 148) < 0.5)
    }
}
