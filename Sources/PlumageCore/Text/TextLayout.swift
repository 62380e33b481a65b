import Imaging

/// Greedy line breaking of styled text into a `TextBlock`, with per-font runs (SDL_ttf has no
/// font fallback), breaks at spaces and between CJK characters, overlong words broken by
/// character, and a minimal bidi pass: right-to-left words are shaped as RTL runs and a paragraph
/// whose first strong character is RTL is right-aligned with its runs in reverse visual order.
public enum TextLayout {
    /// The most characters (grapheme clusters, newlines included) laid out from one call: the rest
    /// of a longer text is left out and "…" ends what is shown, so a 50 MB post costs no more than a long one.
    public static let maxCharacters = 20_000

    /// Lays out `spans` in `style` within `maxWidth` points; line boxes are `lineSpacing` times the
    /// font's line height. At most `maxLines` lines are kept; when text is left over, the last kept
    /// line is filled character by character and ends in "…", all within `maxWidth`. Only the first
    /// `maxCharacters` characters are laid out (`capped`). The measurer does it (`TextMeasuring.layout`):
    /// by default with `measuredLayout`.
    public static func layout(
        _ spans: [StyledSpan], style: FontStyle, maxWidth: Double, lineSpacing: Double = 1,
        maxLines: Int = .max, measurer: some TextMeasuring
    ) -> TextBlock {
        measurer.layout(spans, style: style, maxWidth: maxWidth, lineSpacing: lineSpacing, maxLines: maxLines)
    }

    /// The core's greedy layout of `spans` (what `layout` describes) over `measurer`'s widths.
    public static func measuredLayout(
        _ spans: [StyledSpan], style: FontStyle, maxWidth: Double, lineSpacing: Double, maxLines: Int,
        measurer: some TextMeasuring
    ) -> TextBlock {
        let spans = capped(spans)
        let lineHeight = (measurer.lineHeight(style) * lineSpacing).rounded()
        var lines: [TextLine] = []
        var widest = 0.0
        func append(_ clusters: [Cluster], rtlParagraph: Bool) {
            let y = Double(lines.count) * lineHeight
            let line = makeLine(clusters, rtlParagraph: rtlParagraph, maxWidth: maxWidth, y: y)
            widest = max(widest, rtlParagraph ? maxWidth : line.width)
            lines.append(line)
        }
        let paragraphs = paragraphs(spans, style: style, measurer: measurer)
        paragraphLoop: for (p, paragraph) in paragraphs.enumerated() {
            let broken = breakLines(paragraph.clusters, maxWidth: maxWidth)
            for (i, clusters) in broken.enumerated() {
                guard lines.count < maxLines else { break paragraphLoop }
                if lines.count == maxLines - 1 {
                    let rest = broken[(i + 1)...].joined()
                    let more = rest.contains { !$0.isSpace }
                        || paragraphs[(p + 1)...].contains { $0.clusters.contains { !$0.isSpace } }
                    if more {
                        append(ellipsized(clusters + rest, maxWidth: maxWidth, style: style, measurer: measurer),
                               rtlParagraph: paragraph.isRightToLeft)
                        break paragraphLoop
                    }
                }
                append(clusters, rtlParagraph: paragraph.isRightToLeft)
            }
        }
        return TextBlock(style: style, lines: lines, lineHeight: lineHeight,
                         size: Size(width: min(widest, maxWidth), height: Double(lines.count) * lineHeight))
    }

    /// The first `limit` characters of `spans`, then "…" in the colour of the last span kept when
    /// anything was left out; `spans` themselves when they hold no more. Reads at most `limit`
    /// characters, however long the text.
    public static func capped(_ spans: [StyledSpan], limit: Int = maxCharacters) -> [StyledSpan] {
        var left = limit
        var kept: [StyledSpan] = []
        for span in spans {
            guard let end = span.text.index(span.text.startIndex, offsetBy: left, limitedBy: span.text.endIndex) else {
                kept.append(span)
                left -= span.text.count
                continue
            }
            var cut = span
            cut.text = span.text[..<end]
            if end != span.text.endIndex || kept.count + 1 < spans.count {
                if !cut.text.isEmpty { kept.append(cut) }
                kept.append(StyledSpan("…", span.color))
                return kept
            }
            kept.append(span)
            return kept
        }
        return kept
    }

