/// The byte ranges of the elements of a top-level JSON array, found by a structural scan that builds
/// no values: strings and their escapes are skipped, brackets counted. Each range can then be given
/// to `JSONParser.parse(_:)` on its own (in parallel, one tree at a time), so a 100 MB array never
/// becomes one tree.
///
/// The scan checks only the array's frame: `[`, the separators between elements, `]`, and that
/// nothing but whitespace and one optional `;` follows. An element's own syntax is checked when it
/// is parsed. When the frame is broken, the elements before the break are kept and `error` says
/// where and why (as a sequential parser would, once those elements parse).
public struct JSONArraySlices: Sendable {
    /// Byte ranges of the elements, in order, each from its first to its last byte.
    public var elements: [Range<Int>]
    /// Where the array's frame is broken, located in the scanned buffer; nil when it is whole.
    public var error: JSONSyntaxError?

    /// Scans the array that starts (after whitespace) at byte `start` of `b` and runs to its end.
    public init(scanning b: UnsafeBufferPointer<UInt8>, from start: Int) {
        elements = []
        var i = start
        func skipWhitespace() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        }
        skipWhitespace()
        guard i < b.count, b[i] == UInt8(ascii: "[") else {
            error = JSONSyntaxError(at: i, in: b, reason: i < b.count ? "expected '[' (an array)" : "unexpected end of input, expected '['")
            return
        }
        i += 1
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: "]") {
            i += 1
        } else {
            while true {
                skipWhitespace()
                let first = i
                guard let end = Self.valueEnd(b, from: i) else {
                    error = Self.elementError(b, from: first)
                    return
                }
                elements.append(first..<end)
                i = end
                skipWhitespace()
                if i < b.count, b[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if i < b.count, b[i] == UInt8(ascii: "]") {
                    i += 1
                    break
                }
                error = JSONSyntaxError(at: i, in: b, reason: "expected ',' or ']' after array element")
                return
            }
        }
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: ";") { i += 1 }
        skipWhitespace()
        if i < b.count { error = JSONSyntaxError(at: i, in: b, reason: "unexpected data after the array") }
    }

    /// One past the last byte of the value starting at `i`, or nil when it does not end (or is empty).
    /// Containers end at their matching bracket by count; scalars at a separator or whitespace.
    private static func valueEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < b.count else { return nil }
        var i = start
        switch b[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""):
                    guard let close = stringEnd(b, from: i) else { return nil }
                    i = close
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    guard depth <= JSONParser.maxDepth else { return nil }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return nil
        case UInt8(ascii: "\""):
            return stringEnd(b, from: i)
        default:
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return i > start ? i : nil
                default: i += 1
                }
            }
            return nil
        }
    }

    /// One past the closing quote of the string whose opening quote is at `quote`, or nil.
    private static func stringEnd(_ b: UnsafeBufferPointer<UInt8>, from quote: Int) -> Int? {
        var i = quote + 1
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { return i + 1 }
            i += c == UInt8(ascii: "\\") ? 2 : 1
        }
        return nil
    }

    /// The syntax error of an element that does not end: the parser's own, from the element to the
    /// end of the buffer, so it names the real fault.
    private static func elementError(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> JSONSyntaxError {
        let rest = UnsafeBufferPointer(rebasing: b[start...])
        do {
            _ = try JSONParser.parse(rest)
        } catch {
            return error.relocated(toStart: start, of: b)
        }
        return JSONSyntaxError(at: b.count, in: b, reason: "expected ',' or ']' after array element")
    }
}
