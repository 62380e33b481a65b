import Imaging

/// Named colours read from a palette file in the seed-003 format.
///
/// Format, one entry per line:
///
///     # Comments start with "#" followed by a space, a tab, another "#", or the line end.
///     #FDA676 apricot
///     #FFFFFF33 hairline      # optional alpha as #RRGGBBAA; trailing text after " #" is a comment
///
/// Rules, applied to each line after trimming surrounding whitespace:
/// - an empty line is skipped;
/// - a line that is `#` alone, or starts with `# `, `#<tab>` or `##`, is a comment;
/// - every other line is an entry: a colour token of exactly `#` and 6 or 8 hex digits (either
///   case), whitespace, then a name matching `[A-Za-z][A-Za-z0-9_-]*`, optionally followed by
///   whitespace and a comment starting with `#`.
/// Names are case-sensitive and unique within a file. So `#12345 ink` is an error, never a comment.
///
/// Example: `let p = try Palette(parsing: "#FDA676 apricot", file: "original.palette")`,
/// then `p["apricot"] == RGBA(253, 166, 118)`.
public struct Palette: Hashable, Sendable {
    /// Colour names in file order.
    public let names: [String]
    private let colors: [String: RGBA]

    /// Parses palette text; `file` names the source in error messages ("FILE:LINE: reason").
    public init(parsing text: String, file: String) throws(StyleError) {
        var names: [String] = []
        var colors: [String: RGBA] = [:]
        var firstLine: [String: Int] = [:]
        for (index, rawLine) in styleFileLines(text).enumerated() {
            let lineNumber = index + 1
            func fail(_ reason: String) -> StyleError { StyleError(file: file, line: lineNumber, reason: reason) }
            let line = styleTrimmed(rawLine)
            if line.isEmpty || Palette.isComment(line) { continue }
            let tokens = line.split(whereSeparator: \.isWhitespace)
            guard let color = Palette.color(hex: tokens[0]) else {
                throw fail("expected #RRGGBB, got \(tokens[0])")
            }
            guard tokens.count > 1, !tokens[1].hasPrefix("#") else { throw fail("missing colour name") }
            let name = String(tokens[1])
            guard Palette.isValidName(name) else {
                throw fail("invalid colour name '\(name)' (use a letter, then letters, digits, '_' or '-')")
            }
            if tokens.count > 2, !tokens[2].hasPrefix("#") {
                throw fail("unexpected text after colour name '\(name)': \(tokens[2])")
            }
            if let first = firstLine[name] {
                throw fail("duplicate colour name '\(name)' (first defined on line \(first))")
            }
            firstLine[name] = lineNumber
            names.append(name)
            colors[name] = color
        }
        self.names = names
        self.colors = colors
    }

    /// The colour called `name`, or nil when the palette has none by that name.
    public subscript(name: String) -> RGBA? { colors[name] }

    /// True for `#` alone and lines starting with `# `, `#<tab>` or `##`.
    private static func isComment(_ line: Substring) -> Bool {
        guard line.first == "#" else { return false }
        let rest = line.dropFirst()
        guard let next = rest.first else { return true }
        return next == " " || next == "\t" || next == "#"
    }

    /// Decodes `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    private static func color(hex token: Substring) -> RGBA? {
        guard token.first == "#" else { return nil }
        let digits = token.dropFirst().utf8.map(hexValue)
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var channels: [UInt8] = []
        var i = 0
        while i < digits.count {
            guard let hi = digits[i], let lo = digits[i + 1] else { return nil }
            channels.append(hi << 4 | lo)
            i += 2
        }
        return RGBA(channels[0], channels[1], channels[2], channels.count == 4 ? channels[3] : 255)
    }

    /// The value of one ASCII hex digit, or nil.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// True when `name` matches `[A-Za-z][A-Za-z0-9_-]*`.
    private static func isValidName(_ name: String) -> Bool {
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy {
            isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        }
    }
}

/// Splits a style file into lines on any line break ("\n", "\r\n", "\r"), keeping empty lines
/// so that line numbers in error messages match an editor's.
func styleFileLines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
}

/// `line` without leading and trailing whitespace.
func styleTrimmed(_ line: Substring) -> Substring {
    guard let start = line.firstIndex(where: { !$0.isWhitespace }),
        let end = line.lastIndex(where: { !$0.isWhitespace })
    else { return line[line.endIndex...] }
    return line[start...end]
}
