/// Replaces invalid UTF-8 with U+FFFD, the way `String(decoding:as:)` does (each maximal invalid
/// subpart becomes one U+FFFD), counting the replacements; valid input is left alone and not copied.
enum UTF8Repair {
    /// `bytes` with every invalid sequence replaced and how many were, or nil when it is valid UTF-8.
    static func repaired(_ bytes: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8], replaced: Int)? {
        guard let firstHigh = firstNonASCII(bytes) else { return nil }
        var replaced = 0
        var parser = Unicode.UTF8.ForwardParser()
        var input = UnsafeBufferPointer(rebasing: bytes[firstHigh...]).makeIterator()
        // A first pass only counts, so valid text (most of it) is never copied.
        loop: while true {
            switch parser.parseScalar(from: &input) {
            case .valid: continue
            case .error: replaced += 1
            case .emptyInput: break loop
            }
        }
        guard replaced > 0 else { return nil }
        var output = Array(bytes[..<firstHigh])
        output.reserveCapacity(bytes.count + 2 * replaced)
        parser = Unicode.UTF8.ForwardParser()
        input = UnsafeBufferPointer(rebasing: bytes[firstHigh...]).makeIterator()
        loop: while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded): output.append(contentsOf: encoded)
            case .error: output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case .emptyInput: break loop
            }
        }
        return (output, replaced)
    }

    /// The index of the first byte of `bytes` at or above 0x80, or nil when all are ASCII;
    /// eight bytes at a time.
    private static func firstNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        if let base = bytes.baseAddress {
            while i + 8 <= bytes.count {
                if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
                i += 8
            }
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return i }
            i += 1
        }
        return nil
    }
}
