internal import CPango
import Imaging
import PlumageCore

/// Reads a laid-out Pango layout into a `PangoBlock`'s plain values, dividing device pixels by `scale`.
struct PangoBlockReader {
    /// The PangoLayout, already given its text and attributes.
    let layout: OpaquePointer
    /// Device pixels per point.
    let scale: Double

    /// One line as Pango has it, in Pango units.
    struct RawLine {
        /// The PangoLayoutLine.
        let line: UnsafeMutablePointer<PangoLayoutLine>
        /// First byte and byte count of the line's text.
        let start: Int, length: Int
        /// Top and bottom of the line box.
        let top: Int32, bottom: Int32
    }

    /// Pango units to points.
    func points(_ units: Int32) -> Double { Double(units) / Double(PANGO_SCALE) / scale }

    /// The block for `key`, whose text (`text`, after the cap) was made from `spans` at byte `ranges`.
    func read(key: PangoBlockKey, text: String, spans: [StyledSpan], ranges: [Range<Int>], truncatedByCap: Bool) -> PangoBlock {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let right = Double(logical.x + logical.width) / Double(PANGO_SCALE)
        let bottom = Double(logical.y + logical.height) / Double(PANGO_SCALE)
        let raw = rawLines()
        var links: [PangoLinkRects] = []
        for (span, range) in zip(spans, ranges) {
            guard let link = span.link, !range.isEmpty else { continue }
            links.append(PangoLinkRects(link: link, rects: rects(range, raw)))
        }
        return PangoBlock(
            key: key, size: Size(width: right / scale, height: bottom / scale),
            pixelSize: PixelSize(width: Int(right.rounded(.up)), height: Int(bottom.rounded(.up))),
            lines: raw.map { PangoLine(top: points($0.top), height: points($0.bottom - $0.top), start: $0.start, length: $0.length) },
            isTruncated: truncatedByCap || pango_layout_is_ellipsized(layout) != 0, ellipsisOffset: ellipsisOffset(),
            links: links, unknownGlyphs: Int(pango_layout_get_unknown_glyphs_count(layout)), families: families(),
            caretStops: caretStops(text: text, firstLine: raw.first), text: text)
    }

    /// Every line with its byte range and vertical extent.
    func rawLines() -> [RawLine] {
        var lines: [RawLine] = []
        guard let iter = pango_layout_get_iter(layout) else { return lines }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
            var top: Int32 = 0, bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &top, &bottom)
            lines.append(RawLine(line: line, start: Int(line.pointee.start_index), length: Int(line.pointee.length),
                                 top: top, bottom: bottom))
        } while pango_layout_iter_next_line(iter) != 0
        return lines
    }

    /// The rectangles, in points, that show the bytes `range`: per line, its visual pieces (several
    /// where bidi reorders the range), from the line's x ranges.
    func rects(_ range: Range<Int>, _ lines: [RawLine]) -> [Rect] {
        var rects: [Rect] = []
        for line in lines {
            let start = max(range.lowerBound, line.start), end = min(range.upperBound, line.start + line.length)
            guard start < end else { continue }
            var xs: UnsafeMutablePointer<Int32>?
            var count: Int32 = 0
            pango_layout_line_get_x_ranges(line.line, Int32(start), Int32(end), &xs, &count)
            guard let xs else { continue }
            for i in 0..<Int(count) where xs[2 * i + 1] > xs[2 * i] {
                rects.append(Rect(x: points(xs[2 * i]), y: points(line.top), width: points(xs[2 * i + 1] - xs[2 * i]),
                                  height: points(line.bottom - line.top)))
            }
            g_free(xs)
        }
        return rects
    }

    /// The family names of the fonts drawing the layout's runs, sorted, each once.
    func families() -> [String] {
        var names = Set<String>()
        guard let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item,
                  let font = item.pointee.analysis.font, let description = pango_font_describe(font) else { continue }
            if let family = pango_font_description_get_family(description) { names.insert(String(cString: family)) }
            pango_font_description_free(description)
        } while pango_layout_iter_next_run(iter) != 0
        return names.sorted()
    }

    /// Where the ellipsis run starts in the text (the first byte it hides), nil without one.
    func ellipsisOffset() -> Int? {
        guard let iter = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item else { continue }
            if Int32(item.pointee.analysis.flags) & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS != 0 { return Int(item.pointee.offset) }
        } while pango_layout_iter_next_run(iter) != 0
        return nil
    }

    /// The cursor positions on `firstLine` (its end too when it ends the text), each with the strong caret's x.
    func caretStops(text: String, firstLine: RawLine?) -> [PangoCaretStop] {
        guard let line = firstLine else { return [] }
        var count: Int32 = 0
        guard let attrs = pango_layout_get_log_attrs_readonly(layout, &count) else { return [] }
        let end = line.start + line.length
        let textEnd = text.utf8.count
        var stops: [PangoCaretStop] = []
        var offset = 0
        var index = 0
        func add() {
            var strong = PangoRectangle()
            pango_layout_get_cursor_pos(layout, Int32(offset), &strong, nil)
            stops.append(PangoCaretStop(offset: offset, x: points(strong.x)))
        }
        for scalar in text.unicodeScalars {
            if offset > end || index >= Int(count) { break }
            if offset >= line.start && (offset < end || end == textEnd) && attrs[index].is_cursor_position != 0 { add() }
            offset += scalar.utf8.count
            index += 1
        }
        if offset == textEnd && end == textEnd && index < Int(count) && attrs[index].is_cursor_position != 0 { add() }
        return stops
    }
}
