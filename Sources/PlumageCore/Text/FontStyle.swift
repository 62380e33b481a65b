/// The text styles of the design system (seed 003's five, and a large one for a post read on its
/// own): the only way text gets a font.
public enum FontStyle: String, Hashable, Sendable, CaseIterable {
    /// Regular 21 pt: the post on top of its details screen.
    case l1
    /// Medium 17 pt: display names, bar title.
    case a1
    /// Regular 17 pt: body text of a tweet.
    case a2
    /// Regular 14 pt: handles, secondary lines.
    case b1
    /// Regular 11 pt: dates, captions.
    case b2
    /// Medium 10 pt: badges, overlay labels.
    case b3

    /// Size in points before HiDPI and text-size scaling.
    public var points: Double {
        switch self {
        case .l1: 21
        case .a1, .a2: 17
        case .b1: 14
        case .b2: 11
        case .b3: 10
        }
    }
    /// Weight of the text face.
    public var weight: FontWeight {
        switch self {
        case .a1, .b3: .medium
        case .l1, .a2, .b1, .b2: .regular
        }
    }
}

/// Weight of the text face.
public enum FontWeight: String, Hashable, Sendable {
    case regular, medium
}

/// Which font file draws a run: SDL_ttf has no fallback, so text is split into runs by glyph coverage.
public enum FontFace: String, Hashable, Sendable, CaseIterable {
    /// The main text face (Inter).
    case text
    /// Wide-coverage fallback for scripts and symbols the text face lacks (DejaVu Sans: Hebrew, Arabic…).
    case fallback
    /// Colour emoji (Noto Color Emoji), scaled to the line height.
    case emoji
    /// Chinese, Japanese and Korean (Noto Sans CJK subset).
    case cjk
}

/// Measures and lays out text; implemented with SDL_ttf in SDLPlatform and as a monospace fake in
/// tests. All results are in window points at the measurer's current scale. Every layout of the core
/// goes through `layout` (`TextLayout.layout` forwards to it): by default the core's own greedy
/// layout over the widths below; a platform whose text stack lays out whole paragraphs (issue 20:
/// Pango) implements it instead.
public protocol TextMeasuring {
    /// The face that should draw `scalar` in `style` (emoji first, then text, CJK, fallback).
    func face(for scalar: Unicode.Scalar, style: FontStyle) -> FontFace
    /// The advance width of `text`, drawn in one face and style, in points.
    func width(of text: Substring, face: FontFace, style: FontStyle) -> Double
    /// Distance between baselines of consecutive lines, in points (before extra line spacing).
    func lineHeight(_ style: FontStyle) -> Double
    /// `spans` laid out in `style` within `maxWidth` points, lines `lineSpacing` apart, at most
    /// `maxLines` of them, the last ending in "…" when text is left over (see `TextLayout.layout`).
    func layout(_ spans: [StyledSpan], style: FontStyle, maxWidth: Double, lineSpacing: Double, maxLines: Int)
        -> TextBlock
}

extension TextMeasuring {
    /// The core's own greedy layout over this measurer's widths (`TextLayout.measuredLayout`).
    public func layout(_ spans: [StyledSpan], style: FontStyle, maxWidth: Double, lineSpacing: Double, maxLines: Int)
        -> TextBlock
    {
        TextLayout.measuredLayout(spans, style: style, maxWidth: maxWidth, lineSpacing: lineSpacing, maxLines: maxLines,
                                  measurer: self)
    }
}
