/// Fast searches over JSON bytes, eight at a time (SWAR: a 64-bit word tested for several byte
/// values at once), for the scanners' inner loops: long strings and indentation are passed over
/// without looking at each byte.
enum JSONBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// High bit set in each byte of `w` that is zero (exact for the lowest such byte).
    @inline(__always)
    private static func zeroBytes(_ w: UInt64) -> UInt64 { (w &- ones) & ~w & highs }

    /// High bit set in each byte of `w` equal to `byte` (exact for the lowest such byte).
    @inline(__always)
    private static func bytes(_ w: UInt64, equalTo byte: UInt8) -> UInt64 { zeroBytes(w ^ (ones &* UInt64(byte))) }

    /// The first index at or after `i` holding `"`, `\` or a control character (below 0x20), or
    /// `b.count`: where a run of plain string bytes ends.
    static func stringRunEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        if let base = b.baseAddress {
            while i + 8 <= b.count {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let hits = bytes(w, equalTo: 0x22) | bytes(w, equalTo: 0x5C) | ((w &- ones &* 0x20) & ~w & highs)
                if hits != 0 { return i + hits.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < b.count, b[i] != 0x22, b[i] != 0x5C, b[i] >= 0x20 { i += 1 }
        return i
    }

    /// The first index at or after `i` holding `"`, `{`, `}`, `[` or `]`, or `b.count`: the bytes a
    /// structural scan outside strings must look at.
    static func structuralEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        if let base = b.baseAddress {
            while i + 8 <= b.count {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let hits = bytes(w, equalTo: 0x22) | bytes(w, equalTo: 0x7B) | bytes(w, equalTo: 0x7D)
                    | bytes(w, equalTo: 0x5B) | bytes(w, equalTo: 0x5D)
                if hits != 0 { return i + hits.trailingZeroBitCount >> 3 }
                i += 8
            }
        }
        while i < b.count {
            switch b[i] {
            case 0x22, 0x7B, 0x7D, 0x5B, 0x5D: return i
            default: i += 1
            }
        }
        return i
    }
}
