/// Accumulates the text of `HTMLText`: whitespace collapsed, requested breaks turned into newlines
/// between content, and one mark (an anchor) measured in scalars of the output.
struct HTMLTextWriter {
    /// The text produced so far.
    private(set) var out = String.UnicodeScalarView()
    /// Scalars in `out`.
    private(set) var count = 0
    /// Newlines owed before the next visible character (the largest break requested wins).
    private var pendingBreak = 0
    /// True when whitespace was seen since the last character; it becomes one space before the next.
    private var pendingSpace = false
    /// True between `beginMark` and `endMark`.
    private var marking = false
    /// Offset of the first visible scalar written since `beginMark`, nil until there is one.
    private var markStart: Int?

    /// Requests at least `newlines` newlines before the next text (ignored at the very start).
    mutating func lineBreak(_ newlines: Int) { pendingBreak = max(pendingBreak, newlines) }

    /// Appends one scalar; whitespace is deferred and collapsed, pending breaks/space are written first.
    mutating func text(_ c: Unicode.Scalar) {
        if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" {
            pendingSpace = true
            return
        }
        if count > 0 {
            if pendingBreak > 0 {
                out.append(contentsOf: repeatElement("\n", count: pendingBreak))
                count += pendingBreak
            } else if pendingSpace {
                out.append(" ")
                count += 1
            }
        }
        pendingBreak = 0
        pendingSpace = false
        if marking, markStart == nil { markStart = count }
        out.append(c)
        count += 1
    }

    /// Starts a mark: its range begins at the next visible scalar (separators before it excluded).
    mutating func beginMark() {
        marking = true
        markStart = nil
    }

    /// Ends the mark; its range up to the last scalar written (trailing whitespace excluded), or nil
    /// when nothing visible was written since `beginMark`.
    mutating func endMark() -> Range<Int>? {
        defer { marking = false; markStart = nil }
        guard marking, let start = markStart else { return nil }
        return start..<count
    }
}
