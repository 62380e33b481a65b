import PlumageCore

/// Preparing styled spans for Pango: the byte cap and the spans' UTF-8 ranges.
enum PangoSpans {
    /// `spans` cut to at most `maxBytes` UTF-8 bytes at a character boundary, then "…" in the colour
    /// of the span cut; `cut` tells whether anything was left out. Reads no further than the cap.
    static func capped(_ spans: [StyledSpan], maxBytes: Int) -> (spans: [StyledSpan], cut: Bool) {
        var left = maxBytes
        var kept: [StyledSpan] = []
        for span in spans {
            let utf8 = span.text.utf8
            let count = utf8.count
            if count <= left {
                kept.append(span)
                left -= count
                continue
            }
            var end = span.text.startIndex
            var used = 0
            while end < span.text.endIndex {
                let next = span.text.index(after: end)
                let bytes = utf8.distance(from: end, to: next)
                if used + bytes > left { break }
                used += bytes
                end = next
            }
            var cut = span
            cut.text = span.text[..<end]
            if !cut.text.isEmpty { kept.append(cut) }
            kept.append(StyledSpan("…", span.color))
            return (kept, true)
        }
        return (kept, false)
    }

    /// The spans' text joined, and each span's UTF-8 byte range in it.
    static func joined(_ spans: [StyledSpan]) -> (text: String, ranges: [Range<Int>]) {
        var text = ""
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(spans.count)
        for span in spans {
            let start = text.utf8.count
            text += span.text
            ranges.append(start..<text.utf8.count)
        }
        return (text, ranges)
    }
}
