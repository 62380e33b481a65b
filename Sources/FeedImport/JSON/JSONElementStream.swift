/// Splits one JSON array out of bytes that arrive in chunks, element by element, without ever
/// holding more than the element being cut: the array of a Twitter archive script
/// (`window.YTD.tweets.part0 = [ … ]`) or one member array of a top-level object (Mastodon's
/// `orderedItems`, whose siblings such as `@context` are passed over whatever their size).
///
/// The cut is structural, like `JSONArrayScanner`: strings and their escapes are skipped, brackets
/// counted (a counter, so depth costs no memory; an element nested too deeply is refused by its
/// parser). Each element's own syntax is left to its parser; the frame (`[`, `,`, `]`, the object's
/// keys and separators, what follows) is checked here, and its first fault ends the stream with
/// `error`, after every element before it was handed out. An element longer than
/// `maxElementBytes` is not kept: it is reported as `.oversized` and scanning goes on after it.
/// Skipped member values are checked only for their structure, not their syntax.
public struct JSONElementStream {
    /// Where the array is.
    public enum Frame: Sendable {
        /// After the first `=` of a script (or at its start when it starts with `[`): `ArchiveScript`.
        case script
        /// The value of this member of the top-level object (the last one when it repeats).
        case member(String)
    }

    /// What the stream hands out, in file order.
    public enum Event {
        /// The array starts (again, when a repeated member holds a second one: start over).
        case arrayStart
        /// One element's bytes (valid during the call) and its byte offset in the file.
        case element(UnsafeBufferPointer<UInt8>, offset: Int)
        /// An element longer than the cap, not kept, at this byte offset.
        case oversized(offset: Int)
    }

    /// A fault in the frame: its byte offset in the file and what was wrong.
    public struct FrameError: Error, Hashable, Sendable {
        /// Byte offset of the offending byte (the file's length at a truncation).
        public var offset: Int
        /// What was wrong ("expected ',' or ']' after array element").
        public var reason: String
    }

    private enum State {
        case leading, seekingEquals, afterEquals
        case objectKey(first: Bool), key, colon, memberValue, afterMember
        case arrayElement(first: Bool), value, afterElement, trailing, done
    }

    /// The most bytes one element may have to be handed out.
    public let maxElementBytes: Int
    /// The most bytes a script may have before its `=`.
    public static let maxPrelude = 64 << 10
    private let frame: Frame
    private let wantedKey: [UInt8]
    private var state = State.leading
    /// Bytes of the chunks already consumed: the file offset of the current chunk's first byte.
    private var consumed = 0
    /// Whether the value being scanned is an array element (kept) or a member value (passed over).
    private var keeping = false
    /// The scan of the current value: open brackets, inside a string, after a backslash, a scalar.
    private var depth = 0, inString = false, escaped = false, scalar = false
    /// The current element's bytes from earlier chunks, its offset, and whether it outgrew the cap.
    private var carry: [UInt8] = []
    private var carrying = false, oversized = false
    private var valueOffset = 0
    /// Whether the key being read so far equals the wanted one, and how much of it was read.
    private var keyMatches = true, keyLength = 0, keyEscaped = false, currentKeyWanted = false
    /// Where the first non-blank byte of a script was, for an error when it has no `=`.
    private var firstNonBlank: Int?
    /// Whether the one `;` a script may end with was read.
    private var sawSemicolon = false

    /// The first fault in the frame, once met.
    public private(set) var error: FrameError?
    /// True once the stream ended: at the frame's end, a fault, or a stop asked for by the sink.
    public private(set) var isFinished = false
    /// Whether the top-level value is an object (`.member` frames), once its first byte was seen.
    public private(set) var topLevelIsObject: Bool?
    /// Whether the array was found.
    public private(set) var foundArray = false
    /// The most bytes of one element held across chunks so far (never more than `maxElementBytes`):
    /// what the stream costs beyond the caller's chunk.
    public private(set) var largestHeld = 0

