import PlumageCore

/// A `TextMeasuring` fake with fixed advances, so layout numbers in tests are exact:
/// Latin and other text `advance` points per scalar, CJK twice that, each emoji 2.5×,
/// line height `lineHeight` points for every style.
public struct MonospaceMeasurer: TextMeasuring {
    /// Advance of one scalar of Latin and other text, in points (CJK twice this, each emoji 2.5×).
    public var advance: Double
    /// Line height in points, the same for every style.
    public var lineHeight: Double
    /// Creates a fake with the given advance and line height.
    public init(advance: Double = 10, lineHeight: Double = 20) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    /// `.cjk` for CJK scalars, `.fallback` for right-to-left ones, else `.text`; never `.emoji`.
    public func face(for scalar: Unicode.Scalar, style: FontStyle) -> FontFace {
        if UnicodeClassification.isCJK(scalar) { return .cjk }
        if UnicodeClassification.isRightToLeft(scalar) { return .fallback }
        return .text
    }

    /// `advance` points per scalar, twice that for CJK, 2.5× per emoji grapheme (see `TextMeasuring`).
    public func width(of text: Substring, face: FontFace, style: FontStyle) -> Double {
        switch face {
        case .emoji: Double(text.count) * advance * 2.5
        case .cjk: Double(text.unicodeScalars.count) * advance * 2
        case .text, .fallback: Double(text.unicodeScalars.count) * advance
        }
    }

    /// The fixed `lineHeight` in points, whatever the style (see `TextMeasuring`).
    public func lineHeight(_ style: FontStyle) -> Double { lineHeight }
}
