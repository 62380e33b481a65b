/// One tag of `HTMLText`'s UTF-8 input: its lowercased name (`!--` for a comment), whether it
/// closes or closes itself, and where its attributes are.
struct HTMLTag {
    /// Lowercased tag name, `!--` for a comment.
    private(set) var name = ""
    /// True for a closing tag (`</name>`).
    private(set) var isClosing = false
    /// True when the tag ends with `/>`.
    private(set) var selfCloses = false
    /// Byte range of the text between the name and `>`.
    private(set) var attributeBytes = 0..<0
    /// Offset just past the tag.
    private(set) var end = 0

    /// Reads the tag at `<` offset `i` of `s`; nil when it is not a tag (a `<` not followed by a
    /// letter, a digit, `/` or `!--` is text). A quote starts a quoted value only after `=` (as in
    /// HTML5, `<b it's>` is a tag). Sets `reachedEnd` and returns nil when no `>` outside a quoted
    /// value follows: then no later `<` can start a tag either, which keeps malformed input linear.
    init?(_ s: UnsafeBufferPointer<UInt8>, at i: Int, reachedEnd: inout Bool) {
        var j = i + 1
        if j < s.count, s[j] == UInt8(ascii: "/") { isClosing = true; j += 1 }
        if j + 2 < s.count, s[j] == UInt8(ascii: "!"), s[j + 1] == UInt8(ascii: "-"), s[j + 2] == UInt8(ascii: "-") {
            name = "!--"; end = j + 3
            return
        }
        let nameStart = j
        while j < s.count, Self.isAlphanumeric(s[j]) { j += 1 }
        guard j > nameStart else { return nil }
        name = String(decoding: s[nameStart..<j].map(Self.lower), as: UTF8.self)
        let attributesStart = j
        var quote: UInt8?
        var last: UInt8 = 0  // the last byte that is not whitespace, outside quoted values
        while j < s.count {
            let b = s[j]
            if let q = quote {
                if b == q { quote = nil }
            } else if (b == UInt8(ascii: "\"") || b == UInt8(ascii: "'")) && last == UInt8(ascii: "=") {
                quote = b
            } else if b == UInt8(ascii: ">") {
                break
            } else if !HTMLTextWriter.isSpace(b) {
                last = b
            }
            j += 1
        }
        guard j < s.count else {
            reachedEnd = true
            return nil
        }
        end = j + 1
        selfCloses = j > attributesStart && s[j - 1] == UInt8(ascii: "/")
        attributeBytes = attributesStart..<j
    }

    /// `A`–`Z` lowercased, other bytes unchanged.
    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }

    /// ASCII letters and digits.
    static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    /// The values of the attributes named in `wanted` (lowercase), references decoded (empty for an
    /// attribute without a value; the first of repeated ones wins). Parses `name`, `name=value`,
    /// `name="value"` and `name='value'`.
    func attributes(_ wanted: [String], in s: UnsafeBufferPointer<UInt8>) -> [String: String] {
        var found: [String: String] = [:]
        var i = attributeBytes.lowerBound
        let end = attributeBytes.upperBound
        let isSpace = HTMLTextWriter.isSpace
        while i < end {
            while i < end, isSpace(s[i]) || s[i] == UInt8(ascii: "/") { i += 1 }
            let nameStart = i
            while i < end, !isSpace(s[i]), s[i] != UInt8(ascii: "="), s[i] != UInt8(ascii: "/") { i += 1 }
            guard i > nameStart else {
                i += 1  // a stray `=`
                continue
            }
            let name = String(decoding: s[nameStart..<i].map(Self.lower), as: UTF8.self)
            while i < end, isSpace(s[i]) { i += 1 }
            var value = i..<i
            if i < end, s[i] == UInt8(ascii: "=") {
                i += 1
                while i < end, isSpace(s[i]) { i += 1 }
                if i < end, s[i] == UInt8(ascii: "\"") || s[i] == UInt8(ascii: "'") {
                    let q = s[i]
                    let valueStart = i + 1
                    i = valueStart
                    while i < end, s[i] != q { i += 1 }
                    value = valueStart..<i
                    if i < end { i += 1 }
                } else {
                    let valueStart = i
                    while i < end, !isSpace(s[i]) { i += 1 }
                    value = valueStart..<i
                }
            }
            if wanted.contains(name), found[name] == nil { found[name] = HTMLCharacterReference.decoded(s, value) }
        }
        return found
    }
}
