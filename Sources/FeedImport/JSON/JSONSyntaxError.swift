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

    /// Creates an error at a known place.
    public init(line: Int, column: Int, reason: String) {
        self.line = line; self.column = column; self.reason = reason
    }

    /// An error at byte `offset` of `bytes`, located as line and scalar column (an offset past the
    /// end is the end).
    public init(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, reason: String) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1, column = 1
        for i in 0..<end {
            if bytes[i] == 0x0A {
                line += 1; column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column, reason: reason)
    }

    /// This error, met while parsing a document that starts at byte `start` of `file`, placed in
    /// `file`'s lines and columns instead of the document's.
    public func relocated(toStart start: Int, of file: UnsafeBufferPointer<UInt8>) -> JSONSyntaxError {
        let origin = JSONSyntaxError(at: start, in: file, reason: reason)
        return relocated(toLine: origin.line, column: origin.column)
    }

    /// This error, met while parsing a document that starts at `line` and `column` of a file,
    /// placed in the file's lines and columns instead of the document's.
    public func relocated(toLine line: Int, column: Int) -> JSONSyntaxError {
        if self.line == 1 { return JSONSyntaxError(line: line, column: column + self.column - 1, reason: reason) }
        return JSONSyntaxError(line: line + self.line - 1, column: self.column, reason: reason)
    }
}
