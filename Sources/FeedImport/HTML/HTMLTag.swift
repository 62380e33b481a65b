/// One tag of `HTMLText`'s input: its lowercased name (`!--` for a comment), whether it closes or
/// closes itself, and its attributes.
struct HTMLTag {
    /// Lowercased tag name, `!--` for a comment.
    private(set) var name = ""
    /// True for a closing tag (`</name>`).
    private(set) var isClosing = false
    /// True when the tag ends with `/>`.
    private(set) var selfCloses = false
    /// Attributes in order: lowercased name and value (references decoded; empty when the
    /// attribute has no value).
    private(set) var attributes: [(name: String, value: String)] = []
    /// Offset just past the tag.
    private(set) var end = 0

    /// Reads the tag at `<` offset `i`; nil when it is not a tag (a lone `<`, or one with no `>`
    /// outside quotes before the end, is text).
    init?(_ s: [Unicode.Scalar], at i: Int) {
        var j = i + 1
        if j < s.count, s[j] == "/" { isClosing = true; j += 1 }
        if j + 2 < s.count, s[j] == "!", s[j + 1] == "-", s[j + 2] == "-" {
            name = "!--"; end = j + 3
            return
        }
        let nameStart = j
        while j < s.count, s[j].isASCII, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) { j += 1 }
        guard j > nameStart else { return nil }
        name = String(String.UnicodeScalarView(s[nameStart..<j].map(Self.lower)))
        let attributesStart = j
        var quote: Unicode.Scalar?
        while j < s.count {
            if let q = quote {
                if s[j] == q { quote = nil }
            } else if s[j] == "\"" || s[j] == "'" {
                quote = s[j]
            } else if s[j] == ">" {
                break
            }
            j += 1
        }
        guard j < s.count else { return nil }
        end = j + 1
        selfCloses = j > attributesStart && s[j - 1] == "/"
        if !isClosing { attributes = Self.attributes(s[attributesStart..<j]) }
    }

    /// The value of attribute `name` (lowercase), or nil when the tag has none.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The words of the `class` attribute.
    var classes: [String] {
        (attribute("class") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    /// `A`–`Z` lowercased, other scalars unchanged.
    static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(c) ? Unicode.Scalar(UInt8(c.value + 32)) : c
    }

    /// Parses `name`, `name=value`, `name="value"` and `name='value'` pairs.
    private static func attributes(_ s: ArraySlice<Unicode.Scalar>) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var i = s.startIndex
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
        while i < s.endIndex {
            while i < s.endIndex, isSpace(s[i]) || s[i] == "/" { i += 1 }
            let nameStart = i
            while i < s.endIndex, !isSpace(s[i]), s[i] != "=", s[i] != "/" || i == nameStart { i += 1 }
            guard i > nameStart else {
                i += 1  // a stray `=`
                continue
            }
            let name = String(String.UnicodeScalarView(s[nameStart..<i].map(lower)))
            while i < s.endIndex, isSpace(s[i]) { i += 1 }
            guard i < s.endIndex, s[i] == "=" else {
                result.append((name, ""))
                continue
            }
            i += 1
            while i < s.endIndex, isSpace(s[i]) { i += 1 }
            var value: ArraySlice<Unicode.Scalar>
            if i < s.endIndex, s[i] == "\"" || s[i] == "'" {
                let q = s[i]
                let valueStart = i + 1
                i = valueStart
                while i < s.endIndex, s[i] != q { i += 1 }
                value = s[valueStart..<i]
                if i < s.endIndex { i += 1 }
            } else {
                let valueStart = i
                while i < s.endIndex, !isSpace(s[i]) { i += 1 }
                value = s[valueStart..<i]
            }
            result.append((name, HTMLCharacterReference.decoded(value)))
        }
        return result
    }
}
