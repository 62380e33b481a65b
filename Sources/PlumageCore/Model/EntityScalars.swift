/// The character classes of entity detection, after twitter-text's: what a hashtag, a handle, a host
/// label, a path and a query may hold.
enum EntityScalars {
    /// `A`–`Z`, `a`–`z`, `0`–`9`.
    static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return (v >= 0x30 && v <= 0x39) || (v | 0x20 >= 0x61 && v | 0x20 <= 0x7A)
    }

    /// ASCII letters, digits and `_`: what a Twitter handle is made of.
    static func isHandleScalar(_ c: Unicode.Scalar) -> Bool {
        isASCIIAlphanumeric(c) || c == "_"
    }

    /// True when `c` is one of the ASCII characters of `set`.
    static func isOneOf(_ c: Unicode.Scalar, _ set: StaticString) -> Bool {
        guard c.isASCII else { return false }
        return set.withUTF8Buffer { $0.contains(UInt8(c.value)) }
    }

    /// A letter or a mark of any script; variation selectors and the keycap mark are not (they end a tag).
    static func isLetterOrMark(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIIAlphanumeric(c) && c.value > 0x39 }
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            return true
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return !(0xFE00...0xFE0F).contains(c.value) && c.value != 0x20E3
        default:
            return false
        }
    }

    /// What a hashtag may hold besides joiners: letters, marks, decimal digits of any script, `_`, and
    /// the word-internal punctuation of some scripts (middle dot, Hebrew geresh, gershayim and maqaf,
    /// Japanese ditto, sound marks, double hyphen and middle dot, wave dash, full-width tilde,
    /// Tibetan tsheg, Cyrillic kavyka).
    static func isHashtagScalar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isHandleScalar(c) }
        if isLetterOrMark(c) || c.properties.generalCategory == .decimalNumber { return true }
        switch c.value {
        case 0x00B7, 0x05BE, 0x05F3, 0x05F4, 0x0F0B, 0x0F0C, 0x3003, 0x301C, 0x309B, 0x309C, 0x30A0, 0x30FB,
            0xA67E, 0xFF5E:
            return true
        default:
            return false
        }
    }

    /// Zero-width non-joiner and joiner: part of a hashtag between two of its characters (Persian, Sinhala).
    static func isJoiner(_ c: Unicode.Scalar) -> Bool { c == "\u{200C}" || c == "\u{200D}" }

    /// Latin letters with diacritics and combining diacritics, which handles may not be followed by
    /// and scheme-less hosts and paths may hold.
    static func isLatinAccent(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25B, 0x263, 0x268, 0x26F,
            0x272, 0x289, 0x28B, 0x2BB, 0x300...0x36F, 0x1E00...0x1EFF:
            return true
        default:
            return false
        }
    }

    /// Noncharacters and the byte-order mark: nothing may be next to a link through them.
    static func isInvalid(_ c: Unicode.Scalar) -> Bool {
        c.value == 0xFFFE || c.value == 0xFEFF || c.value == 0xFFFF
    }

    /// Characters of a host label given with a scheme: anything but ASCII punctuation, spaces,
    /// controls, invalid characters and direction marks (so Unicode labels work); `-` and `_` too,
    /// which the label rules then restrict to its middle.
    static func isHostScalar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isHandleScalar(c) || c == "-" }
        switch c.value {
        case 0x80...0x9F, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
            0x200E, 0x200F, 0x202A...0x202E, 0x061C, 0x2066...0x2069:
            return false
        default:
            return !isInvalid(c) && !c.properties.isWhitespace
        }
    }

    /// Characters of a host label written without a scheme: ASCII letters, digits, `-`, `_` and
    /// Latin letters with diacritics (twitter-text links no other script without a scheme).
    static func isPlainHostScalar(_ c: Unicode.Scalar) -> Bool {
        c.isASCII ? isHandleScalar(c) || c == "-" : isLatinAccent(c)
    }

    /// Characters a path may hold: Latin and Cyrillic letters, digits and `!*';:=+,.$/%#[]-–_~@|&`.
    static func isPathScalar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIIAlphanumeric(c) || isOneOf(c, "!*';:=+,.$/%#[]-_~@|&") }
        return c == "\u{2013}" || isLatinAccent(c) || (0x400...0x4FF).contains(c.value)
    }

    /// Characters a path may end with (trailing punctuation and apostrophes are left out).
    static func isPathEndScalar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIIAlphanumeric(c) || isOneOf(c, "+-=_#/") }
        return isLatinAccent(c) || (0x400...0x4FF).contains(c.value)
    }

    /// Characters a query may hold.
    static func isQueryScalar(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (isASCIIAlphanumeric(c) || isOneOf(c, "!?*'@();:&=+$/%#[]-_.,~|"))
    }

    /// Characters a query may end with.
    static func isQueryEndScalar(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (isASCIIAlphanumeric(c) || isOneOf(c, "-_&=#/"))
    }
}
