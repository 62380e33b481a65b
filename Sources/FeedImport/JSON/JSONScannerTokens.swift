import Glibc

/// The token readers of `JSONScanner`: whitespace, keys, literals, numbers, strings and escapes,
/// and the error positions.
extension JSONScanner {
    /// Reads `"key" :` inside an object.
    mutating func key() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard pos < b.count, b[pos] == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let k = try string()
        try colon()
        return k
    }

    /// Moves past the `:` after a key (and the whitespace before it).
    mutating func colon() throws(JSONSyntaxError) {
        skipWhitespace()
        guard pos < b.count, b[pos] == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
        pos += 1
    }

    /// Moves past one complete value, checking its syntax without building it (skipped strings
    /// are not checked for valid UTF-8); iterative, like `document()`.
    mutating func skipValue() throws(JSONSyntaxError) {
        var open: [Bool] = []  // true for an object, innermost last
        while true {
            skipWhitespace()
            guard pos < b.count else { throw error("unexpected end of input, expected a value") }
            switch b[pos] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let opensObject = b[pos] == UInt8(ascii: "{")
                guard open.count < JSONParser.maxDepth else { throw error("nesting deeper than \(JSONParser.maxDepth) levels") }
                pos += 1
                skipWhitespace()
                if pos < b.count, b[pos] == (opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                } else {
                    open.append(opensObject)
                    if opensObject { try skipKey() }
                    continue
                }
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
            default: throw error("unexpected \(describe(pos)), expected a value")
            }
            while true {
                skipWhitespace()
                guard let inObject = open.last else { return }
                let next: UInt8? = pos < b.count ? b[pos] : nil
                if next == UInt8(ascii: ",") {
                    pos += 1
                    if inObject { try skipKey() }
                    break
                }
                if inObject {
                    guard next == UInt8(ascii: "}") else { throw error("expected ',' or '}' after object member") }
                } else {
                    guard next == UInt8(ascii: "]") else { throw error("expected ',' or ']' after array element") }
                }
                pos += 1
                open.removeLast()
            }
        }
    }

    /// Moves past `"key" :` without building the key.
    private mutating func skipKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard pos < b.count, b[pos] == UInt8(ascii: "\"") else { throw error("expected a string key") }
        try skipString()
        try colon()
    }

    /// Moves past spaces, tabs, line feeds and carriage returns.
    mutating func skipWhitespace() {
        while pos < b.count {
            switch b[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    /// Moves past `word` (`true`, `false`, `null`), or throws where it differs.
    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for (i, c) in w.enumerated() where pos + i >= b.count || b[pos + i] != c {
            throw error("invalid literal, expected '\(word)'", at: pos + i)
        }
        pos += w.count
    }

    /// Scans a number per the JSON grammar and returns where its literal text is.
    mutating func number() throws(JSONSyntaxError) -> Range<Int> {
        let start = pos
        if b[pos] == UInt8(ascii: "-") { pos += 1 }
        if pos < b.count, b[pos] == UInt8(ascii: "0") {
            pos += 1
        } else {
            try digits()
        }
        if pos < b.count, b[pos] == UInt8(ascii: ".") {
            pos += 1
            try digits()
        }
        if pos < b.count, b[pos] | 0x20 == UInt8(ascii: "e") {
            pos += 1
            if pos < b.count, b[pos] == UInt8(ascii: "+") || b[pos] == UInt8(ascii: "-") { pos += 1 }
            try digits()
        }
        return start..<pos
    }

    /// Moves past one or more decimal digits.
    mutating func digits() throws(JSONSyntaxError) {
        let start = pos
        while pos < b.count, b[pos] >= UInt8(ascii: "0"), b[pos] <= UInt8(ascii: "9") { pos += 1 }
        guard pos > start else { throw error("invalid number, expected a digit") }
    }

    /// Moves past the string starting at its opening quote, checking its escapes and that it holds
    /// no control character, but not its UTF-8.
    mutating func skipString() throws(JSONSyntaxError) {
        let quote = pos
        pos += 1
        while pos < b.count {
            pos = JSONBytes.stringRunEnd(b, from: pos)
            guard pos < b.count else { break }
            let c = b[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                return
            }
            if c < 0x20 { throw error("unescaped control character in string") }
            if c == UInt8(ascii: "\\") {
                pos += 1
                guard pos < b.count else { throw error("unterminated string") }
                switch b[pos] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    pos += 1
                case UInt8(ascii: "u"):
                    pos += 1
                    _ = try hex4()
                default:
                    throw error("invalid escape sequence", at: pos - 1)
                }
                continue
            }
            pos += 1
        }
        throw error("unterminated string", at: quote)
    }

    /// Reads a string starting at its opening quote; the fast path copies runs without escapes once.
    mutating func string() throws(JSONSyntaxError) -> String {
        let quote = pos
        pos += 1
        var start = pos
        var buffer: [UInt8] = []
        var escaped = false
        while pos < b.count {
            pos = JSONBytes.stringRunEnd(b, from: pos)
            guard pos < b.count else { break }
            let c = b[pos]
            if c == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: b[start..<pos])
                pos += 1
                if !escaped { return try validated(run, from: start) }
                buffer.append(contentsOf: run)
                return try validated(buffer, from: quote + 1)
            }
            if c < 0x20 { throw error("unescaped control character in string") }
            if c == UInt8(ascii: "\\") {
                escaped = true
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<pos]))
                try escape(into: &buffer)
                start = pos
                continue
            }
            pos += 1
        }
        throw error("unterminated string", at: quote)
    }

    /// The bytes of a string body as a `String`; invalid UTF-8 is an error at `start`.
    func validated(_ bytes: [UInt8], from start: Int) throws(JSONSyntaxError) -> String {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try validated(buffer, from: start) }
    }

    /// The bytes of a string body as a `String`; invalid UTF-8 is an error at `start`. Decoding
    /// repairs invalid sequences, so the bytes are valid when decoding left them unchanged (much
    /// faster than the generic `String(validating:as:)`).
    func validated(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(JSONSyntaxError) -> String {
        var s = String(decoding: bytes, as: UTF8.self)
        let unchanged = s.withUTF8 { utf8 in
            utf8.count == bytes.count && (bytes.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
        guard unchanged else { throw error("invalid UTF-8 in string", at: start) }
        return s
    }

    /// Decodes one backslash escape at `pos` into UTF-8 bytes.
    mutating func escape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        pos += 1
        guard pos < b.count else { throw error("unterminated string") }
        let c = b[pos]
        pos += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(c)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var code = try hex4()
            if (0xD800..<0xDC00).contains(code), pos + 1 < b.count, b[pos] == UInt8(ascii: "\\"),
                b[pos + 1] == UInt8(ascii: "u")
            {
                let save = pos
                pos += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    pos = save
                }
            }
            // A lone surrogate cannot live in a Swift string: it becomes U+FFFD.
            UTF8.encode(Unicode.Scalar(code) ?? "\u{FFFD}") { buffer.append($0) }
        default: throw error("invalid escape sequence", at: pos - 2)
        }
    }

    /// The value of the four hex digits at the cursor, moving past them.
    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard pos < b.count, let d = hexValue(b[pos]) else { throw error("invalid \\u escape, expected 4 hex digits") }
            v = v << 4 | d
            pos += 1
        }
        return v
    }

    /// The value of hex digit `c`, or nil.
    func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Names the byte at `i` for a message: `'x'`, `byte 0xNN` or `end of input`.
    func describe(_ i: Int) -> String {
        guard i < b.count else { return "end of input" }
        let c = b[i]
        return c >= 0x21 && c < 0x7F ? "character '\(Unicode.Scalar(c))'" : "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    /// An error at byte `offset` (default: the cursor), located as line and scalar column.
    func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(at: offset ?? pos, in: b, reason: reason)
    }
}
