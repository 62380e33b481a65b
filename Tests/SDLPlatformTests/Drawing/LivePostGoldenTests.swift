import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import XCTest

@testable import SDLPlatform

/// Live posts as the window draws them: a content warning collapsed behind Show more, a sensitive
/// photo blurred under its label, a link card; and the executor's spinner.
extension GoldenTests {
    func testLivePostCells() throws {
        let photo = Self.root + "/Assets/demo/photos/coffee.jpg"
        let date = Timestamp(seconds: 1_700_000_000)
        let items = [
            Item(id: "1", date: date, author: Author(name: "Ada Lovelace", handle: "ada@example.social"),
                 text: "The butler did it.", contentWarning: "Spoilers: the end of the film"),
            Item(id: "2", date: Timestamp(seconds: 1_699_999_000), author: Author(name: "Bo Tanaka", handle: "bo"),
                 text: "Morning coffee", media: [Media(kind: .photo, locator: .file(photo), width: 1600, height: 1067)],
                 sensitive: true),
            Item(id: "3", date: Timestamp(seconds: 1_699_998_000), author: Author(name: "Priya", handle: "priya_dev"),
                 text: "Worth a read", card: LinkCard(title: "What changes in the new release, from the compiler to the tools and the libraries, and how to move a project over",
                                                      url: "https://example.org/news/release", site: "example.org")),
        ]
        let source = FeedSource(kind: .mastodonTag, title: "Live",
                                sections: [Section(name: "Posts", itemIndices: [0, 1, 2])], items: items)
        try assertGolden(try render(theme: "dark", size: Size(width: 560, height: 760), source: source), "live-cells")
    }
}

/// The `.spinner` command: the spokes tinted with its colour over what is drawn, 1:1 in its square.
final class SpinnerDrawingTests: XCTestCase {
    func testTheSpokesAreTintedAndTheHeadIsTheBrightest() throws {
        try Video.initialize(headless: true)
        let root = RepositoryPaths.root
        let canvas = try Canvas(size: PixelSize(width: 60, height: 60))
        let backend = try SDLBackend(assetsDirectory: root + "/Assets", fontsDirectory: root + "/Fonts",
                                     renderer: canvas.renderer, systemEmoji: false)
        var ledger = ResourceLedger()
        backend.show(Frame(commands: [.fill(Rect(x: 0, y: 0, width: 60, height: 60), .black),
                                      .spinner(Rect(x: 10, y: 10, width: 40, height: 40), RGBA(255, 0, 0), head: 0)]),
                     ledger: &ledger)
        let pixels = canvas.bitmap()
        // The head at twelve o'clock, 14 pixels above the centre (30, 30): pure tint.
        XCTAssertEqual(pixels.pixel(x: 29, y: 16), RGBA(255, 0, 0))
        // The spoke just after it (one o'clock) is the faintest: a quarter of the red over black.
        XCTAssertEqual(Double(pixels.pixel(x: 37, y: 17).r), 64, accuracy: 2)
        // The hub and outside the square stay black.
        XCTAssertEqual(pixels.pixel(x: 30, y: 30), .black)
        XCTAssertEqual(pixels.pixel(x: 5, y: 5), .black)
    }
}
