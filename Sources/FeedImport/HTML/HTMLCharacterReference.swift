internal import CLibXML2

/// HTML character references: `&amp;`, `&#233;`, `&#x1F600;` and the named ones of libxml2's table.
enum HTMLCharacterReference {
    /// The character a named reference (`eacute`, case-sensitive) stands for: libxml2's table of
    /// the HTML 4 entities, plus `apos` (XHTML, HTML5); nil for an unknown name.
    static func namedCharacter(_ name: String) -> Unicode.Scalar? {
        if name == "apos" { return "'" }
        guard let entity = htmlEntityLookup(Array(name.utf8) + [0]) else { return nil }
        return Unicode.Scalar(entity.pointee.value)
    }

    /// Decodes the reference starting with `&` at `i`; returns its scalars and the offset after it.
    /// A bare `&`, an unknown name, a missing `;` or an invalid code point leave `&` as text.
    static func decode(_ s: [Unicode.Scalar], at i: Int) -> ([Unicode.Scalar], Int) {
        var j = i + 1
        while j < s.count, j - i <= 32, s[j] != ";", s[j].properties.isAlphabetic || s[j] == "#" || s[j].properties.numericType != nil {
            j += 1
        }
        guard j < s.count, s[j] == ";" else { return (["&"], i + 1) }
        let name = String(String.UnicodeScalarView(s[(i + 1)..<j]))
        if let scalar = namedCharacter(name) { return ([scalar], j + 1) }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            if let value, let scalar = Unicode.Scalar(value), value != 0 { return ([scalar], j + 1) }
        }
        return (["&"], i + 1)
    }

    /// `s` with every reference decoded (attribute values).
    static func decoded(_ s: some Collection<Unicode.Scalar>) -> String {
        let scalars = Array(s)
        guard scalars.contains("&") else { return String(String.UnicodeScalarView(scalars)) }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if scalars[i] == "&" {
                let (decoded, next) = decode(scalars, at: i)
                out.append(contentsOf: decoded)
                i = next
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }
}