    /// The longest start of `clusters` that fits `maxWidth` together with a "…" (in the face and
    /// colour of the last cluster kept), trailing spaces dropped, then the "…"; just "…" when no
    /// character fits beside it, and nothing when not even the "…" fits.
    static func ellipsized(_ clusters: [Cluster], maxWidth: Double, style: FontStyle,
                           measurer: some TextMeasuring) -> [Cluster] {
        let ellipsis: Character = "…"
        let face = measurer.face(for: ellipsis.unicodeScalars.first!, style: style)
        let ellipsisWidth = measurer.width(of: Substring(String(ellipsis)), face: face, style: style)
        guard ellipsisWidth <= maxWidth, let first = clusters.first else { return [] }
        var kept: [Cluster] = []
        var width = 0.0
        for cluster in clusters {
            guard width + cluster.width + ellipsisWidth <= maxWidth else { break }
            kept.append(cluster); width += cluster.width
        }
        while kept.last?.isSpace == true { kept.removeLast() }
        let last = kept.last ?? first
        kept.append(Cluster(character: ellipsis, face: face, color: last.color, width: ellipsisWidth, isSpace: false,
                            breaksAround: false, isRightToLeft: last.isRightToLeft))
        return kept
    }

    /// One grapheme cluster with everything layout needs to know about it.
    struct Cluster {
        /// The grapheme (tabs already turned into spaces).
        var character: Character
        /// The face that draws it.
        var face: FontFace
        /// The colour of its span.
        var color: RGBA
        /// Advance width in points.
        var width: Double
        /// True for a space or tab (lines may break after it; it takes no width at a line end).
        var isSpace: Bool
        /// True for CJK characters, which form a word of their own (lines may break on either side).
        var breaksAround: Bool
        /// True when it runs right to left after neutral resolution.
        var isRightToLeft: Bool
        /// The `link` of its span.
        var link: Int? = nil
    }

    /// The clusters between two newlines, with the paragraph's base direction.
    struct Paragraph {
        /// Its clusters in logical order.
        var clusters: [Cluster]
        /// True when the first strongly directional character is right to left.
        var isRightToLeft: Bool
    }

    /// Splits the spans into paragraphs at newlines and classifies every cluster.
    static func paragraphs(_ spans: [StyledSpan], style: FontStyle, measurer: some TextMeasuring) -> [Paragraph] {
        var result: [Paragraph] = []
        var current: [Cluster] = []
        var strong: [Bool?] = []
        func finish() {
            result.append(Paragraph(clusters: resolveNeutrals(current, strong: strong),
                                    isRightToLeft: strong.lazy.compactMap { $0 }.first ?? false))
            current.removeAll(keepingCapacity: true); strong.removeAll(keepingCapacity: true)
        }
        for span in spans {
            for character in span.text {
                if character.isNewline { finish(); continue }
                let first = character.unicodeScalars.first!
                let isSpace = character == " " || character == "\t"
                // A space joins the run before it (every face but emoji has one), so words of one
                // script stay one run: fewer textures, and RTL phrases shape as a whole.
                let previousFace = current.last?.face
                let face: FontFace = UnicodeClassification.isEmoji(character) ? .emoji
                    : isSpace ? (previousFace == nil || previousFace == .emoji ? .text : previousFace!)
                    : measurer.face(for: first, style: style)
                let text = isSpace ? " " : String(character)
                current.append(Cluster(
                    character: isSpace ? " " : character, face: face, color: span.color,
                    width: measurer.width(of: Substring(text), face: face, style: style),
                    isSpace: isSpace, breaksAround: UnicodeClassification.isCJK(first), isRightToLeft: false,
                    link: span.link))
                strong.append(UnicodeClassification.strongDirection(first))
            }
        }
        finish()
        return result
    }

