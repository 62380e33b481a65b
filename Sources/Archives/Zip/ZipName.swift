/// Member names as zip tools store them: UTF-8 (flagged, or simply valid), else IBM code page 437.
enum ZipName {
    /// Code page 437's characters for bytes 0x80…0xFF.
    private static let cp437High = Array(
        ("ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓"
            + "╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}").unicodeScalars)

    /// The name `bytes` spell. Valid UTF-8 is taken as UTF-8 even without the flag (most tools omit
    /// it); invalid UTF-8 with the flag keeps its replacement characters, which then match no file.
    static func decode(_ bytes: ArraySlice<UInt8>, utf8Flag: Bool) -> String {
        if let name = String(validating: bytes, as: UTF8.self) { return name }
        if utf8Flag { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            scalars.append(byte < 0x80 ? Unicode.Scalar(byte) : cp437High[Int(byte) - 0x80])
        }
        return String(scalars)
    }
}
