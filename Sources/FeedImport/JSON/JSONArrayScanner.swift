/// Finds the byte ranges of the elements of a top-level JSON array by a structural scan that builds
/// no values: strings and their escapes are skipped, brackets counted. Each range can then be given
/// to `JSONParser.parse(_:keeping:)` on its own (in parallel, one small tree at a time), so a 100 MB
/// array never becomes one tree. The scan hands out elements in batches, so parsing can start
/// before it ends.
///
/// The scan checks only the array's frame: `[`, the separators between elements, `]`, and that
/// nothing but whitespace and one optional `;` follows. An element's own syntax is checked when it
/// is parsed. When the frame is broken, the elements before the break are handed out and `error`
/// says where and why (as a sequential parser would, once those elements parse).
public struct JSONArrayScanner {
    /// The buffer scanned.
    private let b: UnsafeBufferPointer<UInt8>
    /// The next byte to look at.
    private var i: Int
    /// Whether the opening `[` has been read.
    private var opened = false
    /// Whether the array's end, or a break in its frame, has been met.
    public private(set) var isFinished = false
    /// Where the array's frame is broken, located in the scanned buffer; nil while it is whole.
    public private(set) var error: JSONSyntaxError?

    /// A scan of the array that starts (after whitespace) at byte `start` of `b` and runs to its end.
    public init(_ b: UnsafeBufferPointer<UInt8>, from start: Int) {
        self.b = b
        i = start
    }

    /// The byte ranges of the next elements, at most `limit` (each from its first to its last byte);
    /// empty once the scan is finished.
    public mutating func next(_ limit: Int) -> [Range<Int>] {
        var found: [Range<Int>] = []
        guard !isFinished else { return found }
        found.reserveCapacity(limit)
        if !opened {
            skipWhitespace()
            guard i < b.count, b[i] == UInt8(ascii: "[") else {
                return finish(i < b.count ? "expected '[' (an array)" : "unexpected end of input, expected '['", found)
            }
            opened = true
            i += 1
            skipWhitespace()
            if i < b.count, b[i] == UInt8(ascii: "]") {
                i += 1
                return close(found)
            }
        }
        while found.count < limit {
            skipWhitespace()
            let first = i
            guard let end = Self.valueEnd(b, from: i) else {
                error = Self.elementError(b, from: first)
                isFinished = true
                return found
            }
            found.append(first..<end)
            i = end
            skipWhitespace()
            if i < b.count, b[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if i < b.count, b[i] == UInt8(ascii: "]") {
                i += 1
                return close(found)
            }
            return finish("expected ',' or ']' after array element", found)
        }
        return found
    }

    private mutating func skipWhitespace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    /// Ends the scan with an error at the cursor, returning `found`.
    private mutating func finish(_ reason: String, _ found: [Range<Int>]) -> [Range<Int>] {
        error = JSONSyntaxError(at: i, in: b, reason: reason)
        isFinished = true
        return found
    }

    /// Ends the scan after the closing `]`: only whitespace and one `;` may follow.
    private mutating func close(_ found: [Range<Int>]) -> [Range<Int>] {
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: ";") { i += 1 }
        skipWhitespace()
        if i < b.count { return finish("unexpected data after the array", found) }
        isFinished = true
        return found
    }

    /// One past the last byte of the value starting at `i`, or nil when it does not end (or is empty).
    /// Containers end at their matching bracket by count; scalars at a separator or whitespace.
    private static func valueEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < b.count else { return nil }
        var i = start
        switch b[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while true {
                i = JSONBytes.structuralEnd(b, from: i)
                guard i < b.count else { return nil }
                switch b[i] {
                case UInt8(ascii: "\""):
                    guard let close = stringEnd(b, from: i) else { return nil }
                    i = close
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    guard depth <= JSONParser.maxDepth else { return nil }
                default:
                    depth -= 1
                    if depth == 0 { return i + 1 }
                }
                i += 1
            }
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
        while true {
            i = JSONBytes.stringRunEnd(b, from: i)
            guard i < b.count else { return nil }
            switch b[i] {
            case UInt8(ascii: "\""): return i + 1
            case UInt8(ascii: "\\"): i += 2
            default: i += 1  // a control character: the element's parse reports it
            }
        }
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
