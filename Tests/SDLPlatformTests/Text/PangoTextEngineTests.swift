import Foundation
import Imaging
import PlumageCore
import PlumageTestSupport
import XCTest

@testable import SDLPlatform

/// The Pango text engine on its own (issue 20, step 1): fonts found for every script, Inter for
/// Latin, ellipsis at grapheme boundaries, link rectangles across lines and bidi, caret stops,
/// and the raster. Needs the fonts `make deps` installs (Noto core, CJK, colour emoji).
/// XCTest (not Swift Testing) so that Pango runs on the process's main thread, as in the app.
final class PangoTextEngineTests: XCTestCase {
    /// A fresh engine with the repository's fonts folder.
    func makeEngine() throws -> PangoTextEngine {
        try PangoTextEngine(fontsDirectory: RepositoryPaths.root + "/Fonts")
    }

    /// One black span.
    func plain(_ text: String) -> [StyledSpan] { [StyledSpan(Substring(text), .black)] }

    /// UTF-8 offsets of every Character boundary of `text` (0 and the end included): the oracle for
    /// grapheme boundaries, from Swift's UAX #29, not from Pango.
    func characterBoundaries(_ text: String) -> Set<Int> {
        var offsets: Set<Int> = [0]
        var offset = 0
        for character in text { offset += character.utf8.count; offsets.insert(offset) }
        return offsets
    }