    /// A stream for the array at `frame`, keeping elements of at most `maxElementBytes` bytes.
    public init(_ frame: Frame, maxElementBytes: Int = 16 << 20) {
        self.frame = frame
        self.maxElementBytes = maxElementBytes
        if case .member(let name) = frame { wantedKey = Array(name.utf8) } else { wantedKey = [] }
    }

    /// Scans the next chunk, handing events to `sink`; false once the stream is finished (the
    /// sink returned false, the frame ended, or a fault was met).
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ sink: (Event) -> Bool) -> Bool {
        guard !isFinished else { return false }
        let b = chunk.bindMemory(to: UInt8.self)
        var i = 0
        let n = b.count
        var start = 0  // where the current value starts in this chunk
        defer { consumed += n }
        while true {
            switch state {
            case .value:
                let ended = scanValue(b, &i)
                if !ended {
                    if keeping { keep(UnsafeBufferPointer(rebasing: b[start..<n])) }
                    return true
                }
                if keeping {
                    guard endElement(UnsafeBufferPointer(rebasing: b[start..<i]), sink) else { return stop() }
                    state = .afterElement
                } else {
                    state = .afterMember
                }
                continue
            default:
                break
            }
            skipBlanks(b, &i)
            guard i < n else { return true }
            let c = b[i]
            let offset = consumed + i
            switch state {
            case .leading:
                if offset < 3, c == [0xEF, 0xBB, 0xBF][offset] {
                    i += 1
                    continue
                }
                if case .member = frame {
                    let valueStart = "{[\"tfn-0123456789".utf8.contains(c)
                    if valueStart { topLevelIsObject = c == UInt8(ascii: "{") }
                    guard c == UInt8(ascii: "{") else {
                        return fail(offset, valueStart ? "the top level is not an object" : "unexpected \(Self.describe(c)), expected a value")
                    }
                    i += 1
                    state = .objectKey(first: true)
                } else if c == UInt8(ascii: "[") {
                    i += 1
                    openArray(sink)
                } else if c == UInt8(ascii: "{") {
                    return fail(offset, "expected '[' (an array)")
                } else {
                    firstNonBlank = offset
                    state = .seekingEquals
                }
            case .seekingEquals:
                while i < n, b[i] != UInt8(ascii: "=") { i += 1 }
                if consumed + i > Self.maxPrelude {
                    return fail(Self.maxPrelude, "no '=' in the first \(Self.maxPrelude >> 10) KiB: not an archive data file")
                }
                guard i < n else { return true }
                i += 1
                state = .afterEquals
            case .afterEquals:
                guard c == UInt8(ascii: "[") else { return fail(offset, "expected '[' (an array)") }
                i += 1
                openArray(sink)
            case .objectKey(let first):
                if first, c == UInt8(ascii: "}") {
                    i += 1
                    state = .trailing
                    continue
                }
                guard c == UInt8(ascii: "\"") else { return fail(offset, "expected a string key") }
                i += 1
                (keyMatches, keyLength, keyEscaped) = (true, 0, false)
                state = .key
            case .key:
                // Keys are compared as written: an escaped spelling of the wanted key does not match.
                while i < n {
                    let k = b[i]
                    i += 1
                    if keyEscaped {
                        keyEscaped = false
                        continue
                    }
                    if k == UInt8(ascii: "\"") {
                        currentKeyWanted = keyMatches && keyLength == wantedKey.count
                        state = .colon
                        break
                    }
                    if k == UInt8(ascii: "\\") {
                        keyEscaped = true
                        keyMatches = false
                    } else if keyLength < wantedKey.count, wantedKey[keyLength] == k {
                        keyLength += 1
                    } else {
                        keyMatches = false
                    }
                }
            case .colon:
                guard c == UInt8(ascii: ":") else { return fail(offset, "expected ':' after object key") }
                i += 1
                state = .memberValue
            case .memberValue:
                if currentKeyWanted, c == UInt8(ascii: "[") {
                    i += 1
                    openArray(sink)
                } else {
                    guard beginValue(c, at: offset, keeping: false) else { return false }
                    i += 1
                }
            case .afterMember:
                i += 1
                if c == UInt8(ascii: ",") {
                    state = .objectKey(first: false)
                } else if c == UInt8(ascii: "}") {
                    state = .trailing
                } else {
                    return fail(offset, "expected ',' or '}' after object member")
                }
            case .arrayElement(let first):
                if first, c == UInt8(ascii: "]") {
                    i += 1
                    closeArray()
                    continue
                }
                guard beginValue(c, at: offset, keeping: true) else { return false }
                start = i
                i += 1
            case .afterElement:
                i += 1
                if c == UInt8(ascii: ",") {
                    state = .arrayElement(first: false)
                } else if c == UInt8(ascii: "]") {
                    closeArray()
                } else {
                    return fail(offset, "expected ',' or ']' after array element")
                }
            case .trailing:
                if frameIsScript, c == UInt8(ascii: ";"), !sawSemicolon {
                    sawSemicolon = true
                    i += 1
                    continue
                }
                return fail(offset, "unexpected data after the \(foundArrayFrameName)")
            case .done, .value:
                return false
            }
        }
    }

    /// Ends the stream at the end of the input (`length` bytes in all): a value cut short hands out
    /// what it can and records the fault. Returns the final `error`.
    @discardableResult
    public mutating func finish(_ sink: (Event) -> Bool) -> FrameError? {
        guard !isFinished else { return error }
        isFinished = true
        let end = consumed
        switch state {
        case .trailing, .done:
            return nil
        case .value where scalar && keeping:
            // A number or literal ends at the end of input; then the frame is cut.
            let bytes = carry
            carry = []
            carrying = false
            _ = bytes.withUnsafeBufferPointer { sink(oversized ? .oversized(offset: valueOffset) : .element($0, offset: valueOffset)) }
            error = FrameError(offset: end, reason: "expected ',' or ']' after array element")
        case .value where keeping && !oversized:
            // The element's own parser names the fault best (an unterminated string, a missing '}').
            error = FrameError(offset: end, reason: "unexpected end of input")
            do throws(JSONSyntaxError) {
                _ = try JSONParser.parse(carry)
            } catch let fault {
                error = Self.located(fault, elementOffset: valueOffset, carry: carry)
            }
        case .leading:
            error = FrameError(offset: end, reason: frameIsScript ? "unexpected end of input, expected '['" : "unexpected end of input, expected a value")
        case .seekingEquals:
            error = FrameError(offset: firstNonBlank ?? end, reason: "expected '[' (an array)")
        case .afterEquals:
            error = FrameError(offset: end, reason: "unexpected end of input, expected '['")
        default:
            error = FrameError(offset: end, reason: "unexpected end of input")
        }
        carry = []
        return error
    }

    /// The byte offset in the file where `fault` (met parsing the cut-short element at
    /// `elementOffset`, whose bytes are `carry`) lies.
    private static func located(_ fault: JSONSyntaxError, elementOffset: Int, carry: [UInt8]) -> FrameError {
        var line = 1, column = 1
        for (index, byte) in carry.enumerated() {
            if line == fault.line, column == fault.column { return FrameError(offset: elementOffset + index, reason: fault.reason) }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return FrameError(offset: elementOffset + carry.count, reason: fault.reason)
    }

    private var frameIsScript: Bool {
        if case .script = frame { return true }
        return false
    }

    private var foundArrayFrameName: String { frameIsScript ? "array" : "top-level value" }

    private mutating func openArray(_ sink: (Event) -> Bool) {
        foundArray = true
        state = .arrayElement(first: true)
        _ = sink(.arrayStart)
    }

    private mutating func closeArray() {
        state = frameIsScript ? .trailing : .afterMember
    }

    /// Starts scanning the value whose first byte `c` is at `offset`; false (with `error`) when no
    /// value starts there.
    private mutating func beginValue(_ c: UInt8, at offset: Int, keeping: Bool) -> Bool {
        self.keeping = keeping
        valueOffset = offset
        (carrying, oversized) = (false, false)
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            (depth, inString, escaped, scalar) = (1, false, false, false)
        case UInt8(ascii: "\""):
            (depth, inString, escaped, scalar) = (0, true, false, false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            (depth, inString, escaped, scalar) = (0, false, false, true)
        default:
            _ = fail(offset, "unexpected \(Self.describe(c)), expected a value")
            return false
        }
        state = .value
        return true
    }

    /// Advances `i` through the value being scanned; true when it ended (at `i`, exclusive).
    private mutating func scanValue(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Bool {
        let n = b.count
        if scalar {
            // A number or literal is letters, digits, `+`, `-` and `.`; any other byte ends it (a
            // stray one is then a fault of the frame, so a run of NULs is not read as one scalar).
            while i < n {
                switch b[i] {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                    i += 1
                default: return true
                }
            }
            return false
        }
        var depth = depth, inString = inString, escaped = escaped
        defer { (self.depth, self.inString, self.escaped) = (depth, inString, escaped) }
        while true {
            if inString {
                if escaped {
                    guard i < n else { return false }
                    escaped = false
                    i += 1
                }
                i = JSONBytes.stringRunEnd(b, from: i)
                guard i < n else { return false }
                let c = b[i]
                i += 1
                if c == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return true }
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                }
            } else {
                i = JSONBytes.structuralEnd(b, from: i)
                guard i < n else { return false }
                let c = b[i]
                i += 1
                if c == UInt8(ascii: "\"") {
                    inString = true
                } else if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                    depth += 1
                } else {
                    depth -= 1
                    if depth == 0 { return true }
                }
            }
        }
    }

    /// Keeps `part` of the current element for the next chunk, unless it outgrows the cap.
    private mutating func keep(_ part: UnsafeBufferPointer<UInt8>) {
        carrying = true
        guard !oversized else { return }
        if carry.count + part.count > maxElementBytes {
            oversized = true
            carry = []
        } else {
            carry.append(contentsOf: part)
            largestHeld = max(largestHeld, carry.count)
        }
    }

    /// Hands out the element whose last part is `tail`; false when the sink asks to stop.
    private mutating func endElement(_ tail: UnsafeBufferPointer<UInt8>, _ sink: (Event) -> Bool) -> Bool {
        if !carrying {
            if tail.count > maxElementBytes { return sink(.oversized(offset: valueOffset)) }
            return sink(.element(tail, offset: valueOffset))
        }
        keep(tail)
        let more: Bool
        if oversized {
            more = sink(.oversized(offset: valueOffset))
        } else {
            more = carry.withUnsafeBufferPointer { sink(.element($0, offset: valueOffset)) }
        }
        // A huge element's buffer is let go; a small one reused.
        if carry.capacity > 1 << 20 { carry = [] } else { carry.removeAll(keepingCapacity: true) }
        carrying = false
        return more
    }

    private mutating func skipBlanks(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    private mutating func fail(_ offset: Int, _ reason: String) -> Bool {
        error = FrameError(offset: offset, reason: reason)
        return stop()
    }

    private mutating func stop() -> Bool {
        isFinished = true
        state = .done
        carry = []
        return false
    }

    /// `character 'x'`, or `byte 0x0` for a byte that is not printable ASCII (as `JSONParser` says).
    static func describe(_ c: UInt8) -> String {
        (0x21...0x7E).contains(c) ? "character '\(Unicode.Scalar(c))'" : "byte 0x\(String(c, radix: 16, uppercase: true))"
    }
}
