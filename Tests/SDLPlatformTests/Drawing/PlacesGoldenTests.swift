import FeedImport
import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import SDLPlatform
import XCTest

/// Golden images of the places list and a place's photos, over a small tree of the demo's photos
/// copied into a temporary folder called "Photos" (file times fixed, so the dates drawn are too).
extension GoldenTests {
    /// The tree: Lisbon (5 photos), Kyoto (3), 2022/Trips/Hanoi (2) and one photo in the root.
    func makePlacesTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-places-\(UUID().uuidString)")
            .appendingPathComponent("Photos").path
        let places: [(String, [String])] = [
            ("2023/Lisbon", ["coffee", "cat", "fig", "dogs", "sunset"]), ("Kyoto", ["meadow", "picos", "creek"]),
            ("2022/Trips/Hanoi", ["rocket", "hubble"]), ("", ["astronaut"]),
        ]
        var seconds = 1_681_000_000  // 9 Apr 2023
        for (folder, photos) in places {
            let dir = folder.isEmpty ? root : root + "/" + folder
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for name in photos {
                let path = "\(dir)/\(name).jpg"
                try FileManager.default.copyItem(atPath: Self.root + "/Assets/demo/photos/\(name).jpg", toPath: path)
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(seconds))],
                                                      ofItemAtPath: path)
                seconds += 3 * 86_400 + 3_600
            }
        }
        return root
    }

    /// The places list of the tree, scanned to the end (or, with `scanning`, with the scan still
    /// running and that many photos found), after `configure`, drawn at 720×520 points.
    func renderPlaces(theme: String, scanning: Int? = nil, configure: (inout AppState) -> Void = { _ in }) throws -> Bitmap {
        try Video.initialize(headless: true)
        let root = try makePlacesTree()
        defer { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }
        let themes = try loadThemes()
        var app = AppState(root: PlacesScreen(rootPath: root), themes: themes, theme: themes.theme(named: theme)!)
        app.assetRoot = Self.root + "/Assets"
        let size = Size(width: 720, height: 520)
        let canvas = try Canvas(size: DisplayScale.one.pixels(size))
        let backend = try SDLBackend(assetsDirectory: Self.root + "/Assets", fontsDirectory: Self.root + "/Fonts",
                                     renderer: canvas.renderer, systemEmoji: false)
        _ = app.handle(.resized(size, .one), at: 0)
        PlaceScanner(rootPath: root).scan(generation: 1) { batch in
            var batch = batch
            if let scanning, batch.isFinal { batch.isFinal = false; batch.photoCount = scanning }
            _ = app.handle(.placesScanned(batch), at: 0)
        }
        configure(&app)
        if let request = app.top(as: PlaceScreen.self)?.headerRequest() {
            PhotoHeaderReader.read(request) { _ = app.handle(.photoHeaders($0), at: 0) }
        }
        backend.drawSettled(&app, at: 1)
        return canvas.bitmap()
    }

    func testPlacesList() throws {
        try assertGolden(try renderPlaces(theme: "original"), "places")
        try assertGolden(try renderPlaces(theme: "light", scanning: 123_456), "places-light-scanning")
    }

    func testAPlacesPhotos() throws {
        let image = try renderPlaces(theme: "dark") { app in
            guard let lisbon = app.top(as: PlacesScreen.self)?.placeScreen(row: 0) else {
                return XCTFail("the tree has places")
            }
            XCTAssertEqual(lisbon.place.name, "Lisbon")
            app.push(lisbon, at: 0, animated: false)
        }
        try assertGolden(image, "place-photos")
    }
}
