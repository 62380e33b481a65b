internal import CLibXML2

/// HTML character references: `&amp;`, `&#233;`, `&#x1F600;` and the named ones of libxml2's table.
enum HTMLCharacterReference {
    /// The character a named reference (`eacute`, case-sensitive, as UTF-8) stands for: libxml2's
    /// table of the HTML 4 entities, plus `apos` (XHTML, HTML5); nil for an unknown name.
    private static func namedCharacter(utf8 name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        if name.elementsEqual("apos".utf8) { return "'" }
        guard let entity = htmlEntityLookup(Array(name) + [0]) else { return nil }
        return Unicode.Scalar(entity.pointee.value)
    }

    /// Decodes the reference starting with `&` at byte `i` of UTF-8 `s`; returns its character and
    /// the offset after it, or nil (the `&` is text) for a bare `&`, an unknown name, a missing `;`
    /// or an invalid code point.
    static func decode(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, next: Int)? {
        var j = i + 1
        while j < s.count, j - i <= 32, isNameByte(s[j]) { j += 1 }
        guard j < s.count, s[j] == UInt8(ascii: ";"), j > i + 1 else { return nil }
        let name = Array(s[(i + 1)..<j])[...]
        if let scalar = namedCharacter(utf8: name) { return (scalar, j + 1) }
        guard name.first == UInt8(ascii: "#") else { return nil }
        let digits = name.dropFirst()
        let hex = digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X")
        let text = String(decoding: hex ? digits.dropFirst() : digits, as: UTF8.self)
        guard let value = UInt32(text, radix: hex ? 16 : 10), value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, j + 1)
    }

    /// ASCII letters, digits and `#`: what a reference's name is scanned over.
    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "#")
    }

    /// The UTF-8 bytes `s` as a string with every reference decoded (attribute values).
    static func decoded(_ s: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        guard s[range].contains(UInt8(ascii: "&")) else { return String(decoding: s[range], as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            if s[i] == UInt8(ascii: "&"), let (scalar, next) = decode(s, at: i), next <= range.upperBound {
                out.append(contentsOf: UTF8.encode(scalar)!)
                i = next
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
