/// Appends little-endian integers and length-prefixed strings to a byte buffer (the index cache's format).
struct BinaryWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Reserves room for about `capacity` bytes.
    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// One byte.
    mutating func u8(_ v: UInt8) { bytes.append(v) }

    /// Raw bytes, as they are.
    mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    /// Four bytes, little-endian (a checksum).
    mutating func u32(_ v: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: v >> UInt32(shift))) }
    }

    /// A variable-length unsigned integer (7 bits per byte, LEB128).
    mutating func uint(_ v: Int) {
        var x = UInt64(UInt(bitPattern: v))
        while x >= 0x80 {
            bytes.append(UInt8(x & 0x7F) | 0x80)
            x >>= 7
        }
        bytes.append(UInt8(x))
    }

    /// A signed integer, zig-zag encoded then as `uint` (all of `Int64`: past ±2^62 the zig-zag value
    /// has its top bit set, which `uint` writes as the bit pattern it is).
    mutating func int(_ v: Int64) { uint(Int(truncatingIfNeeded: UInt64(bitPattern: (v << 1) ^ (v >> 63)))) }

    /// A double's bits, 8 bytes little-endian.
    mutating func double(_ v: Double) {
        var bits = v.bitPattern
        for _ in 0..<8 { bytes.append(UInt8(bits & 0xFF)); bits >>= 8 }
    }

    /// UTF-8 bytes after their count.
    mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            uint(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// 0, or 1 followed by the string.
    mutating func optionalString(_ s: String?) {
        guard let s else { return u8(0) }
        u8(1); string(s)
    }
}

/// Reads what `BinaryWriter` wrote, checking every length against the bytes left: damaged or
/// hostile input throws `BinaryReader.Damaged`, never reads out of bounds or allocates past its size.
struct BinaryReader {
    /// The input ended early or held an impossible value.
    struct Damaged: Error {}

    private let bytes: [UInt8]
    /// Offset of the next byte to read.
    private(set) var offset: Int
    /// Offset where reading stops (the reader's input is `bytes[offset..<end]`).
    let end: Int

    /// A reader of `bytes` from `offset` up to `end` (default: all of them; clamped to `offset…bytes.count`).
    init(_ bytes: [UInt8], offset: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.offset = max(0, min(offset, bytes.count))
        self.end = max(self.offset, min(end ?? bytes.count, bytes.count))
    }

    /// Bytes not read yet.
    var remaining: Int { end - offset }

    /// Moves past `count` bytes (at most the rest).
    mutating func skip(_ count: Int) { offset += max(0, min(count, remaining)) }

    /// One byte.
    mutating func u8() throws(Damaged) -> UInt8 {
        guard offset < end else { throw Damaged() }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// Four bytes, little-endian.
    mutating func u32() throws(Damaged) -> UInt32 {
        guard remaining >= 4 else { throw Damaged() }
        defer { offset += 4 }
        return (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << UInt32(8 * $1) }
    }

    /// A byte that must be 0 (false) or 1 (true): whether an optional value follows.
    mutating func flag() throws(Damaged) -> Bool {
        try small(below: 2) == 1
    }

    /// One byte as a number below `bound` (an enum's case index).
    mutating func small(below bound: Int) throws(Damaged) -> Int {
        let v = Int(try u8())
        guard v < bound else { throw Damaged() }
        return v
    }

    /// A `uint` as written; at most `limit` (a negative `limit`, as for an index into an empty list,
    /// admits nothing).
    mutating func uint(limit: Int = Int.max) throws(Damaged) -> Int {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try u8()
            guard shift < 64 else { throw Damaged() }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { break }
            shift += 7
        }
        guard limit >= 0, result <= UInt64(limit) else { throw Damaged() }
        return Int(result)
    }

    /// A count of things each taking at least `minSize` bytes: never more than the bytes left allow.
    mutating func count(minSize: Int = 1) throws(Damaged) -> Int {
        let n = try uint()
        guard n <= remaining / max(1, minSize) else { throw Damaged() }
        return n
    }

    /// An `int` as written.
    mutating func int() throws(Damaged) -> Int64 {
        let z = UInt64(UInt(bitPattern: try uint()))
        return Int64(bitPattern: (z >> 1) ^ (0 &- (z & 1)))
    }

    /// A double.
    mutating func double() throws(Damaged) -> Double {
        guard remaining >= 8 else { throw Damaged() }
        var bits: UInt64 = 0
        for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return Double(bitPattern: bits)
    }

    /// A string; invalid UTF-8 is damage.
    mutating func string() throws(Damaged) -> String {
        let n = try uint()
        guard n <= remaining else { throw Damaged() }
        defer { offset += n }
        guard let s = bytes.withUnsafeBufferPointer({ String(validating: $0[offset..<(offset + n)], as: UTF8.self) })
        else { throw Damaged() }
        return s
    }

    /// An optional string.
    mutating func optionalString() throws(Damaged) -> String? {
        try flag() ? try string() : nil
    }
}
