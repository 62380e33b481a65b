/// CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, initial value and final xor 0xFFFFFFFF),
/// the index cache's checksum: it detects every flipped bit, every burst of up to 32 bits, and any
/// other damage but once in 2^32. Table driven, eight bytes a step ("slicing by 8").
/// The standard check value: `CRC32C.checksum(Array("123456789".utf8)[...]) == 0xE306_9283`.
enum CRC32C {
    /// The checksum of `bytes`.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            tables.withUnsafeBufferPointer { t in
                var c: UInt32 = 0xFFFF_FFFF
                var i = 0
                let n = buffer.count
                while n - i >= 8 {
                    let lo = c ^ (UInt32(buffer[i]) | UInt32(buffer[i + 1]) << 8 | UInt32(buffer[i + 2]) << 16
                        | UInt32(buffer[i + 3]) << 24)
                    c = t[7 * 256 + Int(lo & 0xFF)] ^ t[6 * 256 + Int(lo >> 8 & 0xFF)]
                        ^ t[5 * 256 + Int(lo >> 16 & 0xFF)] ^ t[4 * 256 + Int(lo >> 24)]
                        ^ t[3 * 256 + Int(buffer[i + 4])] ^ t[2 * 256 + Int(buffer[i + 5])]
                        ^ t[256 + Int(buffer[i + 6])] ^ t[Int(buffer[i + 7])]
                    i += 8
                }
                while i < n {
                    c = t[Int((c ^ UInt32(buffer[i])) & 0xFF)] ^ (c >> 8)
                    i += 1
                }
                return ~c
            }
        }
    }

    /// Eight tables of 256 entries: entry b of table k is the CRC register after byte b followed by k zero bytes.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for b in 0..<256 {
            var c = UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? (c >> 1) ^ 0x82F6_3B78 : c >> 1 }
            t[b] = c
        }
        for k in 1..<8 {
            for b in 0..<256 {
                let previous = t[(k - 1) * 256 + b]
                t[k * 256 + b] = (previous >> 8) ^ t[Int(previous & 0xFF)]
            }
        }
        return t
    }()
}
