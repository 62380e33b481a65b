/// A malformed JSON document: where (1-based line and column, the column in Unicode scalars) and why.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Line of the offending character, from 1.
    public let line: Int
    /// Column of the offending character in Unicode scalars, from 1.
    public let column: Int
    /// What was wrong ("expected ',' or '}' after object member").
    public let reason: String
    /// `LINE:COLUMN: reason`.
    public var description: String { "\(line):\(column): \(reason)" }
}

/// A strict RFC 8259 parser (a leading UTF-8 byte-order mark is skipped). It is iterative, so hostile
/// nesting cannot exhaust the stack; nesting deeper than `maxDepth` is an error.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 512

    /// Parses one JSON document from UTF-8 `bytes`, or throws the first syntax error.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            do throws(JSONSyntaxError) {
                return .success(try scanner.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The parser's cursor over the bytes; `document()` drives an explicit stack of open containers.
private struct JSONScanner {
    /// The whole input.
    let b: UnsafeBufferPointer<UInt8>
    /// Byte offset of the next unread byte.
    var pos = 0

    /// Starts at the beginning of `b`, skipping a UTF-8 byte order mark.
    init(_ b: UnsafeBufferPointer<UInt8>) {
        self.b = b
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { pos = 3 }
    }

    /// Parses one complete value and rejects anything but whitespace after it.
    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        // Open containers, innermost last: `isObject[i]` says which stack holds container i.
        var isObject: [Bool] = []
        var arrays: [[JSONValue]] = []
        var objects: [[String: JSONValue]] = []
        var keys: [String] = []
        while true {
            skipWhitespace()
            guard pos < b.count else { throw error("unexpected end of input, expected a value") }
            var value: JSONValue
            switch b[pos] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let opensObject = b[pos] == UInt8(ascii: "{")
                let close = opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                guard isObject.count < JSONParser.maxDepth else {
                    throw error("nesting deeper than \(JSONParser.maxDepth) levels")
                }
                pos += 1
                skipWhitespace()
                if pos < b.count, b[pos] == close {
                    pos += 1
                    value = opensObject ? .object([:]) : .array([])
                } else {
                    isObject.append(opensObject)
                    if opensObject {
                        objects.append([:])
                        keys.append(try key())
                    } else {
                        arrays.append([])
                    }
                    continue
                }
            case UInt8(ascii: "\""): value = .string(try string())
            case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
            case UInt8(ascii: "n"): try literal("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try number())
            default: throw error("unexpected \(describe(pos)), expected a value")
            }
            // Store the finished value in its container, closing containers that end here.
            while true {
                skipWhitespace()
                guard let inObject = isObject.last else {
                    guard pos == b.count else { throw error("unexpected \(describe(pos)) after the top-level value") }
                    return value
                }
                let next: UInt8? = pos < b.count ? b[pos] : nil
                if inObject {
                    objects[objects.count - 1][keys.removeLast()] = value
                    if next == UInt8(ascii: ",") {
                        pos += 1
                        keys.append(try key())
                        break
                    }
                    guard next == UInt8(ascii: "}") else { throw error("expected ',' or '}' after object member") }
                    value = .object(objects.removeLast())
                } else {
                    arrays[arrays.count - 1].append(value)
                    if next == UInt8(ascii: ",") {
                        pos += 1
                        break
                    }
                    guard next == UInt8(ascii: "]") else { throw error("expected ',' or ']' after array element") }
                    value = .array(arrays.removeLast())
                }
                pos += 1
                isObject.removeLast()
            }
        }
    }

    /// Reads `"key" :` inside an object.
    private mutating func key() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard pos < b.count, b[pos] == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let k = try string()
        skipWhitespace()
        guard pos < b.count, b[pos] == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
        pos += 1
        return k
    }

    private mutating func skipWhitespace() {
        while pos < b.count {
            switch b[pos] {
            case 0x20, 0x09, 0x0A, 0x0D: pos += 1
            default: return
            }
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for (i, c) in w.enumerated() where pos + i >= b.count || b[pos + i] != c {
            throw error("invalid literal, expected '\(word)'", at: pos + i)
        }
        pos += w.count
    }

    /// Scans a number per the JSON grammar and returns its literal text.
    private mutating func number() throws(JSONSyntaxError) -> String {
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
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<pos]), as: UTF8.self)
    }

    private mutating func digits() throws(JSONSyntaxError) {
        let start = pos
        while pos < b.count, b[pos] >= UInt8(ascii: "0"), b[pos] <= UInt8(ascii: "9") { pos += 1 }
        guard pos > start else { throw error("invalid number, expected a digit") }
    }

    /// Reads a string starting at its opening quote; the fast path copies runs without escapes once.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let quote = pos
        pos += 1
        var start = pos
        var buffer: [UInt8] = []
        var escaped = false
        while pos < b.count {
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
    private func validated(_ bytes: some Collection<UInt8>, from start: Int) throws(JSONSyntaxError) -> String {
        guard let s = String(validating: bytes, as: UTF8.self) else { throw error("invalid UTF-8 in string", at: start) }
        return s
    }

    /// Decodes one backslash escape at `pos` into UTF-8 bytes.
    private mutating func escape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
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

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard pos < b.count, let d = hexValue(b[pos]) else { throw error("invalid \\u escape, expected 4 hex digits") }
            v = v << 4 | d
            pos += 1
        }
        return v
    }

    private func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Names the byte at `i` for a message: `'x'`, `byte 0xNN` or `end of input`.
    private func describe(_ i: Int) -> String {
        guard i < b.count else { return "end of input" }
        let c = b[i]
        return c >= 0x21 && c < 0x7F ? "character '\(Unicode.Scalar(c))'" : "byte 0x" + String(c, radix: 16, uppercase: true)
    }

    /// An error at byte `offset` (default: the cursor), located as line and scalar column.
    private func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        let end = min(offset ?? pos, b.count)
        var line = 1, column = 1
        for i in 0..<end {
            if b[i] == 0x0A {
                line += 1; column = 1
            } else if b[i] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}
