internal import CSDL2
internal import CSDL2TTF
import PlumageCore

/// `TextMeasuring` with SDL_ttf: widths are sums of cached fractional advances (no kerning), so laying
/// out thousands of items costs dictionary look-ups, not FreeType calls; main thread only.
public final class TextMeasurer: TextMeasuring {
    /// The fonts measured.
    let fonts: FontLibrary
    /// Device pixels per point (HiDPI).
    public private(set) var displayScale = 1.0
    /// The user's text size.
    public private(set) var textScale = 1.0
    /// Advance tables by font and pixel size, filled on demand.
    var tables: [AdvanceKey: AdvanceTable] = [:]
    /// The table used last: layout asks for the same font many times in a row.
    var lastTable: (key: AdvanceKey, table: AdvanceTable)?
    /// Face chosen per non-ASCII scalar value (cached result of `face(for:style:)`).
    var faces: [UInt32: FontFace] = [:]
    /// Face chosen per ASCII scalar; nil until first asked.
    var asciiFaces = [FontFace?](repeating: nil, count: 128)

    /// Advances of one font at one size, in pixels; ASCII in a flat array.
    final class AdvanceTable {
        /// Advances of ASCII scalars in pixels; negative means not measured yet.
        var ascii = [Double](repeating: -1, count: 128)
        /// Advances of other scalars in pixels, by scalar value.
        var other: [UInt32: Double] = [:]
    }

    /// Identifies one font at one size for advance tables.
    struct AdvanceKey: Hashable {
        /// The face.
        var face: FontFace
        /// The weight of the style.
        var weight: FontWeight
        /// Size in pixels at the current scales.
        var pixelSize: Int
    }

    /// Creates a measurer over a font library.
    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Sets the scales fonts are opened at; measurements change accordingly.
    public func configure(displayScale: Double, textScale: Double) {
        self.displayScale = displayScale
        self.textScale = textScale
    }

    /// Pixel size of a style at the current scales.
    func pixelSize(_ style: FontStyle) -> Int { Int((style.points * textScale * displayScale).rounded()) }

    /// Height of an emoji in pixels for a style: a little taller than the text's cap height.
    func emojiPixelHeight(_ style: FontStyle) -> Int { Int((Double(pixelSize(style)) * 1.15).rounded()) }

    /// The face that draws `scalar` (see `TextMeasuring`): by glyph coverage, cached, same for all styles.
    public func face(for scalar: Unicode.Scalar, style: FontStyle) -> FontFace {
        if scalar.value < 128, let f = asciiFaces[Int(scalar.value)] { return f }
        if let f = faces[scalar.value] { return f }
        let v = scalar.value
        var face = FontFace.text
        let size = 16
        if let text = fonts.font(.text, .regular, pixelSize: size), TTF_GlyphIsProvided32(text, v) != 0 {
            face = .text
        } else if let cjk = fonts.font(.cjk, .regular, pixelSize: size), UnicodeClassification.isCJK(scalar),
                  TTF_GlyphIsProvided32(cjk, v) != 0 {
            face = .cjk
        } else if let fallback = fonts.font(.fallback, .regular, pixelSize: size), TTF_GlyphIsProvided32(fallback, v) != 0 {
            face = .fallback
        } else if let cjk = fonts.font(.cjk, .regular, pixelSize: size), TTF_GlyphIsProvided32(cjk, v) != 0 {
            face = .cjk
        } else if let emoji = fonts.emoji(), TTF_GlyphIsProvided32(emoji, v) != 0 {
            face = .emoji
        }
        if v < 128 { asciiFaces[Int(v)] = face } else { faces[v] = face }
        return face
    }

    /// Advance width of `text` in points at the current scales, without kerning (see `TextMeasuring`).
    public func width(of text: Substring, face: FontFace, style: FontStyle) -> Double {
        if face == .emoji {
            // Every grapheme is one colour glyph of 136×128 px scaled to the emoji height.
            let w = Double(emojiPixelHeight(style)) * 136 / 128
            return Double(text.count) * w / displayScale
        }
        let key = AdvanceKey(face: face, weight: style.weight, pixelSize: pixelSize(style))
        let table: AdvanceTable
        if let last = lastTable, last.key == key {
            table = last.table
        } else {
            table = tables[key] ?? AdvanceTable()
            tables[key] = table
            lastTable = (key, table)
        }
        var total = 0.0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 128 {
                var a = table.ascii[Int(v)]
                if a < 0 {
                    a = advance(of: scalar, face: face, weight: style.weight, pixelSize: key.pixelSize)
                    table.ascii[Int(v)] = a
                }
                total += a
            } else if let a = table.other[v] {
                total += a
            } else {
                let a = advance(of: scalar, face: face, weight: style.weight, pixelSize: key.pixelSize)
                table.other[v] = a
                total += a
            }
        }
        return total / displayScale
    }

    /// The fractional advance of one scalar in pixels, measured as (W(" c" × 10) − W(" " × 10)) / 10:
    /// `TTF_GlyphMetrics32` rounds each advance up (sums overshoot HarfBuzz's layout by ~½ px a
    /// glyph), and ten copies in a row would pick up kerning or contextual alternates between
    /// identical glyphs ("//"); spaces in between have neither.
    func advance(of scalar: Unicode.Scalar, face: FontFace, weight: FontWeight, pixelSize: Int) -> Double {
        guard let font = fonts.font(face, weight, pixelSize: pixelSize) else { return 0 }
        func width(_ s: String) -> Int32? {
            var w: Int32 = 0, h: Int32 = 0
            guard TTF_SizeUTF8(font, s, &w, &h) == 0 else { SDL_ClearError(); return nil }
            return w
        }
        let spaces = String(repeating: " ", count: 10)
        if scalar == " " { return Double(width(spaces) ?? 0) / 10 }
        let c = String(Character(scalar))
        guard let both = width(String(repeating: " " + c, count: 10)), let gaps = width(spaces) else { return 0 }
        return max(0, Double(both - gaps) / 10)
    }

    /// The text face's line skip in points at the current scales (see `TextMeasuring`).
    public func lineHeight(_ style: FontStyle) -> Double {
        guard let font = fonts.font(.text, style.weight, pixelSize: pixelSize(style)) else {
            return style.points * textScale * 1.25
        }
        return Double(TTF_FontLineSkip(font)) / displayScale
    }
}
