/// Reads one JSON value in place, front to back, without building a tree: a decoder of a known
/// shape walks its objects and arrays and reads only the scalars it wants; every other value is
/// skipped, its syntax still checked (skipped strings are not checked for valid UTF-8). A value of
/// another type than the one asked for is skipped and read as absent (nil, false).
///
/// Used where a tree per element would cost more than the data (100k tweets); errors are those of
/// `JSONParser`, placed from the buffer's start.
struct JSONCursor {
    /// The tokenizer, shared with `JSONParser`.
    private var scanner: JSONScanner
    /// Open objects and arrays.
    private var depth = 0

    /// A cursor at the start of `buffer` (a byte-order mark skipped).
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(buffer)
    }

    /// The first byte of the value at the cursor (`{`, `[`, `"`, a digit…), or nil at the end.
    mutating func nextByte() -> UInt8? { peek() }

    /// The next non-whitespace byte, or nil at the end.
    private mutating func peek() -> UInt8? {
        scanner.skipWhitespace()
        return scanner.pos < scanner.b.count ? scanner.b[scanner.pos] : nil
    }

    /// Reads the object at the cursor, calling `member` with each key and the cursor at its value,
    /// which `member` must read or skip; false (the value skipped) when it is not an object.
    mutating func readObject(_ member: (inout JSONCursor, JSONKey) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) -> Bool {
        guard peek() == UInt8(ascii: "{") else {
            try skip()
            return false
        }
        try open()
        if peek() == UInt8(ascii: "}") {
            return close()
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw scanner.error("expected a string key") }
            // A plain key (no escape) is handed over in place; an escaped one decoded first.
            let start = scanner.pos + 1
            let b = scanner.b
            var end = start
            while end < b.count, b[end] != UInt8(ascii: "\""), b[end] != UInt8(ascii: "\\"), b[end] >= 0x20 { end += 1 }
            if end < b.count, b[end] == UInt8(ascii: "\"") {
                scanner.pos = end + 1
                try scanner.colon()
                try member(&self, JSONKey(bytes: UnsafeBufferPointer(rebasing: b[start..<end])))
            } else {
                let decoded = Array(try scanner.string().utf8)
                try scanner.colon()
                let result: Result<Void, JSONSyntaxError> = decoded.withUnsafeBufferPointer { bytes in
                    do throws(JSONSyntaxError) {
                        return .success(try member(&self, JSONKey(bytes: bytes)))
                    } catch {
                        return .failure(error)
                    }
                }
                try result.get()
            }
            switch peek() {
            case UInt8(ascii: ","): scanner.pos += 1
            case UInt8(ascii: "}"): return close()
            default: throw scanner.error("expected ',' or '}' after object member")
            }
        }
    }

    /// Reads the array at the cursor, calling `element` with the cursor at each element, which
    /// `element` must read or skip; false (the value skipped) when it is not an array.
    mutating func readArray(_ element: (inout JSONCursor) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) -> Bool {
        guard peek() == UInt8(ascii: "[") else {
            try skip()
            return false
        }
        try open()
        if peek() == UInt8(ascii: "]") {
            return close()
        }
        while true {
            try element(&self)
            switch peek() {
            case UInt8(ascii: ","): scanner.pos += 1
            case UInt8(ascii: "]"): return close()
            default: throw scanner.error("expected ',' or ']' after array element")
            }
        }
    }

    /// Enters the container whose bracket is at the cursor.
    private mutating func open() throws(JSONSyntaxError) {
        guard depth < JSONParser.maxDepth else { throw scanner.error("nesting deeper than \(JSONParser.maxDepth) levels") }
        depth += 1
        scanner.pos += 1
    }

    /// Leaves the container whose closing bracket is at the cursor; true.
    private mutating func close() -> Bool {
        depth -= 1
        scanner.pos += 1
        return true
    }

    /// The string at the cursor, or nil (the value skipped) when it is not a string.
    mutating func readString() throws(JSONSyntaxError) -> String? {
        guard peek() == UInt8(ascii: "\"") else {
            try skip()
            return nil
        }
        return try scanner.string()
    }

    /// The number at the cursor, or a string of digits (archives write numbers as strings), as
    /// `Int`; nil (the value read or skipped) otherwise.
    mutating func readInt() throws(JSONSyntaxError) -> Int? {
        try readID().flatMap { Int($0) }
    }

    /// A string, or a number's literal text (ids beyond 2^53 kept exact); nil (the value skipped)
    /// otherwise.
    mutating func readID() throws(JSONSyntaxError) -> String? {
        switch peek() ?? 0 {
        case UInt8(ascii: "\""):
            return try scanner.string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return String(decoding: UnsafeBufferPointer(rebasing: scanner.b[try scanner.number()]), as: UTF8.self)
        default:
            try skip()
            return nil
        }
    }

    /// True when the value at the cursor is `null` (then read), false (nothing read) otherwise.
    mutating func readNull() throws(JSONSyntaxError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try scanner.literal("null")
        return true
    }

    /// Moves past the value at the cursor, checking its syntax.
    mutating func skip() throws(JSONSyntaxError) {
        try scanner.skipValue()
    }

    /// Checks that nothing but whitespace follows the value read.
    mutating func end() throws(JSONSyntaxError) {
        if peek() != nil { throw scanner.error("unexpected \(scanner.describe(scanner.pos)) after the top-level value") }
    }
}

/// An object key as `JSONCursor` hands it over: its UTF-8, valid during the call.
struct JSONKey {
    /// The key's bytes (escapes undone).
    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether the key spells `name`.
    static func == (key: JSONKey, name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        guard key.bytes.count == n else { return false }
        let wanted = name.utf8Start
        for i in 0..<n where key.bytes[i] != wanted[i] { return false }
        return true
    }
}
