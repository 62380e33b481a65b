import Imaging
import PlumageCore

/// One laid-out text block from `PangoTextEngine.layout`: plain values in points (the engine's
/// `scale` divided out), plus the key `render` finds the cached Pango layout by.
public struct PangoBlock: Hashable, Sendable {
    /// The inputs the block was laid out from (the layout cache's key).
    public let key: PangoBlockKey
    /// Width and height in points: from the layout's left edge to its logical right edge, all lines.
    public let size: Size
    /// Size of `render`'s bitmap in device pixels (`size` × scale, rounded up).
    public let pixelSize: PixelSize
    /// One entry per line shown, top to bottom.
    public let lines: [PangoLine]
    /// True when text was left out: ellipsized at `maxLines`, or cut at the byte cap.
    public let isTruncated: Bool
    /// UTF-8 offset in `text` where the ellipsis replaces the rest, nil when nothing is ellipsized.
    public let ellipsisOffset: Int?
    /// Hit rectangles of each link span, in points; a link wrapped over lines (or split by bidi) has several.
    public let links: [PangoLinkRects]
    /// Glyphs drawn as boxes because no font had them.
    public let unknownGlyphs: Int
    /// Family names of the fonts that draw the runs, sorted, each once.
    public let families: [String]
    /// Caret positions on the first line, in logical order.
    public let caretStops: [PangoCaretStop]
    /// The text laid out (after the byte cap), for mapping UTF-8 offsets back to characters.
    public let text: String

    /// Number of lines shown.
    public var lineCount: Int { lines.count }
}

/// Everything a layout depends on: equal keys give equal layouts.
public struct PangoBlockKey: Hashable, Sendable {
    /// The styled text.
    public var spans: [StyledSpan]
    /// The text style (size and weight).
    public var style: FontStyle
    /// Wrapping width in points.
    public var maxWidth: Double
    /// Line box height as a multiple of the font's line height.
    public var lineSpacing: Double
    /// Most lines shown.
    public var maxLines: Int
    /// Device pixels per point (display scale × text scale).
    public var scale: Double
    /// BCP 47 language of the text (picks CJK glyph variants), nil for the engine's default.
    public var language: String?
}

/// One line's box, in points from the block's top.
public struct PangoLine: Hashable, Sendable {
    /// Top of the line box.
    public let top: Double
    /// Height of the line box.
    public let height: Double
    /// UTF-8 offset of the line's first byte in `PangoBlock.text`.
    public let start: Int
    /// UTF-8 length of the line's text.
    public let length: Int
}

/// The hit rectangles of one link span.
public struct PangoLinkRects: Hashable, Sendable {
    /// The span's `link` value.
    public let link: Int
    /// Rectangles in points, one per line piece, in line order.
    public let rects: [Rect]
}

/// A caret position: a UTF-8 offset into the text and where the caret stands there.
public struct PangoCaretStop: Hashable, Sendable {
    /// UTF-8 offset in `PangoBlock.text`.
    public let offset: Int
    /// The caret's x in points from the block's left edge (the strong caret).
    public let x: Double
}
