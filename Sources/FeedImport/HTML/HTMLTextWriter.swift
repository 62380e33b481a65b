/// Accumulates the UTF-8 text of `HTMLText`: whitespace collapsed, requested breaks turned into
/// newlines between content, and one mark (an anchor) measured in scalars and bytes of the output.
struct HTMLTextWriter {
    /// The UTF-8 text produced so far.
    private(set) var out: [UInt8] = []
    /// Scalars in `out`.
    private(set) var count = 0
    /// Newlines owed before the next visible character (the largest break requested wins).
    private var pendingBreak = 0
    /// True when whitespace was seen since the last character; it becomes one space before the next.
    private var pendingSpace = false
    /// True between `beginMark` and `endMark`.
    private var marking = false
    /// Scalar and byte offsets of the first visible scalar written since `beginMark`, nil until there is one.
    private var markStart: (scalar: Int, byte: Int)?

    /// Requests at least `newlines` newlines before the next text (ignored at the very start).
    mutating func lineBreak(_ newlines: Int) { pendingBreak = max(pendingBreak, newlines) }

    /// True for the bytes of HTML whitespace: space, tab, newline, carriage return, form feed.
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    /// Appends one byte of UTF-8 text: whitespace is deferred and collapsed; before the first byte
    /// of a scalar, pending breaks or a space are written.
    mutating func byte(_ b: UInt8) {
        if Self.isSpace(b) {
            pendingSpace = true
            return
        }
        if b & 0xC0 != 0x80 {
            if count > 0 {
                if pendingBreak > 0 {
                    out.append(contentsOf: repeatElement(0x0A, count: pendingBreak))
                    count += pendingBreak
                } else if pendingSpace {
                    out.append(0x20)
                    count += 1
                }
            }
            pendingBreak = 0
            pendingSpace = false
            if marking, markStart == nil { markStart = (count, out.count) }
            count += 1
        }
        out.append(b)
    }

    /// Appends one scalar (a decoded character reference) as text.
    mutating func scalar(_ c: Unicode.Scalar) {
        for b in UTF8.encode(c)! { byte(b) }
    }

    /// Starts a mark: its range begins at the next visible scalar (separators before it excluded).
    mutating func beginMark() {
        marking = true
        markStart = nil
    }

    /// Ends the mark; its scalar range up to the last scalar written (trailing whitespace
    /// excluded) and its text, or nil when nothing visible was written since `beginMark`.
    mutating func endMark() -> (Range<Int>, String)? {
        defer { marking = false; markStart = nil }
        guard marking, let start = markStart else { return nil }
        return (start.scalar..<count, String(decoding: out[start.byte...], as: UTF8.self))
    }
}
