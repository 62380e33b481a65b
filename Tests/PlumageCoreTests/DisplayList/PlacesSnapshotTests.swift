import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// The places screens' frames as text, compared with `Tests/Snapshots/places*.txt` (monospace
/// measurer, fixture theme). Re-record with `RECORD_SNAPSHOTS=1 swift test --filter PlacesSnapshotTests`.
@Suite struct PlacesSnapshotTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    func makeApp() -> AppState {
        var app = AppState(root: PlacesScreen(rootPath: "/photos"), themes: ThemeLibrary(themes: [Fixtures.theme]),
                           theme: Fixtures.theme)
        app.assetRoot = "/assets"
        _ = app.handle(.resized(Size(width: 800, height: 400), .one), at: 0)
        let photos = { PlaceFixtures.numbered($0) }
        _ = app.handle(.placesScanned(PlaceFixtures.batch([
            ("2021/Rome", photos(5)), ("Lisbon", photos(3)), ("", photos(1)), ("2021/Trips/Kyoto", photos(2)),
        ], total: 11)), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    @Test func placesListWhileScanning() {
        var app = makeApp()
        _ = app.handle(.pointerMoved(to: Point(x: 300, y: 200)), at: 1)
        let frame = app.updatedFrame(at: 1, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "places") == nil)
    }

    @Test func aPlacesPhotos() {
        var app = makeApp()
        _ = app.handle(.key(.down, []), at: 1)
        _ = app.handle(.key(.enter, []), at: 1)
        _ = app.handle(.photoHeaders(PhotoHeaderBatch(folder: "/photos/2021/Rome", headers: [
            PhotoHeader(index: 1, name: "IMG_2.jpg", size: PixelSize(width: 4032, height: 3024),
                        taken: Timestamp(year: 2019, month: 5, day: 17, hour: 9, minute: 41)),
        ])), at: 1)
        let frame = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        #expect(TextSnapshot.mismatch(frame.textDump, named: "place-photos") == nil)
    }
}