    func testEveryPostOfTheScriptsFeedHasAGlyphForEveryCharacter() throws {
        let engine = try makeEngine()
        let data = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.root + "/Tests/Fixtures/scripts-feed.json"))
        let feed = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try XCTUnwrap(feed["items"] as? [[String: Any]])
        XCTAssertGreaterThanOrEqual(items.count, 30)
        for item in items {
            let id = item["id"] as? String ?? "?"
            let text = try XCTUnwrap(item["content_text"] as? String, id)
            let block = engine.layout(spans: plain(text), style: .a2, maxWidth: 552, lineSpacing: 1.3, maxLines: 12, scale: 1)
            XCTAssertEqual(block.unknownGlyphs, 0, "\(id): \(block.families)")
            XCTAssertGreaterThan(block.lineCount, 0, id)
        }
    }

    func testLatinIsDrawnWithInter() throws {
        let engine = try makeEngine()
        XCTAssertEqual(engine.layout(spans: plain("Hello, world: the quick brown fox."), style: .a2, maxWidth: 500).families, ["Inter"])
        XCTAssertEqual(engine.layout(spans: plain("Medium weight"), style: .a1, maxWidth: 500).families, ["Inter"])
    }

    func testTamilClusterStaysInOneFont() throws {
        // Noto Sans Grantha has some Tamil letters but not the vowel signs: without the app's
        // rules fontconfig takes வ and ப from Grantha and their vowel signs from Noto Sans Tamil,
        // splitting the clusters across two fonts (dotted circles).
        let engine = try makeEngine()
        for text in ["தமிழ்", "தமிழ் வணக்கம் நண்பர்களே"] {
            let block = engine.layout(spans: plain(text), style: .a2, maxWidth: 500)
            XCTAssertEqual(block.families.count, 1, "\(text): \(block.families)")
            XCTAssertEqual(block.unknownGlyphs, 0)
        }
    }

    func testEllipsisKeepsAtMostMaxLinesAndEndsOnAGraphemeBoundary() throws {
        let engine = try makeEngine()
        let texts = [
            String(repeating: "👨‍👩‍👧‍👦", count: 120),
            String(repeating: "क्षत्रिय ", count: 60),
            String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 20),
        ]
        for text in texts {
            for maxLines in [1, 3] {
                let block = engine.layout(spans: plain(text), style: .a2, maxWidth: 200, maxLines: maxLines)
                XCTAssertLessThanOrEqual(block.lineCount, maxLines)
                XCTAssertGreaterThan(block.lineCount, 0)
                XCTAssertTrue(block.isTruncated)
                let cut = try XCTUnwrap(block.ellipsisOffset, "no ellipsis run")
                XCTAssertGreaterThan(cut, 0)
                XCTAssertLessThan(cut, text.utf8.count)
                XCTAssertTrue(characterBoundaries(block.text).contains(cut), "ellipsis at byte \(cut) splits a character")
            }
        }
        let short = engine.layout(spans: plain("Short."), style: .a2, maxWidth: 200, maxLines: 3)
        XCTAssertFalse(short.isTruncated)
        XCTAssertNil(short.ellipsisOffset)
        XCTAssertEqual(short.lineCount, 1)
    }

    func testTextPastTheByteCapIsLeftOutWithAnEllipsis() throws {
        let text = String(repeating: "é", count: 3000)  // 6,000 bytes
        let block = try makeEngine().layout(spans: plain(text), style: .a2, maxWidth: 300)
        XCTAssertTrue(block.isTruncated)
        XCTAssertTrue(block.text.hasSuffix("…"))
        XCTAssertEqual(block.text.utf8.count, PangoTextEngine.maxBytes + "…".utf8.count)
        XCTAssertTrue(text.hasPrefix(String(block.text.dropLast())))
    }

    func testLineBoxesHaveTheFixedLineHeight() throws {
        // Arabic's font is taller than Inter; the absolute line height keeps every box the same.
        let text = String(repeating: "Latin words here. مرحبا بالعالم ", count: 8)
        let block = try makeEngine().layout(spans: plain(text), style: .a2, maxWidth: 200, lineSpacing: 1.3, scale: 2)
        XCTAssertGreaterThan(block.lineCount, 2)
        let height = block.lines[0].height
        for (i, line) in block.lines.enumerated() {
            XCTAssertEqual(line.height, height, accuracy: 1e-9)
            XCTAssertEqual(line.top, Double(i) * height, accuracy: 1e-9)
        }
        XCTAssertEqual(block.size.height, Double(block.lineCount) * height, accuracy: 1e-9)
    }

    func testALinkWrappedOverTwoLinesHasOneRectanglePerLine() throws {
        let engine = try makeEngine()
        // The width fits "Read more at" but not "Read more at example": the break falls inside the link.
        let head = engine.layout(spans: plain("Read more at"), style: .a2, maxWidth: 2000).size.width
        let longer = engine.layout(spans: plain("Read more at example"), style: .a2, maxWidth: 2000).size.width
        XCTAssertLessThan(head + 4, longer)
        let spans = [StyledSpan("Read ", .black), StyledSpan("more at example", .white, link: 7), StyledSpan(" today", .black)]
        let block = engine.layout(spans: spans, style: .a2, maxWidth: head + 4)
        XCTAssertGreaterThanOrEqual(block.lineCount, 2)
        let link = try XCTUnwrap(block.links.first)
        XCTAssertEqual(link.link, 7)
        XCTAssertEqual(link.rects.count, 2)
        guard link.rects.count == 2 else { return }
        XCTAssertEqual(link.rects[0].origin.y, block.lines[0].top, accuracy: 1e-9)
        XCTAssertEqual(link.rects[1].origin.y, block.lines[1].top, accuracy: 1e-9)
        XCTAssertEqual(link.rects[1].origin.x, 0, accuracy: 0.01)  // "example" starts the second line
        XCTAssertGreaterThan(link.rects[0].origin.x, 1)  // after "Read "
        XCTAssertLessThanOrEqual(link.rects[0].origin.x + link.rects[0].size.width, head + 4 + 0.01)
    }

    func testRightToLeftLinksLieInVisualOrderBetweenTheLatinWords() throws {
        // A left-to-right paragraph (first strong character Latin) with a Hebrew phrase: the phrase
        // sits between "abc" and "def", and inside it, read right to left, שלום is right of עולם.
        let spans = [
            StyledSpan("abc", .black, link: 0), StyledSpan(" ", .black), StyledSpan("שלום", .black, link: 1),
            StyledSpan(" ", .black), StyledSpan("עולם", .black, link: 2), StyledSpan(" ", .black), StyledSpan("def", .black, link: 3),
        ]
        let block = try makeEngine().layout(spans: spans, style: .a2, maxWidth: 1000)
        XCTAssertEqual(block.lineCount, 1)
        let rects = Dictionary(uniqueKeysWithValues: block.links.map { ($0.link, $0.rects) })
        for link in 0...3 { XCTAssertEqual(rects[link]?.count, 1, "link \(link)") }
        guard let abc = rects[0]?.first, let shalom = rects[1]?.first, let olam = rects[2]?.first, let def = rects[3]?.first else { return }
        func right(_ r: Rect) -> Double { r.origin.x + r.size.width }
        XCTAssertLessThanOrEqual(right(abc), olam.origin.x + 0.01)
        XCTAssertLessThanOrEqual(right(olam), shalom.origin.x + 0.01)
        XCTAssertLessThanOrEqual(right(shalom), def.origin.x + 0.01)
        XCTAssertGreaterThan(shalom.size.width, 1)
    }

    func testCaretStopsAreTheCharacterBoundariesOfTheFirstLine() throws {
        let engine = try makeEngine()
        let text = "a👨‍👩‍👧b é"
        let block = engine.layout(spans: plain(text), style: .a2, maxWidth: 1000)
        XCTAssertEqual(Set(block.caretStops.map(\.offset)), characterBoundaries(text))
        XCTAssertEqual(block.caretStops.first?.x ?? -1, 0, accuracy: 0.01)
        let xs = block.caretStops.map(\.x)
        XCTAssertEqual(xs, xs.sorted())
        XCTAssertEqual(xs.last ?? 0, block.size.width, accuracy: 0.01)
        // A wrapped text: only the first line's stops.
        let wrapped = engine.layout(spans: plain("one two three four five six seven"), style: .a2, maxWidth: 60)
        XCTAssertGreaterThan(wrapped.lineCount, 1)
        let firstLineEnd = wrapped.lines[0].start + wrapped.lines[0].length
        XCTAssertTrue(wrapped.caretStops.allSatisfy { $0.offset < firstLineEnd })
        XCTAssertEqual(wrapped.caretStops.count, firstLineEnd)  // ASCII: one stop per byte
    }

    func testRenderIsTheBlocksPixelSizeWithTransparentCorners() throws {
        let engine = try makeEngine()
        let block = engine.layout(spans: plain(" Hello "), style: .a2, maxWidth: 500, lineSpacing: 1.3, scale: 2)
        let bitmap = engine.render(block)
        XCTAssertEqual(bitmap.size, block.pixelSize)
        XCTAssertEqual(Double(bitmap.width), (block.size.width * 2).rounded(.up), accuracy: 1)
        XCTAssertGreaterThan(bitmap.width, 20)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { bitmap.pixels[(y * bitmap.width + x) * 4 + 3] }
        let w = bitmap.width - 1, h = bitmap.height - 1
        XCTAssertEqual([alpha(0, 0), alpha(w, 0), alpha(0, h), alpha(w, h)], [0, 0, 0, 0])
        XCTAssertTrue(stride(from: 3, to: bitmap.pixels.count, by: 4).contains { bitmap.pixels[$0] > 0 })
        // Black text, straight alpha: every painted pixel is black, at any coverage.
        XCTAssertTrue(stride(from: 0, to: bitmap.pixels.count, by: 4).allSatisfy {
            bitmap.pixels[$0 + 3] == 0 || bitmap.pixels[$0..<($0 + 3)].allSatisfy { $0 == 0 }
        })
    }

    func testWhiteTextIsUnpremultiplied() throws {
        // Premultiplied, antialiased white edges would be grey; straight alpha keeps them white.
        let engine = try makeEngine()
        let bitmap = engine.render(engine.layout(spans: [StyledSpan("Wave", .white)], style: .a2, maxWidth: 500))
        let painted = stride(from: 0, to: bitmap.pixels.count, by: 4).filter { bitmap.pixels[$0 + 3] > 0 }
        XCTAssertTrue(painted.contains { bitmap.pixels[$0 + 3] < 255 }, "no antialiased edge")
        XCTAssertTrue(painted.allSatisfy { bitmap.pixels[$0] >= 250 && bitmap.pixels[$0 + 1] >= 250 && bitmap.pixels[$0 + 2] >= 250 })
    }

    func testEmojiRendersInColour() throws {
        let engine = try makeEngine()
        let bitmap = engine.render(engine.layout(spans: plain("😀"), style: .a2, maxWidth: 500, scale: 2))
        let coloured = stride(from: 0, to: bitmap.pixels.count, by: 4).contains {
            let b = bitmap.pixels[$0], g = bitmap.pixels[$0 + 1], r = bitmap.pixels[$0 + 2]
            return bitmap.pixels[$0 + 3] > 0 && r != g && g != b && r != b
        }
        XCTAssertTrue(coloured)
    }

    func testRenderAfterTheLayoutLeftTheCacheDrawsTheSame() throws {
        let engine = try makeEngine()
        let block = engine.layout(spans: plain("Cached layout"), style: .b1, maxWidth: 300)
        let first = engine.render(block)
        for i in 0...PangoTextEngine.cacheLimit { _ = engine.layout(spans: plain("filler \(i)"), style: .b1, maxWidth: 300) }
        XCTAssertLessThanOrEqual(engine.cache.count, PangoTextEngine.cacheLimit)
        XCTAssertNil(engine.cache[block.key])
        XCTAssertEqual(engine.render(block), first)
    }

    func testOutOfRangeInputsAreClampedNotTrusted() throws {
        let engine = try makeEngine()
        for (width, spacing, lines, scale) in [(-5.0, 1.0, 0, 1.0), (.nan, .infinity, -3, .nan), (1e12, 1e12, .max, 1e9), (0, 0, 1, 0)] {
            let block = engine.layout(spans: plain("Some text to lay out"), style: .l1, maxWidth: width, lineSpacing: spacing,
                                      maxLines: lines, scale: scale)
            XCTAssertGreaterThan(block.lineCount, 0)
            XCTAssertTrue(block.size.width.isFinite && block.size.height.isFinite)
            XCTAssertLessThan(block.pixelSize.width * block.pixelSize.height, 1 << 28)
            XCTAssertLessThanOrEqual(engine.render(block).pixels.count, PangoTextEngine.maxBitmapPixels * 4)
        }
    }

    func testAMissingFontsFolderIsAClearError() {
        XCTAssertThrowsError(try PangoTextEngine(fontsDirectory: "/nonexistent/fonts")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/fonts"), "\(error)")
        }
    }
}
