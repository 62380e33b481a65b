import Imaging

/// The avatar of an author whose picture is not in the source (archives never hold other people's):
/// their initials in white on a disc whose colour comes from their handle, so one person has one
/// colour everywhere and on every launch.
public enum GeneratedAvatar {
    /// Twelve colours around the hue circle (Material 700–800 shades), each at least 4.5:1 against
    /// white text, so the initials read the same in every theme, light or dark.
    public static let palette: [RGBA] = [
        RGBA(0xD3, 0x2F, 0x2F), RGBA(0xC2, 0x18, 0x5B), RGBA(0x8E, 0x24, 0xAA), RGBA(0x5E, 0x35, 0xB1),
        RGBA(0x3F, 0x51, 0xB5), RGBA(0x19, 0x76, 0xD2), RGBA(0x02, 0x77, 0xBD), RGBA(0x00, 0x83, 0x8F),
        RGBA(0x00, 0x79, 0x6B), RGBA(0x2E, 0x7D, 0x32), RGBA(0xBF, 0x36, 0x0C), RGBA(0x6D, 0x4C, 0x41),
    ]

    /// The colour of the initials.
    public static let textColor = RGBA.white

    /// The disc's colour for an author: FNV-1a (32 bits) of the lowercased handle's UTF-8 (the
    /// name's when the handle is empty), modulo the palette's size.
    public static func color(name: String = "", handle: String) -> RGBA {
        let key = (handle.isEmpty ? name : handle).lowercased()
        return palette[Int(fnv1a(key.utf8) % UInt32(palette.count))]
    }

    /// The 32-bit FNV-1a hash of `bytes` (offset basis 2166136261, prime 16777619).
    public static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    /// What the disc shows, uppercased: the first letters of the name's first and last words that
    /// begin with a letter or digit ("Ada Lovelace" → "AL"; one letter for a one-word name, and for
    /// Chinese, Japanese, Korean and right-to-left names); else an emoji the name begins with
    /// ("🦊" → "🦊"); else the handle's first letter or digit ("_ada" → "A"); else "?".
    public static func initials(name: String, handle: String) -> String {
        // The first 2,000 characters only: a name may be 50 MB.
        let words = name.prefix(2_000).split(whereSeparator: { $0.isWhitespace }).compactMap { $0.first }.filter(isInitial)
        if let first = words.first {
            guard let last = words.dropFirst().last, !isSingleInitialScript(first), !isSingleInitialScript(last) else {
                return upper(first)
            }
            return upper(first) + upper(last)
        }
        if let first = name.first(where: { !$0.isWhitespace }), UnicodeClassification.isEmoji(first) {
            return String(first)
        }
        if let first = handle.first(where: isInitial) { return upper(first) }
        return "?"
    }

    /// True for a grapheme that can start initials: a letter or a digit (not punctuation, symbols or emoji).
    static func isInitial(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first, !UnicodeClassification.isEmoji(c) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }

    /// True for scripts whose names are not abbreviated to two initials here: CJK (a name is written
    /// without spaces, family name first) and right-to-left scripts (Arabic letters would join).
    static func isSingleInitialScript(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        return UnicodeClassification.isCJK(scalar) || UnicodeClassification.isRightToLeft(scalar)
    }

    /// The grapheme in upper case when that is one grapheme ("ß" stays "ß" rather than "SS").
    static func upper(_ c: Character) -> String {
        let up = c.uppercased()
        return up.count == 1 ? up : String(c)
    }

    /// Appends `author`'s generated avatar filling the square `frame` (window points): the disc,
    /// then the initials centred in the largest of a1, b1 or b2 that fits within ¾ of the diameter
    /// (an emoji the fonts lack gives way to the handle's initial).
    public static func draw(_ author: Author, in frame: Rect, measurer: some TextMeasuring,
                            into commands: inout [DrawCommand]) {
        commands.append(.roundedFill(frame, radius: frame.width / 2, color(name: author.name, handle: author.handle)))
        var text = initials(name: author.name, handle: author.handle)
        // An emoji the fonts cannot draw would leave the disc empty: the handle's initial instead.
        if let first = text.first, UnicodeClassification.isEmoji(first),
           let scalar = first.unicodeScalars.first, measurer.face(for: scalar, style: .a1) != .emoji {
            text = initials(name: "", handle: author.handle)
        }
        var chosen: (FontStyle, TextBlock)?
        for style in [FontStyle.a1, .b1, .b2] {
            let block = TextLayout.layout([StyledSpan(Substring(text), textColor)], style: style, maxWidth: frame.width,
                                          maxLines: 1, measurer: measurer)
            chosen = (style, block)
            if block.size.width <= frame.width * 0.75 { break }
        }
        guard let (style, block) = chosen, !block.lines.isEmpty else { return }
        let origin = Point(x: (frame.midX - block.size.width / 2).rounded(),
                           y: (frame.midY - block.size.height / 2).rounded())
        commands.append(.text(block, at: origin, key: "avatar:\(style.rawValue):\(text)"))
    }
}
