internal import CSDL2TTF
import PlumageCore

/// What a frame's text drew, for `snapshot --report`: how many characters came out as boxes (no
/// font of the run has a glyph for them), which ones, and which font families drew text.
public struct TextReport: Hashable, Sendable {
    /// Characters drawn as boxes, counting each occurrence.
    public var missingGlyphs: Int
    /// The distinct characters drawn as boxes, as "U+98DF", in code point order.
    public var missing: [String]
    /// The font families that drew text, in alphabetical order.
    public var fonts: [String]

    /// The report as one JSON object: `{"missing_glyphs": N, "missing": […], "fonts": […]}`.
    public var json: String {
        func quoted(_ value: String) -> String {
            var out = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default: scalar.value < 0x20 ? (out += "?") : out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        func list(_ values: [String]) -> String { "[" + values.map(quoted).joined(separator: ", ") + "]" }
        return "{\"missing_glyphs\": \(missingGlyphs), \"missing\": \(list(missing)), \"fonts\": \(list(fonts))}"
    }
}

extension TextMeasurer {
    /// The report of `frame`'s text: a character is missing when the font of its run has no glyph
    /// for it (SDL_ttf then draws its .notdef box). Characters that draw nothing (white space,
    /// controls, default-ignorable ones such as ZWJ and variation selectors) are never counted.
    public func report(_ frame: Frame) -> TextReport {
        var count = 0
        var missing: Set<UInt32> = []
        var families: Set<String> = []
        for case let .text(block, _, _) in frame.commands {
            for line in block.lines {
                for run in line.runs {
                    guard let font = run.face == .emoji ? fonts.emoji() : fonts.font(run.face, .regular, pixelSize: 16)
                    else { continue }
                    var drew = false
                    for scalar in run.text.unicodeScalars where Self.draws(scalar) {
                        drew = true
                        if TTF_GlyphIsProvided32(font, scalar.value) == 0 {
                            count += 1
                            missing.insert(scalar.value)
                        }
                    }
                    if drew, let name = TTF_FontFaceFamilyName(font) { families.insert(String(cString: name)) }
                }
            }
        }
        let names = missing.sorted().map { v in
            let hex = String(v, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return TextReport(missingGlyphs: count, missing: names, fonts: families.sorted())
    }

    /// True for characters that draw a glyph (not white space, controls or default-ignorables).
    static func draws(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        return !p.isWhitespace && !p.isDefaultIgnorableCodePoint && p.generalCategory != .control
            && p.generalCategory != .format
    }
}
