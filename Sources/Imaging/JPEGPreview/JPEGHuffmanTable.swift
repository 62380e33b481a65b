/// A Huffman decoding table from a DHT segment: a 9-bit lookahead for short codes, canonical code
/// limits per length for the rest, and a 9-bit table of whole short coefficients (code plus value
/// bits, as stb_image does) for the common case. Storage is allocated once, so the hot loops read
/// through raw pointers whose indices are bounded by construction (a 9-bit peek, lengths 1…16, a
/// checked symbol index).
final class JPEGHuffmanTable {
    /// Bits looked up at once; codes up to this long decode with a single table read.
    private static let lookaheadBits = 9
    /// `length << 8 | symbol` for each 9-bit prefix, or 0 when the code is longer than 9 bits.
    private let lookahead: UnsafeMutablePointer<UInt16>
    /// For each 9-bit prefix that holds a whole code and its value bits: `value << 16 | run << 8 |
    /// bits`, where `bits` (1…9) is the code length plus the value size; 0 otherwise (and for AC
    /// end-of-band and zero-run codes, which have no value).
    private let shortValues: UnsafeMutablePointer<Int32>
    /// Per code length 1…16 (index 0 and 17 unused): the largest code of that length, or -1 when none.
    private let maxCode: UnsafeMutablePointer<Int32>
    /// Per code length: index in `symbols` of the first symbol of that length, minus the first code.
    private let symbolOffset: UnsafeMutablePointer<Int32>
    /// Symbols in code order.
    private let symbols: UnsafeMutablePointer<UInt8>
    /// Number of symbols.
    private let symbolCount: Int

    /// Builds the table from the 16 code-length counts and the symbols of a DHT segment; nil when the
    /// counts describe more codes than fit in their lengths or more than 256 symbols. `isDC` says
    /// whether symbols are value sizes (DC) or run/size pairs (AC).
    init?(counts: [Int], symbols given: [UInt8], isDC: Bool) {
        guard counts.count == 16, given.count == counts.reduce(0, +), given.count <= 256 else { return nil }
        var maxCodes = [Int32](repeating: -1, count: 18)
        var offsets = [Int32](repeating: 0, count: 18)
        var entries = [UInt16](repeating: 0, count: 1 << Self.lookaheadBits)
        var code = 0
        var index = 0
        for length in 1...16 {
            let n = counts[length - 1]
            guard code + n <= 1 << length else { return nil }
            if n > 0 {
                offsets[length] = Int32(index - code)
                maxCodes[length] = Int32(code + n - 1)
                if length <= Self.lookaheadBits {
                    let spread = Self.lookaheadBits - length
                    for i in 0..<n {
                        let entry = UInt16(length << 8) | UInt16(given[index + i])
                        let first = (code + i) << spread
                        for prefix in first..<first + (1 << spread) { entries[prefix] = entry }
                    }
                }
            }
            code += n
            index += n
            code <<= 1
        }
        shortValues = .allocate(capacity: entries.count)
        for (prefix, entry) in entries.enumerated() {
            let length = Int(entry >> 8)
            let run = isDC ? 0 : Int(entry & 0xFF) >> 4
            let size = isDC ? Int(entry & 0xFF) : Int(entry & 15)
            let bits = length + size
            guard length > 0, size <= 15, isDC || size > 0, bits <= Self.lookaheadBits else {
                (shortValues + prefix).initialize(to: 0)
                continue
            }
            let raw = (prefix >> (Self.lookaheadBits - bits)) & ((1 << size) - 1)
            let value = size == 0 ? 0 : raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw
            (shortValues + prefix).initialize(to: Int32(value << 16 | run << 8 | bits))
        }
        lookahead = .allocate(capacity: entries.count)
        lookahead.initialize(from: entries, count: entries.count)
        maxCode = .allocate(capacity: 18)
        maxCode.initialize(from: maxCodes, count: 18)
        symbolOffset = .allocate(capacity: 18)
        symbolOffset.initialize(from: offsets, count: 18)
        symbolCount = given.count
        symbols = .allocate(capacity: max(given.count, 1))
        symbols.initialize(repeating: 0, count: max(given.count, 1))
        symbols.update(from: given, count: given.count)
    }

    deinit {
        shortValues.deallocate()
        lookahead.deallocate()
        maxCode.deallocate()
        symbolOffset.deallocate()
        symbols.deallocate()
    }

    /// The next coefficient from `reader` (which must hold at least 9 bits) when its code and value
    /// bits fit in 9 bits, consumed and packed as `value << 16 | run << 8 | bits` (run = preceding zeros,
    /// always 0 for DC); 0, consuming nothing, otherwise — then use `decode`.
    @inline(__always) func shortValue(_ reader: inout JPEGBitReader) -> Int {
        let entry = Int(shortValues[reader.peek(Self.lookaheadBits)])
        reader.consume(entry & 0xFF)
        return entry
    }

    /// The next symbol from `reader` (which must hold at least 16 bits), or -1 for a code the table
    /// does not have (damaged data).
    @inline(__always) func decode(_ reader: inout JPEGBitReader) -> Int {
        var entry = Int(lookahead[reader.peek(Self.lookaheadBits)])
        if entry == 0 {
            entry = longCode(reader.peek(16))
            if entry == 0 { return -1 }
        }
        reader.consume(entry >> 8)
        return entry & 0xFF
    }

    /// The slow path of `decode` for codes longer than the lookahead: `length << 8 | symbol` for the code
    /// at the start of the 16 bits `next`, or 0 when there is none. Kept apart from the reader so that
    /// the reader can live in registers in the hot loops.
    @inline(never) private func longCode(_ next: Int) -> Int {
        for length in Self.lookaheadBits + 1...16 {
            let code = next >> (16 - length)
            if code <= Int(maxCode[length]) {
                let index = code + Int(symbolOffset[length])
                guard index >= 0 && index < symbolCount else { return 0 }
                return length << 8 | Int(symbols[index])
            }
        }
        return 0
    }
}
