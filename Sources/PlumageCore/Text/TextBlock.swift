import Imaging

/// Laid-out text as positioned runs: what the SDL executor rasterises into one cached texture.

/// A piece of one line drawn with one face, colour and direction.
public struct TextRun: Hashable, Sendable {
    /// The run's characters in logical order.
    public var text: String
    /// The face (font file) that draws every character of the run.
    public var face: FontFace
    /// Colour the run's glyphs are drawn in.
    public var color: RGBA
    /// True when the run is right-to-left script (shaped right to left by the executor).
    public var isRightToLeft: Bool
    /// Left edge relative to the block, in points.
    public var x: Double
    /// Advance width in points.
    public var width: Double
    /// The `link` of the span the run comes from (a run never mixes two).
    public var link: Int?
    /// Creates a run.
    public init(text: String, face: FontFace, color: RGBA, isRightToLeft: Bool = false, x: Double, width: Double,
                link: Int? = nil) {
        self.text = text; self.face = face; self.color = color
        self.isRightToLeft = isRightToLeft; self.x = x; self.width = width; self.link = link
    }
}

/// One line of a block.
public struct TextLine: Hashable, Sendable {
    /// Runs in visual order, left to right.
    public var runs: [TextRun]
    /// Top of the line box relative to the block, in points.
    public var y: Double
    /// Width of the line's content in points.
    public var width: Double
    /// True when the line belongs to a right-to-left paragraph (right-aligned, runs reversed).
    public var isRightToLeft: Bool
    /// Creates a line.
    public init(runs: [TextRun], y: Double, width: Double, isRightToLeft: Bool = false) {
        self.runs = runs; self.y = y; self.width = width; self.isRightToLeft = isRightToLeft
    }
}

/// A paragraph laid out for one width, style and text scale.
public struct TextBlock: Hashable, Sendable {
    /// The text style every line was laid out in.
    public var style: FontStyle
    /// Lines from top to bottom.
    public var lines: [TextLine]
    /// Height of each line box in points (the font's line height times the line spacing).
    public var lineHeight: Double
    /// Bounding size in points (width of the widest line, height of all line boxes).
    public var size: Size
    /// An opaque colour the block is known to sit on: the executor then rasterises it onto that
    /// colour and copies it without blending (nil = transparent, blended over whatever is below).
    public var background: RGBA?
    /// Creates a block.
    public init(style: FontStyle, lines: [TextLine], lineHeight: Double, size: Size, background: RGBA? = nil) {
        self.style = style; self.lines = lines; self.lineHeight = lineHeight; self.size = size
        self.background = background
    }
    /// The `link` of the run under `point` (relative to the block's top-left), if any: by the
    /// runs' extents as drawn (`rendered`, reported by the platform for each line's runs) when they
    /// are known and fit the block, else by their laid-out extents.
    public func link(at point: Point, rendered: [[RunExtent]]? = nil) -> Int? {
        guard lineHeight > 0 else { return nil }
        let index = Int((point.y / lineHeight).rounded(.down))
        guard lines.indices.contains(index) else { return nil }
        let runs = lines[index].runs
        if let rendered, rendered.count == lines.count, rendered[index].count == runs.count {
            return rendered[index].firstIndex { point.x >= $0.x && point.x < $0.x + $0.width }.flatMap { runs[$0].link }
        }
        return runs.first { point.x >= $0.x && point.x < $0.x + $0.width }?.link
    }

    /// An empty block.
    public static func empty(_ style: FontStyle) -> TextBlock {
        TextBlock(style: style, lines: [], lineHeight: 0, size: .zero)
    }
}

/// Where a run really is once drawn, in points from its block's left edge: the rasteriser places
/// the runs of a left-to-right line where the previous one ended (shaped, kerned), which can be a
/// pixel or two from the laid-out extents.
public struct RunExtent: Hashable, Sendable {
    /// Left edge, in points from the block's left.
    public var x: Double
    /// Width in points.
    public var width: Double
    /// Creates an extent.
    public init(x: Double, width: Double) { self.x = x; self.width = width }
}

/// A span of text in one colour: the input to layout.
public struct StyledSpan: Hashable, Sendable {
    /// The span's characters (a slice of the source text).
    public var text: Substring
    /// Colour the span is drawn in.
    public var color: RGBA
    /// What a click on the span chooses (an entity's index in its item), if anything.
    public var link: Int?
    /// Creates a span; `link` marks it clickable.
    public init(_ text: Substring, _ color: RGBA, link: Int? = nil) { self.text = text; self.color = color; self.link = link }
}
