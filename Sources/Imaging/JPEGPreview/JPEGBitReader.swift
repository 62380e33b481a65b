/// Reads one JPEG entropy-coded segment most significant bit first, removing 0xFF00 byte stuffing.
/// It stops at the first marker (or the end of the data) and supplies zero bits from then on, counting
/// them, so a decoder can tell afterwards whether it ran past the data (`overran`). Valid only while
/// the buffer it reads stays alive (inside one `withUnsafeBufferPointer`).
struct JPEGBitReader {
    /// The whole file.
    private let data: UnsafeBufferPointer<UInt8>
    /// Index of the next byte to read.
    private(set) var position: Int
    /// Bytes from here on are not entropy data: a marker starts here, or the data ends.
    private var limit: Int
    /// Unread bits, most significant first; only the top `count` bits are meaningful.
    private var buffer: UInt64 = 0
    /// Number of unread bits in `buffer`.
    private(set) var count = 0
    /// Zero bits supplied past the data that are still (or were once) in `buffer`.
    private var paddingBits = 0

    /// A reader of the entropy-coded data starting at byte `start` of `data`.
    init(data: UnsafeBufferPointer<UInt8>, start: Int) {
        self.data = data
        position = min(max(start, 0), data.count)
        limit = data.count
    }

    /// True once more bits were taken than the segment held before its marker or the end of the data.
    var overran: Bool { count < paddingBits }

    /// Tops the buffer up to at least 57 bits when fewer than 32 remain (enough for one Huffman code
    /// of up to 16 bits plus up to 16 extra bits).
    @inline(__always) mutating func refillIfNeeded() {
        if count < 32 { refill() }
    }

    /// Tops the buffer up to at least 57 bits: whole 8-byte words while they hold no 0xFF (the
    /// common case), byte by byte otherwise.
    @inline(__always) private mutating func refill() {
        if position &+ 8 <= limit, let base = data.baseAddress {
            let word = UInt64(bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            // A byte is 0xFF exactly when the same byte of ~word is zero (the classic zero-byte test).
            let inverted = ~word
            if (inverted &- 0x0101_0101_0101_0101) & word & 0x8080_8080_8080_8080 == 0 {
                let bytes = (64 &- count) &>> 3
                buffer |= (word &>> UInt64(64 &- 8 &* bytes)) &<< UInt64(64 &- count &- 8 &* bytes)
                count &+= 8 &* bytes
                position &+= bytes
                return
            }
        }
        while count <= 56 {
            var byte: UInt64 = 0
            if position < limit {
                let value = data[position]
                if value != 0xFF {
                    position += 1
                    byte = UInt64(value)
                } else if position + 1 < limit && data[position + 1] == 0 {
                    position += 2
                    byte = 0xFF
                } else {
                    limit = position
                    paddingBits += 8
                }
            } else {
                paddingBits += 8
            }
            buffer |= byte << UInt64(56 - count)
            count += 8
        }
    }

    /// The next `length` bits (1…16) without consuming them; needs `count >= length` (see `refillIfNeeded`).
    @inline(__always) func peek(_ length: Int) -> Int {
        Int(truncatingIfNeeded: buffer >> UInt64(64 - length))
    }

    /// Drops `length` bits (0…32) already looked at with `peek`.
    @inline(__always) mutating func consume(_ length: Int) {
        buffer = buffer << UInt64(length)
        count -= length
    }

    /// The next `length` bits (0…16) as an unsigned number.
    @inline(__always) mutating func bits(_ length: Int) -> Int {
        guard length > 0 else { return 0 }
        let value = peek(length)
        consume(length)
        return value
    }

    /// The next `length` bits (0…15) as a signed coefficient value (JPEG's RECEIVE then EXTEND).
    @inline(__always) mutating func signedValue(_ length: Int) -> Int {
        guard length > 0 else { return 0 }
        let value = peek(length)
        consume(length)
        return value < 1 << (length - 1) ? value - (1 << length) + 1 : value
    }

    /// Skips to just past the next RSTn marker and empties the buffer, as a restart interval ends;
    /// false when the next marker is not a restart (a damaged or truncated scan).
    mutating func restart() -> Bool {
        buffer = 0
        count = 0
        paddingBits = 0
        limit = data.count
        guard let marker = JPEGMarkers.nextMarker(in: data, from: position, stoppingAtRestarts: true),
            marker + 1 < data.count, (0xD0...0xD7).contains(data[marker + 1])
        else { return false }
        position = marker + 2
        return true
    }
}
