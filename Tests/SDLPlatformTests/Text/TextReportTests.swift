import Imaging
import PlumageCore
import PlumageTestSupport
import XCTest

@testable import SDLPlatform

/// `snapshot --report`'s count of characters drawn as boxes: a character the run's font has no
/// glyph for counts each time it is drawn; characters that draw nothing never count.
/// XCTest (not Swift Testing) so that SDL runs on the process's main thread.
final class TextReportTests: XCTestCase {
    func testBoxesAreCharactersTheRunsFontLacks() throws {
        try Video.initialize(headless: true)
        let root = RepositoryPaths.root
        let canvas = try Canvas(size: PixelSize(width: 100, height: 100))
        let backend = try SDLBackend(assetsDirectory: root + "/Assets", fontsDirectory: root + "/Fonts",
                                     renderer: canvas.renderer, systemEmoji: false)
        // Inter has Latin and Cyrillic but no Devanagari (क U+0915, ष U+0937); DejaVu Sans has
        // Hebrew (ש U+05E9). ZWJ, a variation selector and spaces draw nothing.
        func run(_ text: String, _ face: FontFace) -> TextRun {
            TextRun(text: text, face: face, color: .white, x: 0, width: 10)
        }
        let line = TextLine(runs: [run("Aж क\u{200D}क\u{FE0F}", .text), run("ष ", .text), run("ש", .fallback)], y: 0, width: 30)
        let block = TextBlock(style: .a2, lines: [line], lineHeight: 20, size: Size(width: 30, height: 20))
        let frame = Frame(commands: [.text(block, at: Point(x: 0, y: 0), key: "t")])
        let report = backend.measurer.report(frame)
        XCTAssertEqual(report.missingGlyphs, 3)
        XCTAssertEqual(report.missing, ["U+0915", "U+0937"])
        XCTAssertEqual(report.fonts, ["DejaVu Sans", "Inter"])
        XCTAssertEqual(report.json, #"{"missing_glyphs": 3, "missing": ["U+0915", "U+0937"], "fonts": ["DejaVu Sans", "Inter"]}"#)
        let clean = Frame(commands: [.text(TextBlock(style: .a2, lines: [TextLine(runs: [run("Hello", .text)], y: 0, width: 30)],
                                                     lineHeight: 20, size: Size(width: 30, height: 20)), at: Point(x: 0, y: 0), key: "u")])
        XCTAssertEqual(backend.measurer.report(clean).missingGlyphs, 0)
    }
}
