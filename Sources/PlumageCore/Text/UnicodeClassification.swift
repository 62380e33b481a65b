/// Unicode classification that text layout needs and the standard library does not spell out: emoji
/// presentation, scripts that break between characters (CJK), and strong bidi direction.
public enum UnicodeClassification {
    /// True when a grapheme cluster should be drawn with the colour emoji font: an emoji-presentation
    /// scalar, a variation selector 16, a ZWJ sequence or a skin-tone modifier, or a flag.
    public static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        // Fast path: a lone scalar below U+231A (the first emoji-presentation one) is never drawn as emoji.
        if first.value < 0x231A && scalars.index(after: scalars.startIndex) == scalars.endIndex { return false }
        if first.properties.isEmojiPresentation { return true }
        if scalars.count > 1 {
            return scalars.contains { $0.value == 0xFE0F || $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) }
                && first.properties.isEmoji
        }
        return (0x1F1E6...0x1F1FF).contains(first.value)
    }

    /// True for Han, kana, Hangul, CJK punctuation and full-width forms: scripts that break between characters.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3130...0x318F,
             0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
             0xFF00...0xFFEF, 0x20000...0x2FA1F:
            true
        default:
            false
        }
    }

    /// True for right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms).
    public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// The direction a strong character sets (true = RTL), or nil for neutrals (spaces, digits, punctuation).
    public static func strongDirection(_ scalar: Unicode.Scalar) -> Bool? {
        if scalar.value < 0x80 {
            let v = scalar.value | 0x20
            return v >= 0x61 && v <= 0x7A ? false : nil
        }
        if isRightToLeft(scalar) { return true }
        return scalar.properties.isAlphabetic ? false : nil
    }
}