    /// Gives neutral characters the direction of their neighbours when both sides agree.
    static func resolveNeutrals(_ clusters: [Cluster], strong: [Bool?]) -> [Cluster] {
        var out = clusters
        var previous: Bool? = nil
        var nextStrong = [Bool?](repeating: nil, count: strong.count)
        var upcoming: Bool? = nil
        for i in strong.indices.reversed() {
            if let s = strong[i] { upcoming = s }
            nextStrong[i] = upcoming
        }
        for i in out.indices {
            if let s = strong[i] {
                out[i].isRightToLeft = s; previous = s
            } else {
                out[i].isRightToLeft = previous == true && nextStrong[i] == true
            }
        }
        return out
    }

    /// Greedy breaking into lines of clusters; trailing spaces stay on their line.
    static func breakLines(_ clusters: [Cluster], maxWidth: Double) -> [[Cluster]] {
        if clusters.isEmpty { return [[]] }
        var lines: [[Cluster]] = []
        var line: [Cluster] = []
        var lineWidth = 0.0
        var index = 0
        while index < clusters.count {
            let word = wordEnd(clusters, from: index)
            let wordClusters = clusters[index..<word]
            let inkWidth = wordClusters.reduce(0) { $0 + ($1.isSpace ? 0 : $1.width) }
            let fullWidth = wordClusters.reduce(0) { $0 + $1.width }
            if lineWidth + inkWidth <= maxWidth || (line.isEmpty && inkWidth <= maxWidth) {
                line.append(contentsOf: wordClusters); lineWidth += fullWidth
            } else if !line.isEmpty && inkWidth <= maxWidth {
                lines.append(line); line = Array(wordClusters); lineWidth = fullWidth
            } else {
                // A word wider than a whole line: break it between clusters.
                for cluster in wordClusters {
                    if lineWidth + (cluster.isSpace ? 0 : cluster.width) > maxWidth && !line.isEmpty {
                        lines.append(line); line = []; lineWidth = 0
                    }
                    line.append(cluster); lineWidth += cluster.width
                }
            }
            index = word
        }
        lines.append(line)
        return lines
    }

    /// The end of the word starting at `start`: through its trailing spaces, or one CJK character.
    static func wordEnd(_ clusters: [Cluster], from start: Int) -> Int {
        var i = start
        if clusters[i].breaksAround {
            i += 1
        } else {
            while i < clusters.count && !clusters[i].isSpace && !clusters[i].breaksAround { i += 1 }
        }
        while i < clusters.count && clusters[i].isSpace { i += 1 }
        return max(i, start + 1)
    }

    /// Merges a line's clusters into runs, positioned left to right (right-aligned for RTL).
    static func makeLine(_ clusters: [Cluster], rtlParagraph: Bool, maxWidth: Double, y: Double) -> TextLine {
        var visible = clusters[...]
        while let last = visible.last, last.isSpace { visible = visible.dropLast() }
        var runs: [TextRun] = []
        for c in visible {
            if var last = runs.last, last.face == c.face, last.color == c.color, last.isRightToLeft == c.isRightToLeft,
               last.link == c.link {
                last.text.append(c.character); last.width += c.width
                runs[runs.count - 1] = last
            } else {
                runs.append(TextRun(text: String(c.character), face: c.face, color: c.color,
                                    isRightToLeft: c.isRightToLeft, x: 0, width: c.width, link: c.link))
            }
        }
        if rtlParagraph { runs.reverse() }
        let width = runs.reduce(0) { $0 + $1.width }
        var x = rtlParagraph ? max(0, maxWidth - width) : 0
        for i in runs.indices { runs[i].x = x; x += runs[i].width }
        return TextLine(runs: runs, y: y, width: width, isRightToLeft: rtlParagraph)
    }
}
